// The week's running total that a batched clock out starts from (drizzle/0011_week_running_totals.sql,
// docs/architecture.md §3), on both engines: after each batch it equals the sum of the week's
// closed entries; a clock in keeps it; any other write to the employee's entries forgets it, so
// the next clock out reads its week again and still allocates it as allocateWeek does; a kept
// total of another threshold or time zone, or of another workweek, is not used. The next batch
// updates a kept total in place, and a clock in does not read the table
// (drizzle/0015_week_totals_kept_in_place.sql).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database, type Db } from '../../src/db/open.ts';
import { allocateWeek } from '../../src/domain/overtime.ts';
import { closeOpenEntries, insertOpenEntries } from '../../src/modules/timesheet/clock-batch.repository.ts';
import { openTestDatabase } from '../helpers/app.ts';
import { createCompany, createEmployee, createOrg, type EmployeeRow } from '../helpers/factories.ts';

// Monday 2026-04-06 in Chicago (CDT, UTC-5); the workweek began on Sunday 2026-04-05 05:00Z.
const at = (hhmm: string, day = '2026-04-06') => new Date(`${day}T${hhmm}:00.000-05:00`);
const NEXT_MONDAY = '2026-04-13';
const HOUR = 3_600;

describe('the running total of a week', () => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
  });
  afterAll(async () => database?.close());

  const credential = (employee: EmployeeRow) => ({ userId: employee.id, hash: 'e'.repeat(64), issuedAtMs: Date.now() });

  const clockInPunch = (employee: EmployeeRow, time: string, day?: string) => ({
    credential: credential(employee), now: at(time, day), recordedAt: at(time, day), offline: false, jobCode: null, taskCode: null, notes: null, clockInIp: null, clockInDevice: null,
  });
  const clockOutPunch = (employee: EmployeeRow, time: string, day?: string) => ({
    credential: credential(employee), now: at(time, day), recordedAt: at(time, day), offline: false, breakMinutes: null, notes: null, clockOutIp: null,
  });

  async function clockIn(employee: EmployeeRow, time: string, day?: string) {
    const [outcome] = await insertOpenEntries(db, [clockInPunch(employee, time, day)]);
    expect(outcome!.entry).not.toBeNull();
  }

  async function clockOut(employee: EmployeeRow, time: string, day?: string) {
    const [outcome] = await closeOpenEntries(db, [clockOutPunch(employee, time, day)]);
    expect(outcome!.outcome).toBe('closed');
    return outcome!.outcome === 'closed' ? outcome!.entry : null;
  }

  async function keptTotal(employee: EmployeeRow, on: Db = db) {
    const rows = await queryRows<{ worked_seconds: string; threshold_seconds: string; through_clock_in: Date }>(
      on,
      sql`select worked_seconds, threshold_seconds, through_clock_in from week_running_totals where employee_id = ${employee.id}::uuid`,
    );
    return rows[0] ? { worked: Number(rows[0].worked_seconds), threshold: Number(rows[0].threshold_seconds), through: new Date(rows[0].through_clock_in).toISOString() } : null;
  }

  async function week(employee: EmployeeRow) {
    return queryRows<{ id: string; clock_in: Date; clock_out: Date; break_minutes: number; worked_seconds: number; total_hours: string; regular_hours: string; overtime_hours: string }>(
      db,
      sql`select id, clock_in, clock_out, break_minutes, worked_seconds, total_hours, regular_hours, overtime_hours
            from time_entries where employee_id = ${employee.id}::uuid and clock_out is not null order by clock_in`,
    );
  }

  /** Sets the entry that started at `clockIn` to end at `clockOut` with these hours, as an admin correction writes it (src/modules/time-entries), not a batch. */
  async function correctEntry(employee: EmployeeRow, clockIn: string, clockOut: string, hours: { regular: number; overtime: number }) {
    const workedSeconds = (at(clockOut).getTime() - at(clockIn).getTime()) / 1000;
    await db.execute(sql`update time_entries set clock_out = ${at(clockOut)}, worked_seconds = ${workedSeconds}, total_hours = ${workedSeconds / HOUR},
                            regular_hours = ${hours.regular}, overtime_hours = ${hours.overtime}
                          where employee_id = ${employee.id}::uuid and clock_in = ${at(clockIn)}`);
  }

  /**
   * Writes the kept total by hand, to a figure no real week holds: the next clock out's split
   * shows whether it started from the total or read its week again.
   */
  async function alterKeptTotal(employee: EmployeeRow, workedSeconds: number) {
    await db.execute(sql`update week_running_totals set worked_seconds = ${workedSeconds} where employee_id = ${employee.id}::uuid`);
  }

  /** Expects the stored figures to be what allocateWeek gives the same entries under `threshold` hours; returns them. */
  async function expectAllocatedAsAllocateWeek(employee: EmployeeRow, threshold: number) {
    const rows = await week(employee);
    const stored = rows.map((r) => ({ id: r.id, workedSeconds: r.worked_seconds, totalHours: Number(r.total_hours), regularHours: Number(r.regular_hours), overtimeHours: Number(r.overtime_hours) }));
    const entries = rows.map((r) => ({ id: r.id, clockIn: new Date(r.clock_in), clockOut: new Date(r.clock_out), breakMinutes: r.break_minutes }));
    expect(stored).toEqual(allocateWeek(entries, threshold));
    return stored;
  }

  /**
   * What this transaction has done to week_running_totals so far: its sequential scans and the
   * rows it inserted, updated and deleted. Both engines keep these counts in the session until
   * they report them, which they never do inside a transaction, so two readings in one
   * transaction differ by exactly what happened between them.
   */
  async function totalsActivity(tx: Db) {
    const [row] = await queryRows<{ scans: string; inserted: string; updated: string; deleted: string }>(
      tx,
      sql`select pg_stat_get_xact_numscans(t.oid) as scans, pg_stat_get_xact_tuples_inserted(t.oid) as inserted,
                 pg_stat_get_xact_tuples_updated(t.oid) as updated, pg_stat_get_xact_tuples_deleted(t.oid) as deleted
            from (select 'week_running_totals'::regclass::oid as oid) t`,
    );
    return { scans: Number(row!.scans), inserted: Number(row!.inserted), updated: Number(row!.updated), deleted: Number(row!.deleted) };
  }

  async function tenant(thresholdHours: number) {
    const org = await createOrg(db, { timezone: 'America/Chicago', overtimeThreshold: thresholdHours });
    const company = await createCompany(db, { bookkeeperOrgId: org.id });
    return { org, employee: await createEmployee(db, { companyId: company.id }) };
  }

  it('is the sum of the week after each batch, and a clock in keeps it', async () => {
    const { employee } = await tenant(3);
    await clockIn(employee, '09:00');
    await clockOut(employee, '10:00');
    expect(await keptTotal(employee)).toEqual({ worked: HOUR, threshold: 3 * HOUR, through: at('09:00').toISOString() });
    const [bounds] = await queryRows<{ week_start: Date; week_end: Date }>(db, sql`select week_start, week_end from week_running_totals where employee_id = ${employee.id}::uuid`);
    expect([new Date(bounds!.week_start).toISOString(), new Date(bounds!.week_end).toISOString()]).toEqual(['2026-04-05T05:00:00.000Z', '2026-04-12T05:00:00.000Z']);
    await clockIn(employee, '11:00');
    expect(await keptTotal(employee)).toEqual({ worked: HOUR, threshold: 3 * HOUR, through: at('09:00').toISOString() });
    const second = await clockOut(employee, '13:30');
    expect([second?.regularHours, second?.overtimeHours]).toEqual([2, 0.5]);
    expect(await keptTotal(employee)).toEqual({ worked: 3.5 * HOUR, threshold: 3 * HOUR, through: at('11:00').toISOString() });
    await expectAllocatedAsAllocateWeek(employee, 3);
  });

  it('is updated in place by the next batch, and a batch of clock ins does not read it', async () => {
    const { employee } = await tenant(3);
    const crew = [employee, await createEmployee(db, { companyId: employee.companyId }), await createEmployee(db, { companyId: employee.companyId })];
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await insertOpenEntries(tx, crew.map((e) => clockInPunch(e, '08:00')));
      await closeOpenEntries(tx, crew.map((e) => clockOutPunch(e, '09:00')));
      const kept = await totalsActivity(tx);

      const opened = await insertOpenEntries(tx, crew.map((e) => clockInPunch(e, '10:00')));
      expect(opened.every((o) => o.entry !== null)).toBe(true);
      expect(await totalsActivity(tx)).toEqual(kept);

      // Before 0015 the trigger on the batch's own UPDATE deleted these totals and the batch
      // inserted them again: two dead rows per clock out, which only a VACUUM clears.
      const closed = await closeOpenEntries(tx, crew.map((e) => clockOutPunch(e, '11:30')));
      expect(closed.map((o) => o.outcome)).toEqual(['closed', 'closed', 'closed']);
      const after = await totalsActivity(tx);
      expect({ inserted: after.inserted - kept.inserted, updated: after.updated - kept.updated, deleted: after.deleted - kept.deleted }).toEqual({
        inserted: 0,
        updated: 3,
        deleted: 0,
      });
    });
    for (const e of crew) expect(await keptTotal(e)).toEqual({ worked: 2.5 * HOUR, threshold: 3 * HOUR, through: at('10:00').toISOString() });
  });

  it('is still forgotten by a write that follows the batch in its transaction', async () => {
    const { employee } = await tenant(3);
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      for (const [from, to] of [['08:00', '09:00'], ['10:00', '11:00']] as const) {
        await insertOpenEntries(tx, [clockInPunch(employee, from)]);
        await closeOpenEntries(tx, [clockOutPunch(employee, to)]);
      }
      // The second batch updated the total in place, with its UPDATE's trigger told to leave it.
      expect((await keptTotal(employee, tx))?.worked).toBe(2 * HOUR);
      await tx.execute(sql`update time_entries set notes = 'corrected by hand' where employee_id = ${employee.id}::uuid and clock_in = ${at('08:00')}`);
      expect(await keptTotal(employee, tx)).toBeNull();
    });
  });

  it('is forgotten when a correction closes the open entry, and the next clock out counts that entry', async () => {
    const { employee } = await tenant(3);
    await clockIn(employee, '08:00');
    await clockOut(employee, '09:00');
    await clockIn(employee, '10:00');
    // Closed by a correction (as src/modules/time-entries writes it), not by a batch: the kept
    // total through 08:00 does not count this entry, so it must go. Only a batch writes a total
    // through the entry it closed.
    await correctEntry(employee, '10:00', '11:30', { regular: 1.5, overtime: 0 });
    expect(await keptTotal(employee)).toBeNull();
    // 2.5 h before it: half of its hour is overtime (with the stale total's 1 h, none would be).
    await clockIn(employee, '12:00');
    const entry = await clockOut(employee, '13:00');
    expect([entry?.regularHours, entry?.overtimeHours]).toEqual([0.5, 0.5]);
    await expectAllocatedAsAllocateWeek(employee, 3);
  });

  it('is what the next clock out starts from: it reads no earlier entry of the week', async () => {
    const { employee } = await tenant(3);
    await clockIn(employee, '08:00');
    await clockOut(employee, '09:00');
    // Written here only to show that it is used: a total of 2.5 h leaves half an hour regular.
    await alterKeptTotal(employee, 2.5 * HOUR);
    await clockIn(employee, '10:00');
    const entry = await clockOut(employee, '11:00');
    expect([entry?.regularHours, entry?.overtimeHours]).toEqual([0.5, 0.5]);
  });

  it('is forgotten by a correction of an earlier entry, and the next clock out counts the corrected week', async () => {
    const { employee } = await tenant(3);
    await clockIn(employee, '08:00');
    await clockOut(employee, '09:00');
    await clockIn(employee, '10:00');
    await clockOut(employee, '11:30');
    expect((await keptTotal(employee))?.worked).toBe(2.5 * HOUR);

    // The first entry shortened to half an hour, its figures as the allocation gives them (what
    // an admin correction writes, src/modules/time-entries/allocation.ts): the week now holds 2 h.
    await correctEntry(employee, '08:00', '08:30', { regular: 0.5, overtime: 0 });
    expect(await keptTotal(employee)).toBeNull();

    // With the forgotten 2.5 h this hour would be half overtime; with the week's 2 h it is all regular.
    await clockIn(employee, '12:00');
    const third = await clockOut(employee, '13:00');
    expect([third?.regularHours, third?.overtimeHours]).toEqual([1, 0]);
    expect((await keptTotal(employee))?.worked).toBe(3 * HOUR);
    await expectAllocatedAsAllocateWeek(employee, 3);
  });

  it('is forgotten when an entry is deleted or a closed one is inserted', async () => {
    const { employee } = await tenant(3);
    await clockIn(employee, '08:00');
    await clockOut(employee, '09:00');
    await db.execute(sql`delete from time_entries where employee_id = ${employee.id}::uuid`);
    expect(await keptTotal(employee)).toBeNull();

    await clockIn(employee, '09:30');
    await clockOut(employee, '10:00');
    expect((await keptTotal(employee))?.worked).toBe(HOUR / 2);
    await db.execute(sql`insert into time_entries (employee_id, company_id, clock_in, clock_out, worked_seconds, total_hours, regular_hours, overtime_hours)
                          select id, company_id, ${at('06:00')}, ${at('07:00')}, 3600, 1, 1, 0 from employees where id = ${employee.id}::uuid`);
    expect(await keptTotal(employee)).toBeNull();
    await clockIn(employee, '11:00');
    const entry = await clockOut(employee, '13:00');
    // 1.5 h before it: 1.5 h of its 2 are regular.
    expect([entry?.regularHours, entry?.overtimeHours]).toEqual([1.5, 0.5]);
    await expectAllocatedAsAllocateWeek(employee, 3);
  });

  it('kept under another threshold is not used: the week is allocated again under the new one', async () => {
    const { org, employee } = await tenant(3);
    await clockIn(employee, '08:00');
    await clockOut(employee, '10:00');
    await db.execute(sql`update bookkeeper_orgs set overtime_threshold = 1 where id = ${org.id}::uuid`);
    expect((await keptTotal(employee))?.threshold).toBe(3 * HOUR);
    await clockIn(employee, '11:00');
    const entry = await clockOut(employee, '12:00');
    expect([entry?.regularHours, entry?.overtimeHours]).toEqual([0, 1]);
    const stored = await expectAllocatedAsAllocateWeek(employee, 1);
    expect(stored[0]).toMatchObject({ regularHours: 1, overtimeHours: 1 });
  });

  // In the two cases below, a clock out that used the altered total would split its hour half
  // and half, or make it all overtime.
  it('kept in another time zone is not used: the week is read again', async () => {
    const { org, employee } = await tenant(3);
    await clockIn(employee, '08:00');
    await clockOut(employee, '09:00');
    await alterKeptTotal(employee, 2.5 * HOUR);
    await db.execute(sql`update bookkeeper_orgs set timezone = 'America/New_York' where id = ${org.id}::uuid`);
    await clockIn(employee, '10:00');
    const entry = await clockOut(employee, '11:00');
    expect([entry?.regularHours, entry?.overtimeHours]).toEqual([1, 0]);
  });

  it('is not carried into the next workweek: its hours start again from zero', async () => {
    const { employee } = await tenant(3);
    await clockIn(employee, '08:00');
    await clockOut(employee, '09:00');
    await alterKeptTotal(employee, 3 * HOUR);
    await clockIn(employee, '08:00', NEXT_MONDAY);
    const entry = await clockOut(employee, '09:00', NEXT_MONDAY);
    expect([entry?.regularHours, entry?.overtimeHours]).toEqual([1, 0]);
    const [bounds] = await queryRows<{ week_start: Date }>(db, sql`select week_start from week_running_totals where employee_id = ${employee.id}::uuid`);
    expect(new Date(bounds!.week_start).toISOString()).toBe('2026-04-12T05:00:00.000Z');
  });
});
