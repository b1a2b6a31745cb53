// GET, PUT and DELETE /api/v1/admin/pay-periods/{id} (docs/api.md §15, §9; docs/time-rules.md §10).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { payPeriods } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createEmployee, createOrg, createAdmin, createPayPeriod, createTimeEntry } from '../helpers/factories.ts';
import { adminToken } from '../helpers/http.ts';
import { auditRows, createWorld, freshCompany, URL, type World } from './fixtures.ts';
import { expectPayPeriod, expectPayPeriodDetail, STATUSES } from './shapes.ts';

let t: TestApp;
let w: World;
// Starts at the real now (tokens are minted with it) and only moves forward.
const clock = new ManualClock(new Date());

beforeAll(async () => {
  t = await createTestApp({ clock });
  w = await createWorld(t);
});
afterAll(async () => t.close());

const HOUR = 3_600_000;

/** A week of a fresh company of organization A (or `orgId`), made by the factory. */
async function periodOf(orgId = w.orgA.id, values: Record<string, unknown> = {}) {
  const { company, employee } = await freshCompany(t.db, orgId);
  const period = await createPayPeriod(t.db, {
    companyId: company.id,
    startDate: new Date('2026-04-05T04:00:00.000Z'),
    endDate: new Date('2026-04-12T03:59:59.999Z'),
    ...values,
  });
  return { company, employee, period };
}

function entryAt(employee: { id: string; companyId: string }, payPeriodId: string, clockIn: string, hours: [number, number, number] | null) {
  const start = new Date(clockIn);
  return createTimeEntry(t.db, {
    employeeId: employee.id,
    companyId: employee.companyId,
    payPeriodId,
    clockIn: start,
    clockOut: hours === null ? null : new Date(start.getTime() + 9 * HOUR),
    workedSeconds: hours === null ? null : Math.round(hours[0] * 3600),
    totalHours: hours?.[0] ?? null,
    regularHours: hours?.[1] ?? null,
    overtimeHours: hours?.[2] ?? null,
  });
}

describe('GET /api/v1/admin/pay-periods/{id}', () => {
  it('returns the period with company, entries by clockIn with trimmed employees, and hand-computed totals', async () => {
    const { company, employee: ann, period } = await periodOf();
    const bob = await createEmployee(t.db, { companyId: company.id, firstName: 'Bob', lastName: 'Baker', employeeNumber: null });
    // Inserted out of order on purpose; the response is ordered by clockIn.
    const e3 = await entryAt(bob, period.id, '2026-04-07T13:00:00.000Z', [0.1, 0.1, 0]);
    const e1 = await entryAt(ann, period.id, '2026-04-06T13:00:00.000Z', [8.25, 8.25, 0]);
    const e2 = await entryAt(ann, period.id, '2026-04-07T13:00:00.000Z', [10.5, 9.75, 0.75]);
    const e4 = await entryAt(bob, period.id, '2026-04-08T13:00:00.000Z', [0.2, 0, 0.2]);
    const open = await entryAt(bob, period.id, '2026-04-09T13:00:00.000Z', null);

    const res = await w.api.get(`${URL}/${period.id}`, { token: w.tokenA });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const data = res.body.data;
    expectPayPeriodDetail(data);
    expect(data.company).toEqual({ id: company.id, name: company.name, bookkeeperOrgId: w.orgA.id });
    expect(data.timeEntries.map((entry: any) => entry.id)).toEqual([e1.id, e2.id < e3.id ? e2.id : e3.id, e2.id < e3.id ? e3.id : e2.id, e4.id, open.id]);
    // 8.25 + 10.5 + 0.1 + 0.2 (the open entry counts 0); 8.25 + 9.75 + 0.1 + 0; 0 + 0.75 + 0 + 0.2.
    expect(data.totals).toEqual({ totalHours: 19.05, regularHours: 18.1, overtimeHours: 0.95 });

    const first = data.timeEntries[0];
    expect(first).toMatchObject({ totalHours: 8.25, regularHours: 8.25, overtimeHours: 0, breakMinutes: 0, status: 'PENDING', approved: false });
    expect(first.employee).toEqual({ id: ann.id, firstName: ann.firstName, lastName: ann.lastName, employeeNumber: ann.employeeNumber });
    const last = data.timeEntries[4];
    expect(last).toMatchObject({ clockOut: null, totalHours: null, regularHours: null, overtimeHours: null });
    expect(last.employee).toEqual({ id: bob.id, firstName: 'Bob', lastName: 'Baker', employeeNumber: null });
  });

  it('returns an empty period with no entries and zero totals', async () => {
    const { period } = await periodOf();
    const res = await w.api.get(`${URL}/${period.id}`, { token: w.tokenA });
    expect(res.status).toBe(200);
    expectPayPeriodDetail(res.body.data);
    expect(res.body.data.timeEntries).toEqual([]);
    expect(res.body.data.totals).toEqual({ totalHours: 0, regularHours: 0, overtimeHours: 0 });
  });

  it('answers 404 Pay period not found for an unknown or non-UUID id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await w.api.get(`${URL}/${id}`, { token: w.tokenA });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'Pay period not found' });
    }
  });

  it('answers 403 Access denied for another organization’s period; a SUPER_ADMIN may read it', async () => {
    const { period } = await periodOf(w.orgB.id);
    const denied = await w.api.get(`${URL}/${period.id}`, { token: w.tokenA });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ success: false, error: 'Access denied' });
    const allowed = await w.api.get(`${URL}/${period.id}`, { token: w.superToken });
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.id).toBe(period.id);
  });
});

describe('PUT /api/v1/admin/pay-periods/{id}', () => {
  it('sets each of the five statuses, in any order', async () => {
    const { period } = await periodOf();
    for (const status of [...STATUSES].reverse().concat('OPEN')) {
      const res = await w.api.put(`${URL}/${period.id}`, { status }, { token: w.tokenA });
      expect(res.status, status).toBe(200);
      expectPayPeriod(res.body.data);
      expect(res.body.data.status).toBe(status);
    }
  });

  it('locks and unlocks, and changes only the supplied fields', async () => {
    const { company, period } = await periodOf();
    const locked = await w.api.put(`${URL}/${period.id}`, { locked: true }, { token: w.tokenA });
    expect(locked.status).toBe(200);
    expect(locked.body.message).toBe('Pay period updated successfully');
    expect(locked.body.data).toMatchObject({
      id: period.id,
      locked: true,
      status: 'OPEN',
      startDate: '2026-04-05T04:00:00.000Z',
      endDate: '2026-04-12T03:59:59.999Z',
      company: { id: company.id, name: company.name },
    });
    const unlocked = await w.api.put(`${URL}/${period.id}`, { locked: false, status: 'APPROVED' }, { token: w.tokenA });
    expect(unlocked.body.data).toMatchObject({ locked: false, status: 'APPROVED' });
  });

  it('stamps exportedAt with the server’s now when exportedBy is set', async () => {
    const { period } = await periodOf();
    clock.advance(90_000);
    const stamp = clock.now().toISOString();
    const res = await w.api.put(`${URL}/${period.id}`, { exportedBy: 'ada@example.com', iifFilename: 'acme-2026-04-05.iif' }, { token: w.tokenA });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ exportedBy: 'ada@example.com', exportedAt: stamp, iifFilename: 'acme-2026-04-05.iif', updatedAt: stamp });

    clock.advance(60_000);
    const later = await w.api.put(`${URL}/${period.id}`, { locked: true }, { token: w.tokenA });
    expect(later.body.data.exportedAt).toBe(stamp); // only exportedBy stamps it
    const again = await w.api.put(`${URL}/${period.id}`, { exportedBy: 'bob@example.com' }, { token: w.tokenA });
    expect(again.body.data).toMatchObject({ exportedBy: 'bob@example.com', exportedAt: clock.now().toISOString() });
  });

  it('sets payDate in the organization time zone and clears it with null', async () => {
    const tokyo = await createOrg(t.db, { timezone: 'Asia/Tokyo' });
    const admin = await createAdmin(t.db, { bookkeeperOrgId: tokyo.id });
    const token = await adminToken(t.tokens, admin);
    const { period } = await periodOf(tokyo.id);
    const set = await w.api.put(`${URL}/${period.id}`, { payDate: '2026-04-15' }, { token });
    expect(set.status).toBe(200);
    expect(set.body.data.payDate).toBe('2026-04-14T15:00:00.000Z');
    const cleared = await w.api.put(`${URL}/${period.id}`, { payDate: null }, { token });
    expect(cleared.body.data.payDate).toBeNull();
  });

  it('ignores fields the endpoint does not list (startDate, companyId, createdAt)', async () => {
    const { period } = await periodOf();
    const other = await freshCompany(t.db, w.orgA.id);
    const res = await w.api.put(
      `${URL}/${period.id}`,
      { startDate: '2020-01-01', companyId: other.company.id, createdAt: '2020-01-01T00:00:00.000Z', iifFilename: 'x.iif' },
      { token: w.tokenA },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ startDate: '2026-04-05T04:00:00.000Z', companyId: period.companyId, iifFilename: 'x.iif' });
    expect(res.body.data.createdAt).toBe(period.createdAt.toISOString());
  });

  it('audit-logs pay_period.update with before and after', async () => {
    const { period } = await periodOf();
    const res = await w.api.put(`${URL}/${period.id}`, { status: 'PAID', locked: true }, { token: w.tokenA });
    expect(res.status).toBe(200);
    const [row] = await auditRows(t.db, 'pay_period.update', period.id);
    expect(row).toMatchObject({ actorId: w.adminA.id, bookkeeperOrgId: w.orgA.id, entityType: 'pay_period' });
    const details = row!.details as any;
    expect(details.before).toMatchObject({ status: 'OPEN', locked: false });
    expect(details.after).toMatchObject({ status: 'PAID', locked: true });
  });

  it.each([
    ['an unknown status', { status: 'DONE' }, /^status: must be one of OPEN, SUBMITTED, APPROVED, PAID, CLOSED$/],
    ['a string for locked', { locked: 'true' }, /^locked: must be a boolean$/],
    ['an impossible payDate', { payDate: '2026-02-30' }, /^payDate: must be a valid date$/],
    ['an empty exportedBy', { exportedBy: '   ' }, /^exportedBy: must not be empty$/],
    ['a number for iifFilename', { iifFilename: 7 }, /^iifFilename: must be a string$/],
  ])('rejects %s with 400 Validation failed', async (_name, body, message) => {
    const { period } = await periodOf();
    const res = await w.api.put(`${URL}/${period.id}`, body, { token: w.tokenA });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Validation failed');
    expect(res.body.message).toMatch(message);
  });

  it('answers 404 for an unknown or non-UUID id and 403 for another organization’s period', async () => {
    for (const id of [randomUUID(), '123']) {
      const res = await w.api.put(`${URL}/${id}`, { status: 'PAID' }, { token: w.tokenA });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'Pay period not found' });
    }
    const { period } = await periodOf(w.orgB.id);
    const denied = await w.api.put(`${URL}/${period.id}`, { status: 'PAID', payDate: '2026-02-30' }, { token: w.tokenA });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ success: false, error: 'Access denied' });
    const [row] = await t.db.select().from(payPeriods).where(eq(payPeriods.id, period.id));
    expect(row!.status).toBe('OPEN');
  });
});

describe('DELETE /api/v1/admin/pay-periods/{id}', () => {
  it('deletes a period without entries permanently and audit-logs it', async () => {
    const { period } = await periodOf();
    const res = await w.api.delete(`${URL}/${period.id}`, { token: w.tokenA });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Pay period deleted successfully' });
    expect(await t.db.select().from(payPeriods).where(eq(payPeriods.id, period.id))).toEqual([]);
    expect((await w.api.get(`${URL}/${period.id}`, { token: w.tokenA })).status).toBe(404);
    expect((await w.api.delete(`${URL}/${period.id}`, { token: w.tokenA })).status).toBe(404);
    const [row] = await auditRows(t.db, 'pay_period.delete', period.id);
    expect((row!.details as any).before.id).toBe(period.id);
  });

  it('refuses a period with any time entry with 400 Cannot delete pay period', async () => {
    const { employee, period } = await periodOf();
    await entryAt(employee, period.id, '2026-04-06T13:00:00.000Z', null);
    const res = await w.api.delete(`${URL}/${period.id}`, { token: w.tokenA });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Cannot delete pay period');
    expect(await t.db.select().from(payPeriods).where(eq(payPeriods.id, period.id))).toHaveLength(1);
  });

  it('answers 403 for another organization’s period, even one with entries', async () => {
    const { employee, period } = await periodOf(w.orgB.id);
    const empty = await periodOf(w.orgB.id, { startDate: new Date('2026-06-01T04:00:00.000Z'), endDate: new Date('2026-06-02T03:59:59.999Z') });
    await entryAt(employee, period.id, '2026-04-06T13:00:00.000Z', [8, 8, 0]);
    for (const id of [period.id, empty.period.id]) {
      const res = await w.api.delete(`${URL}/${id}`, { token: w.tokenA });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, error: 'Access denied' });
    }
    expect(await t.db.select().from(payPeriods).where(eq(payPeriods.id, empty.period.id))).toHaveLength(1);
  });

  it('answers 404 Pay period not found for an unknown or non-UUID id', async () => {
    for (const id of [randomUUID(), 'x']) {
      const res = await w.api.delete(`${URL}/${id}`, { token: w.tokenA });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'Pay period not found' });
    }
  });

  it('answers 401 without a token and 403 to an employee token on every {id} route', async () => {
    const { period } = await periodOf();
    for (const call of [
      (o: object) => w.api.get(`${URL}/${period.id}`, o),
      (o: object) => w.api.put(`${URL}/${period.id}`, { locked: true }, o),
      (o: object) => w.api.delete(`${URL}/${period.id}`, o),
    ]) {
      expect((await call({})).status).toBe(401);
      const res = await call({ token: w.employeeTokenB });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Access denied. Required role: admin');
    }
  });
});
