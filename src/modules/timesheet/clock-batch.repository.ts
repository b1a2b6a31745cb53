// Many live punches of one kind in ONE statement (docs/architecture.md §3, "Coalesced punches"):
// the same SQL as clock.repository.ts's single punch, run for every punch of the batch, each
// with its own caller check, its own times and its own outcome. The punches travel as one JSON
// parameter, so the statement's text (and its prepared plan) is the same for any batch size.
// A batch never holds two punches of one employee (src/core/coalescer.ts), so its rows never
// conflict with each other. A clock in whose employee already has an open entry is refused on
// its own; one that overlaps a closed entry fails the batch's statement (see CLOCK_IN_BATCH).
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { EmployeeActorRow } from '../../core/actors.ts';
import type { Db } from '../../db/open.ts';
import { namedStatement } from '../../db/named-statement.ts';
import { employeeActorSelect } from '../auth/actor.repository.ts';
import { callerMayAct, type ClockInOutcome, type ClockInValues, type ClockOutOutcome, type ClockOutRefusal, type ClockOutValues } from './clock.repository.ts';
import { ENTRY_JSON, toTimeEntry, type Json } from './timesheet-records.ts';

const liveOnly = (punch: { offline: boolean }) => {
  // An offline punch writes its audit row in a transaction with it (timesheet.service.ts): never batched.
  if (punch.offline) throw new Error('An offline punch is never batched');
};

/** The batch's punches `p`, one row each, numbered `n` in the batch's order. */
const punchesOf = (json: SQLWrapper, columns: string) =>
  sql`select a.n, r.* from json_array_elements(${json}::json) with ordinality as a(item, n)
      cross join lateral json_to_record(a.item) as r(${sql.raw(columns)})`;

/** Clock in every punch of the batch; outcomes in the punches' order. */
export async function insertOpenEntries(db: Db, punches: readonly ClockInValues[]): Promise<ClockInOutcome[]> {
  const rows = await CLOCK_IN_BATCH.rows(db, { punches: clockInPunchesJson(punches) });
  return rows.map((row) => ({ caller: row.caller, periodLocked: false, entry: row.entry ? toTimeEntry(row.entry) : null }));
}

/** The clock-in batch statement's text and parameters (also sent as they are by bench/minimal-clock-server.ts). */
export const clockInBatchQuery = (punches: readonly ClockInValues[]) => CLOCK_IN_BATCH.query({ punches: clockInPunchesJson(punches) });

/** The batch's punches as the statement's one JSON parameter. */
function clockInPunchesJson(punches: readonly ClockInValues[]): string {
  punches.forEach(liveOnly);
  return JSON.stringify(
    punches.map((v) => ({
      employee_id: v.credential.userId,
      token_hash: v.credential.hash,
      issued_at_ms: v.credential.issuedAtMs,
      at: v.now.toISOString(),
      recorded_at: v.recordedAt.toISOString(),
      job_code: v.jobCode,
      task_code: v.taskCode,
      notes: v.notes,
      ip: v.clockInIp,
      device: v.clockInDevice,
    })),
  );
}

const CLOCK_IN_COLUMNS =
  'employee_id uuid, token_hash text, issued_at_ms float8, at timestamptz, recorded_at timestamptz, job_code varchar, task_code varchar, notes varchar, ip varchar, device varchar';

// The INSERT comes early in the text, as in the single statement (pg_stat_activity's first
// 1,024 characters are what the lock-wait tests look for). The caller is looked up by id per
// punch (LIMIT keeps the lateral from being flattened into a hash of the whole employees
// table), and the outcomes are joined to the punches, not looked up with a subquery per punch
// (which read every row of the batch for each one): 64 clock ins in 9.8-10.2 ms instead of
// 10.8-11.2 (BENCHMARKS.md).
// ON CONFLICT names the open-entry index, its only arbiter: a second clock in does nothing, as
// alone. Without a target every unique index and the exclusion constraint were arbiters, and
// PostgreSQL searched each of them twice per punch, before inserting and as it inserted: the
// batch took 9-12% longer (BENCHMARKS.md, "The clock in's one arbiter"). So a clock in over a
// closed entry (an admin's correction running past now, rare) fails the statement on
// time_entries_no_overlap, and the batch's punches run again alone (database-batch-rules.ts),
// where the single statement refuses it.
const CLOCK_IN_BATCH = namedStatement<{ punches: string }, { n: string; caller: EmployeeActorRow | null; entry: Json | null }>(
  'payclock_clock_in_batch',
  (v) => sql`with p as (${punchesOf(v.punches, CLOCK_IN_COLUMNS)}),
caller as (select p.n, c.*, row_to_json(c) as row_json from p cross join lateral (${employeeActorSelect(sql`p.employee_id`, sql`p.token_hash`)} limit 1) c),
te as (insert into time_entries (employee_id, company_id, pay_period_id, clock_in, clock_in_recorded_at, job_code, task_code, notes, clock_in_ip, clock_in_device)
  select caller.id, caller.company_id,
    (select pp.id from pay_periods pp where pp.company_id = caller.company_id and pp.locked = false
       and pp.start_date <= p.at and pp.end_date >= p.at order by pp.start_date desc limit 1),
    p.at, p.recorded_at, p.job_code, p.task_code, p.notes, p.ip, p.device
  from p join caller on caller.n = p.n
  where ${callerMayAct(sql`p.issued_at_ms`)}
  on conflict (employee_id) where clock_out is null do nothing
  returning *)
select p.n, caller.row_json as caller, case when te.id is null then null else ${ENTRY_JSON} end as entry
from p
left join caller on caller.n = p.n
left join te on te.employee_id = p.employee_id
left join pay_periods pp on pp.id = te.pay_period_id
order by p.n`,
);

/** Clock out every punch of the batch; outcomes in the punches' order. */
export async function closeOpenEntries(db: Db, punches: readonly ClockOutValues[]): Promise<ClockOutOutcome[]> {
  const rows = await clockOutBatchRows(db, punches);
  return rows.map((row): ClockOutOutcome => {
    if (row.outcome === 'closed' && row.entry) return { outcome: 'closed', caller: row.caller, entry: toTimeEntry(row.entry) };
    return { outcome: row.outcome === 'closed' ? 'no_open_entry' : row.outcome, caller: row.caller, entry: null };
  });
}

/** A row of the clock-out batch: its punch's outcome, and whether payclock_clock_out closed it on its own (`alone`). */
export interface ClockOutBatchRow {
  n: string;
  outcome: ClockOutRefusal | 'closed';
  caller: EmployeeActorRow | null;
  alone: boolean;
  entry: Json | null;
}

/** The clock-out batch's rows as they are (closeOpenEntries; the tests read `alone`). */
export function clockOutBatchRows(db: Db, punches: readonly ClockOutValues[]): Promise<ClockOutBatchRow[]> {
  return CLOCK_OUT_BATCH.rows(db, { punches: clockOutPunchesJson(punches) });
}

/** The clock-out batch statement's text and parameters (also sent as they are by bench/minimal-clock-server.ts). */
export const clockOutBatchQuery = (punches: readonly ClockOutValues[]) => CLOCK_OUT_BATCH.query({ punches: clockOutPunchesJson(punches) });

function clockOutPunchesJson(punches: readonly ClockOutValues[]): string {
  punches.forEach(liveOnly);
  return JSON.stringify(
    punches.map((v) => ({
      employee_id: v.credential.userId,
      token_hash: v.credential.hash,
      issued_at_ms: v.credential.issuedAtMs,
      at: v.now.toISOString(),
      recorded_at: v.recordedAt.toISOString(),
      break_minutes: v.breakMinutes,
      notes: v.notes,
      ip: v.clockOutIp,
    })),
  );
}

/**
 * payclock_clock_out_batch (drizzle/0010_clock_out_batch.sql, as 0011 replaced it): the employee
 * row locks of the whole batch in one statement, the plain punches closed by one UPDATE, each
 * starting from its week's running total when one is kept, and every other punch handed to
 * payclock_clock_out on its own, so each outcome is exactly the single call's.
 */
const CLOCK_OUT_BATCH = namedStatement<{ punches: string }, ClockOutBatchRow>(
  'payclock_clock_out_batch',
  (v) => sql`select r.n, r.outcome, r.caller, r.alone, case when te.id is null then null else ${ENTRY_JSON} end as entry
        from payclock_clock_out_batch(${v.punches}::json) r
        left join lateral (select (r.entry).*) te on true
        left join pay_periods pp on pp.id = te.pay_period_id
        order by r.n`,
);
