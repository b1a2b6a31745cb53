// POST /api/v1/employee/timesheet/entry with `occurredAt`: offline punches. The window
// (24 h behind, 2 min ahead), the locked-period, overlap and clock-order refusals (each
// changing nothing), the recorded times, the audit row, and a replay storm of one punch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs, timeEntries } from '../../src/db/schema.ts';
import { ManualClock } from '../../src/clock.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createPayPeriod, createTimeEntry } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';
import { ENTRY, employeeTenant } from '../timesheet/fixtures.ts';

const NOW = new Date('2026-03-04T15:00:00.000Z');
const HOUR = 3_600_000;
const clock = new ManualClock(NOW);
let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  api = client(t.app);
});
afterAll(async () => t.close());

const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const entriesOf = (employeeId: string) => t.db.select().from(timeEntries).where(eq(timeEntries.employeeId, employeeId));

describe('POST /employee/timesheet/entry with occurredAt', () => {
  it('clocks in and out at the punched times, records when each punch arrived, and audits occurredAt', async () => {
    const { employee, company, token } = await employeeTenant(t.db, t.tokens);
    const period = await createPayPeriod(t.db, { companyId: company.id, startDate: new Date('2026-03-01T00:00:00Z'), endDate: new Date('2026-03-14T23:59:59.999Z') });
    const inRes = await api.post(ENTRY, { action: 'clock_in', occurredAt: '2026-03-04T01:00:00-05:00' }, { token });
    expect(inRes.status).toBe(200);
    expect(inRes.body.data.timeEntry).toMatchObject({
      clockIn: '2026-03-04T06:00:00.000Z',
      clockInRecordedAt: NOW.toISOString(),
      clockOutRecordedAt: null,
      payPeriodId: period.id,
    });
    const outRes = await api.post(ENTRY, { action: 'clock_out', occurredAt: '2026-03-04T14:30:00Z', breakMinutes: 30 }, { token });
    expect(outRes.status).toBe(200);
    expect(outRes.body.data.timeEntry).toMatchObject({ clockOut: '2026-03-04T14:30:00.000Z', clockOutRecordedAt: NOW.toISOString(), totalHours: 8 });
    expect(outRes.body.data.summary.totalHours).toBe(8);

    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, inRes.body.data.timeEntry.id)).orderBy(auditLogs.createdAt);
    expect(audit.map((row) => row.action).sort()).toEqual(['time_entry.clock_in', 'time_entry.clock_out']);
    const clockInAudit = audit.find((row) => row.action === 'time_entry.clock_in')!;
    expect(clockInAudit.details).toMatchObject({ occurredAt: '2026-03-04T06:00:00.000Z', recordedAt: NOW.toISOString(), offline: true });
    expect(clockInAudit.actorId).toBe(employee.id);
  });

  it('a live punch records its own time as the arrival time, without an audit row', async () => {
    const { token } = await employeeTenant(t.db, t.tokens);
    const res = await api.post(ENTRY, { action: 'clock_in' }, { token });
    expect(res.status).toBe(200);
    expect(res.body.data.timeEntry.clockInRecordedAt).toBe(res.body.data.timeEntry.clockIn);
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, res.body.data.timeEntry.id));
    expect(audit).toHaveLength(0);
  });

  it.each([
    ['more than 2 minutes ahead', new Date(NOW.getTime() + 2 * 60_000 + 1).toISOString()],
    ['more than 24 hours behind', ago(24 * HOUR + 1)],
    ['without an offset', '2026-03-04T09:00:00'],
    ['not a date', 'soon'],
    ['an impossible date', '2026-02-30T09:00:00Z'],
  ])('refuses occurredAt %s with 400 Invalid time entry data naming occurredAt, creating nothing', async (_, occurredAt) => {
    const { employee, token } = await employeeTenant(t.db, t.tokens);
    const res = await api.post(ENTRY, { action: 'clock_in', occurredAt }, { token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'Invalid time entry data', message: expect.stringContaining('occurredAt') });
    expect(await entriesOf(employee.id)).toHaveLength(0);
  });

  it('accepts exactly 2 minutes ahead and exactly 24 hours behind', async () => {
    const a = await employeeTenant(t.db, t.tokens);
    expect((await api.post(ENTRY, { action: 'clock_in', occurredAt: new Date(NOW.getTime() + 120_000).toISOString() }, { token: a.token })).status).toBe(200);
    const b = await employeeTenant(t.db, t.tokens);
    expect((await api.post(ENTRY, { action: 'clock_in', occurredAt: ago(24 * HOUR) }, { token: b.token })).status).toBe(200);
  });

  it('refuses a clock in inside a locked pay period with 400 Pay period locked', async () => {
    const { employee, company, token } = await employeeTenant(t.db, t.tokens);
    await createPayPeriod(t.db, { companyId: company.id, startDate: new Date('2026-02-22T00:00:00Z'), endDate: new Date('2026-03-03T23:59:59.999Z'), locked: true });
    const res = await api.post(ENTRY, { action: 'clock_in', occurredAt: ago(20 * HOUR) }, { token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Pay period locked');
    expect(await entriesOf(employee.id)).toHaveLength(0);
    expect(await t.db.select().from(auditLogs).where(and(eq(auditLogs.actorId, employee.id), eq(auditLogs.action, 'time_entry.clock_in')))).toHaveLength(0);
  });

  it('refuses a clock in inside another entry with 400 Overlapping time entry', async () => {
    const { employee, company, token } = await employeeTenant(t.db, t.tokens);
    await createTimeEntry(t.db, { employeeId: employee.id, companyId: company.id, clockIn: new Date(NOW.getTime() - 10 * HOUR), clockOut: new Date(NOW.getTime() - 2 * HOUR), workedSeconds: 8 * 3600, totalHours: 8, regularHours: 8, overtimeHours: 0 });
    const res = await api.post(ENTRY, { action: 'clock_in', occurredAt: ago(5 * HOUR) }, { token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Overlapping time entry');
    expect(await entriesOf(employee.id)).toHaveLength(1);
  });

  it('refuses a second clock in with 400 Already clocked in and the open entry', async () => {
    const { token } = await employeeTenant(t.db, t.tokens);
    const first = await api.post(ENTRY, { action: 'clock_in', occurredAt: ago(3 * HOUR) }, { token });
    const second = await api.post(ENTRY, { action: 'clock_in', occurredAt: ago(HOUR) }, { token });
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({ error: 'Already clocked in', data: { openTimeEntry: { id: first.body.data.timeEntry.id } } });
  });

  it('refuses a clock out at or before the clock in, or without room for the break, changing nothing', async () => {
    const { employee, token } = await employeeTenant(t.db, t.tokens);
    await api.post(ENTRY, { action: 'clock_in', occurredAt: ago(2 * HOUR) }, { token });
    for (const body of [
      { action: 'clock_out', occurredAt: ago(3 * HOUR) },
      { action: 'clock_out', occurredAt: ago(2 * HOUR) },
      { action: 'clock_out', occurredAt: ago(HOUR), breakMinutes: 61 },
    ]) {
      const res = await api.post(ENTRY, body, { token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('Invalid time entry data');
    }
    const [entry] = await entriesOf(employee.id);
    expect(entry!.clockOut).toBeNull();
    expect(entry!.clockOutRecordedAt).toBeNull();
  });

  it('applies a punch replayed 20 times at once with one Idempotency-Key exactly once', async () => {
    const { employee, token } = await employeeTenant(t.db, t.tokens);
    const body = { action: 'clock_in', occurredAt: ago(30 * 60_000), clockInDevice: 'phone-offline' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api.post(ENTRY, body, { token, headers: { 'idempotency-key': 'punch-7f3a' } })),
    );
    const entries = await entriesOf(employee.id);
    expect(entries).toHaveLength(1);
    for (const answer of answers) {
      // The first answer again, or "still running" while the first has not committed.
      expect([200, 409]).toContain(answer.status);
      if (answer.status === 200) expect(answer.body.data.timeEntry.id).toBe(entries[0]!.id);
      else expect(answer.body.error).toBe('Request in progress');
    }
    const retry = await api.post(ENTRY, body, { token, headers: { 'idempotency-key': 'punch-7f3a' } });
    expect(retry.status).toBe(200);
    expect(retry.body.data.timeEntry.id).toBe(entries[0]!.id);
    expect(await t.db.select().from(auditLogs).where(and(eq(auditLogs.actorId, employee.id), eq(auditLogs.action, 'time_entry.clock_in')))).toHaveLength(1);
  });
});
