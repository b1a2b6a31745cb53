// pgbench baselines: the textbook clock transaction, and the service's own captured SQL, run
// at the same connection count as the HTTP scenario they are compared with.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PgbenchResult {
  /** Script executions per second (excluding connection time). */
  tps: number;
  latencyAvgMs: number;
  transactions: number;
  failed: number;
}

/** Employee n of this pgbench client, as a subquery: no extra round trip, same for every script. */
export const EMPLOYEE_ID = '(select id from bench_employees where n = :n)';
export const COMPANY_ID = '(select company_id from bench_employees where n = :n)';
/**
 * Each client works as its own employee, like each autocannon connection: employee
 * 1 + (client + offset) mod employees, where the run passes a fresh `offset` so that no
 * baseline reuses an employee that an earlier (interrupted) run left clocked in.
 */
const CLIENT_EMPLOYEE = '\\set n 1 + (:client_id + :offset) % :employees\n';

/**
 * The textbook clock cycle: a clock in (read employee, read open entry, read covering
 * period, insert) and the matching clock out (read employee, lock open entry, close it with
 * its hours), each its own transaction, as a hand-written service would send them.
 */
export function textbookClockCycleScript(): string {
  const employee = `select e.id, e.active, c.active, o.active, o.timezone, o.overtime_threshold
  from employees e join companies c on c.id = e.company_id join bookkeeper_orgs o on o.id = c.bookkeeper_org_id
  where e.id = ${EMPLOYEE_ID};`;
  return (
    CLIENT_EMPLOYEE +
    `begin;
${employee}
select id, clock_in from time_entries where employee_id = ${EMPLOYEE_ID} and clock_out is null;
select id from pay_periods where company_id = ${COMPANY_ID} and start_date <= now() and end_date >= now() and not locked limit 1;
insert into time_entries (employee_id, company_id, clock_in) values (${EMPLOYEE_ID}, ${COMPANY_ID}, clock_timestamp());
commit;
begin;
${employee}
select id, clock_in from time_entries where employee_id = ${EMPLOYEE_ID} and clock_out is null for update;
update time_entries set clock_out = clock_timestamp(),
  worked_seconds = floor(extract(epoch from clock_timestamp() - clock_in))::int,
  total_hours = round((extract(epoch from clock_timestamp() - clock_in) / 3600)::numeric, 2),
  regular_hours = round((extract(epoch from clock_timestamp() - clock_in) / 3600)::numeric, 2), overtime_hours = 0
  where employee_id = ${EMPLOYEE_ID} and clock_out is null;
commit;
`
  );
}

export function withClientEmployee(body: string): string {
  return CLIENT_EMPLOYEE + body;
}

export async function runPgbench(options: {
  url: string;
  script: string;
  scriptPath: string;
  clients: number;
  seconds: number;
  /** First employee number of this run's block, and how many employees exist. */
  offset: number;
  employees: number;
}): Promise<PgbenchResult> {
  writeFileSync(options.scriptPath, options.script);
  const { stdout } = await run(
    'pgbench',
    [
      '-n', '-M', 'prepared', '-c', String(options.clients), '-j', '2', '-T', String(options.seconds),
      '-D', `offset=${options.offset}`, '-D', `employees=${options.employees}`, '-f', options.scriptPath, options.url,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return parsePgbenchOutput(stdout);
}

/** Reads pgbench's summary (PostgreSQL 13–18 formats). */
export function parsePgbenchOutput(output: string): PgbenchResult {
  const tps = /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(output);
  if (!tps) throw new Error(`pgbench output has no tps line:\n${output.slice(-500)}`);
  const latency = /latency average = ([\d.]+) ms/.exec(output);
  const processed = /number of transactions actually processed: (\d+)/.exec(output);
  const failed = /number of failed transactions: (\d+)/.exec(output);
  return {
    tps: Number(tps[1]),
    latencyAvgMs: latency ? Number(latency[1]) : NaN,
    transactions: processed ? Number(processed[1]) : 0,
    failed: failed ? Number(failed[1]) : 0,
  };
}
