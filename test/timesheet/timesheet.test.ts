// GET /api/v1/employee/timesheet: range defaults in the organization's time zone, explicit
// ranges, payPeriodId, totals and clock status (docs/time-rules.md §13).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ManualClock } from '../../src/clock.ts';
import { employees } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createPayPeriod, createTimeEntry } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';
import { TIMESHEET, employeeTenant, expectTimeEntryShape } from './fixtures.ts';

const HOUR = 3_600_000;
let t: TestApp;
let api: ReturnType<typeof client>;
// Saturday 2026-03-07 23:00 in Los Angeles (PST, UTC-8) = Sunday 07:00 UTC.
const clock = new ManualClock(new Date('2026-03-08T07:00:00.000Z'));

beforeAll(async () => {
  t = await createTestApp({ clock });
  api = client(t.app);
});
afterAll(async () => t.close());

async function laTenant() {
  const tenant = await employeeTenant(t.db, t.tokens, { timezone: 'America/Los_Angeles', overtimeThreshold: 40 });
  const { company, employee } = tenant;
  const entry = (clockIn: string, hours: number | null, extra: Record<string, unknown> = {}) => {
    const start = new Date(clockIn);
    return createTimeEntry(t.db, {
      employeeId: employee.id,
      companyId: company.id,
      clockIn: start,
      clockOut: hours === null ? null : new Date(start.getTime() + hours * HOUR),
      ...(hours === null ? {} : { workedSeconds: hours * 3600, totalHours: hours, regularHours: hours, overtimeHours: 0 }),
      ...extra,
    });
  };
  // Saturday 2026-02-28 23:30 local: the previous week although UTC says Sunday 2026-03-01.
  const lastWeek = await entry('2026-03-01T07:30:00Z', 0.5);
  // Sunday 2026-03-01 00:30 local: the first entry of the current week.
  const sunday = await entry('2026-03-01T08:30:00Z', 2, { status: 'APPROVED', approved: true });
  const wednesday = await entry('2026-03-04T17:00:00Z', 8.25);
  // Saturday 2026-03-07 22:00 local, still open.
  const open = await entry('2026-03-08T06:00:00Z', null);
  return { ...tenant, lastWeek, sunday, wednesday, open };
}

describe('GET /api/v1/employee/timesheet', () => {
  it('defaults to the current workweek in the organization time zone, newest first, with every field', async () => {
    clock.set('2026-03-08T07:00:00.000Z');
    const { org, company, employee, token, sunday, wednesday, open } = await laTenant();
    const period = await createPayPeriod(t.db, { companyId: company.id, startDate: new Date('2026-03-01T08:00:00Z'), endDate: new Date('2026-03-15T06:59:59.999Z') });
    const res = await api.get(TIMESHEET, { token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const data = res.body.data;
    expect(data.dateRange).toEqual({ startDate: '2026-03-01T08:00:00.000Z', endDate: '2026-03-08T07:59:59.999Z' });
    expect(data.timeEntries.map((e: any) => e.id)).toEqual([open.id, wednesday.id, sunday.id]);
    data.timeEntries.forEach(expectTimeEntryShape);
    expect(data.employee).toEqual({
      id: employee.id,
      firstName: employee.firstName,
      lastName: employee.lastName,
      employeeNumber: employee.employeeNumber,
      jobTitle: employee.jobTitle,
      payRate: 25,
      payType: 'HOURLY',
    });
    expect(data.company).toEqual({
      id: company.id,
      name: company.name,
      payPeriodType: 'BI_WEEKLY',
      bookkeeperOrg: { overtimeThreshold: 40, overtimeMultiplier: 1.5, timezone: 'America/Los_Angeles' },
    });
    expect(org.timezone).toBe('America/Los_Angeles');
    expect(data.totals).toEqual({ totalHours: 10.25, regularHours: 10.25, overtimeHours: 0, pendingEntries: 2, approvedEntries: 1 });
    expect(data.clockStatus).toEqual({ isClockedIn: true, openTimeEntry: { id: open.id, clockIn: '2026-03-08T06:00:00.000Z' } });
    expect(data.currentPayPeriod).toMatchObject({ id: period.id, companyId: company.id, status: 'OPEN', locked: false, startDate: '2026-03-01T08:00:00.000Z' });
  });

  it('answers currentPayPeriod null and isClockedIn false when there is neither', async () => {
    const { token } = await employeeTenant(t.db, t.tokens);
    const res = await api.get(TIMESHEET, { token });
    expect(res.status).toBe(200);
    expect(res.body.data.currentPayPeriod).toBeNull();
    expect(res.body.data.clockStatus).toEqual({ isClockedIn: false, openTimeEntry: null });
    expect(res.body.data.timeEntries).toEqual([]);
    expect(res.body.data.totals).toEqual({ totalHours: 0, regularHours: 0, overtimeHours: 0, pendingEntries: 0, approvedEntries: 0 });
  });

  it('reads date-only bounds as the start and end of those local days', async () => {
    const { token, lastWeek } = await laTenant();
    const res = await api.get(TIMESHEET, { token, query: { startDate: '2026-02-28', endDate: '2026-02-28' } });
    expect(res.status).toBe(200);
    expect(res.body.data.dateRange).toEqual({ startDate: '2026-02-28T08:00:00.000Z', endDate: '2026-03-01T07:59:59.999Z' });
    expect(res.body.data.timeEntries.map((e: any) => e.id)).toEqual([lastWeek.id]);
    expect(res.body.data.totals).toMatchObject({ totalHours: 0.5, pendingEntries: 1, approvedEntries: 0 });
  });

  it('takes full ISO datetimes as given', async () => {
    const { token, wednesday } = await laTenant();
    const res = await api.get(TIMESHEET, { token, query: { startDate: '2026-03-04T17:00:00.000Z', endDate: '2026-03-04T17:00:00Z' } });
    expect(res.status).toBe(200);
    expect(res.body.data.dateRange).toEqual({ startDate: '2026-03-04T17:00:00.000Z', endDate: '2026-03-04T17:00:00.000Z' });
    expect(res.body.data.timeEntries.map((e: any) => e.id)).toEqual([wednesday.id]);
  });

  it("uses the pay period's range when payPeriodId comes without dates, and only that period's entries", async () => {
    const { company, employee, token, sunday } = await laTenant();
    const period = await createPayPeriod(t.db, { companyId: company.id, startDate: new Date('2026-02-20T08:00:00Z'), endDate: new Date('2026-03-02T07:59:59.999Z') });
    const inPeriod = await createTimeEntry(t.db, { employeeId: employee.id, companyId: company.id, payPeriodId: period.id, clockIn: new Date('2026-02-23T17:00:00Z'), clockOut: new Date('2026-02-23T18:00:00Z'), totalHours: 1, regularHours: 1, overtimeHours: 0, workedSeconds: 3600 });
    const res = await api.get(TIMESHEET, { token, query: { payPeriodId: period.id } });
    expect(res.status).toBe(200);
    expect(res.body.data.dateRange).toEqual({ startDate: '2026-02-20T08:00:00.000Z', endDate: '2026-03-02T07:59:59.999Z' });
    // The Sunday entry lies in the range but is not linked to the period.
    expect(res.body.data.timeEntries.map((e: any) => e.id)).toEqual([inPeriod.id]);
    expect(res.body.data.timeEntries[0].payPeriod).toMatchObject({ id: period.id, status: 'OPEN', locked: false });
    expect(sunday.payPeriodId).toBeNull();
    // With explicit dates too, the period still restricts the entries.
    const both = await api.get(TIMESHEET, { token, query: { payPeriodId: period.id, startDate: '2026-02-24', endDate: '2026-03-07' } });
    expect(both.body.data.timeEntries).toEqual([]);
    expect(both.body.data.dateRange.startDate).toBe('2026-02-24T08:00:00.000Z');
  });

  it("answers 403 Access denied for another company's payPeriodId, 404 for an unknown or malformed one", async () => {
    const { token } = await employeeTenant(t.db, t.tokens);
    const other = await employeeTenant(t.db, t.tokens);
    const period = await createPayPeriod(t.db, { companyId: other.company.id, startDate: new Date('2026-03-01T00:00:00Z'), endDate: new Date('2026-03-07T00:00:00Z') });
    const denied = await api.get(TIMESHEET, { token, query: { payPeriodId: period.id } });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ success: false, error: 'Access denied' });
    for (const payPeriodId of ['6b0f7c1e-0000-4000-8000-000000000000', 'nope']) {
      const res = await api.get(TIMESHEET, { token, query: { payPeriodId } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'Pay period not found' });
    }
  });

  it('answers 400 Invalid date format for unparseable or impossible dates', async () => {
    const { token } = await employeeTenant(t.db, t.tokens);
    for (const query of [{ startDate: 'yesterday' }, { endDate: '2026-02-30' }, { startDate: '2026-13-01' }, { startDate: '03/01/2026' }, { endDate: '2026-03-01T25:00:00Z' }]) {
      const res = await api.get(TIMESHEET, { token, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'Invalid date format' });
    }
  });

  it('answers 400 Invalid date range when startDate is after endDate', async () => {
    const { token } = await employeeTenant(t.db, t.tokens);
    const res = await api.get(TIMESHEET, { token, query: { startDate: '2026-03-05', endDate: '2026-03-04' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'Invalid date range' });
  });

  it('answers 401 without a token and 404 Employee not found for a deactivated employee', async () => {
    expect((await api.get(TIMESHEET)).status).toBe(401);
    const { employee, token } = await employeeTenant(t.db, t.tokens);
    await t.db.update(employees).set({ active: false }).where(eq(employees.id, employee.id));
    const res = await api.get(TIMESHEET, { token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: 'Employee not found' });
  });

  it("never shows another employee's entries", async () => {
    const { company, token } = await laTenant();
    const { employee: colleague } = await employeeTenant(t.db, t.tokens);
    await createTimeEntry(t.db, { employeeId: colleague.id, companyId: colleague.companyId, clockIn: new Date('2026-03-03T17:00:00Z') });
    const res = await api.get(TIMESHEET, { token });
    expect(res.body.data.timeEntries.every((e: any) => e.companyId === company.id)).toBe(true);
    expect(res.body.data.timeEntries).toHaveLength(3);
  });
});
