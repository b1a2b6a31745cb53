// Employee queries. The list's search uses the exact expression of employees_search_trgm_idx,
// so that PostgreSQL can answer it from that GIN index. pin_hash never leaves this file
// except through the explicit credential column lists.
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { companies, employees } from '../../db/schema.ts';
import { ilike } from '../../db/search.ts';

export type EmployeeRow = typeof employees.$inferSelect;
export type EmployeeInsert = typeof employees.$inferInsert;

const employeeRecord = {
  id: employees.id,
  companyId: employees.companyId,
  firstName: employees.firstName,
  lastName: employees.lastName,
  email: employees.email,
  phone: employees.phone,
  employeeNumber: employees.employeeNumber,
  jobTitle: employees.jobTitle,
  payRate: employees.payRate,
  payType: employees.payType,
  active: employees.active,
  qbName: employees.qbName,
  createdAt: employees.createdAt,
  updatedAt: employees.updatedAt,
  company: { id: companies.id, name: companies.name, bookkeeperOrgId: companies.bookkeeperOrgId },
};

export type EmployeeRecord = Omit<EmployeeRow, 'pinHash' | 'credentialsChangedAt'> & {
  company: { id: string; name: string; bookkeeperOrgId: string };
};

/** The indexed search expression (drizzle/0001_schema.sql, employees_search_trgm_idx). */
const searchDocument = sql`(${employees.firstName} || ' ' || ${employees.lastName} || ' ' || coalesce(${employees.email}, '') || ' ' || coalesce(${employees.employeeNumber}, ''))`;

export interface EmployeeListFilter {
  /** null: every organization (SUPER_ADMIN). */
  bookkeeperOrgId: string | null;
  companyId: string | null;
  search: string | null;
  activeOnly: boolean;
  limit: number;
  offset: number;
}

function listWhere(filter: EmployeeListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  // A company filter was already checked against the organization by the service.
  if (filter.companyId) conditions.push(eq(employees.companyId, filter.companyId));
  else if (filter.bookkeeperOrgId) conditions.push(eq(companies.bookkeeperOrgId, filter.bookkeeperOrgId));
  if (filter.activeOnly) conditions.push(eq(employees.active, true));
  if (filter.search) conditions.push(ilike(searchDocument, filter.search));
  return and(...conditions);
}

/** pg_trgm's index serves a `%term%` of at least three characters (one trigram); shorter ones scan. */
const TRIGRAM_SEARCH_LENGTH = 3;

/** Only an organization-scoped list without a company filter needs the companies join to filter. */
const needsCompanyJoin = (filter: EmployeeListFilter): boolean => !filter.companyId && filter.bookkeeperOrgId !== null;

export async function listEmployees(db: Db, filter: EmployeeListFilter): Promise<{ rows: EmployeeRecord[]; total: number }> {
  return filter.search !== null && filter.search.length >= TRIGRAM_SEARCH_LENGTH
    ? listMatchesOnce(db, filter)
    : listByNameIndex(db, filter);
}

/**
 * A term of three characters or more is found through employees_search_trgm_idx, and such a
 * term is usually selective (a name, an email, a number). Its matches are then collected once
 * (a CTE read twice is materialized) for both the total and the page: one statement where
 * the count and the page used to scan separately, and the page used to walk the whole name
 * index to find its 20 (BENCHMARKS.md: 1,111 matches of 100,000 employees, 5.6 -> 3.7 ms).
 */
async function listMatchesOnce(db: Db, filter: EmployeeListFilter): Promise<{ rows: EmployeeRecord[]; total: number }> {
  const where = listWhere(filter);
  const narrow = db.select({ matchId: employees.id, lastName: employees.lastName, firstName: employees.firstName }).from(employees);
  const matches = db.$with('matches').as((needsCompanyJoin(filter) ? narrow.innerJoin(companies, eq(companies.id, employees.companyId)) : narrow).where(where));
  const page = db.$with('page').as(
    db
      .select({ pageId: matches.matchId })
      .from(matches)
      .orderBy(asc(matches.lastName), asc(matches.firstName), asc(matches.matchId))
      .limit(filter.limit)
      .offset(filter.offset),
  );
  const rows = await db
    .with(matches, page)
    .select({ ...employeeRecord, total: sql<number>`(select count(*) from ${matches})`.mapWith(Number) })
    .from(employees)
    .innerJoin(page, eq(page.pageId, employees.id))
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .orderBy(asc(employees.lastName), asc(employees.firstName), asc(employees.id));
  if (rows.length > 0) return { rows: rows.map(({ total: _total, ...record }) => record), total: rows[0]!.total };
  // No row carries the total: either nothing matches, or the page lies past the last match.
  return { rows: [], total: filter.offset === 0 ? 0 : await countEmployees(db, filter) };
}

/** No term, or one too short for the trigram index: the page walks the name index, the count runs beside it. */
async function listByNameIndex(db: Db, filter: EmployeeListFilter): Promise<{ rows: EmployeeRecord[]; total: number }> {
  const where = listWhere(filter);
  // The page's ids are found on narrow rows (joined to companies only when the organization
  // filter needs it), then the 20 records are read with their company: at 100,000 employees
  // the sort is the cost, and it is cheaper on ids and names than on whole joined rows.
  const ids = db.select({ pageId: employees.id }).from(employees);
  const page = db.$with('page').as(
    (needsCompanyJoin(filter) ? ids.innerJoin(companies, eq(companies.id, employees.companyId)) : ids)
      .where(where)
      .orderBy(asc(employees.lastName), asc(employees.firstName), asc(employees.id))
      .limit(filter.limit)
      .offset(filter.offset),
  );
  const [rows, total] = await Promise.all([
    db
      .with(page)
      .select(employeeRecord)
      .from(employees)
      .innerJoin(page, eq(page.pageId, employees.id))
      .innerJoin(companies, eq(companies.id, employees.companyId))
      .orderBy(asc(employees.lastName), asc(employees.firstName), asc(employees.id)),
    countEmployees(db, filter),
  ]);
  return { rows, total };
}

async function countEmployees(db: Db, filter: EmployeeListFilter): Promise<number> {
  const counted = db.select({ total: count() }).from(employees);
  const [row] = await (needsCompanyJoin(filter) ? counted.innerJoin(companies, eq(companies.id, employees.companyId)) : counted).where(listWhere(filter));
  return Number(row?.total ?? 0);
}

export async function findEmployee(db: Db, id: string): Promise<EmployeeRecord | undefined> {
  const [row] = await db
    .select(employeeRecord)
    .from(employees)
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .where(eq(employees.id, id));
  return row;
}

/**
 * The employee and its organization, locked for the rest of the transaction. Every writer of
 * an employee's time entries takes this lock first, so two of them take turns.
 */
export async function lockEmployee(db: Db, id: string): Promise<(EmployeeRow & { bookkeeperOrgId: string }) | undefined> {
  const [row] = await db
    .select({ employee: employees, bookkeeperOrgId: companies.bookkeeperOrgId })
    .from(employees)
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .where(eq(employees.id, id))
    .for('update', { of: employees });
  return row ? { ...row.employee, bookkeeperOrgId: row.bookkeeperOrgId } : undefined;
}

export async function insertEmployee(db: Db, values: EmployeeInsert): Promise<string> {
  const [row] = await db.insert(employees).values(values).returning({ id: employees.id });
  return row!.id;
}

export async function updateEmployee(db: Db, id: string, values: Partial<EmployeeInsert>): Promise<void> {
  await db.update(employees).set(values).where(eq(employees.id, id));
}
