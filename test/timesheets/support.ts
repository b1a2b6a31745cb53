// Shared set-up of the timesheet review tests: a company with a two-week pay period, an admin
// and employees with tokens, closed entries written straight to the database (their hours as
// the allocation would store them), and readers of the state a refusal must leave unchanged.
import { and, eq } from 'drizzle-orm';
import { auditLogs, employeeTimesheets, timeEntries, type employees, type payPeriods } from '../../src/db/schema.ts';
import type { TestApp } from '../helpers/app.ts';
import { createAdmin, createCompany, createEmployee, createOrg, createPayPeriod, createTimeEntry } from '../helpers/factories.ts';
import { adminToken, employeeToken } from '../helpers/http.ts';

export const HOUR = 3_600_000;
export const PERIOD_START = new Date('2026-02-01T05:00:00.000Z');
export const PERIOD_END = new Date('2026-02-15T04:59:59.999Z');

export const reviewUrl = (periodId: string, employeeId?: string, action?: 'approve' | 'reject') =>
  `/api/v1/admin/pay-periods/${periodId}/timesheets${employeeId ? `/${employeeId}` : ''}${action ? `/${action}` : ''}`;
export const ownUrl = (periodId?: string, submit = false) => `/api/v1/employee/timesheets${periodId ? `/${periodId}` : ''}${submit ? '/submit' : ''}`;

export async function reviewTenant(t: TestApp, period: Partial<typeof payPeriods.$inferInsert> = {}, org: { overtimeMultiplier?: number } = {}) {
  const organization = await createOrg(t.db, org);
  const admin = await createAdmin(t.db, { bookkeeperOrgId: organization.id, firstName: 'Ada', lastName: 'Admin' });
  const company = await createCompany(t.db, { bookkeeperOrgId: organization.id });
  const payPeriod = await createPayPeriod(t.db, { companyId: company.id, startDate: PERIOD_START, endDate: PERIOD_END, periodType: 'BI_WEEKLY', ...period });
  return { org: organization, admin, company, period: payPeriod, adminToken: await adminToken(t.tokens, admin) };
}

export async function worker(t: TestApp, companyId: string, values: Partial<typeof employees.$inferInsert> = {}) {
  const employee = await createEmployee(t.db, { companyId, ...values });
  return { employee, token: await employeeToken(t.tokens, employee) };
}

/** A closed entry of `hours` (regular up to `regular`), linked to the period. */
export async function closedEntry(
  t: TestApp,
  owner: { employeeId: string; companyId: string; payPeriodId: string },
  clockIn: string,
  hours: number,
  split: { regular?: number; extra?: Partial<typeof timeEntries.$inferInsert> } = {},
) {
  const start = new Date(clockIn);
  const end = new Date(start.getTime() + hours * HOUR);
  const regular = split.regular ?? hours;
  return createTimeEntry(t.db, {
    ...owner,
    clockIn: start,
    clockOut: end,
    clockInRecordedAt: start,
    clockOutRecordedAt: end,
    workedSeconds: Math.round(hours * 3600),
    totalHours: hours,
    regularHours: regular,
    overtimeHours: Math.round((hours - regular) * 100) / 100,
    ...split.extra,
  });
}

/** What a refusal must leave as it was: the timesheet row, the entries, the audit rows. */
export async function reviewState(t: TestApp, periodId: string, employeeId: string) {
  const [timesheet] = await t.db
    .select()
    .from(employeeTimesheets)
    .where(and(eq(employeeTimesheets.payPeriodId, periodId), eq(employeeTimesheets.employeeId, employeeId)));
  const entries = await t.db
    .select({ id: timeEntries.id, status: timeEntries.status, approved: timeEntries.approved, updatedAt: timeEntries.updatedAt })
    .from(timeEntries)
    .where(eq(timeEntries.employeeId, employeeId))
    .orderBy(timeEntries.clockIn);
  const audits = timesheet ? await t.db.select({ id: auditLogs.id }).from(auditLogs).where(eq(auditLogs.entityId, timesheet.id)) : [];
  return { timesheet: timesheet ?? null, entries, audits: audits.length };
}

export async function timesheetAudits(t: TestApp, timesheetId: string) {
  return t.db.select().from(auditLogs).where(eq(auditLogs.entityId, timesheetId)).orderBy(auditLogs.createdAt);
}
