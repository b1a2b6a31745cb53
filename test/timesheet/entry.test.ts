// POST /api/v1/employee/timesheet/entry: clock in and clock out (docs/time-rules.md §12, §6, §7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ManualClock } from '../../src/clock.ts';
import { employees, timeEntries } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createPayPeriod, createTimeEntry } from '../helpers/factories.ts';
import { adminToken, client } from '../helpers/http.ts';
import { ENTRY, employeeTenant, expectTimeEntryShape } from './fixtures.ts';

const HOUR = 3_600_000;
let t: TestApp;
let api: ReturnType<typeof client>;
const clock = new ManualClock(new Date('2026-03-04T15:00:00.000Z'));

beforeAll(async () => {
  t = await createTestApp({ clock });
  api = client(t.app);
});
afterAll(async () => t.close());

async function openEntries(employeeId: string) {
  const rows = await t.db.select().from(timeEntries).where(eq(timeEntries.employeeId, employeeId));
  return rows.filter((row) => row.clockOut === null);
}

describe('POST /api/v1/employee/timesheet/entry (clock_in)', () => {
  it('clocks in with 200, the entry linked to the unlocked period covering now, and the message inside data', async () => {
    clock.set('2026-03-04T15:00:00.000Z');
    const { company, employee, token } = await employeeTenant(t.db, t.tokens);
    const period = await createPayPeriod(t.db, { companyId: company.id, startDate: new Date('2026-03-01T05:00:00Z'), endDate: new Date('2026-03-15T03:59:59.999Z') });
    const res = await api.post(ENTRY, { action: 'clock_in', jobCode: 'JOB-1', taskCode: 'T-9', notes: 'start', clockInIp: '10.1.2.3', clockInDevice: 'kiosk-3' }, { token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.message).toBe('Clocked in successfully');
    const entry = res.body.data.timeEntry;
    expectTimeEntryShape(entry);
    expect(entry).toMatchObject({
      employeeId: employee.id,
      companyId: company.id,
      payPeriodId: period.id,
      clockIn: '2026-03-04T15:00:00.000Z',
      clockOut: null,
      breakMinutes: 0,
      totalHours: null,
      regularHours: null,
      overtimeHours: null,
      jobCode: 'JOB-1',
      taskCode: 'T-9',
      notes: 'start',
      clockInIp: '10.1.2.3',
      clockInDevice: 'kiosk-3',
      status: 'PENDING',
      approved: false,
    });
    expect(entry.payPeriod).toEqual({ id: period.id, startDate: '2026-03-01T05:00:00.000Z', endDate: '2026-03-15T03:59:59.999Z', status: 'OPEN', locked: false });
  });

  it('records the client IP when the body has no clockInIp, and no pay period when none covers now', async () => {
    const { token } = await employeeTenant(t.db, t.tokens);
    const res = await api.post(ENTRY, { action: 'clock_in' }, { token, remoteAddress: '203.0.113.7' });
    expect(res.status).toBe(200);
    expect(res.body.data.timeEntry).toMatchObject({ clockInIp: '203.0.113.7', payPeriodId: null, payPeriod: null, jobCode: null, notes: null });
  });

  it('does not link the entry to a locked period covering now', async () => {
    const { company, token } = await employeeTenant(t.db, t.tokens);
    await createPayPeriod(t.db, { companyId: company.id, startDate: new Date('2026-03-01T00:00:00Z'), endDate: new Date('2026-03-10T00:00:00Z'), locked: true });
    const res = await api.post(ENTRY, { action: 'clock_in' }, { token });
    expect(res.status).toBe(200);
    expect(res.body.data.timeEntry.payPeriodId).toBeNull();
    expect(res.body.data.timeEntry.payPeriod).toBeNull();
  });

  it('rejects a second clock in with 400 Already clocked in and the open entry in data.openTimeEntry', async () => {
    const { employee, token } = await employeeTenant(t.db, t.tokens);
    const first = await api.post(ENTRY, { action: 'clock_in' }, { token });
    clock.advance(60_000);
    const second = await api.post(ENTRY, { action: 'clock_in' }, { token });
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({ success: false, error: 'Already clocked in' });
    expect(second.body.data).toEqual({ openTimeEntry: { id: first.body.data.timeEntry.id, clockIn: first.body.data.timeEntry.clockIn } });
    expect(await openEntries(employee.id)).toHaveLength(1);
  });

  it('rejects a clock in inside an admin-made entry that ends in the future with 400 Overlapping time entry', async () => {
    clock.set('2026-03-04T15:00:00.000Z');
    const { company, employee, token } = await employeeTenant(t.db, t.tokens);
    await createTimeEntry(t.db, { employeeId: employee.id, companyId: company.id, clockIn: new Date('2026-03-04T14:00:00Z'), clockOut: new Date('2026-03-04T18:00:00Z') });
    const res = await api.post(ENTRY, { action: 'clock_in' }, { token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'Overlapping time entry' });
    expect(await openEntries(employee.id)).toHaveLength(0);
  });
});

describe('POST /api/v1/employee/timesheet/entry (clock_out)', () => {
  it('clocks out with 200, the break deducted, hours computed, and data.summary', async () => {
    clock.set('2026-03-04T13:00:00.000Z');
    const { employee, token } = await employeeTenant(t.db, t.tokens);
    const inRes = await api.post(ENTRY, { action: 'clock_in', notes: 'morning' }, { token });
    clock.advance(8 * HOUR + 30 * 60_000);
    const res = await api.post(ENTRY, { action: 'clock_out', breakMinutes: 30, clockInIp: '198.51.100.4' }, { token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.message).toBe('Clocked out successfully');
    const entry = res.body.data.timeEntry;
    expectTimeEntryShape(entry);
    expect(entry).toMatchObject({
      id: inRes.body.data.timeEntry.id,
      employeeId: employee.id,
      clockIn: '2026-03-04T13:00:00.000Z',
      clockOut: '2026-03-04T21:30:00.000Z',
      breakMinutes: 30,
      totalHours: 8,
      regularHours: 8,
      overtimeHours: 0,
      notes: 'morning',
      clockOutIp: '198.51.100.4',
      status: 'PENDING',
    });
    expect(res.body.data.summary).toEqual({ totalHours: 8, regularHours: 8, overtimeHours: 0, breakMinutes: 30 });
    expect(await openEntries(employee.id)).toHaveLength(0);
  });

  it('replaces the notes when clock out sends them', async () => {
    const { token } = await employeeTenant(t.db, t.tokens);
    await api.post(ENTRY, { action: 'clock_in', notes: 'old' }, { token });
    clock.advance(HOUR);
    const res = await api.post(ENTRY, { action: 'clock_out', notes: 'new notes' }, { token });
    expect(res.status).toBe(200);
    expect(res.body.data.timeEntry.notes).toBe('new notes');
    expect(res.body.data.summary).toEqual({ totalHours: 1, regularHours: 1, overtimeHours: 0, breakMinutes: 0 });
  });

  it('rejects a clock out without an open entry with 400 No open time entry', async () => {
    const { token } = await employeeTenant(t.db, t.tokens);
    const res = await api.post(ENTRY, { action: 'clock_out' }, { token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'No open time entry' });
  });

  it('rejects a break longer than the elapsed time with 400 Invalid time entry data and leaves the entry open', async () => {
    const { employee, token } = await employeeTenant(t.db, t.tokens);
    await api.post(ENTRY, { action: 'clock_in' }, { token });
    clock.advance(30 * 60_000);
    const res = await api.post(ENTRY, { action: 'clock_out', breakMinutes: 31 }, { token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'Invalid time entry data' });
    const open = await openEntries(employee.id);
    expect(open).toHaveLength(1);
    expect(open[0]!.breakMinutes).toBe(0);
    const ok = await api.post(ENTRY, { action: 'clock_out', breakMinutes: 30 }, { token });
    expect(ok.status).toBe(200);
    expect(ok.body.data.summary.totalHours).toBe(0);
  });

  it('counts the hours past the weekly threshold as overtime, allocating the whole week', async () => {
    // Wednesday 2026-03-04 in New York: 36 h already worked on Sunday to Tuesday.
    const { company, employee, token } = await employeeTenant(t.db, t.tokens, { overtimeThreshold: 40 });
    for (const day of ['2026-03-01', '2026-03-02', '2026-03-03']) {
      const clockIn = new Date(`${day}T13:00:00Z`);
      await createTimeEntry(t.db, { employeeId: employee.id, companyId: company.id, clockIn, clockOut: new Date(clockIn.getTime() + 12 * HOUR) });
    }
    clock.set('2026-03-04T14:00:00.000Z');
    await api.post(ENTRY, { action: 'clock_in' }, { token });
    clock.set('2026-03-04T20:00:00.000Z');
    const res = await api.post(ENTRY, { action: 'clock_out' }, { token });
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toEqual({ totalHours: 6, regularHours: 4, overtimeHours: 2, breakMinutes: 0 });
    // The earlier entries of the week were allocated too (they had no hours before).
    const after = await t.db.select().from(timeEntries).where(eq(timeEntries.employeeId, employee.id));
    expect(after.map((row) => row.regularHours).sort()).toEqual([12, 12, 12, 4].sort());
  });

  it('makes every hour overtime at threshold 0', async () => {
    const { token } = await employeeTenant(t.db, t.tokens, { overtimeThreshold: 0 });
    clock.set('2026-03-04T14:00:00.000Z');
    await api.post(ENTRY, { action: 'clock_in' }, { token });
    clock.set('2026-03-04T16:15:00.000Z');
    const res = await api.post(ENTRY, { action: 'clock_out' }, { token });
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toEqual({ totalHours: 2.25, regularHours: 0, overtimeHours: 2.25, breakMinutes: 0 });
    expect(res.body.data.timeEntry).toMatchObject({ totalHours: 2.25, regularHours: 0, overtimeHours: 2.25 });
  });

  it('puts a Saturday-night entry of a Los Angeles organization in its local week although UTC says Sunday', async () => {
    const { company, employee, token } = await employeeTenant(t.db, t.tokens, { timezone: 'America/Los_Angeles', overtimeThreshold: 40 });
    // 39 h on Monday to Thursday, 2026-03-02..05 (PST, UTC-8).
    const spans: Array<[string, number]> = [['2026-03-02T16:00:00Z', 10], ['2026-03-03T16:00:00Z', 10], ['2026-03-04T16:00:00Z', 10], ['2026-03-05T16:00:00Z', 9]];
    for (const [start, hours] of spans) {
      await createTimeEntry(t.db, { employeeId: employee.id, companyId: company.id, clockIn: new Date(start), clockOut: new Date(new Date(start).getTime() + hours * HOUR) });
    }
    // Saturday 2026-03-07 22:00 to 23:30 local = Sunday 06:00 to 07:30 UTC.
    clock.set('2026-03-08T06:00:00.000Z');
    await api.post(ENTRY, { action: 'clock_in' }, { token });
    clock.set('2026-03-08T07:30:00.000Z');
    const saturday = await api.post(ENTRY, { action: 'clock_out' }, { token });
    expect(saturday.status).toBe(200);
    expect(saturday.body.data.summary).toEqual({ totalHours: 1.5, regularHours: 1, overtimeHours: 0.5, breakMinutes: 0 });
    // Sunday 00:15 to 01:15 local: a new week, all regular.
    clock.set('2026-03-08T08:15:00.000Z');
    await api.post(ENTRY, { action: 'clock_in' }, { token });
    clock.set('2026-03-08T09:15:00.000Z');
    const sunday = await api.post(ENTRY, { action: 'clock_out' }, { token });
    expect(sunday.body.data.summary).toEqual({ totalHours: 1, regularHours: 1, overtimeHours: 0, breakMinutes: 0 });
  });
});

describe('POST /api/v1/employee/timesheet/entry (errors)', () => {
  it('rejects an unknown action with 400 Invalid action', async () => {
    const { token } = await employeeTenant(t.db, t.tokens);
    for (const action of ['dance', 'CLOCK_IN', '']) {
      const res = await api.post(ENTRY, { action }, { token });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'Invalid action' });
    }
  });

  it('rejects malformed bodies with 400 Invalid time entry data', async () => {
    const { token } = await employeeTenant(t.db, t.tokens);
    const bodies = [{}, { action: 5 }, { action: 'clock_out', breakMinutes: -1 }, { action: 'clock_out', breakMinutes: '30' }, { action: 'clock_out', breakMinutes: 1.5 }, { action: 'clock_in', notes: 'n'.repeat(2001) }, { action: 'clock_in', jobCode: 'j'.repeat(256) }];
    for (const body of bodies) {
      const res = await api.post(ENTRY, body, { token });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'Invalid time entry data', message: expect.any(String) });
    }
  });

  it('accepts notes of 2000 characters', async () => {
    const { token } = await employeeTenant(t.db, t.tokens);
    const res = await api.post(ENTRY, { action: 'clock_in', notes: 'n'.repeat(2000) }, { token });
    expect(res.status).toBe(200);
  });

  it('answers 401 Authentication required without a token', async () => {
    const res = await api.post(ENTRY, { action: 'clock_in' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: 'Authentication required' });
  });

  it('answers 403 to an admin token', async () => {
    const { admin } = await employeeTenant(t.db, t.tokens);
    const res = await api.post(ENTRY, { action: 'clock_in' }, { token: await adminToken(t.tokens, admin) });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Access denied. Required role: employee');
  });

  it('answers 404 Employee not found or inactive for a deactivated employee', async () => {
    const { employee, token } = await employeeTenant(t.db, t.tokens);
    await t.db.update(employees).set({ active: false }).where(eq(employees.id, employee.id));
    const res = await api.post(ENTRY, { action: 'clock_in' }, { token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: 'Employee not found or inactive' });
  });
});
