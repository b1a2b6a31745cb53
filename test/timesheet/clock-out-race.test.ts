// A clock out waiting on the employee row lock that an admin correction holds must allocate
// its hours from what the correction committed, not from what the week held when the clock
// out started (docs/time-rules.md §9). A single plain statement would keep its starting
// snapshot after the wait; payclock_clock_out reads the week in a query of its own after the
// lock (drizzle/0008_punch_functions.sql). PostgreSQL only: PGlite has one connection.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { client } from '../helpers/http.ts';
import { LockWatcher, tracked } from '../helpers/lock-waits.ts';
import { closeOpenEntries } from '../../src/modules/timesheet/clock-batch.repository.ts';
import { createEmployee, createTimeEntry } from '../helpers/factories.ts';
import { ENTRY, employeeTenant } from './fixtures.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('a clock out racing an admin correction of the same week (PostgreSQL)', () => {
  const clock = new ManualClock(new Date('2026-03-04T15:00:00.000Z'));
  let t: TestApp;
  let side: pg.Client;
  let watcher: LockWatcher;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    side = new pg.Client({ connectionString: url });
    await side.connect();
    watcher = await LockWatcher.connect(url!);
  });
  afterAll(async () => {
    await side?.end();
    await watcher?.close();
    await t?.close();
  });

  it('waits for the correction and counts the 38 hours it committed: 4 hours become 2 regular, 2 overtime', async () => {
    clock.set('2026-03-04T15:00:00.000Z');
    const { company, employee, token } = await employeeTenant(t.db, t.tokens, { timezone: 'America/New_York', overtimeThreshold: 40 });
    const api = client(t.app);
    expect((await api.post(ENTRY, { action: 'clock_in' }, { token })).status).toBe(200);

    // The correction: the employee row lock first (as lockEmployee takes it), then a 38-hour
    // entry earlier in the week, allocated (all regular), committed only later.
    await side.query('begin');
    await side.query('select id from employees where id = $1 for update', [employee.id]);
    await side.query(
      `insert into time_entries (employee_id, company_id, clock_in, clock_out, worked_seconds, total_hours, regular_hours, overtime_hours)
       values ($1, $2, '2026-03-02T13:00:00Z', '2026-03-04T03:00:00Z', 136800, 38, 38, 0)`,
      [employee.id, company.id],
    );
    clock.set('2026-03-04T19:00:00.000Z');
    const clockOut = tracked(api.post(ENTRY, { action: 'clock_out' }, { token }));
    await watcher.untilSettledOrWaiting(clockOut, '%payclock_clock_out%');
    expect(clockOut.settled).toBe(false);
    await side.query('commit');

    const res = await clockOut.promise;
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toEqual({ totalHours: 4, regularHours: 2, overtimeHours: 2, breakMinutes: 0 });
  });

  it('a batch of clock outs waits for the correction too, and counts what it committed (drizzle/0010_clock_out_batch.sql)', async () => {
    const { company, employee } = await employeeTenant(t.db, t.tokens, { timezone: 'America/New_York', overtimeThreshold: 40 });
    const neighbour = await createEmployee(t.db, { companyId: company.id });
    for (const worker of [employee, neighbour]) await createTimeEntry(t.db, { employeeId: worker.id, companyId: company.id, clockIn: new Date('2026-03-11T15:00:00.000Z') });

    await side.query('begin');
    await side.query('select id from employees where id = $1 for update', [employee.id]);
    await side.query(
      `insert into time_entries (employee_id, company_id, clock_in, clock_out, worked_seconds, total_hours, regular_hours, overtime_hours)
       values ($1, $2, '2026-03-09T13:00:00Z', '2026-03-11T03:00:00Z', 136800, 38, 38, 0)`,
      [employee.id, company.id],
    );
    const at = new Date('2026-03-11T19:00:00.000Z');
    const punch = (id: string) => ({ credential: { userId: id, hash: 'e'.repeat(64), issuedAtMs: Date.now() }, now: at, recordedAt: at, offline: false, breakMinutes: null, notes: null, clockOutIp: null });
    const batch = tracked(closeOpenEntries(t.db, [punch(neighbour.id), punch(employee.id)]));
    await watcher.untilSettledOrWaiting(batch, '%payclock_clock_out_batch%');
    expect(batch.settled).toBe(false);
    await side.query('commit');

    const [forNeighbour, forEmployee] = await batch.promise;
    expect([forNeighbour!.entry?.regularHours, forNeighbour!.entry?.overtimeHours]).toEqual([4, 0]);
    expect([forEmployee!.entry?.regularHours, forEmployee!.entry?.overtimeHours]).toEqual([2, 2]);
  });
});
