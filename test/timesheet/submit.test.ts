// POST /api/v1/employee/timesheet/submit: the documented checks in their order (docs/time-rules.md §14), then the
// PENDING -> APPROVED change and the period -> SUBMITTED, in one transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs, employees, payPeriods, timeEntries } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createCompany, createEmployee, createPayPeriod, createTimeEntry } from '../helpers/factories.ts';
import { client, employeeToken } from '../helpers/http.ts';
import { SUBMIT, employeeTenant } from './fixtures.ts';

const HOUR = 3_600_000;
let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app);
});
afterAll(async () => t.close());

const START = new Date('2026-02-01T05:00:00.000Z');
const END = new Date('2026-02-15T04:59:59.999Z');

async function tenantWithPeriod(values: Partial<typeof payPeriods.$inferInsert> = {}) {
  const tenant = await employeeTenant(t.db, t.tokens);
  const period = await createPayPeriod(t.db, { companyId: tenant.company.id, startDate: START, endDate: END, ...values });
  return { ...tenant, period };
}

async function closedEntry(employeeId: string, companyId: string, payPeriodId: string, clockIn: string, hours: number, extra: Partial<typeof timeEntries.$inferInsert> = {}) {
  const start = new Date(clockIn);
  return createTimeEntry(t.db, {
    employeeId,
    companyId,
    payPeriodId,
    clockIn: start,
    clockOut: new Date(start.getTime() + hours * HOUR),
    workedSeconds: hours * 3600,
    totalHours: hours,
    regularHours: Math.min(hours, 8),
    overtimeHours: Math.max(0, hours - 8),
    ...extra,
  });
}

describe('POST /api/v1/employee/timesheet/submit', () => {
  it('submits with 200: PENDING entries become APPROVED, the period SUBMITTED, with counts and totals', async () => {
    const { company, employee, period, token } = await tenantWithPeriod();
    await closedEntry(employee.id, company.id, period.id, '2026-02-02T14:00:00Z', 8);
    await closedEntry(employee.id, company.id, period.id, '2026-02-03T14:00:00Z', 9.5);
    await closedEntry(employee.id, company.id, period.id, '2026-02-04T14:00:00Z', 2, { status: 'APPROVED', approved: true });
    // Another employee's entry in the same period is not touched.
    const other = await createEmployee(t.db, { companyId: company.id });
    const othersEntry = await closedEntry(other.id, company.id, period.id, '2026-02-02T14:00:00Z', 3);

    const res = await api.post(SUBMIT, { payPeriodId: period.id }, { token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.message).toBe('Timesheet submitted successfully');
    expect(res.body.data.timeEntriesCount).toBe(3);
    expect(res.body.data.totals).toEqual({ totalHours: 19.5, regularHours: 18, overtimeHours: 1.5 });
    expect(res.body.data.payPeriod).toMatchObject({
      id: period.id,
      companyId: company.id,
      periodType: 'WEEKLY',
      status: 'SUBMITTED',
      locked: false,
      startDate: '2026-02-01T05:00:00.000Z',
      endDate: '2026-02-15T04:59:59.999Z',
      payDate: null,
      company: { id: company.id, name: company.name },
    });

    const mine = await t.db.select().from(timeEntries).where(eq(timeEntries.employeeId, employee.id));
    expect(mine.every((e) => e.status === 'APPROVED' && e.approved)).toBe(true);
    const [theirs] = await t.db.select().from(timeEntries).where(eq(timeEntries.id, othersEntry.id));
    expect(theirs).toMatchObject({ status: 'PENDING', approved: false });
    const audit = await t.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'pay_period.submit'), eq(auditLogs.entityId, period.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorType: 'employee', actorId: employee.id, entityType: 'pay_period' });
  });

  it('answers 404 Pay period not found for an unknown id and for a non-UUID', async () => {
    const { token } = await employeeTenant(t.db, t.tokens);
    for (const payPeriodId of ['6b0f7c1e-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await api.post(SUBMIT, { payPeriodId }, { token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'Pay period not found' });
    }
  });

  it("answers 403 Access denied for another company's period, even a locked one", async () => {
    const { token } = await employeeTenant(t.db, t.tokens);
    const other = await tenantWithPeriod({ locked: true, status: 'SUBMITTED' });
    const res = await api.post(SUBMIT, { payPeriodId: other.period.id }, { token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, error: 'Access denied' });
    // Same organization, another company: still another company's period.
    const sibling = await createCompany(t.db, { bookkeeperOrgId: other.org.id });
    const siblingEmployee = await createEmployee(t.db, { companyId: sibling.id });
    const res2 = await api.post(SUBMIT, { payPeriodId: other.period.id }, { token: await employeeToken(t.tokens, siblingEmployee) });
    expect(res2.status).toBe(403);
  });

  it('answers 400 Pay period locked before Already submitted', async () => {
    const { token, period } = await tenantWithPeriod({ locked: true, status: 'SUBMITTED' });
    const res = await api.post(SUBMIT, { payPeriodId: period.id }, { token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'Pay period locked' });
  });

  it('answers 400 Already submitted for SUBMITTED, APPROVED, PAID and CLOSED, before Open time entries', async () => {
    for (const status of ['SUBMITTED', 'APPROVED', 'PAID', 'CLOSED'] as const) {
      const { company, employee, period, token } = await tenantWithPeriod({ status });
      await createTimeEntry(t.db, { employeeId: employee.id, companyId: company.id, payPeriodId: period.id, clockIn: new Date('2026-02-02T14:00:00Z') });
      const res = await api.post(SUBMIT, { payPeriodId: period.id }, { token });
      expect(res.status, status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'Already submitted' });
    }
  });

  it('answers 400 Open time entries with data.openEntries, before No time entries', async () => {
    const { company, employee, period, token } = await tenantWithPeriod();
    await closedEntry(employee.id, company.id, period.id, '2026-02-02T14:00:00Z', 8);
    const open = await createTimeEntry(t.db, { employeeId: employee.id, companyId: company.id, payPeriodId: period.id, clockIn: new Date('2026-02-05T14:00:00Z') });
    const res = await api.post(SUBMIT, { payPeriodId: period.id }, { token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'Open time entries' });
    expect(res.body.data).toEqual({ openEntries: [{ id: open.id, clockIn: '2026-02-05T14:00:00.000Z' }] });
    const [unchanged] = await t.db.select().from(payPeriods).where(eq(payPeriods.id, period.id));
    expect(unchanged!.status).toBe('OPEN');
  });

  it('answers 400 No time entries when the employee has none in the period', async () => {
    const { company, period, token } = await tenantWithPeriod();
    // A colleague's entry does not count.
    const colleague = await createEmployee(t.db, { companyId: company.id });
    await closedEntry(colleague.id, company.id, period.id, '2026-02-02T14:00:00Z', 8);
    const res = await api.post(SUBMIT, { payPeriodId: period.id }, { token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'No time entries' });
  });

  it('answers a second submit with 400 Already submitted', async () => {
    const { company, employee, period, token } = await tenantWithPeriod();
    await closedEntry(employee.id, company.id, period.id, '2026-02-02T14:00:00Z', 8);
    expect((await api.post(SUBMIT, { payPeriodId: period.id }, { token })).status).toBe(200);
    const again = await api.post(SUBMIT, { payPeriodId: period.id }, { token });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('Already submitted');
  });

  it('lets one of two concurrent submits of a period win; the other answers Already submitted', async () => {
    const { company, employee, period, token } = await tenantWithPeriod();
    await closedEntry(employee.id, company.id, period.id, '2026-02-02T14:00:00Z', 8);
    const colleague = await createEmployee(t.db, { companyId: company.id });
    await closedEntry(colleague.id, company.id, period.id, '2026-02-03T14:00:00Z', 8);
    const results = await Promise.all([
      api.post(SUBMIT, { payPeriodId: period.id }, { token }),
      api.post(SUBMIT, { payPeriodId: period.id }, { token: await employeeToken(t.tokens, colleague) }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body.error).toBe('Already submitted');
    const entries = await t.db.select().from(timeEntries).where(eq(timeEntries.payPeriodId, period.id));
    expect(entries.filter((e) => e.status === 'APPROVED')).toHaveLength(1);
    expect(entries.every((e) => (e.status === 'APPROVED') === e.approved)).toBe(true);
  });

  it('rejects a body without payPeriodId with 400 Validation failed', async () => {
    const { token } = await employeeTenant(t.db, t.tokens);
    for (const body of [{}, { payPeriodId: 7 }, { payPeriodId: '' }]) {
      const res = await api.post(SUBMIT, body, { token });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'Validation failed', message: expect.stringContaining('payPeriodId') });
    }
  });

  it('answers 401 without a token and 404 Employee not found or inactive for a deactivated employee', async () => {
    expect((await api.post(SUBMIT, { payPeriodId: 'x' })).status).toBe(401);
    const { employee, period, token } = await tenantWithPeriod();
    await t.db.update(employees).set({ active: false }).where(eq(employees.id, employee.id));
    const res = await api.post(SUBMIT, { payPeriodId: period.id }, { token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: 'Employee not found or inactive' });
  });
});
