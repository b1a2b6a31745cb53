// Queries of the pay-period export: the period with the company's QuickBooks settings and the
// organization's time rules, its entries, and the export stamp. Nothing else.
import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { bookkeeperOrgs, companies, employees, payPeriods, timeEntries } from '../../db/schema.ts';

export interface ExportPeriodRow {
  id: string;
  companyId: string;
  bookkeeperOrgId: string;
  startDate: Date;
  endDate: Date;
  companyName: string;
  qbCompanyName: string | null;
  qbCompanyCreateTime: string | null;
  qbRegularPayrollItem: string;
  qbOvertimePayrollItem: string;
  timezone: string;
  overtimeMultiplier: number;
}

/**
 * The period and what the files need of its company and organization, row-locked until the
 * transaction ends so that two exports of one period stamp it one after the other.
 */
export async function lockPeriodForExport(tx: Db, id: string): Promise<ExportPeriodRow | undefined> {
  const [row] = await tx
    .select({
      id: payPeriods.id,
      companyId: payPeriods.companyId,
      bookkeeperOrgId: companies.bookkeeperOrgId,
      startDate: payPeriods.startDate,
      endDate: payPeriods.endDate,
      companyName: companies.name,
      qbCompanyName: companies.qbCompanyName,
      qbCompanyCreateTime: companies.qbCompanyCreateTime,
      qbRegularPayrollItem: companies.qbRegularPayrollItem,
      qbOvertimePayrollItem: companies.qbOvertimePayrollItem,
      timezone: bookkeeperOrgs.timezone,
      overtimeMultiplier: bookkeeperOrgs.overtimeMultiplier,
    })
    .from(payPeriods)
    .innerJoin(companies, eq(companies.id, payPeriods.companyId))
    .innerJoin(bookkeeperOrgs, eq(bookkeeperOrgs.id, companies.bookkeeperOrgId))
    .where(eq(payPeriods.id, id))
    .for('update', { of: payPeriods });
  return row;
}

/** Entries of the period still clocked in (their hours are not known yet). */
export async function countOpenEntries(tx: Db, payPeriodId: string): Promise<number> {
  const [row] = await tx
    .select({ open: count() })
    .from(timeEntries)
    .where(and(eq(timeEntries.payPeriodId, payPeriodId), isNull(timeEntries.clockOut)));
  return Number(row?.open ?? 0);
}

export interface ExportEntryRow {
  id: string;
  clockIn: Date;
  clockOut: Date;
  breakMinutes: number;
  totalHours: number;
  regularHours: number;
  overtimeHours: number;
  jobCode: string | null;
  taskCode: string | null;
  notes: string | null;
  status: string;
  employee: {
    id: string;
    firstName: string;
    lastName: string;
    employeeNumber: string | null;
    payRate: number;
    qbName: string | null;
  };
}

/** The period's closed entries with their employees, by employee name then clockIn. */
export async function listClosedEntries(tx: Db, payPeriodId: string): Promise<ExportEntryRow[]> {
  const rows = await tx
    .select({
      id: timeEntries.id,
      clockIn: timeEntries.clockIn,
      clockOut: timeEntries.clockOut,
      breakMinutes: timeEntries.breakMinutes,
      totalHours: timeEntries.totalHours,
      regularHours: timeEntries.regularHours,
      overtimeHours: timeEntries.overtimeHours,
      jobCode: timeEntries.jobCode,
      taskCode: timeEntries.taskCode,
      notes: timeEntries.notes,
      status: timeEntries.status,
      employee: {
        id: employees.id,
        firstName: employees.firstName,
        lastName: employees.lastName,
        employeeNumber: employees.employeeNumber,
        payRate: employees.payRate,
        qbName: employees.qbName,
      },
    })
    .from(timeEntries)
    .innerJoin(employees, eq(employees.id, timeEntries.employeeId))
    .where(and(eq(timeEntries.payPeriodId, payPeriodId), isNotNull(timeEntries.clockOut)))
    .orderBy(asc(employees.lastName), asc(employees.firstName), asc(employees.id), asc(timeEntries.clockIn), asc(timeEntries.id));
  // A closed entry always has its hours (allocation runs in the transaction that closes it);
  // null would only be a half-written row, counted as 0 like an open entry (docs/time-rules.md §10).
  return rows.map((row) => ({
    ...row,
    clockOut: row.clockOut!,
    totalHours: row.totalHours ?? 0,
    regularHours: row.regularHours ?? 0,
    overtimeHours: row.overtimeHours ?? 0,
  }));
}

export async function stampExport(
  tx: Db,
  id: string,
  stamp: { exportedBy: string; exportedAt: Date; iifFilename?: string },
): Promise<void> {
  await tx
    .update(payPeriods)
    .set({ ...stamp, updatedAt: stamp.exportedAt })
    .where(eq(payPeriods.id, id));
}
