// Pay-period queries. Lists carry `_count.timeEntries` as a correlated count in the same
// statement (one probe of time_entries_pay_period_idx per row of the page), the get-one reads
// its entries joined to their employees in one statement, and the overlap rule is left to the
// `pay_periods_no_overlap` exclusion constraint (docs/time-rules.md §5): nothing here reads before a write.
import { and, asc, count, desc, eq, gte, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/open.ts';
import { bookkeeperOrgs, companies, payPeriods, timeEntries } from '../../db/schema.ts';
import type { PayPeriodStatus } from '../../domain/enums.ts';

export type PayPeriodRow = typeof payPeriods.$inferSelect;
export type PayPeriodInsert = typeof payPeriods.$inferInsert;

export interface CompanyRef {
  id: string;
  name: string;
}
export type PayPeriodWithCompany = PayPeriodRow & { company: CompanyRef };
export type PayPeriodListItem = PayPeriodWithCompany & { _count: { timeEntries: number } };
export type PayPeriodDetailRow = PayPeriodRow & { company: CompanyRef & { bookkeeperOrgId: string } };

/** What a time entry shows of its pay period. */
export interface PayPeriodSummary {
  id: string;
  startDate: Date;
  endDate: Date;
  status: string;
  locked: boolean;
}

/** A pay period locked for a write, with what the tenant check and the date rules need. */
export interface LockedPayPeriod {
  period: PayPeriodRow;
  company: CompanyRef;
  bookkeeperOrgId: string;
  timezone: string;
}

const periodColumns = {
  id: payPeriods.id,
  companyId: payPeriods.companyId,
  periodType: payPeriods.periodType,
  startDate: payPeriods.startDate,
  endDate: payPeriods.endDate,
  payDate: payPeriods.payDate,
  status: payPeriods.status,
  locked: payPeriods.locked,
  exportedBy: payPeriods.exportedBy,
  exportedAt: payPeriods.exportedAt,
  iifFilename: payPeriods.iifFilename,
  createdAt: payPeriods.createdAt,
  updatedAt: payPeriods.updatedAt,
};

const timeEntryCount = sql<number>`(select count(*)::int from time_entries te where te.pay_period_id = ${payPeriods.id})`;

export interface PayPeriodListFilter {
  /** Either one company (already access-checked) or every company of one organization. */
  companyId: string | null;
  bookkeeperOrgId: string;
  status: PayPeriodStatus | null;
  limit: number;
  offset: number;
}

function listWhere(filter: PayPeriodListFilter): SQL | undefined {
  return and(
    filter.companyId ? eq(payPeriods.companyId, filter.companyId) : eq(companies.bookkeeperOrgId, filter.bookkeeperOrgId),
    filter.status ? eq(payPeriods.status, filter.status) : undefined,
  );
}

/** One statement for the page (newest start first, id as tie-break) and one for the total. */
export async function listPayPeriods(db: Db, filter: PayPeriodListFilter): Promise<{ rows: PayPeriodListItem[]; total: number }> {
  const where = listWhere(filter);
  const [rows, totals] = await Promise.all([
    db
      .select({ ...periodColumns, company: { id: companies.id, name: companies.name }, _count: { timeEntries: timeEntryCount } })
      .from(payPeriods)
      .innerJoin(companies, eq(companies.id, payPeriods.companyId))
      .where(where)
      .orderBy(desc(payPeriods.startDate), asc(payPeriods.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(payPeriods).innerJoin(companies, eq(companies.id, payPeriods.companyId)).where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

/** The period with its company (`id`, `name`, `bookkeeperOrgId`): one statement. */
export async function findPayPeriod(db: Db, id: string): Promise<PayPeriodDetailRow | undefined> {
  const [row] = await db
    .select({ ...periodColumns, company: { id: companies.id, name: companies.name, bookkeeperOrgId: companies.bookkeeperOrgId } })
    .from(payPeriods)
    .innerJoin(companies, eq(companies.id, payPeriods.companyId))
    .where(eq(payPeriods.id, id));
  return row;
}

/** The row a write starts from, locked until the transaction ends so that `before` is exact. */
export async function lockPayPeriod(db: Db, id: string): Promise<LockedPayPeriod | undefined> {
  const [row] = await db
    .select({
      period: periodColumns,
      company: { id: companies.id, name: companies.name },
      bookkeeperOrgId: companies.bookkeeperOrgId,
      timezone: bookkeeperOrgs.timezone,
    })
    .from(payPeriods)
    .innerJoin(companies, eq(companies.id, payPeriods.companyId))
    .innerJoin(bookkeeperOrgs, eq(bookkeeperOrgs.id, companies.bookkeeperOrgId))
    .where(eq(payPeriods.id, id))
    .for('update', { of: payPeriods });
  return row;
}

export async function insertPayPeriod(db: Db, values: PayPeriodInsert): Promise<PayPeriodRow> {
  const [row] = await db.insert(payPeriods).values(values).returning(periodColumns);
  return row!;
}

/**
 * The company's pay-period link lock, held until the transaction ends (the key comes from the
 * SQL function pay_period_links_lock_key; the trigger link_entry_to_covering_period takes it
 * too). A writer of an entry that looks up the period covering a new clockIn takes it shared,
 * before the look-up; the pay-period create takes it exclusive, before linking. Whichever goes
 * second sees the first's committed row. Its own statement: the statement after it takes a
 * snapshot that includes what committed while this one waited.
 */
export async function lockPeriodLinks(db: Db, companyId: string, as: 'entry writer' | 'period creator'): Promise<void> {
  const key = sql`pay_period_links_lock_key(${companyId}::uuid)`;
  await db.execute(as === 'period creator' ? sql`select pg_advisory_xact_lock(${key})` : sql`select pg_advisory_xact_lock_shared(${key})`);
}

/**
 * Links the company's unassigned entries whose clockIn the new period covers (closed
 * interval, docs/time-rules.md §5), in one statement; returns how many were linked.
 */
export async function linkUnassignedEntries(
  db: Db,
  period: { id: string; companyId: string; startDate: Date; endDate: Date },
  now: Date,
): Promise<number> {
  const linked = await db
    .update(timeEntries)
    .set({ payPeriodId: period.id, updatedAt: now })
    .where(
      and(
        eq(timeEntries.companyId, period.companyId),
        isNull(timeEntries.payPeriodId),
        gte(timeEntries.clockIn, period.startDate),
        lte(timeEntries.clockIn, period.endDate),
      ),
    )
    .returning({ id: timeEntries.id });
  return linked.length;
}

export async function updatePayPeriod(db: Db, id: string, values: Partial<PayPeriodInsert>): Promise<PayPeriodRow> {
  const [row] = await db.update(payPeriods).set(values).where(eq(payPeriods.id, id)).returning(periodColumns);
  return row!;
}

/**
 * Deletes the period only when no time entry refers to it, in one statement; false when it
 * has entries (or is already gone). The foreign key (ON DELETE RESTRICT) is the backstop for
 * an entry inserted concurrently, which this statement's snapshot cannot see.
 */
export async function deletePayPeriodWithoutEntries(db: Db, id: string): Promise<boolean> {
  const deleted = await db
    .delete(payPeriods)
    .where(and(eq(payPeriods.id, id), sql`not exists (select 1 from time_entries te where te.pay_period_id = ${id})`))
    .returning({ id: payPeriods.id });
  return deleted.length > 0;
}

/**
 * A timestamp as the response prints it (ISO-8601 UTC with milliseconds), formatted by the
 * database: the get-one reads thousands of entries, and text skips a Date round trip per value.
 */
const isoUtc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface PeriodTimeEntry {
  id: string;
  employeeId: string;
  companyId: string;
  payPeriodId: string | null;
  /** ISO-8601 UTC with milliseconds. */
  clockIn: string;
  clockOut: string | null;
  breakMinutes: number;
  totalHours: number | null;
  regularHours: number | null;
  overtimeHours: number | null;
  jobCode: string | null;
  taskCode: string | null;
  notes: string | null;
  clockInIp: string | null;
  clockOutIp: string | null;
  clockInDevice: string | null;
  clockInRecordedAt: string | null;
  clockOutRecordedAt: string | null;
  status: (typeof timeEntries.$inferSelect)['status'];
  approved: boolean;
  createdAt: string;
  updatedAt: string;
  employee: { id: string; firstName: string; lastName: string; employeeNumber: string | null };
}

type PeriodTimeEntryRow = Omit<PeriodTimeEntry, 'employee'> & {
  employeeFirstName: string;
  employeeLastName: string;
  employeeNumber: string | null;
};

/**
 * Every entry of the period with its trimmed employee, by clockIn (id breaks ties): one
 * statement over time_entries_pay_period_idx. Raw SQL rather than the query builder: at
 * ~2,000 rows the builder's per-value mapping cost more than the query itself; numerics come
 * back as float8 (a JSON number on both drivers), timestamps as ISO text (see isoUtc).
 */
export async function listPeriodEntries(db: Db, payPeriodId: string): Promise<PeriodTimeEntry[]> {
  const rows = await queryRows<PeriodTimeEntryRow>(
    db,
    sql`select te.id, te.employee_id as "employeeId", te.company_id as "companyId", te.pay_period_id as "payPeriodId",
          ${isoUtc(sql`te.clock_in`)} as "clockIn", ${isoUtc(sql`te.clock_out`)} as "clockOut",
          te.break_minutes as "breakMinutes", te.total_hours::float8 as "totalHours",
          te.regular_hours::float8 as "regularHours", te.overtime_hours::float8 as "overtimeHours",
          te.job_code as "jobCode", te.task_code as "taskCode", te.notes, te.clock_in_ip as "clockInIp",
          te.clock_out_ip as "clockOutIp", te.clock_in_device as "clockInDevice",
          ${isoUtc(sql`te.clock_in_recorded_at`)} as "clockInRecordedAt", ${isoUtc(sql`te.clock_out_recorded_at`)} as "clockOutRecordedAt",
          te.status, te.approved,
          ${isoUtc(sql`te.created_at`)} as "createdAt", ${isoUtc(sql`te.updated_at`)} as "updatedAt",
          e.first_name as "employeeFirstName", e.last_name as "employeeLastName", e.employee_number as "employeeNumber"
        from time_entries te
        join employees e on e.id = te.employee_id
        where te.pay_period_id = ${payPeriodId}
        order by te.clock_in, te.id`,
  );
  return rows.map(({ employeeFirstName, employeeLastName, employeeNumber, ...entry }) => ({
    ...entry,
    employee: { id: entry.employeeId, firstName: employeeFirstName, lastName: employeeLastName, employeeNumber },
  }));
}
