// Time-entry queries for the admin corrections (docs/time-rules.md §12). Queries only: the rules are in
// time-entries.service.ts.
import { and, count, desc, eq, gte, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { bookkeeperOrgs, companies, employees, payPeriods, timeEntries } from '../../db/schema.ts';
import type { PayPeriodSummary } from '../pay-periods/pay-periods.repository.ts';

export type TimeEntryRow = typeof timeEntries.$inferSelect;
export type TimeEntryInsert = typeof timeEntries.$inferInsert;
export type TimeEntryStatus = TimeEntryRow['status'];

export interface EmployeeSummary {
  id: string;
  firstName: string;
  lastName: string;
  employeeNumber: string | null;
}

/** An entry as the employee sees it: every column but the internal worked seconds and edit mark, with its pay period's summary. */
export type TimeEntryWithPeriod = Omit<TimeEntryRow, 'workedSeconds' | 'editedAt'> & { payPeriod: PayPeriodSummary | null };

/** An entry as the admin API returns it: also who it belongs to. */
export type TimeEntryRecord = TimeEntryWithPeriod & { employee: EmployeeSummary };

/** The organization an entry or an employee lives in, and the settings its allocation needs. */
export interface OrgSettings {
  bookkeeperOrgId: string;
  timezone: string;
  overtimeThreshold: number;
}

export interface EmployeeOwner extends OrgSettings {
  id: string;
  companyId: string;
}

export type TimeEntryOwned = TimeEntryRow & OrgSettings;

export interface OpenEntryRef {
  id: string;
  clockIn: Date;
}

const recordColumns = {
  id: timeEntries.id,
  employeeId: timeEntries.employeeId,
  companyId: timeEntries.companyId,
  payPeriodId: timeEntries.payPeriodId,
  clockIn: timeEntries.clockIn,
  clockOut: timeEntries.clockOut,
  breakMinutes: timeEntries.breakMinutes,
  totalHours: timeEntries.totalHours,
  regularHours: timeEntries.regularHours,
  overtimeHours: timeEntries.overtimeHours,
  jobCode: timeEntries.jobCode,
  taskCode: timeEntries.taskCode,
  notes: timeEntries.notes,
  clockInIp: timeEntries.clockInIp,
  clockOutIp: timeEntries.clockOutIp,
  clockInDevice: timeEntries.clockInDevice,
  clockInRecordedAt: timeEntries.clockInRecordedAt,
  clockOutRecordedAt: timeEntries.clockOutRecordedAt,
  status: timeEntries.status,
  approved: timeEntries.approved,
  createdAt: timeEntries.createdAt,
  updatedAt: timeEntries.updatedAt,
  employee: {
    id: employees.id,
    firstName: employees.firstName,
    lastName: employees.lastName,
    employeeNumber: employees.employeeNumber,
  },
  payPeriodRef: {
    id: payPeriods.id,
    startDate: payPeriods.startDate,
    endDate: payPeriods.endDate,
    status: payPeriods.status,
    locked: payPeriods.locked,
  },
};

type JoinedRow = Omit<TimeEntryRecord, 'payPeriod'> & {
  payPeriodRef: { id: string | null; startDate: Date | null; endDate: Date | null; status: string | null; locked: boolean | null } | null;
};

function toRecord(row: JoinedRow): TimeEntryRecord {
  const { payPeriodRef, ...entry } = row;
  const payPeriod =
    payPeriodRef && payPeriodRef.id
      ? {
          id: payPeriodRef.id,
          startDate: payPeriodRef.startDate!,
          endDate: payPeriodRef.endDate!,
          status: payPeriodRef.status!,
          locked: payPeriodRef.locked!,
        }
      : null;
  return { ...entry, payPeriod };
}

function selectRecords(db: Db) {
  return db
    .select(recordColumns)
    .from(timeEntries)
    .innerJoin(employees, eq(employees.id, timeEntries.employeeId))
    .leftJoin(payPeriods, eq(payPeriods.id, timeEntries.payPeriodId));
}

export async function findTimeEntryRecord(db: Db, id: string): Promise<TimeEntryRecord | undefined> {
  const [row] = await selectRecords(db).where(eq(timeEntries.id, id));
  return row ? toRecord(row as JoinedRow) : undefined;
}

/** The entry with its organization's settings: the tenant check and the allocation need both. */
export async function findTimeEntryOwned(db: Db, id: string): Promise<TimeEntryOwned | undefined> {
  const [row] = await db
    .select({
      entry: timeEntries,
      bookkeeperOrgId: companies.bookkeeperOrgId,
      timezone: bookkeeperOrgs.timezone,
      overtimeThreshold: bookkeeperOrgs.overtimeThreshold,
    })
    .from(timeEntries)
    .innerJoin(companies, eq(companies.id, timeEntries.companyId))
    .innerJoin(bookkeeperOrgs, eq(bookkeeperOrgs.id, companies.bookkeeperOrgId))
    .where(eq(timeEntries.id, id));
  if (!row) return undefined;
  return { ...row.entry, bookkeeperOrgId: row.bookkeeperOrgId, timezone: row.timezone, overtimeThreshold: Number(row.overtimeThreshold) };
}

export async function findEmployeeOwner(db: Db, id: string): Promise<EmployeeOwner | undefined> {
  const [row] = await db
    .select({
      id: employees.id,
      companyId: employees.companyId,
      bookkeeperOrgId: companies.bookkeeperOrgId,
      timezone: bookkeeperOrgs.timezone,
      overtimeThreshold: bookkeeperOrgs.overtimeThreshold,
    })
    .from(employees)
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .innerJoin(bookkeeperOrgs, eq(bookkeeperOrgs.id, companies.bookkeeperOrgId))
    .where(eq(employees.id, id));
  return row ? { ...row, overtimeThreshold: Number(row.overtimeThreshold) } : undefined;
}

/**
 * The company's pay period covering `instant` (docs/time-rules.md §5: start <= t <= end; periods of one
 * company never overlap, so there is at most one). `for share` keeps it from being locked
 * by a concurrent update until the entry written against it commits.
 */
export async function findPeriodCovering(tx: Db, companyId: string, instant: Date): Promise<{ id: string; locked: boolean } | undefined> {
  const [row] = await tx
    .select({ id: payPeriods.id, locked: payPeriods.locked })
    .from(payPeriods)
    .where(and(eq(payPeriods.companyId, companyId), lte(payPeriods.startDate, instant), gte(payPeriods.endDate, instant)))
    .orderBy(desc(payPeriods.startDate))
    .limit(1)
    .for('share');
  return row;
}

export async function findPeriodLocked(tx: Db, id: string): Promise<boolean> {
  const [row] = await tx.select({ locked: payPeriods.locked }).from(payPeriods).where(eq(payPeriods.id, id)).for('share');
  return row?.locked ?? false;
}

/** The employee's open entry (at most one: time_entries_one_open_per_employee). */
export async function findOpenEntry(db: Db, employeeId: string): Promise<OpenEntryRef | undefined> {
  const [row] = await db
    .select({ id: timeEntries.id, clockIn: timeEntries.clockIn })
    .from(timeEntries)
    .where(and(eq(timeEntries.employeeId, employeeId), sql`${timeEntries.clockOut} is null`))
    .limit(1);
  return row;
}

export async function insertTimeEntry(tx: Db, values: TimeEntryInsert): Promise<string> {
  const [row] = await tx.insert(timeEntries).values(values).returning({ id: timeEntries.id });
  return row!.id;
}

export async function updateTimeEntry(tx: Db, id: string, changes: Partial<TimeEntryInsert>): Promise<void> {
  await tx.update(timeEntries).set(changes).where(eq(timeEntries.id, id));
}

export async function deleteTimeEntry(tx: Db, id: string): Promise<void> {
  await tx.delete(timeEntries).where(eq(timeEntries.id, id));
}

export interface TimeEntryListFilter {
  /** null: no organization filter (a narrower filter below already scopes the list). */
  bookkeeperOrgId: string | null;
  employeeId: string | null;
  companyId: string | null;
  payPeriodId: string | null;
  from: Date | null;
  to: Date | null;
  status: TimeEntryStatus | null;
  /** true: only open entries (no clockOut yet); false: only closed ones; null: both. */
  open: boolean | null;
  limit: number;
  offset: number;
}

/**
 * The organization and company scopes. Open entries are reached through their employees instead,
 * by the one-open-entry index (`time_entries_one_open_per_employee`, open rows only): that costs
 * one probe per employee, where the company's clock-in index would be read over its whole history
 * (BENCHMARKS.md, "The open-entry list"). An entry's company is always its employee's (an
 * employee's company never changes), so both forms select the same rows.
 */
function scopeWhere(filter: TimeEntryListFilter): SQL[] {
  const scopes: SQL[] = [];
  if (filter.open === true) {
    if (filter.bookkeeperOrgId) {
      scopes.push(sql`${timeEntries.employeeId} in (select ${employees.id} from ${employees} join ${companies} on ${companies.id} = ${employees.companyId} where ${companies.bookkeeperOrgId} = ${filter.bookkeeperOrgId})`);
    }
    if (filter.companyId) scopes.push(sql`${timeEntries.employeeId} in (select ${employees.id} from ${employees} where ${employees.companyId} = ${filter.companyId})`);
    return scopes;
  }
  if (filter.bookkeeperOrgId) {
    scopes.push(sql`${timeEntries.companyId} in (select ${companies.id} from ${companies} where ${companies.bookkeeperOrgId} = ${filter.bookkeeperOrgId})`);
  }
  if (filter.companyId) scopes.push(eq(timeEntries.companyId, filter.companyId));
  return scopes;
}

function listWhere(filter: TimeEntryListFilter): SQL | undefined {
  return and(
    ...scopeWhere(filter),
    filter.employeeId ? eq(timeEntries.employeeId, filter.employeeId) : undefined,
    filter.payPeriodId ? eq(timeEntries.payPeriodId, filter.payPeriodId) : undefined,
    filter.from ? gte(timeEntries.clockIn, filter.from) : undefined,
    filter.to ? lte(timeEntries.clockIn, filter.to) : undefined,
    filter.status ? eq(timeEntries.status, filter.status) : undefined,
    filter.open === null ? undefined : filter.open ? isNull(timeEntries.clockOut) : isNotNull(timeEntries.clockOut),
  );
}

/** Newest clockIn first; one statement for the page, one for the total. */
export async function listTimeEntries(db: Db, filter: TimeEntryListFilter): Promise<{ rows: TimeEntryRecord[]; total: number }> {
  const where = listWhere(filter);
  const [rows, totals] = await Promise.all([
    selectRecords(db).where(where).orderBy(desc(timeEntries.clockIn), desc(timeEntries.id)).limit(filter.limit).offset(filter.offset),
    db.select({ total: count() }).from(timeEntries).where(where),
  ]);
  return { rows: rows.map((row) => toRecord(row as JoinedRow)), total: Number(totals[0]?.total ?? 0) };
}
