// Pay-period queries. Lists carry `_count.timeEntries` as a correlated count in the same
// statement (one probe of time_entries_pay_period_idx per row of the page), the get-one's JSON is
// built by PostgreSQL in one statement, and the overlap rule is left to the
// `pay_periods_no_overlap` exclusion constraint (docs/time-rules.md §5): nothing here reads before a write.
import { and, asc, count, desc, eq, gte, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { isoUtc, numberOf } from '../../db/answer-sql.ts';
import { queryTextBytes, type Room } from '../../db/text-bytes.ts';
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

/** A column or expression printed as the answer prints it, as a fragment of the statement below. */
const isoSql = (column: string) => sql.raw(isoUtc(column));
const numberSql = (expression: string) => sql.raw(numberOf(expression));

/** Entries per part of the get-one's document: ~50 KB of JSON, a small string for Node.js (below). */
const ENTRIES_PER_PART = 64;
/** In the statement's text, not a parameter: its GROUP BY must be the select's very expression. */
const PART_SIZE = sql.raw(String(ENTRIES_PER_PART));

/**
 * The statement behind the get-one: the whole `data` as JSON text built by PostgreSQL
 * (json_build_object), in order, as rows whose parts joined are the document (TextPartRow,
 * src/db/text-bytes.ts): the period with its company, every entry by clockIn (id breaks ties)
 * with its trimmed employee, ENTRIES_PER_PART to a part, and the totals (sums of the stored
 * 2-decimal values, open entries count 0, docs/time-rules.md §10). One statement over
 * time_entries_pay_period_idx. At ~2,000 entries (1.6 MB) building the same document in
 * JavaScript cost tens of ms of CPU and megabytes of short-lived objects per request; here Node
 * only copies text into the answer's bytes. Parts, not one text: the driver makes each value a
 * JavaScript string, and a 1.6 MB string is a large object that the collector promotes
 * whenever it is alive at a scavenge (BENCHMARKS.md, "The get-one in parts"); a ~50 KB part is
 * written into the answer and dropped as its row arrives. The keys follow the route's response
 * schema, which still describes the document (its test: test/pay-periods/detail-json.test.ts).
 * No row when the period does not exist.
 */
export function payPeriodDetailJsonStatement(payPeriodId: string): SQL {
  return sql`with period as (
          select p.*, c.name as company_name, c.bookkeeper_org_id
          from pay_periods p
          join companies c on c.id = p.company_id
          where p.id = ${payPeriodId}
        ),
        entries as (
          select json_build_object(
                   'id', te.id, 'employeeId', te.employee_id, 'companyId', te.company_id, 'payPeriodId', te.pay_period_id,
                   'clockIn', ${isoSql('te.clock_in')}, 'clockOut', ${isoSql('te.clock_out')}, 'breakMinutes', te.break_minutes,
                   'totalHours', ${numberSql('te.total_hours')}, 'regularHours', ${numberSql('te.regular_hours')},
                   'overtimeHours', ${numberSql('te.overtime_hours')}, 'jobCode', te.job_code, 'taskCode', te.task_code,
                   'notes', te.notes, 'clockInIp', te.clock_in_ip, 'clockOutIp', te.clock_out_ip, 'clockInDevice', te.clock_in_device,
                   'clockInRecordedAt', ${isoSql('te.clock_in_recorded_at')}, 'clockOutRecordedAt', ${isoSql('te.clock_out_recorded_at')},
                   'status', te.status, 'approved', te.approved,
                   'createdAt', ${isoSql('te.created_at')}, 'updatedAt', ${isoSql('te.updated_at')},
                   'employee', json_build_object('id', e.id, 'firstName', e.first_name, 'lastName', e.last_name, 'employeeNumber', e.employee_number)
                 )::text as json,
                 te.total_hours, te.regular_hours, te.overtime_hours,
                 row_number() over (order by te.clock_in, te.id) - 1 as n
          from period p
          join time_entries te on te.pay_period_id = p.id
          join employees e on e.id = te.employee_id
        ),
        parts as (
          select -1::bigint as part_no,
                 left(json_build_object(
                   'id', p.id, 'companyId', p.company_id, 'periodType', p.period_type,
                   'startDate', ${isoSql('p.start_date')}, 'endDate', ${isoSql('p.end_date')}, 'payDate', ${isoSql('p.pay_date')},
                   'status', p.status, 'locked', p.locked, 'exportedBy', p.exported_by, 'exportedAt', ${isoSql('p.exported_at')},
                   'iifFilename', p.iif_filename, 'createdAt', ${isoSql('p.created_at')}, 'updatedAt', ${isoSql('p.updated_at')},
                   'company', json_build_object('id', p.company_id, 'name', p.company_name, 'bookkeeperOrgId', p.bookkeeper_org_id)
                 )::text, -1) || ',"timeEntries":[' as part
          from period p
          union all
          select n / ${PART_SIZE} as part_no,
                 case when n / ${PART_SIZE} = 0 then '' else ',' end || string_agg(json, ',' order by n) as part
          from entries
          group by n / ${PART_SIZE}
          union all
          select 9223372036854775807 as part_no,
                 '],"totals":' || json_build_object(
                   'totalHours', ${numberSql('coalesce((select sum(total_hours) from entries), 0)')},
                   'regularHours', ${numberSql('coalesce((select sum(regular_hours) from entries), 0)')},
                   'overtimeHours', ${numberSql('coalesce((select sum(overtime_hours) from entries), 0)')}
                 )::text || '}' as part
          from period
        )
        select part, sum(octet_length(part)) over () as document_bytes from parts order by part_no`;
}

/**
 * The get-one's `data` as UTF-8 bytes with `room` around them for the caller's envelope, or
 * `undefined` when the period does not exist (the statement above, prepared once per connection).
 */
export function payPeriodDetailJson(db: Db, payPeriodId: string, room: Room): Promise<Buffer | undefined> {
  return queryTextBytes(db, 'pay_period_detail_json', payPeriodDetailJsonStatement(payPeriodId), room);
}
