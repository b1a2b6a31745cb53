// node --import tsx bench/punch-statements.ts [N]   (BENCH_DATABASE=name, STEP=ms between punches, ROUNDS, OPEN)
// The database's share of a punch, without HTTP: N employees clock in as one batch statement,
// then out as one, ROUNDS times (40), against one clock in and one clock out sent alone; medians,
// and the batches of the first and the last round (what a week's growth costs).
// With the default STEP (1 s) every round lands in the same workweek, so by the end each
// clock out's week holds 40 entries (docs/architecture.md §3; BENCHMARKS.md "clock path").
// OPEN=n: n other employees with 20 past entries each; a quarter of the way through they clock
// in (a shift starting) and stay in, and the medians are of the rounds after that, with the
// plans the pooled sessions made before it (autovacuum is off for time_entries in this
// database, as n new rows are too few to have a large live table analyzed again).
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows } from '../src/db/open.ts';
import { insertOpenEntries, closeOpenEntries } from '../src/modules/timesheet/clock-batch.repository.ts';
import { insertOpenEntry, closeOpenEntry } from '../src/modules/timesheet/clock.repository.ts';
const name = process.env.BENCH_DATABASE ?? 'payclock_bench_punch_statements';
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect(); await admin.query(`drop database if exists ${name} with (force)`); await admin.query(`create database ${name}`); await admin.end();
const database = await openDatabase({ url: `postgres://postgres@127.0.0.1:5432/${name}`, poolMax: 4 });
await database.migrate();
const db = database.db;
await db.execute(sql`insert into bookkeeper_orgs (name, slug, timezone) values ('o','o','America/New_York')`);
const [org] = await queryRows<{ id: string }>(db, sql`select id from bookkeeper_orgs limit 1`);
await db.execute(sql`insert into companies (name, bookkeeper_org_id) values ('c', ${org!.id})`);
const [co] = await queryRows<{ id: string }>(db, sql`select id from companies limit 1`);
await db.execute(sql`insert into pay_periods (company_id, period_type, start_date, end_date) values (${co!.id}, 'WEEKLY', now() - interval '3 days', now() + interval '3 days')`);
const N = Number(process.argv[2] ?? 32);
await db.execute(sql`insert into employees (company_id, first_name, last_name, phone, pin_hash, employee_number, pay_rate, credentials_changed_at)
  select ${co!.id}, 'a', 'b'||g, '+1555'||lpad(g::text,7,'0'), 'x', 'E'||g, 20, now() - interval '1 day' from generate_series(1, ${N}) g`);
const OPEN = Number(process.env.OPEN ?? 0);
if (OPEN > 0) {
  await db.execute(sql`insert into employees (company_id, first_name, last_name, phone, pin_hash, employee_number, pay_rate, credentials_changed_at)
    select ${co!.id}, 'shift', 's'||g, '+1666'||lpad(g::text,7,'0'), 'x', 'S'||g, 20, now() - interval '1 day' from generate_series(1, ${OPEN}) g`);
  // A live table: 20 closed entries of each of them in the past month, so that the plans are
  // made for a table of this size with (at first) few open entries.
  await db.execute(sql`insert into time_entries (employee_id, company_id, clock_in, clock_out, worked_seconds, total_hours, regular_hours, overtime_hours)
    select e.id, e.company_id, now() - interval '30 days' + g * interval '1 day', now() - interval '30 days' + g * interval '1 day' + interval '1 hour', 3600, 1, 1, 0
      from employees e cross join generate_series(0, 19) g where e.first_name = 'shift'`);
  await db.execute(sql`alter table time_entries set (autovacuum_enabled = false)`);
}
// Statistics, as autovacuum keeps them on a live database (without them the planner may pick
// the exclusion constraint's GiST index for one employee's week, at a millisecond a scan).
await db.execute(sql`analyze`);
const emps = await queryRows<{ id: string }>(db, sql`select id from employees where first_name = 'a'`);
const cred = (id: string) => ({ userId: id, hash: 'h'.repeat(64), issuedAtMs: Date.now() });
const tIn: number[] = [], tOut: number[] = [], sIn: number[] = [], sOut: number[] = [];
let t = Date.now();
const ROUNDS = Number(process.env.ROUNDS ?? 40);
for (let round = 0; round < ROUNDS; round++) {
  t += Number(process.env.STEP ?? 1000);
  if (OPEN > 0 && round === Math.floor(ROUNDS / 4)) {
    await db.execute(sql`insert into time_entries (employee_id, company_id, clock_in)
      select e.id, e.company_id, ${new Date(t - 3_600_000).toISOString()}::timestamptz from employees e where e.first_name = 'shift'`);
    for (const times of [tIn, tOut, sIn, sOut]) times.length = 0;
  }
  const a = performance.now();
  const ins = await insertOpenEntries(db, emps.map((e) => ({ credential: cred(e.id), now: new Date(t), recordedAt: new Date(t), offline: false, jobCode: null, taskCode: null, notes: null, clockInIp: null, clockInDevice: null })));
  const b = performance.now();
  t += 1000;
  const outs = await closeOpenEntries(db, emps.map((e) => ({ credential: cred(e.id), now: new Date(t), recordedAt: new Date(t), offline: false, breakMinutes: null, notes: null, clockOutIp: null })));
  const c = performance.now();
  if (ins.some((o) => !o.entry) || outs.some((o) => o.outcome !== 'closed')) throw new Error('refused ' + JSON.stringify(outs.find((o) => o.outcome !== 'closed')));
  tIn.push(b - a); tOut.push(c - b);
  t += 1000;
  const e = emps[round % emps.length]!;
  const d = performance.now();
  await insertOpenEntry(db, { credential: cred(e.id), now: new Date(t), recordedAt: new Date(t), offline: false, jobCode: null, taskCode: null, notes: null, clockInIp: null, clockInDevice: null });
  const f = performance.now(); t += 1000;
  await closeOpenEntry(db, { credential: cred(e.id), now: new Date(t), recordedAt: new Date(t), offline: false, breakMinutes: null, notes: null, clockOutIp: null });
  const g = performance.now();
  sIn.push(f - d); sOut.push(g - f);
}
const med = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)]!.toFixed(2);
const [firstIn, firstOut, lastIn, lastOut] = [tIn[0]!, tOut[0]!, tIn.at(-1)!, tOut.at(-1)!].map((ms) => ms.toFixed(2));
console.log(`N=${N}, ${ROUNDS} rounds: first round in ${firstIn} ms, out ${firstOut} ms; last round in ${lastIn} ms, out ${lastOut} ms`);
if (OPEN > 0) console.log(`medians below: the ${tIn.length} rounds after ${OPEN} other employees clocked in`);
console.log(`N=${N} batch in ${med(tIn)} ms, batch out ${med(tOut)} ms; single in ${med(sIn)} ms, single out ${med(sOut)} ms; load ${(await import('node:fs')).readFileSync('/proc/loadavg','utf8').trim()}`);
await database.close();
const drop = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await drop.connect(); await drop.query(`drop database if exists ${name} with (force)`); await drop.end();
