// Nothing in a locked pay period changes (docs/time-rules.md §11): an admin correction, a
// delete or a clock out whose overtime reallocation would rewrite an entry linked to a locked
// period is refused with 400 `Pay period locked`, and the whole write rolls back: every row of
// the employee and the audit log are as before. A change whose reallocation leaves the locked
// entries' figures alone goes through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTimeEntry, deleteTimeEntry, updateTimeEntry } from '../../src/modules/time-entries/time-entries.service.ts';
import { clockIn, clockOut } from '../../src/modules/timesheet/timesheet.service.ts';
import {
  addEmployee,
  addPayPeriod,
  auditCount,
  entriesOf,
  HOUR,
  hoursOfEntries,
  localInstant,
  META,
  openServiceHarness,
  refusalOf,
  serviceTenant,
  setPeriodLocked,
  type ServiceHarness,
  uncheckedCallerFor,
  type ServiceTenant,
} from './harness.ts';

const NY = 'America/New_York';
const at = (wall: string) => localInstant(wall, NY);

let h: ServiceHarness;
beforeAll(async () => {
  // Saturday 10 Oct 2026, 09:00 EDT: the last day of the week below.
  h = await openServiceHarness(at('2026-10-10T09:00'));
});
afterAll(async () => h.close());

/**
 * The workweek Sun 4 .. Sat 10 Oct 2026 split into two pay periods: Sun-Tue (stays open) and
 * Wed-Sat (locked once the entries are in). Threshold 40. Entries: Mon, Tue, Wed, Thu 10 hours
 * each, Fri 5 hours, so Friday, an entry of the locked period, holds the week's 5 overtime hours.
 */
async function splitWeek() {
  const tenant = await serviceTenant(h.ctx, { timezone: NY, overtimeThreshold: 40 });
  const open = await addPayPeriod(h.ctx, tenant, at('2026-10-04T00:00'), at('2026-10-06T23:59:59.999'));
  const locked = await addPayPeriod(h.ctx, tenant, at('2026-10-07T00:00'), at('2026-10-10T23:59:59.999'));
  const ids: Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri', string> = { mon: '', tue: '', wed: '', thu: '', fri: '' };
  const days = { mon: '05', tue: '06', wed: '07', thu: '08', fri: '09' } as const;
  for (const [name, day] of Object.entries(days) as Array<[keyof typeof days, string]>) {
    const until = name === 'fri' ? '13:00' : '18:00';
    const created = await createTimeEntry(
      h.ctx,
      tenant.adminActor,
      { employeeId: tenant.employee.id, clockIn: at(`2026-10-${day}T08:00`).toISOString(), clockOut: at(`2026-10-${day}T${until}`).toISOString() },
      META,
    );
    ids[name] = created.id;
  }
  await setPeriodLocked(h.db, locked.id, true);
  const rows = await entriesOf(h.db, tenant.employee.id);
  expect(rows.map((r) => r.payPeriodId)).toEqual([open.id, open.id, locked.id, locked.id, locked.id]);
  expect(rows.map((r) => [r.totalHours, r.regularHours, r.overtimeHours])).toEqual([[10, 10, 0], [10, 10, 0], [10, 10, 0], [10, 10, 0], [5, 0, 5]]);
  return { tenant, ids, open, locked };
}

/** Runs a write that must be refused with `Pay period locked`, and checks it changed no row. */
async function expectRefusedUnchanged(tenant: ServiceTenant, entryIds: string[], write: () => Promise<unknown>): Promise<void> {
  const before = await entriesOf(h.db, tenant.employee.id);
  const auditBefore = await auditCount(h.db, entryIds);
  const error = await refusalOf(write());
  expect(error).toMatchObject({ statusCode: 400, label: 'Pay period locked' });
  expect(await entriesOf(h.db, tenant.employee.id)).toEqual(before);
  expect(await auditCount(h.db, entryIds)).toBe(auditBefore);
}

describe('time-entries service in a week with a locked pay period', () => {
  it('updateTimeEntry shortening an open-period entry is refused: Friday (locked) would lose overtime', async () => {
    const { tenant, ids } = await splitWeek();
    // Tuesday 10 → 8 hours would make Friday 3 regular, 2 overtime.
    await expectRefusedUnchanged(tenant, Object.values(ids), () =>
      updateTimeEntry(h.ctx, tenant.adminActor, ids.tue, { clockOut: at('2026-10-06T16:00').toISOString() }, META),
    );
  });

  it('deleteTimeEntry of an open-period entry is refused: the locked entries would be reallocated', async () => {
    const { tenant, ids } = await splitWeek();
    await expectRefusedUnchanged(tenant, Object.values(ids), () => deleteTimeEntry(h.ctx, tenant.adminActor, ids.mon, META));
  });

  it('createTimeEntry on the open Sunday is refused: it would push Thursday past the threshold', async () => {
    const { tenant, ids } = await splitWeek();
    await expectRefusedUnchanged(tenant, Object.values(ids), () =>
      createTimeEntry(
        h.ctx,
        tenant.adminActor,
        { employeeId: tenant.employee.id, clockIn: at('2026-10-04T08:00').toISOString(), clockOut: at('2026-10-04T09:00').toISOString() },
        META,
      ),
    );
  });

  it('updateTimeEntry of an entry linked to the locked period is refused even when no hours move (a note)', async () => {
    const { tenant, ids } = await splitWeek();
    await expectRefusedUnchanged(tenant, Object.values(ids), () => updateTimeEntry(h.ctx, tenant.adminActor, ids.wed, { notes: 'late' }, META));
  });

  it('updateTimeEntry shifting Monday by an hour, same length, goes through and leaves the locked entries untouched', async () => {
    const { tenant, ids } = await splitWeek();
    const lockedBefore = (await entriesOf(h.db, tenant.employee.id)).slice(2);
    h.clock.advance(60_000);
    const updated = await updateTimeEntry(
      h.ctx,
      tenant.adminActor,
      ids.mon,
      { clockIn: at('2026-10-05T09:00').toISOString(), clockOut: at('2026-10-05T19:00').toISOString() },
      META,
    );
    expect([updated.totalHours, updated.regularHours, updated.overtimeHours]).toEqual([10, 10, 0]);
    expect(updated.updatedAt.getTime()).toBe(h.clock.now().getTime());
    // Same figures, same updatedAt: the reallocation did not write them.
    expect((await entriesOf(h.db, tenant.employee.id)).slice(2)).toEqual(lockedBefore);
    expect(await auditCount(h.db, [ids.mon])).toBe(2);
  });
});

describe('timesheet service clock out into a locked pay period', () => {
  it('clockOut of an entry linked to a period locked since the clock in is refused, and the entry stays open', async () => {
    const { tenant, locked } = await splitWeek();
    await setPeriodLocked(h.db, locked.id, false);
    const { employee, actor } = await addEmployee(h.ctx, tenant);
    const open = await clockIn(h.ctx, uncheckedCallerFor(actor), { action: 'clock_in' }, META);
    expect(open.timeEntry.payPeriodId).toBe(locked.id);
    await setPeriodLocked(h.db, locked.id, true);
    h.clock.advance(2 * HOUR);

    const before = await entriesOf(h.db, employee.id);
    const error = await refusalOf(clockOut(h.ctx, uncheckedCallerFor(actor), { action: 'clock_out', breakMinutes: 15 }, META));
    expect(error).toMatchObject({ statusCode: 400, label: 'Pay period locked' });
    expect(await entriesOf(h.db, employee.id)).toEqual(before);
    expect(before[0]).toMatchObject({ clockOut: null, breakMinutes: 0, totalHours: null });

    // Unlocked again, the same clock out closes it: 2 hours less the 15-minute break.
    await setPeriodLocked(h.db, locked.id, false);
    const closed = await clockOut(h.ctx, uncheckedCallerFor(actor), { action: 'clock_out', breakMinutes: 15 }, META);
    expect(closed.summary).toEqual({ totalHours: 1.75, regularHours: 1.75, overtimeHours: 0, breakMinutes: 15 });
    expect(await hoursOfEntries(h.db, employee.id)).toEqual([[1.75, 1.75, 0]]);
  });
});
