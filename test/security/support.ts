// Shared bits of the hostile-input tests (SECURITY.md): a small world of two tenants and every
// caller type, a checksum of that world's rows, and the invariants every answer must keep.
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app.ts';
import { queryRows, type Db } from '../../src/db/open.ts';
import { industries } from '../../src/db/schema.ts';
import type { TestApp } from '../helpers/app.ts';
import {
  createAdmin,
  createCompany,
  createEmployee,
  createOrg,
  createPayPeriod,
  createTimeEntry,
  unique,
} from '../helpers/factories.ts';
import { adminToken, employeeToken } from '../helpers/http.ts';
import { checkResponse } from '../helpers/response-check.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export async function createFuzzTenant(db: Db) {
  const org = await createOrg(db);
  const admin = await createAdmin(db, { bookkeeperOrgId: org.id });
  const otherAdmin = await createAdmin(db, { bookkeeperOrgId: org.id });
  const company = await createCompany(db, { bookkeeperOrgId: org.id });
  const otherCompany = await createCompany(db, { bookkeeperOrgId: org.id });
  const employee = await createEmployee(db, { companyId: company.id });
  const otherEmployee = await createEmployee(db, { companyId: otherCompany.id });
  const start = new Date(Date.UTC(2026, 0, 5));
  const payPeriod = await createPayPeriod(db, { companyId: company.id, startDate: start, endDate: new Date(start.getTime() + 7 * DAY - 1) });
  const otherPayPeriod = await createPayPeriod(db, {
    companyId: otherCompany.id,
    startDate: start,
    endDate: new Date(start.getTime() + 7 * DAY - 1),
  });
  const clockIn = new Date(start.getTime() + DAY + 9 * HOUR);
  const timeEntry = await createTimeEntry(db, {
    employeeId: employee.id,
    companyId: company.id,
    payPeriodId: payPeriod.id,
    clockIn,
    clockOut: new Date(clockIn.getTime() + 8 * HOUR),
    workedSeconds: 8 * 3600,
    regularHours: 8,
    overtimeHours: 0,
    totalHours: 8,
  });
  return { org, admin, otherAdmin, company, otherCompany, employee, otherEmployee, payPeriod, otherPayPeriod, timeEntry };
}

export type FuzzTenant = Awaited<ReturnType<typeof createFuzzTenant>>;

export interface World {
  a: FuzzTenant;
  b: FuzzTenant;
  superOrgId: string;
  superAdmin: Awaited<ReturnType<typeof createAdmin>>;
  industryId: string;
  tokens: Record<CallerName, string | undefined>;
  /** Every record id of the world, for path ids and id-valued fields. */
  ids: string[];
  orgIds: string[];
}

export type CallerName = 'anonymous' | 'garbage' | 'adminA' | 'adminB' | 'superAdmin' | 'employeeA';
export const CALLERS: CallerName[] = ['anonymous', 'garbage', 'adminA', 'adminB', 'superAdmin', 'employeeA'];

export async function createWorld(t: TestApp): Promise<World> {
  const a = await createFuzzTenant(t.db);
  const b = await createFuzzTenant(t.db);
  const superOrg = await createOrg(t.db);
  const superAdmin = await createAdmin(t.db, { bookkeeperOrgId: superOrg.id, role: 'SUPER_ADMIN' });
  const [industry] = await t.db.insert(industries).values({ name: unique('Industry') }).returning();
  const tokens: World['tokens'] = {
    anonymous: undefined,
    garbage: 'not-a-token',
    adminA: await adminToken(t.tokens, a.admin),
    adminB: await adminToken(t.tokens, b.admin),
    superAdmin: await adminToken(t.tokens, superAdmin),
    employeeA: await employeeToken(t.tokens, a.employee),
  };
  const ids = [a, b].flatMap((x) => [
    x.org.id,
    x.admin.id,
    x.otherAdmin.id,
    x.company.id,
    x.otherCompany.id,
    x.employee.id,
    x.otherEmployee.id,
    x.payPeriod.id,
    x.otherPayPeriod.id,
    x.timeEntry.id,
  ]);
  ids.push(superOrg.id, superAdmin.id, industry!.id);
  return { a, b, superOrgId: superOrg.id, superAdmin, industryId: industry!.id, tokens, ids, orgIds: [a.org.id, b.org.id, superOrg.id] };
}

const uuidList = (ids: string[]) => sql.raw(ids.map((id) => `'${id.replace(/[^0-9a-f-]/gi, '')}'::uuid`).join(', '));

/**
 * One md5 over every row (all columns, as text) of the world's organizations, admins,
 * companies, employees, pay periods, time entries and its industry. Scoped by the world's
 * organization ids, so other test files writing to a shared database do not move it. Audit
 * logs are left out on purpose: a refused login is audited, legitimately.
 */
export async function checksum(db: Db, world: World): Promise<string> {
  const orgs = uuidList(world.orgIds);
  const [row] = await queryRows<{ sum: string }>(
    db,
    sql`with c as (select id from companies where bookkeeper_org_id in (${orgs}))
        select md5(coalesce(string_agg(t, '|' order by t), '')) as sum from (
          select 'o' || r::text as t from bookkeeper_orgs r where id in (${orgs})
          union all select 'a' || r::text from admin_users r where bookkeeper_org_id in (${orgs})
          union all select 'c' || r::text from companies r where id in (select id from c)
          union all select 'e' || r::text from employees r where company_id in (select id from c)
          union all select 'p' || r::text from pay_periods r where company_id in (select id from c)
          union all select 't' || r::text from time_entries r where company_id in (select id from c)
          union all select 'i' || r::text from industries r where id = ${world.industryId}::uuid
        ) s`,
  );
  return row!.sum;
}

/**
 * Puts the callers back as they were after an accepted write (a fuzzed DELETE or PUT may have
 * deactivated an organization, an admin or an employee, changed a role or a password), so
 * that the next runs still reach the code behind the guard.
 */
export async function heal(db: Db, world: World): Promise<void> {
  const orgs = uuidList(world.orgIds);
  await db.execute(sql`update bookkeeper_orgs set active = true where id in (${orgs}) and not active`);
  await db.execute(sql`update companies set active = true where bookkeeper_org_id in (${orgs}) and not active`);
  await db.execute(sql`update admin_users set active = true, role = case when id = ${world.superAdmin.id}::uuid then 'SUPER_ADMIN' else 'ADMIN' end,
    credentials_changed_at = least(credentials_changed_at, now() - interval '1 hour')
    where id in (${uuidList([world.a.admin.id, world.b.admin.id, world.superAdmin.id])})`);
  await db.execute(sql`update employees set active = true, credentials_changed_at = least(credentials_changed_at, now() - interval '1 hour')
    where id = ${world.a.employee.id}::uuid`);
}

// Internals that must never reach a client: stack frames, file paths, SQL and driver text, hashes.
const LEAKS: Array<[string, RegExp]> = [
  ['stack frame', /\bat [^\s]+ \(?[^\s)]*:\d+:\d+\)?/],
  ['source path', /node_modules|\/src\/|\.ts:\d+/],
  ['password hash column', /password_?hash|pin_?hash/i],
  ['argon2', /argon2/i],
  ['SQL text', /Failed query|syntax error at or near|violates [a-z ]*constraint|duplicate key value|relation "|column "/i],
  ['driver name', /PGlite|drizzle|node-postgres/i],
];

export function expectNoLeak(raw: string, where: string): void {
  for (const [what, pattern] of LEAKS) {
    if (pattern.test(raw)) throw new Error(`${where}: the body shows ${what} (${pattern}): ${raw.slice(0, 400)}`);
  }
}

/** Routes under /api/ that answer something other than the envelope (on success). */
function isNonEnvelope(path: string, status: number): boolean {
  if (path === '/api/v1/openapi.json') return true;
  return status === 200 && /^\/api\/v1\/admin\/pay-periods\/[^/]+\/export$/.test(path);
}

/** The envelope (docs/api.md §2): `success` boolean, and on failure an `error` label. */
export function expectEnvelope(path: string, status: number, raw: string, where: string): void {
  if (!path.startsWith('/api/') || isNonEnvelope(path, status)) return;
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new Error(`${where}: answered ${status} with a body that is not JSON: ${raw.slice(0, 300)}`);
  }
  const envelope = body as { success?: unknown; error?: unknown };
  if (typeof envelope !== 'object' || envelope === null || typeof envelope.success !== 'boolean') {
    throw new Error(`${where}: answered ${status} without the envelope: ${raw.slice(0, 300)}`);
  }
  if (status >= 400) {
    expect(envelope.success, where).toBe(false);
    expect(typeof envelope.error, `${where}: error label`).toBe('string');
  }
}

export interface RawRequest {
  method: string;
  /** Path with query string, already encoded. */
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress?: string;
}

export interface RawAnswer {
  status: number;
  raw: string;
  headers: Record<string, string | string[] | number | undefined>;
}

/**
 * Sends a request as given (raw payload, any content type) and checks it against the
 * OpenAPI document like every other API test (test/helpers/response-check.ts).
 */
export async function sendRaw(app: App, request: RawRequest): Promise<RawAnswer> {
  const response = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers ?? {},
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
  });
  const answer = { status: response.statusCode, raw: response.body, headers: response.headers };
  checkResponse(app, request.method, request.url, answer);
  return answer;
}
