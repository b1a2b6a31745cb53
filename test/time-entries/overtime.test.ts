// Weekly overtime through the admin corrections (docs/time-rules.md §8, §9, §3): every create, change and
// delete allocates each workweek it touches again, in the organization's time zone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createPayPeriod } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';
import { adminTenant, BASE, getEntry, hoursOf, postEntry } from './support.ts';

let t: TestApp;
// A fixed "now" a little after the real one: every entry below lies in the past.
const clock = new ManualClock(new Date(Date.now() + 60_000));

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => t.close());

/** An entry on a UTC day from an hour for so many hours: ['2026-10-05T13:00:00.000Z', '…T21:00…']. */
function span(day: string, fromHourUtc: number, hours: number): [string, string] {
  const start = new Date(`${day}T00:00:00.000Z`).getTime() + fromHourUtc * 3_600_000;
  return [new Date(start).toISOString(), new Date(start + hours * 3_600_000).toISOString()];
}

async function weekTotals(token: string, employeeId: string, startDate: string, endDate: string) {
  const res = await client(t.app).get(BASE, { token, query: { employeeId, startDate, endDate, pageSize: 100 } });
  expect(res.status).toBe(200);
  const items = res.body.data.items as Array<{ totalHours: number; regularHours: number; overtimeHours: number }>;
  const sum = (key: 'totalHours' | 'regularHours' | 'overtimeHours') => Math.round(items.reduce((acc, e) => acc + e[key] * 100, 0)) / 100;
  return { count: items.length, total: sum('totalHours'), regular: sum('regularHours'), overtime: sum('overtimeHours') };
}

// America/New_York, EDT (UTC-4): 09:00 local is 13:00Z. The week is Sun 2026-10-04 .. Sat 2026-10-10.
const WEEKDAYS = ['2026-10-05', '2026-10-06', '2026-10-07', '2026-10-08', '2026-10-09'];
const SATURDAY = '2026-10-10';

describe('POST, PUT, DELETE /api/v1/admin/time-entries: weekly overtime', () => {
  it('puts the hours beyond 40 of a full week on the Saturday entry, then reallocates after a shortened and a deleted day', async () => {
    const { token, employee } = await adminTenant(t, { timezone: 'America/New_York', overtimeThreshold: 40 });
    const ids: string[] = [];
    for (const day of WEEKDAYS) {
      const created = await postEntry(t, token, employee.id, ...span(day, 13, 8));
      expect([created.totalHours, created.regularHours, created.overtimeHours]).toEqual([8, 8, 0]);
      ids.push(created.id);
    }
    const saturday = await postEntry(t, token, employee.id, ...span(SATURDAY, 13, 5));
    expect([saturday.totalHours, saturday.regularHours, saturday.overtimeHours]).toEqual([5, 0, 5]);
    expect(await weekTotals(token, employee.id, '2026-10-04', '2026-10-10')).toEqual({ count: 6, total: 45, regular: 40, overtime: 5 });

    // Tuesday shortened to 5 hours: 37 regular before Saturday, so Saturday is 3 regular + 2 overtime.
    const [tueIn] = span(WEEKDAYS[1]!, 13, 5);
    const shortened = await client(t.app).put(`${BASE}/${ids[1]}`, { clockOut: span(WEEKDAYS[1]!, 13, 5)[1] }, { token });
    expect(shortened.status).toBe(200);
    expect(shortened.body.data.clockIn).toBe(tueIn);
    expect([shortened.body.data.totalHours, shortened.body.data.regularHours, shortened.body.data.overtimeHours]).toEqual([5, 5, 0]);
    expect(await hoursOf(t, token, ids[0]!)).toEqual([8, 8, 0]);
    expect(await hoursOf(t, token, ids[2]!)).toEqual([8, 8, 0]);
    expect(await hoursOf(t, token, ids[3]!)).toEqual([8, 8, 0]);
    expect(await hoursOf(t, token, ids[4]!)).toEqual([8, 8, 0]);
    expect(await hoursOf(t, token, saturday.id)).toEqual([5, 3, 2]);
    expect(await weekTotals(token, employee.id, '2026-10-04', '2026-10-10')).toEqual({ count: 6, total: 42, regular: 40, overtime: 2 });

    // Wednesday deleted: 29 regular hours before Saturday, so Saturday has no overtime left.
    const deleted = await client(t.app).delete(`${BASE}/${ids[2]}`, { token });
    expect(deleted.status).toBe(200);
    expect(await hoursOf(t, token, saturday.id)).toEqual([5, 5, 0]);
    expect(await hoursOf(t, token, ids[4]!)).toEqual([8, 8, 0]);
    expect(await weekTotals(token, employee.id, '2026-10-04', '2026-10-10')).toEqual({ count: 5, total: 34, regular: 34, overtime: 0 });
  });

  it('allocates by clockIn, not by the order the entries were entered', async () => {
    const { token, employee } = await adminTenant(t, { timezone: 'America/New_York', overtimeThreshold: 40 });
    // Saturday first: alone in its week, it is all regular until the weekdays arrive.
    const saturday = await postEntry(t, token, employee.id, ...span(SATURDAY, 13, 5));
    expect([saturday.totalHours, saturday.regularHours, saturday.overtimeHours]).toEqual([5, 5, 0]);
    const ids: string[] = [];
    for (const day of [...WEEKDAYS].reverse()) ids.push((await postEntry(t, token, employee.id, ...span(day, 13, 8))).id);
    expect(await hoursOf(t, token, saturday.id)).toEqual([5, 0, 5]);
    // Friday, entered first among the weekdays, was briefly past the threshold; now it is regular.
    for (const id of ids) expect(await hoursOf(t, token, id)).toEqual([8, 8, 0]);
  });

  it('allocates a week whose entries are created concurrently as if they came one by one', async () => {
    const { token, employee } = await adminTenant(t, { timezone: 'America/New_York', overtimeThreshold: 40 });
    const created = await Promise.all([...WEEKDAYS, SATURDAY].map((day) => postEntry(t, token, employee.id, ...span(day, 13, day === SATURDAY ? 5 : 8))));
    const saturday = created[created.length - 1];
    expect(await hoursOf(t, token, saturday.id)).toEqual([5, 0, 5]);
    for (const entry of created.slice(0, -1)) expect(await hoursOf(t, token, entry.id)).toEqual([8, 8, 0]);
    expect(await weekTotals(token, employee.id, '2026-10-04', '2026-10-10')).toEqual({ count: 6, total: 45, regular: 40, overtime: 5 });
  });

  it('lets only one of two concurrent overlapping creates through (400 Overlapping time entry for the other)', async () => {
    const { token, employee } = await adminTenant(t);
    const results = await Promise.all([
      client(t.app).post(BASE, { employeeId: employee.id, clockIn: '2026-10-05T13:00:00.000Z', clockOut: '2026-10-05T21:00:00.000Z' }, { token }),
      client(t.app).post(BASE, { employeeId: employee.id, clockIn: '2026-10-05T15:00:00.000Z', clockOut: '2026-10-05T23:00:00.000Z' }, { token }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.status === 400)!.body.error).toBe('Overlapping time entry');
  });

  it('splits the entry that crosses the threshold and deducts breaks first', async () => {
    const { token, employee } = await adminTenant(t, { timezone: 'America/New_York', overtimeThreshold: 10 });
    const monday = await postEntry(t, token, employee.id, ...span(WEEKDAYS[0]!, 13, 8), { breakMinutes: 30 });
    expect([monday.totalHours, monday.regularHours, monday.overtimeHours]).toEqual([7.5, 7.5, 0]);
    const tuesday = await postEntry(t, token, employee.id, ...span(WEEKDAYS[1]!, 13, 4), { breakMinutes: 20 });
    // 3 h 40 min worked: 2.5 h reach the threshold, 1 h 10 min is overtime.
    expect([tuesday.totalHours, tuesday.regularHours, tuesday.overtimeHours]).toEqual([3.67, 2.5, 1.17]);
  });

  it('stamps updatedAt of the entries a change reallocates with the service clock', async () => {
    const { token, employee } = await adminTenant(t, { timezone: 'America/New_York', overtimeThreshold: 8 });
    const tuesday = await postEntry(t, token, employee.id, ...span(WEEKDAYS[1]!, 13, 8));
    expect(tuesday.createdAt).toBe(clock.now().toISOString());
    expect(tuesday.updatedAt).toBe(clock.now().toISOString());
    clock.advance(3_600_000);
    const monday = await postEntry(t, token, employee.id, ...span(WEEKDAYS[0]!, 13, 8));
    const moved = await getEntry(t, token, tuesday.id);
    expect([moved.totalHours, moved.regularHours, moved.overtimeHours]).toEqual([8, 0, 8]);
    expect(moved.updatedAt).toBe(clock.now().toISOString());
    expect(moved.createdAt).toBe(tuesday.createdAt);
    expect(monday.updatedAt).toBe(clock.now().toISOString());
  });

  it('makes every hour overtime at threshold 0', async () => {
    const { token, employee } = await adminTenant(t, { timezone: 'America/New_York', overtimeThreshold: 0 });
    const monday = await postEntry(t, token, employee.id, ...span(WEEKDAYS[0]!, 13, 8));
    const tuesday = await postEntry(t, token, employee.id, ...span(WEEKDAYS[1]!, 13, 4), { breakMinutes: 30 });
    expect([monday.totalHours, monday.regularHours, monday.overtimeHours]).toEqual([8, 0, 8]);
    expect([tuesday.totalHours, tuesday.regularHours, tuesday.overtimeHours]).toEqual([3.5, 0, 3.5]);
    expect(await hoursOf(t, token, monday.id)).toEqual([8, 0, 8]);
  });

  it('puts a Los Angeles entry clocking in Saturday 23:30 local (Sunday 07:30 UTC) in the earlier week', async () => {
    const { token, employee } = await adminTenant(t, { timezone: 'America/Los_Angeles', overtimeThreshold: 40 });
    // PST (UTC-8): the week is Sun 2026-01-04 .. Sat 2026-01-10; 09:00 local is 17:00Z.
    for (const day of ['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09']) {
      await postEntry(t, token, employee.id, ...span(day, 17, 8));
    }
    const lateSaturday = await postEntry(t, token, employee.id, '2026-01-11T07:30:00.000Z', '2026-01-11T09:30:00.000Z');
    expect([lateSaturday.totalHours, lateSaturday.regularHours, lateSaturday.overtimeHours]).toEqual([2, 0, 2]);
    // Sunday 08:00 local starts the next week: regular again.
    const sunday = await postEntry(t, token, employee.id, '2026-01-11T16:00:00.000Z', '2026-01-11T20:00:00.000Z');
    expect([sunday.totalHours, sunday.regularHours, sunday.overtimeHours]).toEqual([4, 4, 0]);
    expect(await hoursOf(t, token, lateSaturday.id)).toEqual([2, 0, 2]);

    // The list reads date-only bounds as local days: Saturday's entry is in 2026-01-10, not 2026-01-11.
    const saturdayList = await client(t.app).get(BASE, { token, query: { startDate: '2026-01-10', endDate: '2026-01-10' } });
    expect(saturdayList.body.data.items.map((e: { id: string }) => e.id)).toEqual([lateSaturday.id]);
    const sundayList = await client(t.app).get(BASE, { token, query: { startDate: '2026-01-11', endDate: '2026-01-11' } });
    expect(sundayList.body.data.items.map((e: { id: string }) => e.id)).toEqual([sunday.id]);
  });

  it('counts real elapsed time across the spring-forward and fall-back Sundays and starts the week at local midnight', async () => {
    const { token, employee } = await adminTenant(t, { timezone: 'America/New_York', overtimeThreshold: 5 });
    // Saturday 2026-03-07 18:00-23:00 EST: 5 h, the whole threshold of the week ending that night.
    const saturday = await postEntry(t, token, employee.id, '2026-03-07T23:00:00.000Z', '2026-03-08T04:00:00.000Z');
    expect([saturday.totalHours, saturday.regularHours, saturday.overtimeHours]).toEqual([5, 5, 0]);
    // Sunday 2026-03-08 00:30 EST to 04:30 EDT: 4 wall-clock hours, 3 real ones, in a new week.
    const springSunday = await postEntry(t, token, employee.id, '2026-03-08T05:30:00.000Z', '2026-03-08T08:30:00.000Z');
    expect([springSunday.totalHours, springSunday.regularHours, springSunday.overtimeHours]).toEqual([3, 3, 0]);
    // Monday of the same (167-hour) week: 2 regular hours remain, then overtime.
    const monday = await postEntry(t, token, employee.id, '2026-03-09T13:00:00.000Z', '2026-03-09T17:00:00.000Z');
    expect([monday.totalHours, monday.regularHours, monday.overtimeHours]).toEqual([4, 2, 2]);

    // Sunday 2026-11-01 00:00 EDT to 03:00 EST: 3 wall-clock hours, 4 real ones.
    const fallSunday = await postEntry(t, token, employee.id, '2026-11-01T04:00:00.000Z', '2026-11-01T08:00:00.000Z');
    expect([fallSunday.totalHours, fallSunday.regularHours, fallSunday.overtimeHours]).toEqual([4, 4, 0]);
    // Saturday 2026-11-07 23:00 EST (Sunday 04:00Z) still belongs to the 169-hour week of 2026-11-01.
    const lateSaturday = await postEntry(t, token, employee.id, '2026-11-08T04:00:00.000Z', '2026-11-08T06:00:00.000Z');
    expect([lateSaturday.totalHours, lateSaturday.regularHours, lateSaturday.overtimeHours]).toEqual([2, 1, 1]);
  });

  it('reallocates both weeks when an entry moves to another week, and links it to the new week’s pay period', async () => {
    const { token, employee, company } = await adminTenant(t, { timezone: 'America/New_York', overtimeThreshold: 10 });
    const week1 = await createPayPeriod(t.db, {
      companyId: company.id,
      startDate: new Date('2026-10-04T04:00:00.000Z'),
      endDate: new Date('2026-10-11T03:59:59.999Z'),
    });
    const week2 = await createPayPeriod(t.db, {
      companyId: company.id,
      startDate: new Date('2026-10-11T04:00:00.000Z'),
      endDate: new Date('2026-10-18T03:59:59.999Z'),
    });
    const a = await postEntry(t, token, employee.id, ...span('2026-10-05', 13, 8));
    const b = await postEntry(t, token, employee.id, ...span('2026-10-06', 13, 8));
    const c = await postEntry(t, token, employee.id, ...span('2026-10-12', 13, 8));
    const d = await postEntry(t, token, employee.id, ...span('2026-10-13', 13, 8));
    expect(a.payPeriodId).toBe(week1.id);
    expect(c.payPeriodId).toBe(week2.id);
    expect(await hoursOf(t, token, b.id)).toEqual([8, 2, 6]);
    expect(await hoursOf(t, token, d.id)).toEqual([8, 2, 6]);

    // A moves from Monday of week 1 to Wednesday of week 2.
    const [wedIn, wedOut] = span('2026-10-14', 13, 8);
    const moved = await client(t.app).put(`${BASE}/${a.id}`, { clockIn: wedIn, clockOut: wedOut }, { token });
    expect(moved.status).toBe(200);
    expect(moved.body.data.payPeriodId).toBe(week2.id);
    expect(moved.body.data.payPeriod.id).toBe(week2.id);
    expect([moved.body.data.totalHours, moved.body.data.regularHours, moved.body.data.overtimeHours]).toEqual([8, 0, 8]);
    // Week 1 lost 8 hours: B is all regular now. Week 2 gained them after C and D.
    expect(await hoursOf(t, token, b.id)).toEqual([8, 8, 0]);
    expect(await hoursOf(t, token, c.id)).toEqual([8, 8, 0]);
    expect(await hoursOf(t, token, d.id)).toEqual([8, 2, 6]);

    // Moved to a day no pay period covers: linked to none.
    const [lateIn, lateOut] = span('2026-10-20', 13, 2);
    const unlinked = await client(t.app).put(`${BASE}/${a.id}`, { clockIn: lateIn, clockOut: lateOut }, { token });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.data.payPeriodId).toBeNull();
    expect(unlinked.body.data.payPeriod).toBeNull();
    expect([unlinked.body.data.totalHours, unlinked.body.data.regularHours, unlinked.body.data.overtimeHours]).toEqual([2, 2, 0]);
    expect(await hoursOf(t, token, d.id)).toEqual([8, 2, 6]);
  });
});
