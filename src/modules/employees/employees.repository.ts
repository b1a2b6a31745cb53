// Employee queries. The list's search uses the exact expression of employees_search_trgm_idx,
// so that PostgreSQL can answer it from that GIN index. pin_hash never leaves this file
// except through the explicit credential column lists.
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminCredential } from '../../core/admin-caller.ts';
import type { AdminActorRow } from '../../core/actors.ts';
import { isoUtc, numberOf } from '../../db/answer-sql.ts';
import type { Db } from '../../db/open.ts';
import { namedStatement, type Slots } from '../../db/named-statement.ts';
import { companies, employees } from '../../db/schema.ts';
import { ilike, ilikePattern, likePattern } from '../../db/search.ts';
import { adminActorSelect } from '../auth/actor.repository.ts';

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

/**
 * A list's page: its records and the total (the service makes the page of them), or, for a
 * search through the trigram index, the JSON text of the whole page that the database built.
 */
export type EmployeeList = { rows: EmployeeRecord[]; total: number } | { dataJson: string };

/** Whether a term is searched through employees_search_trgm_idx (the search statements below) rather than by a scan. */
export const searchesByTrigram = (term: string | null): term is string => term !== null && term.length >= TRIGRAM_SEARCH_LENGTH;

export async function listEmployees(db: Db, filter: EmployeeListFilter): Promise<EmployeeList> {
  if (!searchesByTrigram(filter.search)) return listByNameIndex(db, filter);
  const values = searchValues({ ...filter, search: filter.search });
  let found: SearchRow[];
  if (filter.companyId) found = await SEARCH_IN_COMPANY.rows(db, { ...values, companyId: filter.companyId });
  else if (filter.bookkeeperOrgId !== null) found = await SEARCH_IN_ORG.rows(db, { ...values, orgId: filter.bookkeeperOrgId });
  else found = await SEARCH_ALL.rows(db, values);
  return { dataJson: found[0]!.data };
}

/** A search's filter apart from its scope, which the caller's row gives (searchAsCaller). */
export type CallerSearchFilter = Omit<EmployeeListFilter, 'bookkeeperOrgId' | 'companyId' | 'search'> & { search: string };

/**
 * The caller check and an ADMIN's trigram search of its own organization, in ONE statement (the
 * guard's own caller query is skipped, docs/architecture.md §3): the organization is the one of
 * the caller's row, not the token's. The row comes back for the service to check
 * (core/admin-caller.ts) before it uses the page. A SUPER_ADMIN's scope is every organization,
 * another statement with another plan: for one, this statement searches nothing (its array of
 * companies is empty) and the service searches again with that scope.
 */
export async function searchAsCaller(
  db: Db,
  credential: AdminCredential,
  filter: CallerSearchFilter,
): Promise<{ caller: AdminActorRow | null; dataJson: string }> {
  const [row] = await SEARCH_AS_CALLER.rows(db, { ...searchValues(filter), userId: credential.userId, tokenHash: credential.hash });
  return { caller: row!.caller, dataJson: row!.data };
}

/** The values every search statement takes. */
interface SearchValues {
  activeOnly: boolean;
  /** The term's `likePattern`. */
  pattern: string;
  limit: number;
  offset: number;
  /** The page's number, which the answer carries. */
  page: number;
}

const searchValues = (filter: CallerSearchFilter): SearchValues => ({
  activeOnly: filter.activeOnly,
  pattern: likePattern(filter.search),
  limit: filter.limit,
  offset: filter.offset,
  page: filter.offset / filter.limit + 1,
});

/** A search statement's row: the caller's row when the statement checks it, and the page's JSON. */
interface SearchRow {
  caller: AdminActorRow | null;
  data: string;
}

/**
 * An employee as the API prints it (`Employee` in employees.routes.ts), over `e` and its
 * company `c`: SQL text made once, for the search's answer that PostgreSQL builds.
 */
const EMPLOYEE_ANSWER_JSON = `json_build_object(
  'id', e.id, 'companyId', e.company_id, 'firstName', e.first_name, 'lastName', e.last_name, 'email', e.email,
  'phone', e.phone, 'employeeNumber', e.employee_number, 'jobTitle', e.job_title, 'payRate', ${numberOf('e.pay_rate')},
  'payType', e.pay_type, 'active', e.active, 'qbName', e.qb_name, 'createdAt', ${isoUtc('e.created_at')}, 'updatedAt', ${isoUtc('e.updated_at')},
  'company', json_build_object('id', c.id, 'name', c.name, 'bookkeeperOrgId', c.bookkeeper_org_id))`;

/** The page's records in the list's order, as one raw fragment (src/db/answer-sql.ts says why). */
const PAGE_ITEMS_JSON = sql.raw(`coalesce((select json_agg(${EMPLOYEE_ANSWER_JSON} order by e.last_name, e.first_name, e.id)
  from page join employees e on e.id = page.id join companies c on c.id = e.company_id), '[]'::json)`);

/**
 * A search's scope: a condition on the employees `where`, and the caller check's select when
 * the statement checks its caller (run as the CTE `caller`, which `where` may read).
 */
interface SearchScope {
  where: SQL;
  caller?: SQL;
}

/**
 * A term of three characters or more is found through employees_search_trgm_idx, and such a
 * term is usually selective (a name, an email, a number). Its matches are collected once (a
 * CTE read twice is materialized) for both the total and the page: one statement, prepared once
 * per connection and rendered once (src/db/named-statement.ts), where the count and the page
 * used to scan separately (BENCHMARKS.md: 1,111 matches of 100,000 employees, 5.6 -> 3.7 ms)
 * and Drizzle built and PostgreSQL planned it on every request. PostgreSQL builds the whole
 * page's JSON (`paginated(Employee)`), which the route sends as it is
 * (src/http/prebuilt-json.ts). Its filter is the index's expression (`searchDocument`), which the
 * planner must see as written. A page past the last match still carries the total. After five
 * calls PostgreSQL keeps a generic plan: the same plan for a selective term, a little slower for
 * a broad one (BENCHMARKS.md, "The employee search as one prepared statement"). Each scope is
 * its own statement, so each keeps a plan of its own shape.
 */
function searchStatement<V extends SearchValues>(name: string, scopeOf: (v: Slots<V>) => SearchScope) {
  return namedStatement<V, SearchRow>(name, (v) => {
    const scope = scopeOf(v);
    return sql`with ${scope.caller ? sql`caller as (${scope.caller}),` : sql``} matches as (
          select ${employees.id}, ${employees.lastName}, ${employees.firstName} from ${employees}
          where ${scope.where} and (not ${v.activeOnly}::boolean or ${employees.active}) and ${ilikePattern(searchDocument, v.pattern)}),
        page as (select id from matches order by last_name, first_name, id limit ${v.limit}::int offset ${v.offset}::int)
        select ${scope.caller ? sql`(select row_to_json(caller) from caller)` : sql`null::json`} as caller,
               json_build_object('items', ${PAGE_ITEMS_JSON}, 'total', counted.total, 'page', ${v.page}::int,
                                 'pageSize', ${v.limit}::int, 'totalPages', (counted.total + ${v.limit}::int - 1) / ${v.limit}::int)::text as data
          from (select count(*)::int as total from matches) counted`;
  });
}

/** A company's employees (the company was already checked against the caller's organization by the service). */
const SEARCH_IN_COMPANY = searchStatement<SearchValues & { companyId: string }>('payclock_employee_search_company', (v) => ({
  where: sql`${employees.companyId} = ${v.companyId}::uuid`,
}));

/**
 * An organization's employees: its companies' ids as one array, not a join. Joined, the
 * planner took a nested loop over the companies that read the trigram index once per company,
 * each time ANDed with that company's own index entries: ten companies, ten trigram scans. With
 * the array the trigram index is read once, and the planner still chooses whether to AND it
 * with the companies' index entries (BENCHMARKS.md, "The organization's employees as one array").
 */
const organizationsCompanies = (orgId: SQL) =>
  sql`${employees.companyId} = any(array(select ${companies.id} from ${companies} where ${companies.bookkeeperOrgId} = ${orgId}))`;

const SEARCH_IN_ORG = searchStatement<SearchValues & { orgId: string }>('payclock_employee_search_org', (v) => ({
  where: organizationsCompanies(sql`${v.orgId}::uuid`),
}));

/** Every organization's employees (a SUPER_ADMIN's). */
const SEARCH_ALL = searchStatement<SearchValues>('payclock_employee_search_all', () => ({ where: sql`true` }));

/** The caller's own organization, from its row; none for a SUPER_ADMIN (searchAsCaller). */
const SEARCH_AS_CALLER = searchStatement<SearchValues & { userId: string; tokenHash: string }>('payclock_caller_employee_search', (v) => ({
  caller: adminActorSelect(v.userId, v.tokenHash),
  where: organizationsCompanies(sql`(select bookkeeper_org_id from caller where role <> 'SUPER_ADMIN')`),
}));

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
