// Organization queries. `_count` values are correlated counts in the same statement as the
// rows (one index probe per row of the page), never one query per row.
import { asc, eq, or, sql } from 'drizzle-orm';
import type { AdminActorRow } from '../../core/actors.ts';
import type { AdminCredential } from '../../core/admin-caller.ts';
import type { Db } from '../../db/open.ts';
import { namedStatement } from '../../db/named-statement.ts';
import { adminUsers, bookkeeperOrgs, companies } from '../../db/schema.ts';
import { likePattern } from '../../db/search.ts';
import { adminActorSelect } from '../auth/actor.repository.ts';
import { slugCandidate } from '../../domain/slug.ts';
import type { AdminRole } from '../../domain/enums.ts';

export type OrgRow = typeof bookkeeperOrgs.$inferSelect;
export type OrgInsert = typeof bookkeeperOrgs.$inferInsert;
export type OrgCounts = { companies: number; adminUsers: number };
export type OrgRecord = OrgRow & { _count: OrgCounts };

export interface OrgCompanySummary {
  id: string;
  name: string;
  active: boolean;
  _count: { employees: number };
}

export interface OrgAdminSummary {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: AdminRole;
  active: boolean;
}

export type OrgDetail = OrgRecord & { companies: OrgCompanySummary[]; adminUsers: OrgAdminSummary[] };

/** The longest slug base: leaves room for a `-NNNNN` suffix within the 255-character column. */
const MAX_SLUG_BASE = 240;
/** Enough for any realistic burst of same-named creates; each round re-reads the taken slugs. */
const MAX_SLUG_ATTEMPTS = 50;

// The outer table is named in full: Drizzle renders `${bookkeeperOrgs.id}` in a single-table
// select as a bare "id", which inside the subselect would bind to the inner table's id.
const companyCount = sql<number>`(select count(*)::int from companies c where c.bookkeeper_org_id = "bookkeeper_orgs"."id")`.mapWith(Number);
const adminUserCount = sql<number>`(select count(*)::int from admin_users u where u.bookkeeper_org_id = "bookkeeper_orgs"."id")`.mapWith(Number);

const orgRecord = {
  id: bookkeeperOrgs.id,
  name: bookkeeperOrgs.name,
  slug: bookkeeperOrgs.slug,
  email: bookkeeperOrgs.email,
  phone: bookkeeperOrgs.phone,
  address: bookkeeperOrgs.address,
  city: bookkeeperOrgs.city,
  state: bookkeeperOrgs.state,
  zipCode: bookkeeperOrgs.zipCode,
  country: bookkeeperOrgs.country,
  timezone: bookkeeperOrgs.timezone,
  dateFormat: bookkeeperOrgs.dateFormat,
  overtimeThreshold: bookkeeperOrgs.overtimeThreshold,
  overtimeMultiplier: bookkeeperOrgs.overtimeMultiplier,
  active: bookkeeperOrgs.active,
  createdAt: bookkeeperOrgs.createdAt,
  updatedAt: bookkeeperOrgs.updatedAt,
  _count: { companies: companyCount, adminUsers: adminUserCount },
};

export interface OrgListFilter {
  search: string | null;
  activeOnly: boolean;
  limit: number;
  offset: number;
}

export interface CallerOrgList {
  /** The caller's row exactly as the auth guard checks it (core/admin-caller.ts); null when the admin is gone. */
  caller: AdminActorRow | null;
  /** The page and the total of the organizations the caller's row may see, whatever else it says. */
  rows: OrgRecord[];
  total: number;
}

/** An organization as the list's JSON has it: timestamps as text. */
type OrgJson = Omit<OrgRecord, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

/** The organization list's statement (listOrgsAsCaller): its values by name. */
interface CallerOrgListValues {
  userId: string;
  tokenHash: string;
  activeOnly: boolean;
  /** The `likePattern` of the search, or null for no search. */
  pattern: string | null;
  limit: number;
  offset: number;
}

/**
 * The caller check, the page (with its counts) and the total, in ONE statement rendered once
 * (src/db/named-statement.ts; the guard's own caller query is skipped, docs/architecture.md §3).
 * The caller's row decides the scope: a SUPER_ADMIN sees every organization, an ADMIN its own
 * (docs/api.md §9). The page's ids are chosen first, so the correlated counts run for the page's
 * rows only, not for every row that the offset skips. Optional filters are values
 * (`$n is null or …`), so every call is the same statement text.
 */
const CALLER_ORG_LIST = namedStatement<CallerOrgListValues, { caller: AdminActorRow | null; total: number; items: OrgJson[] }>(
  'payclock_caller_org_list',
  (v) => sql`with caller as (${adminActorSelect(v.userId, v.tokenHash)}),
      matching as (
        select o.id, o.name from bookkeeper_orgs o join caller on caller.role = 'SUPER_ADMIN' or o.id = caller.bookkeeper_org_id
        where (not ${v.activeOnly}::boolean or o.active)
          and (${v.pattern}::text is null
               or o.name ilike ${v.pattern}::text escape '\\' or o.slug ilike ${v.pattern}::text escape '\\' or o.email ilike ${v.pattern}::text escape '\\')),
      page as (select id from matching order by name, id limit ${v.limit}::int offset ${v.offset}::int)
      select (select row_to_json(caller) from caller) as caller,
             (select count(*)::int from matching) as total,
             coalesce((select json_agg(json_build_object(
                 'id', o.id, 'name', o.name, 'slug', o.slug, 'email', o.email, 'phone', o.phone, 'address', o.address,
                 'city', o.city, 'state', o.state, 'zipCode', o.zip_code, 'country', o.country, 'timezone', o.timezone,
                 'dateFormat', o.date_format, 'overtimeThreshold', o.overtime_threshold, 'overtimeMultiplier', o.overtime_multiplier,
                 'active', o.active, 'createdAt', o.created_at, 'updatedAt', o.updated_at,
                 '_count', json_build_object(
                   'companies', (select count(*) from companies c where c.bookkeeper_org_id = o.id),
                   'adminUsers', (select count(*) from admin_users u where u.bookkeeper_org_id = o.id)))
               order by o.name, o.id)
               from page join bookkeeper_orgs o on o.id = page.id), '[]'::json) as items`,
);

export async function listOrgsAsCaller(db: Db, credential: AdminCredential, filter: OrgListFilter): Promise<CallerOrgList> {
  const [row] = await CALLER_ORG_LIST.rows(db, {
    userId: credential.userId,
    tokenHash: credential.hash,
    activeOnly: filter.activeOnly,
    pattern: filter.search === null ? null : likePattern(filter.search),
    limit: filter.limit,
    offset: filter.offset,
  });
  return {
    caller: row!.caller,
    total: row!.total,
    rows: row!.items.map((item) => ({
      ...item,
      overtimeThreshold: Number(item.overtimeThreshold),
      overtimeMultiplier: Number(item.overtimeMultiplier),
      createdAt: new Date(item.createdAt),
      updatedAt: new Date(item.updatedAt),
    })),
  };
}

export async function findOrgRecord(db: Db, id: string): Promise<OrgRecord | undefined> {
  const [row] = await db.select(orgRecord).from(bookkeeperOrgs).where(eq(bookkeeperOrgs.id, id));
  return row;
}

/** The bare row, locked for the rest of the transaction (update and deactivate read "before" with it). */
export async function lockOrg(db: Db, id: string): Promise<OrgRow | undefined> {
  const [row] = await db.select().from(bookkeeperOrgs).where(eq(bookkeeperOrgs.id, id)).for('update');
  return row;
}

export async function findOrgTimezone(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ timezone: bookkeeperOrgs.timezone }).from(bookkeeperOrgs).where(eq(bookkeeperOrgs.id, id));
  return row?.timezone;
}

/** The organization's companies (with employee counts) and admin users, for the get-one response. */
export async function findOrgMembers(db: Db, id: string): Promise<{ companies: OrgCompanySummary[]; adminUsers: OrgAdminSummary[] }> {
  const [companyRows, adminRows] = await Promise.all([
    db
      .select({
        id: companies.id,
        name: companies.name,
        active: companies.active,
        _count: {
          employees: sql<number>`(select count(*)::int from employees e where e.company_id = "companies"."id")`.mapWith(Number),
        },
      })
      .from(companies)
      .where(eq(companies.bookkeeperOrgId, id))
      .orderBy(asc(companies.name), asc(companies.id)),
    db
      .select({
        id: adminUsers.id,
        firstName: adminUsers.firstName,
        lastName: adminUsers.lastName,
        email: adminUsers.email,
        role: adminUsers.role,
        active: adminUsers.active,
      })
      .from(adminUsers)
      .where(eq(adminUsers.bookkeeperOrgId, id))
      .orderBy(asc(adminUsers.lastName), asc(adminUsers.firstName), asc(adminUsers.id)),
  ]);
  return { companies: companyRows, adminUsers: adminRows };
}

/**
 * Inserts with exactly this slug; undefined when the slug is taken. The unique index decides
 * (insert … on conflict do nothing), so two concurrent creates cannot both get it.
 */
export async function insertOrgWithSlug(db: Db, values: OrgInsert & { slug: string }): Promise<OrgRow | undefined> {
  const [row] = await db.insert(bookkeeperOrgs).values(values).onConflictDoNothing({ target: bookkeeperOrgs.slug }).returning();
  return row;
}

/**
 * Inserts with the first free slug of `base`, `base-2`, `base-3`, … (docs/api.md §8). The free
 * candidate is computed from the slugs taken now; a concurrent create that takes it first
 * makes the insert do nothing, and the next round reads the taken slugs again.
 */
export async function insertOrgWithUniqueSlug(db: Db, values: Omit<OrgInsert, 'slug'>, baseSlug: string): Promise<OrgRow> {
  const base = baseSlug.slice(0, MAX_SLUG_BASE).replace(/-+$/, '') || 'organization';
  for (let round = 0; round < MAX_SLUG_ATTEMPTS; round++) {
    const slug = await firstFreeSlug(db, base);
    const row = await insertOrgWithSlug(db, { ...values, slug });
    if (row) return row;
  }
  throw new Error(`no free slug found for "${base}" after ${MAX_SLUG_ATTEMPTS} attempts`);
}

async function firstFreeSlug(db: Db, base: string): Promise<string> {
  // `base` and `base-<digits>` only; the prefix match is literal (base is [a-z0-9-], but escape anyway).
  const prefix = `${base.replace(/[\\%_]/g, (char) => `\\${char}`)}-%`;
  const rows = await db
    .select({ slug: bookkeeperOrgs.slug })
    .from(bookkeeperOrgs)
    .where(or(eq(bookkeeperOrgs.slug, base), sql`${bookkeeperOrgs.slug} like ${prefix} escape '\\'`));
  const taken = new Set(rows.map((row) => row.slug));
  for (let attempt = 1; ; attempt++) {
    const candidate = slugCandidate(base, attempt);
    if (!taken.has(candidate)) return candidate;
  }
}

export async function updateOrg(db: Db, id: string, patch: Partial<OrgInsert>): Promise<OrgRow | undefined> {
  const [row] = await db.update(bookkeeperOrgs).set(patch).where(eq(bookkeeperOrgs.id, id)).returning();
  return row;
}

/** Case-insensitive lookup by name (the CLI's "creates the organization when none has that name"). */
export async function findOrgIdByName(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: bookkeeperOrgs.id })
    .from(bookkeeperOrgs)
    .where(sql`lower(${bookkeeperOrgs.name}) = lower(${name})`)
    .orderBy(asc(bookkeeperOrgs.createdAt))
    .limit(1);
  return row?.id;
}
