// Company queries. `_count.employees` is a correlated count in the same statement (one index
// probe per row of the page, on employees_company_name_idx), never one query per row.
import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { bookkeeperOrgs, companies } from '../../db/schema.ts';
import { ilike } from '../../db/search.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyInsert = typeof companies.$inferInsert;
export type CompanyRecord = CompanyRow & { _count: { employees: number } };

/** A company as the pay-period rules need it: its tenant and its organization's time zone. */
export interface PeriodCompany {
  id: string;
  name: string;
  bookkeeperOrgId: string;
  timezone: string;
}

// Qualified by hand: inside a select list Drizzle may render a column unqualified, which the
// subquery would then resolve to its own employees.id.
const employeeCount = sql<number>`(select count(*)::int from employees e where e.company_id = "companies"."id")`;

const companyRecord = {
  id: companies.id,
  bookkeeperOrgId: companies.bookkeeperOrgId,
  industryId: companies.industryId,
  name: companies.name,
  payPeriodType: companies.payPeriodType,
  email: companies.email,
  phone: companies.phone,
  address: companies.address,
  city: companies.city,
  state: companies.state,
  zipCode: companies.zipCode,
  active: companies.active,
  qbCompanyName: companies.qbCompanyName,
  qbCompanyCreateTime: companies.qbCompanyCreateTime,
  qbRegularPayrollItem: companies.qbRegularPayrollItem,
  qbOvertimePayrollItem: companies.qbOvertimePayrollItem,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
  _count: { employees: employeeCount },
};

export interface CompanyListFilter {
  /** null: every organization (SUPER_ADMIN without a filter). */
  bookkeeperOrgId: string | null;
  search: string | null;
  activeOnly: boolean;
  limit: number;
  offset: number;
}

function listWhere(filter: CompanyListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.bookkeeperOrgId) conditions.push(eq(companies.bookkeeperOrgId, filter.bookkeeperOrgId));
  if (filter.activeOnly) conditions.push(eq(companies.active, true));
  if (filter.search) conditions.push(or(ilike(companies.name, filter.search), ilike(companies.email, filter.search)));
  return and(...conditions);
}

/** One statement for the page and one for the total. */
export async function listCompanies(db: Db, filter: CompanyListFilter): Promise<{ rows: CompanyRecord[]; total: number }> {
  const where = listWhere(filter);
  // The page's ids first, then the records with their counts: PostgreSQL evaluates a
  // select-list subquery for every row that OFFSET skips, so page 200 would count the
  // employees of 4,000 companies to show 20.
  const page = db.$with('page').as(
    db
      .select({ pageId: companies.id })
      .from(companies)
      .where(where)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(filter.limit)
      .offset(filter.offset),
  );
  const [rows, totals] = await Promise.all([
    db
      .with(page)
      .select(companyRecord)
      .from(companies)
      .innerJoin(page, eq(page.pageId, companies.id))
      .orderBy(asc(companies.name), asc(companies.id)),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

export async function findCompany(db: Db, id: string): Promise<CompanyRecord | undefined> {
  const [row] = await db.select(companyRecord).from(companies).where(eq(companies.id, id));
  return row;
}

export async function findPeriodCompany(db: Db, companyId: string): Promise<PeriodCompany | undefined> {
  const [row] = await db
    .select({ id: companies.id, name: companies.name, bookkeeperOrgId: companies.bookkeeperOrgId, timezone: bookkeeperOrgs.timezone })
    .from(companies)
    .innerJoin(bookkeeperOrgs, eq(bookkeeperOrgs.id, companies.bookkeeperOrgId))
    .where(eq(companies.id, companyId));
  return row;
}

/** The row an update starts from, locked until the transaction ends so that `before` is exact. */
export async function lockCompany(db: Db, id: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).for('update');
  return row;
}

export async function insertCompany(db: Db, values: CompanyInsert): Promise<string> {
  const [row] = await db.insert(companies).values(values).returning({ id: companies.id });
  return row!.id;
}

export async function updateCompany(db: Db, id: string, values: Partial<CompanyInsert>): Promise<void> {
  await db.update(companies).set(values).where(eq(companies.id, id));
}
