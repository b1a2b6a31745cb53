// GET /api/v1/employee/timesheet answers JSON that the database builds (json_build_object) and
// Node.js sends as it is, so no serializer stands between the database and the client. These
// tests hold that document to the route's response schema (the response check of
// test/helpers/http.ts validates every answer against the OpenAPI document) and to the values a
// JavaScript reading of the same rows gives, on whichever engine the suite runs: awkward
// strings, nulls, timestamps stored finer than a millisecond, hours and rates that print with
// trailing zeros, many small sums, and each of the read's statements (the caller's own for the
// week and a pay period, and the one after the caller check for explicit dates).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { bookkeeperOrgs, companies, employees, payPeriods, timeEntries } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createPayPeriod, createTimeEntry } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';
import { AWKWARD, AWKWARD_ENTRY_TEXT, entryAsJson, iso, periodAsJson, sumOfHours } from '../helpers/stored-as-json.ts';
import { TIMESHEET, employeeTenant } from './fixtures.ts';

// Wednesday 2026-04-08 16:00 UTC, 12:00 in New York: the workweek is Sunday 2026-04-05 04:00 UTC on.
const NOW = '2026-04-08T16:00:00.000Z';
const WEEK = { start: '2026-04-05T04:00:00.000Z', end: '2026-04-12T03:59:59.999Z' };

let t: TestApp;
let api: ReturnType<typeof client>;
const clock = new ManualClock(new Date(NOW));

beforeAll(async () => {
  t = await createTestApp({ clock });
  api = client(t.app);
});
afterAll(async () => t.close());

/**
 * What the timesheet must say, computed in JavaScript from the rows themselves: the employee's
 * entries with clockIn in [start, end] (and in `payPeriodId` when given), newest first, id
 * breaking ties; sums in hundredths; the company's period covering now; the open entry.
 */
async function expectedTimesheet(employeeId: string, range: { start: string; end: string }, payPeriodId?: string) {
  const [employee] = await t.db.select().from(employees).where(eq(employees.id, employeeId));
  const [company] = await t.db.select().from(companies).where(eq(companies.id, employee!.companyId));
  const [org] = await t.db.select().from(bookkeeperOrgs).where(eq(bookkeeperOrgs.id, company!.bookkeeperOrgId));
  const periods = await t.db.select().from(payPeriods);
  const periodOf = new Map(periods.map((p) => [p.id, p]));
  const all = await t.db.select().from(timeEntries).where(eq(timeEntries.employeeId, employeeId));
  const from = Date.parse(range.start);
  const to = Date.parse(range.end);
  const entries = all
    .filter((e) => e.clockIn.getTime() >= from && e.clockIn.getTime() <= to && (payPeriodId === undefined || e.payPeriodId === payPeriodId))
    .sort((a, b) => b.clockIn.getTime() - a.clockIn.getTime() || (a.id < b.id ? 1 : -1));
  const now = Date.parse(NOW);
  const current = periods
    .filter((p) => p.companyId === company!.id && p.startDate.getTime() <= now && p.endDate.getTime() >= now)
    .sort((a, b) => b.startDate.getTime() - a.startDate.getTime())[0];
  const open = all.find((e) => e.clockOut === null);
  const sum = (pick: (entry: (typeof entries)[number]) => string | number | null) => sumOfHours(entries.map(pick));
  return {
    employee: {
      id: employee!.id,
      firstName: employee!.firstName,
      lastName: employee!.lastName,
      employeeNumber: employee!.employeeNumber,
      jobTitle: employee!.jobTitle,
      payRate: Number(employee!.payRate),
      payType: employee!.payType,
    },
    company: {
      id: company!.id,
      name: company!.name,
      payPeriodType: company!.payPeriodType,
      bookkeeperOrg: { overtimeThreshold: Number(org!.overtimeThreshold), overtimeMultiplier: Number(org!.overtimeMultiplier), timezone: org!.timezone },
    },
    timeEntries: entries.map((entry) => {
      const period = entry.payPeriodId === null ? undefined : periodOf.get(entry.payPeriodId);
      return {
        ...entryAsJson(entry),
        payPeriod: period ? { id: period.id, startDate: iso(period.startDate), endDate: iso(period.endDate), status: period.status, locked: period.locked } : null,
      };
    }),
    currentPayPeriod: current ? periodAsJson(current) : null,
    totals: {
      totalHours: sum((e) => e.totalHours),
      regularHours: sum((e) => e.regularHours),
      overtimeHours: sum((e) => e.overtimeHours),
      pendingEntries: entries.filter((e) => e.status === 'PENDING').length,
      approvedEntries: entries.filter((e) => e.approved).length,
    },
    clockStatus: { isClockedIn: open !== undefined, openTimeEntry: open ? { id: open.id, clockIn: iso(open.clockIn) } : null },
    dateRange: { startDate: range.start, endDate: range.end },
  };
}

/** A New York tenant with awkward names, a 37.5 h threshold, a ×1.25 multiplier and a rate of 18.50. */
async function awkwardTenant() {
  const tenant = await employeeTenant(t.db, t.tokens, { timezone: 'America/New_York', overtimeThreshold: 37.5 });
  await t.db.update(bookkeeperOrgs).set({ overtimeMultiplier: 1.25 }).where(eq(bookkeeperOrgs.id, tenant.org.id));
  await t.db.update(companies).set({ name: AWKWARD, payPeriodType: 'WEEKLY' }).where(eq(companies.id, tenant.company.id));
  await t.db
    .update(employees)
    .set({ firstName: AWKWARD, lastName: 'Ñúñez "Q"', employeeNumber: null, jobTitle: 'Line cook\tnight', payRate: 18.5, payType: 'HOURLY' })
    .where(eq(employees.id, tenant.employee.id));
  return tenant;
}

describe('GET /api/v1/employee/timesheet: the JSON the database builds', () => {
  it('matches the response schema and the JavaScript view of the same rows, on each statement of the read', async () => {
    clock.set(NOW);
    const { company, employee, token } = await awkwardTenant();
    const period = await createPayPeriod(t.db, {
      companyId: company.id,
      startDate: new Date(WEEK.start),
      endDate: new Date(WEEK.end),
      payDate: new Date('2026-04-17T04:00:00.000Z'),
      exportedBy: AWKWARD,
      exportedAt: new Date('2026-04-13T10:00:00.123Z'),
      iifFilename: 'a "b" \\ c.iif',
    });
    const base = { employeeId: employee.id, companyId: company.id };
    await createTimeEntry(t.db, {
      ...base,
      payPeriodId: period.id,
      clockIn: new Date('2026-04-06T13:00:00.000Z'),
      clockOut: new Date('2026-04-06T20:30:00.000Z'),
      breakMinutes: 30,
      workedSeconds: 7 * 3600,
      totalHours: 7,
      regularHours: 6.5,
      overtimeHours: 0.5,
      ...AWKWARD_ENTRY_TEXT,
      clockInRecordedAt: new Date('2026-04-06T13:05:00.000Z'),
      clockOutRecordedAt: new Date('2026-04-06T20:30:00.001Z'),
      status: 'APPROVED',
      approved: true,
    });
    // In the week but in no pay period; and two of no length at one instant, which only the id orders.
    const outside = await createTimeEntry(t.db, { ...base, clockIn: new Date('2026-04-07T13:00:00.000Z'), clockOut: new Date('2026-04-07T14:15:00.000Z'), workedSeconds: 4500, totalHours: 1.25, regularHours: 1.25, overtimeHours: 0 });
    await t.db.update(timeEntries).set({ payPeriodId: null }).where(eq(timeEntries.id, outside.id));
    for (let k = 0; k < 2; k++) {
      const instant = new Date('2026-04-07T15:00:00.000Z');
      await createTimeEntry(t.db, { ...base, clockIn: instant, clockOut: instant, workedSeconds: 0, totalHours: 0, regularHours: 0, overtimeHours: 0 });
    }
    // Open, in the period; and one of the week before, which no read below includes.
    const open = await createTimeEntry(t.db, { ...base, payPeriodId: period.id, clockIn: new Date('2026-04-08T12:59:59.999Z') });
    await createTimeEntry(t.db, { ...base, clockIn: new Date('2026-04-01T13:00:00.000Z'), clockOut: new Date('2026-04-01T14:00:00.000Z'), workedSeconds: 3600, totalHours: 1, regularHours: 1, overtimeHours: 0 });
    // Columns keep milliseconds (precision 3): a finer value is rounded when stored, and printed as stored.
    await t.db.execute(sql`update time_entries set created_at = '2026-04-08T01:02:03.456789Z' where id = ${open.id}`);

    const week = await api.get(TIMESHEET, { token });
    const byPeriod = await api.get(`${TIMESHEET}?payPeriodId=${period.id}`, { token });
    const byDates = await api.get(`${TIMESHEET}?startDate=2026-04-05&endDate=2026-04-11`, { token });
    const byPeriodAndDates = await api.get(`${TIMESHEET}?payPeriodId=${period.id}&startDate=2026-04-05&endDate=2026-04-11`, { token });
    for (const res of [week, byPeriod, byDates, byPeriodAndDates]) {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    }

    const wholeWeek = await expectedTimesheet(employee.id, WEEK);
    expect(wholeWeek.timeEntries).toHaveLength(5);
    expect(wholeWeek.currentPayPeriod?.id).toBe(period.id);
    expect(week.body).toEqual({ success: true, data: wholeWeek });
    expect(byDates.body).toEqual({ success: true, data: wholeWeek });
    const periodOnly = await expectedTimesheet(employee.id, WEEK, period.id);
    expect(periodOnly.timeEntries).toHaveLength(4);
    expect(periodOnly.timeEntries.map((e) => e.id)).not.toContain(outside.id);
    expect(wholeWeek.timeEntries.find((e) => e.id === outside.id)?.payPeriod).toBeNull();
    expect(byPeriod.body).toEqual({ success: true, data: periodOnly });
    expect(byPeriodAndDates.body).toEqual({ success: true, data: periodOnly });

    expect(week.body.data.timeEntries[0].createdAt).toBe('2026-04-08T01:02:03.457Z');
    expect(week.body.data.totals).toEqual({ totalHours: 8.25, regularHours: 7.75, overtimeHours: 0.5, pendingEntries: 4, approvedEntries: 1 });
    expect(week.body.data.employee.payRate).toBe(18.5);
    // Numbers carry no numeric column's trailing zeros (json_build_object writes `"key" : value`).
    expect(week.raw).toMatch(/"payRate"\s*:\s*18\.5\s*,/);
    expect(week.raw).toMatch(/"overtimeThreshold"\s*:\s*37\.5\s*,/);
    expect(week.raw).not.toMatch(/"(?:total|regular|overtime)Hours"\s*:\s*\d+\.\d*0\s*[,}]/);
    expect(week.raw.startsWith('{"success":true,"data":{')).toBe(true);
  });

  it('answers an employee with nothing in the range: no entries, zero totals, no current period, not clocked in', async () => {
    clock.set(NOW);
    const { employee, token } = await employeeTenant(t.db, t.tokens, { timezone: 'America/New_York' });
    const res = await api.get(TIMESHEET, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: await expectedTimesheet(employee.id, WEEK) });
    expect(res.body.data).toMatchObject({
      timeEntries: [],
      currentPayPeriod: null,
      totals: { totalHours: 0, regularHours: 0, overtimeHours: 0, pendingEntries: 0, approvedEntries: 0 },
      clockStatus: { isClockedIn: false, openTimeEntry: null },
    });
  });

  it('sums many small values exactly (300 entries of 0.01 h), newest first', async () => {
    clock.set(NOW);
    const { company, employee, token } = await employeeTenant(t.db, t.tokens, { timezone: 'America/New_York' });
    const period = await createPayPeriod(t.db, { companyId: company.id, startDate: new Date(WEEK.start), endDate: new Date(WEEK.end) });
    const start = Date.parse(WEEK.start);
    await t.db.insert(timeEntries).values(
      Array.from({ length: 300 }, (_, k) => ({
        employeeId: employee.id,
        companyId: company.id,
        payPeriodId: period.id,
        clockIn: new Date(start + k * 60_000),
        clockOut: new Date(start + k * 60_000 + 36_000),
        workedSeconds: 36,
        totalHours: 0.01,
        regularHours: k % 3 === 0 ? 0 : 0.01,
        overtimeHours: k % 3 === 0 ? 0.01 : 0,
        approved: k % 2 === 0,
        status: k % 2 === 0 ? ('APPROVED' as const) : ('PENDING' as const),
      })),
    );
    const res = await api.get(`${TIMESHEET}?payPeriodId=${period.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.data.totals).toEqual({ totalHours: 3, regularHours: 2, overtimeHours: 1, pendingEntries: 150, approvedEntries: 150 });
    expect(res.body).toEqual({ success: true, data: await expectedTimesheet(employee.id, WEEK, period.id) });
    expect(res.body.data.timeEntries).toHaveLength(300);
  });
});
