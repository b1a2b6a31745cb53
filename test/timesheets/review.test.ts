// The per-employee timesheet review: the employee's list, get-one and submit; the admin's
// review list, get-one, approve and reject. Each refusal answers its label and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ManualClock } from '../../src/clock.ts';
import { employees, payPeriods, timeEntries } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createCompany, createPayPeriod, createTimeEntry } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';
import { SUBMIT } from '../timesheet/fixtures.ts';
import { closedEntry, HOUR, ownUrl, reviewState, reviewTenant, reviewUrl, timesheetAudits, worker } from './support.ts';

const NOW = new Date('2026-02-20T15:00:00.000Z');
const clock = new ManualClock(NOW);
let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  api = client(t.app);
});
afterAll(async () => t.close());

/** A tenant with one HOURLY employee ($25.50/h, multiplier 1.5) who worked 44 h (4 h overtime). */
async function submittable() {
  const tenant = await reviewTenant(t);
  const { employee, token } = await worker(t, tenant.company.id, { firstName: 'Ann', lastName: 'Able', payRate: 25.5 });
  const owner = { employeeId: employee.id, companyId: tenant.company.id, payPeriodId: tenant.period.id };
  await closedEntry(t, owner, '2026-02-02T14:00:00Z', 8);
  await closedEntry(t, owner, '2026-02-03T14:00:00Z', 36, { regular: 32 });
  return { ...tenant, employee, token, owner };
}

describe('GET /api/v1/employee/timesheets', () => {
  it('lists one timesheet per pay period of the company, newest first, NOT_SUBMITTED without a submission', async () => {
    const { company, period, employee, token } = await submittable();
    const older = await createPayPeriod(t.db, { companyId: company.id, startDate: new Date('2026-01-18T05:00:00Z'), endDate: new Date('2026-01-31T23:59:59Z') });
    const res = await api.get(ownUrl(), { token, query: { pageSize: 1 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 2, page: 1, pageSize: 1, totalPages: 2 });
    expect(res.body.data.items).toHaveLength(1);
    const [first] = res.body.data.items;
    expect(first).toMatchObject({
      payPeriod: { id: period.id, locked: false, status: 'OPEN' },
      employee: { id: employee.id, firstName: 'Ann', lastName: 'Able', payType: 'HOURLY', payRate: 25.5 },
      status: 'NOT_SUBMITTED',
      submittedAt: null,
      decidedAt: null,
      decidedBy: null,
      rejectionReason: null,
      totals: { totalHours: 44, regularHours: 40, overtimeHours: 4, entries: 2, openEntries: 0 },
      // 40 × 25.50 = 1020.00; 4 × 25.50 × 1.5 = 153.00
      pay: { regular: 1020, overtime: 153, total: 1173 },
      flags: ['LONG_SHIFT'],
    });
    const second = await api.get(ownUrl(), { token, query: { page: 2, pageSize: 1 } });
    expect(second.body.data.items[0]).toMatchObject({ payPeriod: { id: older.id }, status: 'NOT_SUBMITTED', totals: { entries: 0 }, flags: [] });
  });
});

describe('GET /api/v1/employee/timesheets/{payPeriodId}', () => {
  it('answers the record with its entries oldest first', async () => {
    const { period, token } = await submittable();
    const res = await api.get(ownUrl(period.id), { token });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('NOT_SUBMITTED');
    expect(res.body.data.timeEntries.map((e: any) => e.clockIn)).toEqual(['2026-02-02T14:00:00.000Z', '2026-02-03T14:00:00.000Z']);
  });

  it('answers 404 Pay period not found for unknown and non-UUID ids, 403 for another company', async () => {
    const { token } = await submittable();
    const other = await reviewTenant(t);
    expect((await api.get(ownUrl('9b2f3c1e-0000-4000-8000-000000000000'), { token })).body.error).toBe('Pay period not found');
    expect((await api.get(ownUrl('not-a-uuid'), { token })).status).toBe(404);
    const denied = await api.get(ownUrl(other.period.id), { token });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('Access denied');
  });
});

describe('POST /api/v1/employee/timesheets/{payPeriodId}/submit', () => {
  it('submits: SUBMITTED with submittedAt, entries and the pay period unchanged, audited with before/after', async () => {
    const { period, employee, token } = await submittable();
    const res = await api.post(ownUrl(period.id, true), undefined, { token });
    expect(res.status).toBe(200);
    expect(res.body.data.timesheet).toMatchObject({ status: 'SUBMITTED', submittedAt: NOW.toISOString(), payPeriod: { status: 'OPEN' } });
    const state = await reviewState(t, period.id, employee.id);
    expect(state.entries.every((e) => e.status === 'PENDING' && !e.approved)).toBe(true);
    const [audit] = await timesheetAudits(t, state.timesheet!.id);
    expect(audit).toMatchObject({
      action: 'timesheet.submit',
      actorType: 'employee',
      actorId: employee.id,
      entityType: 'timesheet',
      details: { payPeriodId: period.id, before: { status: 'NOT_SUBMITTED' }, after: { status: 'SUBMITTED' }, reason: null },
    });
  });

  it.each([
    ['a locked period', 'Pay period locked'],
    ['a submitted timesheet', 'Already submitted'],
    ['an open entry', 'Open time entries'],
    ['no entries', 'No time entries'],
  ])('refuses %s with 400 %s, changing nothing', async (situation, label) => {
    const tenant = await reviewTenant(t);
    const { employee, token } = await worker(t, tenant.company.id);
    const owner = { employeeId: employee.id, companyId: tenant.company.id, payPeriodId: tenant.period.id };
    if (situation !== 'no entries') await closedEntry(t, owner, '2026-02-02T14:00:00Z', 8);
    if (situation === 'a locked period') await t.db.update(payPeriods).set({ locked: true }).where(eq(payPeriods.id, tenant.period.id));
    if (situation === 'a submitted timesheet') expect((await api.post(ownUrl(tenant.period.id, true), undefined, { token })).status).toBe(200);
    let open: { id: string } | undefined;
    if (situation === 'an open entry') open = await createTimeEntry(t.db, { ...owner, clockIn: new Date('2026-02-10T14:00:00Z') });
    const before = await reviewState(t, tenant.period.id, employee.id);
    const res = await api.post(ownUrl(tenant.period.id, true), undefined, { token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(label);
    if (open) expect(res.body.data.openEntries).toEqual([{ id: open.id, clockIn: '2026-02-10T14:00:00.000Z' }]);
    expect(await reviewState(t, tenant.period.id, employee.id)).toEqual(before);
  });

  it('answers 404 Employee not found or inactive for a deactivated employee, 404/403 for other periods', async () => {
    const { period, employee, token } = await submittable();
    const other = await reviewTenant(t);
    expect((await api.post(ownUrl('nope', true), undefined, { token })).body.error).toBe('Pay period not found');
    expect((await api.post(ownUrl(other.period.id, true), undefined, { token })).status).toBe(403);
    await t.db.update(employees).set({ active: false }).where(eq(employees.id, employee.id));
    const res = await api.post(ownUrl(period.id, true), undefined, { token });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Employee not found or inactive');
  });

  it('a rejected timesheet may be submitted again, which clears the reason', async () => {
    const { period, employee, token, adminToken } = await submittable();
    await api.post(ownUrl(period.id, true), undefined, { token });
    await api.post(reviewUrl(period.id, employee.id, 'reject'), { reason: 'Fix Tuesday' }, { token: adminToken });
    const res = await api.post(ownUrl(period.id, true), undefined, { token });
    expect(res.status).toBe(200);
    expect(res.body.data.timesheet).toMatchObject({ status: 'SUBMITTED', rejectionReason: null });
  });
});

describe("the company-wide POST /api/v1/employee/timesheet/submit", () => {
  it("also marks the employee's own timesheet SUBMITTED, audited", async () => {
    const { period, employee, token } = await submittable();
    const res = await api.post(SUBMIT, { payPeriodId: period.id }, { token });
    expect(res.status).toBe(200);
    expect(res.body.data.payPeriod.status).toBe('SUBMITTED');
    const own = await api.get(ownUrl(period.id), { token });
    expect(own.body.data).toMatchObject({ status: 'SUBMITTED', submittedAt: NOW.toISOString() });
    const state = await reviewState(t, period.id, employee.id);
    expect((await timesheetAudits(t, state.timesheet!.id)).map((a) => a.action)).toEqual(['timesheet.submit']);
  });
});

describe('GET /api/v1/admin/pay-periods/{id}/timesheets', () => {
  it('lists active employees and those with entries by name, with counts and totals (pay over HOURLY only)', async () => {
    const tenant = await reviewTenant(t, {}, { overtimeMultiplier: 2 });
    const zed = await worker(t, tenant.company.id, { firstName: 'Zed', lastName: 'Baker', payRate: 20 });
    const amy = await worker(t, tenant.company.id, { firstName: 'Amy', lastName: 'Baker', payRate: 10.01 });
    const sal = await worker(t, tenant.company.id, { firstName: 'Sal', lastName: 'Aaron', payType: 'SALARY', payRate: 1000 });
    const gone = await worker(t, tenant.company.id, { firstName: 'Gus', lastName: 'Gone', active: false });
    const goneWithEntries = await worker(t, tenant.company.id, { firstName: 'Ira', lastName: 'Left', active: false, payRate: 30 });
    const own = (employeeId: string) => ({ employeeId, companyId: tenant.company.id, payPeriodId: tenant.period.id });
    await closedEntry(t, own(zed.employee.id), '2026-02-02T14:00:00Z', 10, { regular: 9.5 });
    await closedEntry(t, own(amy.employee.id), '2026-02-02T14:00:00Z', 0.33, { regular: 0.32 });
    await closedEntry(t, own(sal.employee.id), '2026-02-02T14:00:00Z', 8);
    await closedEntry(t, own(goneWithEntries.employee.id), '2026-02-02T14:00:00Z', 1);
    await api.post(ownUrl(tenant.period.id, true), undefined, { token: zed.token });

    const res = await api.get(reviewUrl(tenant.period.id), { token: tenant.adminToken });
    expect(res.status).toBe(200);
    const names = res.body.data.timesheets.map((ts: any) => `${ts.employee.firstName} ${ts.employee.lastName}`);
    expect(names).toEqual(['Sal Aaron', 'Amy Baker', 'Zed Baker', 'Ira Left']);
    expect(names).not.toContain(`${gone.employee.firstName} ${gone.employee.lastName}`);
    expect(res.body.data.counts).toEqual({ NOT_SUBMITTED: 3, SUBMITTED: 1, APPROVED: 0, REJECTED: 0 });
    const byName = Object.fromEntries(res.body.data.timesheets.map((ts: any) => [ts.employee.firstName, ts]));
    expect(byName.Sal.pay).toBeNull();
    // 9.5 × 20 = 190; 0.5 × 20 × 2 = 20
    expect(byName.Zed.pay).toEqual({ regular: 190, overtime: 20, total: 210 });
    // 0.32 × 10.01 = 3.2032 → 3.20; 0.01 × 10.01 × 2 = 0.2002 → 0.20
    expect(byName.Amy.pay).toEqual({ regular: 3.2, overtime: 0.2, total: 3.4 });
    expect(res.body.data.totals).toEqual({
      totalHours: 19.33,
      regularHours: 18.82,
      overtimeHours: 0.51,
      entries: 4,
      openEntries: 0,
      pay: { regular: 223.2, overtime: 20.2, total: 243.4 },
    });
  });

  it('answers 403 for another organization and 404 for unknown or non-UUID periods', async () => {
    const mine = await reviewTenant(t);
    const theirs = await reviewTenant(t);
    expect((await api.get(reviewUrl(theirs.period.id), { token: mine.adminToken })).status).toBe(403);
    const unknown = await api.get(reviewUrl('7c9e6679-7425-40de-944b-e07fc1f90ae7'), { token: mine.adminToken });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Pay period not found');
    expect((await api.get(reviewUrl('1%27%20or%201=1'), { token: mine.adminToken })).body.error).toBe('Pay period not found');
  });
});

describe('flags', () => {
  it('shows OPEN_ENTRY, LONG_SHIFT (a closed 12 h 1 s shift, or open over 12 h), OFFLINE_PUNCH and EDITED, in that order', async () => {
    const tenant = await reviewTenant(t, { endDate: new Date('2026-02-28T04:59:59.999Z') });
    const own = (employeeId: string) => ({ employeeId, companyId: tenant.company.id, payPeriodId: tenant.period.id });
    const exactly12 = await worker(t, tenant.company.id, { lastName: 'F1' });
    await closedEntry(t, own(exactly12.employee.id), '2026-02-02T14:00:00Z', 12);
    const over12 = await worker(t, tenant.company.id, { lastName: 'F2' });
    await createTimeEntry(t.db, { ...own(over12.employee.id), clockIn: new Date('2026-02-02T14:00:00Z'), clockOut: new Date('2026-02-03T02:00:01Z'), workedSeconds: 43_201, totalHours: 12, regularHours: 12, overtimeHours: 0 });
    const openLong = await worker(t, tenant.company.id, { lastName: 'F3' });
    await createTimeEntry(t.db, { ...own(openLong.employee.id), clockIn: new Date(NOW.getTime() - 12 * HOUR - 1000), clockInRecordedAt: new Date(NOW.getTime() - 12 * HOUR - 1000) });
    const openShort = await worker(t, tenant.company.id, { lastName: 'F4' });
    await createTimeEntry(t.db, { ...own(openShort.employee.id), clockIn: new Date(NOW.getTime() - HOUR), clockInRecordedAt: new Date(NOW.getTime() - HOUR) });
    const offline = await worker(t, tenant.company.id, { lastName: 'F5' });
    await closedEntry(t, own(offline.employee.id), '2026-02-02T14:00:00Z', 8, { extra: { clockOutRecordedAt: new Date('2026-02-02T22:02:01Z') } });
    const online = await worker(t, tenant.company.id, { lastName: 'F6' });
    await closedEntry(t, own(online.employee.id), '2026-02-02T14:00:00Z', 8, { extra: { clockInRecordedAt: new Date('2026-02-02T14:02:00Z') } });
    const edited = await worker(t, tenant.company.id, { lastName: 'F7' });
    const created = await api.post(
      '/api/v1/admin/time-entries',
      { employeeId: edited.employee.id, clockIn: '2026-02-02T14:00:00Z', clockOut: '2026-02-02T20:00:00Z' },
      { token: tenant.adminToken },
    );
    expect(created.status).toBe(201);
    const changed = await worker(t, tenant.company.id, { lastName: 'F8' });
    const punched = await closedEntry(t, own(changed.employee.id), '2026-02-02T14:00:00Z', 8);
    expect((await api.put(`/api/v1/admin/time-entries/${punched.id}`, { notes: 'checked' }, { token: tenant.adminToken })).status).toBe(200);

    const res = await api.get(reviewUrl(tenant.period.id), { token: tenant.adminToken });
    const flags = Object.fromEntries(res.body.data.timesheets.map((ts: any) => [ts.employee.lastName, ts.flags]));
    expect(flags).toEqual({
      F1: [],
      F2: ['LONG_SHIFT'],
      F3: ['OPEN_ENTRY', 'LONG_SHIFT'],
      F4: ['OPEN_ENTRY'],
      F5: ['OFFLINE_PUNCH'],
      F6: [],
      F7: ['EDITED'],
      F8: ['EDITED'],
    });
    // The get-one uses the same rule.
    const one = await api.get(reviewUrl(tenant.period.id, openLong.employee.id), { token: tenant.adminToken });
    expect(one.body.data.flags).toEqual(['OPEN_ENTRY', 'LONG_SHIFT']);
    expect(one.body.data.totals).toMatchObject({ entries: 1, openEntries: 1, totalHours: 0 });
  });
});

describe('GET /api/v1/admin/pay-periods/{id}/timesheets/{employeeId}', () => {
  it('answers the record with entries; 403 for another organization; 404 Employee not found for unknown, non-UUID and other companies', async () => {
    const { period, employee, adminToken, org } = await submittable();
    const res = await api.get(reviewUrl(period.id, employee.id), { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ employee: { id: employee.id }, totals: { entries: 2 } });
    expect(res.body.data.timeEntries).toHaveLength(2);
    const stranger = await reviewTenant(t);
    const denied = await api.get(reviewUrl(period.id, employee.id), { token: stranger.adminToken });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('Access denied');
    const sibling = await createCompany(t.db, { bookkeeperOrgId: org.id });
    const elsewhere = await worker(t, sibling.id);
    for (const id of [elsewhere.employee.id, 'ffffffff-ffff-4fff-8fff-ffffffffffff', 'x']) {
      const miss = await api.get(reviewUrl(period.id, id), { token: adminToken });
      expect(miss.status, id).toBe(404);
      expect(miss.body.error).toBe('Employee not found');
    }
  });
});

describe('POST /api/v1/admin/pay-periods/{id}/timesheets/{employeeId}/approve', () => {
  it('approves a submitted timesheet: entries APPROVED, decidedAt/decidedBy, audited with before/after', async () => {
    const { period, employee, token, admin, adminToken } = await submittable();
    await api.post(ownUrl(period.id, true), undefined, { token });
    const res = await api.post(reviewUrl(period.id, employee.id, 'approve'), undefined, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.data.timesheet).toMatchObject({
      status: 'APPROVED',
      decidedAt: NOW.toISOString(),
      decidedBy: { id: admin.id, firstName: 'Ada', lastName: 'Admin' },
    });
    expect(res.body.data.timesheet.timeEntries.every((e: any) => e.status === 'APPROVED' && e.approved)).toBe(true);
    const state = await reviewState(t, period.id, employee.id);
    const audits = await timesheetAudits(t, state.timesheet!.id);
    expect(audits.at(-1)).toMatchObject({
      action: 'timesheet.approve',
      actorType: 'admin',
      actorId: admin.id,
      details: { before: { status: 'SUBMITTED' }, after: { status: 'APPROVED', decidedBy: admin.id } },
    });
  });

  it('a retried approve with the same Idempotency-Key gets the first answer again, not Already approved', async () => {
    const { period, employee, adminToken } = await submittable();
    const send = () => api.post(reviewUrl(period.id, employee.id, 'approve'), undefined, { token: adminToken, headers: { 'idempotency-key': 'approve-1' } });
    const first = await send();
    const retry = await send();
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    const state = await reviewState(t, period.id, employee.id);
    expect((await timesheetAudits(t, state.timesheet!.id)).filter((a) => a.action === 'timesheet.approve')).toHaveLength(1);
  });

  it('approves straight from NOT_SUBMITTED', async () => {
    const { period, employee, adminToken } = await submittable();
    expect((await api.post(reviewUrl(period.id, employee.id, 'approve'), undefined, { token: adminToken })).body.data.timesheet.status).toBe('APPROVED');
  });

  it.each([
    ['a locked period', 'Pay period locked'],
    ['an approved timesheet', 'Already approved'],
    ['an open entry', 'Open time entries'],
    ['no entries', 'No time entries'],
  ])('refuses %s with 400 %s, changing nothing', async (situation, label) => {
    const tenant = await reviewTenant(t);
    const { employee } = await worker(t, tenant.company.id);
    const owner = { employeeId: employee.id, companyId: tenant.company.id, payPeriodId: tenant.period.id };
    if (situation !== 'no entries') await closedEntry(t, owner, '2026-02-02T14:00:00Z', 8);
    if (situation === 'an approved timesheet') await api.post(reviewUrl(tenant.period.id, employee.id, 'approve'), undefined, { token: tenant.adminToken });
    if (situation === 'an open entry') await createTimeEntry(t.db, { ...owner, clockIn: new Date('2026-02-10T14:00:00Z') });
    if (situation === 'a locked period') await t.db.update(payPeriods).set({ locked: true }).where(eq(payPeriods.id, tenant.period.id));
    const before = await reviewState(t, tenant.period.id, employee.id);
    const res = await api.post(reviewUrl(tenant.period.id, employee.id, 'approve'), undefined, { token: tenant.adminToken });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(label);
    expect(await reviewState(t, tenant.period.id, employee.id)).toEqual(before);
  });

  it('answers 403 for another organization, 404 for unknown ids and other companies, changing nothing', async () => {
    const { period, employee, adminToken } = await submittable();
    const stranger = await reviewTenant(t);
    const before = await reviewState(t, period.id, employee.id);
    const denied = await api.post(reviewUrl(period.id, employee.id, 'approve'), undefined, { token: stranger.adminToken });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('Access denied');
    const foreign = await worker(t, stranger.company.id);
    expect((await api.post(reviewUrl(period.id, foreign.employee.id, 'approve'), undefined, { token: adminToken })).body.error).toBe('Employee not found');
    expect((await api.post(reviewUrl('abc', employee.id, 'approve'), undefined, { token: adminToken })).body.error).toBe('Pay period not found');
    expect((await api.post(reviewUrl(period.id, 'abc', 'approve'), undefined, { token: adminToken })).body.error).toBe('Employee not found');
    expect(await reviewState(t, period.id, employee.id)).toEqual(before);
  });
});

describe('POST /api/v1/admin/pay-periods/{id}/timesheets/{employeeId}/reject', () => {
  it('rejects an approved timesheet with a reason: entries PENDING again, reason kept and audited', async () => {
    const { period, employee, adminToken } = await submittable();
    await api.post(reviewUrl(period.id, employee.id, 'approve'), undefined, { token: adminToken });
    const res = await api.post(reviewUrl(period.id, employee.id, 'reject'), { reason: '  Feb 3 is 36 hours  ' }, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.data.timesheet).toMatchObject({ status: 'REJECTED', rejectionReason: 'Feb 3 is 36 hours' });
    expect(res.body.data.timesheet.timeEntries.every((e: any) => e.status === 'PENDING' && !e.approved)).toBe(true);
    const state = await reviewState(t, period.id, employee.id);
    expect((await timesheetAudits(t, state.timesheet!.id)).at(-1)).toMatchObject({
      action: 'timesheet.reject',
      details: { before: { status: 'APPROVED' }, after: { status: 'REJECTED', rejectionReason: 'Feb 3 is 36 hours' }, reason: 'Feb 3 is 36 hours' },
    });
  });

  it.each([
    ['no body', undefined],
    ['no reason', {}],
    ['an empty reason', { reason: '   ' }],
    ['a reason over 2,000 characters', { reason: 'x'.repeat(2001) }],
    ['a reason that is not a string', { reason: 42 }],
  ])('answers 400 Validation failed for %s, changing nothing', async (_, body) => {
    const { period, employee, token, adminToken } = await submittable();
    await api.post(ownUrl(period.id, true), undefined, { token });
    const before = await reviewState(t, period.id, employee.id);
    const res = await api.post(reviewUrl(period.id, employee.id, 'reject'), body, { token: adminToken });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Validation failed');
    expect(await reviewState(t, period.id, employee.id)).toEqual(before);
  });

  it('answers 400 Timesheet not submitted from NOT_SUBMITTED and REJECTED, and Pay period locked, changing nothing', async () => {
    const { period, employee, token, adminToken } = await submittable();
    const url = reviewUrl(period.id, employee.id, 'reject');
    expect((await api.post(url, { reason: 'no' }, { token: adminToken })).body.error).toBe('Timesheet not submitted');
    await api.post(ownUrl(period.id, true), undefined, { token });
    expect((await api.post(url, { reason: 'first' }, { token: adminToken })).status).toBe(200);
    const before = await reviewState(t, period.id, employee.id);
    expect((await api.post(url, { reason: 'again' }, { token: adminToken })).body.error).toBe('Timesheet not submitted');
    await api.post(ownUrl(period.id, true), undefined, { token });
    await t.db.update(payPeriods).set({ locked: true }).where(eq(payPeriods.id, period.id));
    const lockedBefore = await reviewState(t, period.id, employee.id);
    expect((await api.post(url, { reason: 'late' }, { token: adminToken })).body.error).toBe('Pay period locked');
    expect(await reviewState(t, period.id, employee.id)).toEqual(lockedBefore);
    expect(before.timesheet!.rejectionReason).toBe('first');
  });

  it('answers 403 for another organization and 404 for another company', async () => {
    const { period, employee } = await submittable();
    const stranger = await reviewTenant(t);
    expect((await api.post(reviewUrl(period.id, employee.id, 'reject'), { reason: 'x' }, { token: stranger.adminToken })).status).toBe(403);
    expect((await api.post(reviewUrl(stranger.period.id, employee.id, 'reject'), { reason: 'x' }, { token: stranger.adminToken })).body.error).toBe(
      'Employee not found',
    );
  });
});

/** Whether the steps [from, to], in some order, lead from `start` to `end`. */
function chains(steps: ReadonlyArray<readonly [string, string]>, start: string, end: string): boolean {
  if (steps.length === 0) return start === end;
  return steps.some(([from, to], i) => from === start && chains([...steps.slice(0, i), ...steps.slice(i + 1)], to, end));
}

describe('racing decisions', () => {
  it('two admins approving at once: one 200, one 400 Already approved, one audit row', async () => {
    const { period, employee, token, adminToken, admin } = await submittable();
    await api.post(ownUrl(period.id, true), undefined, { token });
    const second = await (await import('../helpers/factories.ts')).createAdmin(t.db, { bookkeeperOrgId: admin.bookkeeperOrgId });
    const secondToken = await (await import('../helpers/http.ts')).adminToken(t.tokens, second);
    const answers = await Promise.all([adminToken, secondToken].map((tk) => api.post(reviewUrl(period.id, employee.id, 'approve'), undefined, { token: tk })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.body.error).toBe('Already approved');
    const state = await reviewState(t, period.id, employee.id);
    expect((await timesheetAudits(t, state.timesheet!.id)).filter((a) => a.action === 'timesheet.approve')).toHaveLength(1);
  });

  it('a submit racing a reject, and an approve racing a reject: the audit trail replays to the final state', async () => {
    for (let round = 0; round < 3; round++) {
      const { period, employee, token, adminToken } = await submittable();
      await api.post(ownUrl(period.id, true), undefined, { token });
      const answers = await Promise.all([
        api.post(reviewUrl(period.id, employee.id, 'reject'), { reason: 'redo' }, { token: adminToken }),
        api.post(ownUrl(period.id, true), undefined, { token }),
        api.post(reviewUrl(period.id, employee.id, 'approve'), undefined, { token: adminToken }),
      ]);
      for (const answer of answers) expect([200, 400]).toContain(answer.status);
      const state = await reviewState(t, period.id, employee.id);
      const audits = await timesheetAudits(t, state.timesheet!.id);
      // Every applied change is one audit row, and some order of them (createdAt is each
      // transaction's start, not its commit) runs from NOT_SUBMITTED to the final state,
      // each starting from the state the previous one left.
      expect(audits).toHaveLength(1 + answers.filter((a) => a.status === 200).length);
      const steps = audits.map((a) => [(a.details as any).before.status, (a.details as any).after.status] as const);
      expect(chains(steps, 'NOT_SUBMITTED', state.timesheet!.status)).toBe(true);
      // The entries agree with the final state.
      const approved = state.timesheet!.status === 'APPROVED';
      const rows = await t.db.select().from(timeEntries).where(eq(timeEntries.employeeId, employee.id));
      expect(rows.every((e) => e.approved === approved)).toBe(true);
    }
  });
});
