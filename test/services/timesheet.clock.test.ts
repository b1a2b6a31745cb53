// Clock in, clock out and submit (docs/time-rules.md §6, §10, §12, §14) with the manual clock
// moved to exact instants: a clock out on the first millisecond of the next workweek, a break
// longer than the time worked, rounding of whole seconds, the submit checks. No HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTimeEntry } from '../../src/modules/time-entries/time-entries.service.ts';
import { clockIn, clockOut, getTimesheetJson, submitTimesheet } from '../../src/modules/timesheet/timesheet.service.ts';
import { addEmployee, addPayPeriod, entriesOf, HOUR, hoursOfEntries, localInstant, META, MINUTE, openServiceHarness, uncheckedCallerFor, refusalOf, serviceTenant, setPeriodLocked, type ServiceHarness } from './harness.ts';

const NY = 'America/New_York';
const at = (wall: string) => localInstant(wall, NY);
const CLOCK_IN = { action: 'clock_in' } as const;
const CLOCK_OUT = { action: 'clock_out' } as const;

let h: ServiceHarness;
beforeAll(async () => {
  h = await openServiceHarness(at('2026-10-05T08:00'));
});
afterAll(async () => h.close());

describe('timesheet service clockOut', () => {
  it('closes an entry at Sunday 00:00:00.000 local in the week it clocked in: 2 of its 4 hours are overtime there, the new week is empty', async () => {
    const tenant = await serviceTenant(h.ctx, { timezone: NY, overtimeThreshold: 40 });
    // Monday to Thursday of the week of Sun 4 Oct 2026, 9.5 hours each: 38 hours.
    h.clock.set(at('2026-10-10T20:00'));
    for (const day of ['05', '06', '07', '08']) {
      await createTimeEntry(
        h.ctx,
        tenant.adminActor,
        { employeeId: tenant.employee.id, clockIn: at(`2026-10-${day}T08:00`).toISOString(), clockOut: at(`2026-10-${day}T17:30`).toISOString() },
        META,
      );
    }
    await clockIn(h.ctx, uncheckedCallerFor(tenant.employeeActor), CLOCK_IN, META);
    h.clock.advance(4 * HOUR);
    expect(h.clock.now().toISOString()).toBe('2026-10-11T04:00:00.000Z');

    const closed = await clockOut(h.ctx, uncheckedCallerFor(tenant.employeeActor), CLOCK_OUT, META);
    expect(closed.timeEntry.clockOut?.toISOString()).toBe('2026-10-11T04:00:00.000Z');
    expect(closed.summary).toEqual({ totalHours: 4, regularHours: 2, overtimeHours: 2, breakMinutes: 0 });

    // "Now" is the first instant of the next workweek: its timesheet has nothing yet.
    const thisWeek = JSON.parse(await getTimesheetJson(h.ctx, uncheckedCallerFor(tenant.employeeActor), {}));
    expect(thisWeek.dateRange.startDate).toBe('2026-10-11T04:00:00.000Z');
    expect(thisWeek.timeEntries).toEqual([]);
    expect(thisWeek.clockStatus).toEqual({ isClockedIn: false, openTimeEntry: null });
    const lastWeek = JSON.parse(await getTimesheetJson(h.ctx, uncheckedCallerFor(tenant.employeeActor), { startDate: '2026-10-04', endDate: '2026-10-10' }));
    expect(lastWeek.timeEntries).toHaveLength(5);
    expect(lastWeek.totals).toMatchObject({ totalHours: 42, regularHours: 40, overtimeHours: 2 });
  });

  it('refuses a break longer than the time worked with 400 Invalid time entry data and leaves the entry open; a break equal to it gives 0 hours', async () => {
    const tenant = await serviceTenant(h.ctx, { timezone: NY });
    await clockIn(h.ctx, uncheckedCallerFor(tenant.employeeActor), CLOCK_IN, META);
    h.clock.advance(30 * MINUTE);
    const before = await entriesOf(h.db, tenant.employee.id);

    const error = await refusalOf(clockOut(h.ctx, uncheckedCallerFor(tenant.employeeActor), { ...CLOCK_OUT, breakMinutes: 31 }, META));
    expect(error).toMatchObject({ statusCode: 400, label: 'Invalid time entry data' });
    expect(await entriesOf(h.db, tenant.employee.id)).toEqual(before);
    expect(before[0]).toMatchObject({ clockOut: null, breakMinutes: 0, totalHours: null });

    const closed = await clockOut(h.ctx, uncheckedCallerFor(tenant.employeeActor), { ...CLOCK_OUT, breakMinutes: 30 }, META);
    expect(closed.summary).toEqual({ totalHours: 0, regularHours: 0, overtimeHours: 0, breakMinutes: 30 });
    expect((await entriesOf(h.db, tenant.employee.id))[0]!.workedSeconds).toBe(0);
  });

  it('rounds whole worked seconds half up: 7,218 s is 2.01 hours, 7,217.999 s is 7,217 s and 2.00 hours', async () => {
    const tenant = await serviceTenant(h.ctx, { timezone: NY });
    const other = await addEmployee(h.ctx, tenant);
    await clockIn(h.ctx, uncheckedCallerFor(tenant.employeeActor), CLOCK_IN, META);
    await clockIn(h.ctx, uncheckedCallerFor(other.actor), CLOCK_IN, META);
    h.clock.advance(7_217_999);
    expect((await clockOut(h.ctx, uncheckedCallerFor(other.actor), CLOCK_OUT, META)).summary.totalHours).toBe(2);
    h.clock.advance(1);
    expect((await clockOut(h.ctx, uncheckedCallerFor(tenant.employeeActor), CLOCK_OUT, META)).summary.totalHours).toBe(2.01);
    expect((await entriesOf(h.db, other.employee.id))[0]!.workedSeconds).toBe(7_217);
    expect((await entriesOf(h.db, tenant.employee.id))[0]!.workedSeconds).toBe(7_218);
  });

  it('splits the entry that crosses a 3-hour threshold on rounded figures: 2.00 regular, then 1.00 regular and 1.00 overtime', async () => {
    const tenant = await serviceTenant(h.ctx, { timezone: NY, overtimeThreshold: 3 });
    h.clock.set(at('2026-10-06T08:00'));
    for (let i = 0; i < 2; i++) {
      await clockIn(h.ctx, uncheckedCallerFor(tenant.employeeActor), CLOCK_IN, META);
      h.clock.advance(7_201_000);
      await clockOut(h.ctx, uncheckedCallerFor(tenant.employeeActor), CLOCK_OUT, META);
      h.clock.advance(HOUR);
    }
    expect(await hoursOfEntries(h.db, tenant.employee.id)).toEqual([[2, 2, 0], [2, 1, 1]]);
  });
});

describe('timesheet service clockIn', () => {
  it('refuses a second clock in with 400 Already clocked in, naming the open entry', async () => {
    const tenant = await serviceTenant(h.ctx, { timezone: NY });
    const first = await clockIn(h.ctx, uncheckedCallerFor(tenant.employeeActor), CLOCK_IN, META);
    h.clock.advance(MINUTE);
    const error = await refusalOf(clockIn(h.ctx, uncheckedCallerFor(tenant.employeeActor), CLOCK_IN, META));
    expect(error).toMatchObject({ statusCode: 400, label: 'Already clocked in' });
    expect(error.data).toEqual({ openTimeEntry: { id: first.timeEntry.id, clockIn: first.timeEntry.clockIn } });
    expect(await entriesOf(h.db, tenant.employee.id)).toHaveLength(1);
  });
});

describe('timesheet service submitTimesheet', () => {
  it('refuses while an entry is open, then approves the closed entries and submits the period with their totals', async () => {
    const tenant = await serviceTenant(h.ctx, { timezone: NY, overtimeThreshold: 40 });
    h.clock.set(at('2026-10-20T08:00'));
    const period = await addPayPeriod(h.ctx, tenant, at('2026-10-18T00:00'), at('2026-10-24T23:59:59.999'));
    await clockIn(h.ctx, uncheckedCallerFor(tenant.employeeActor), CLOCK_IN, META);
    h.clock.advance(8 * HOUR + 30 * MINUTE);

    const open = await refusalOf(submitTimesheet(h.ctx, tenant.employeeActor, period.id, META));
    expect(open).toMatchObject({ statusCode: 400, label: 'Open time entries' });
    expect((open.data?.openEntries as unknown[]).length).toBe(1);

    await clockOut(h.ctx, uncheckedCallerFor(tenant.employeeActor), { ...CLOCK_OUT, breakMinutes: 30 }, META);
    const submitted = await submitTimesheet(h.ctx, tenant.employeeActor, period.id, META);
    expect(submitted.payPeriod.status).toBe('SUBMITTED');
    expect(submitted.timeEntriesCount).toBe(1);
    expect(submitted.totals).toEqual({ totalHours: 8, regularHours: 8, overtimeHours: 0 });
    expect((await entriesOf(h.db, tenant.employee.id)).map((e) => [e.status, e.approved])).toEqual([['APPROVED', true]]);

    const again = await refusalOf(submitTimesheet(h.ctx, tenant.employeeActor, period.id, META));
    expect(again).toMatchObject({ statusCode: 400, label: 'Already submitted' });
  });

  it('refuses a locked period with 400 Pay period locked and approves nothing', async () => {
    const tenant = await serviceTenant(h.ctx, { timezone: NY });
    h.clock.set(at('2026-10-20T08:00'));
    const period = await addPayPeriod(h.ctx, tenant, at('2026-10-18T00:00'), at('2026-10-24T23:59:59.999'));
    await clockIn(h.ctx, uncheckedCallerFor(tenant.employeeActor), CLOCK_IN, META);
    h.clock.advance(HOUR);
    await clockOut(h.ctx, uncheckedCallerFor(tenant.employeeActor), CLOCK_OUT, META);
    await setPeriodLocked(h.db, period.id, true);

    const error = await refusalOf(submitTimesheet(h.ctx, tenant.employeeActor, period.id, META));
    expect(error).toMatchObject({ statusCode: 400, label: 'Pay period locked' });
    expect((await entriesOf(h.db, tenant.employee.id)).map((e) => [e.status, e.approved, e.payPeriodId])).toEqual([['PENDING', false, period.id]]);
  });
});
