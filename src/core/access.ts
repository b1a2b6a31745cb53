// Who is calling, and the one tenant-access check every service uses (docs/api.md §3, §9).
// Access is checked before anything else about a resource: another tenant's record is a 403
// even when some other rule would also reject the request.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { queryRows } from '../db/open.ts';
import { Errors, type Thing } from './errors.ts';
import type { AdminRole } from '../domain/enums.ts';

export interface AdminActor {
  readonly type: 'admin';
  readonly userId: string;
  readonly email: string;
  readonly role: AdminRole;
  readonly bookkeeperOrgId: string;
}

export interface EmployeeActor {
  readonly type: 'employee';
  /** The employee's id. */
  readonly userId: string;
  readonly companyId: string;
  readonly bookkeeperOrgId: string;
  /** The organization's settings, loaded with the token check so that services need not query again. */
  readonly timezone: string;
  readonly overtimeThreshold: number;
  readonly overtimeMultiplier: number;
}

export type Actor = AdminActor | EmployeeActor;

export const isSuperAdmin = (actor: Actor): boolean => actor.type === 'admin' && actor.role === 'SUPER_ADMIN';

/** Who owns a record: its organization, and its company when the record belongs to one. */
export interface Owner {
  readonly bookkeeperOrgId: string;
  readonly companyId: string | null;
}

/**
 * What a request names, by kind. Each record kind is found by its primary key; `inOrganization`
 * is an organization named by a list filter or a body (the organization to list or create in).
 */
export type AccessTarget =
  | { readonly companyId: string }
  | { readonly employeeId: string }
  | { readonly payPeriodId: string }
  | { readonly timeEntryId: string }
  | { readonly bookkeeperOrgId: string }
  | { readonly adminUserId: string }
  | { readonly inOrganization: string };

type RecordKind = Exclude<keyof UnionKeys<AccessTarget>, 'inOrganization'>;
type UnionKeys<T> = { [K in T extends unknown ? keyof T : never]: true };

/** The owner of a row that belongs to a company: its company, and that company's organization. */
function companyOwned(table: 'employees' | 'pay_periods' | 'time_entries'): (id: string) => SQL {
  return (id) => sql`select c.bookkeeper_org_id, r.company_id
                       from ${sql.raw(table)} r join companies c on c.id = r.company_id where r.id = ${id}::uuid`;
}

/** One access query per kind: the owner of one row, read by primary key (a join for company-owned rows). */
const OWNER_QUERIES: Record<RecordKind, { thing: Thing; query: (id: string) => SQL }> = {
  companyId: {
    thing: 'Company',
    query: (id) => sql`select bookkeeper_org_id, id as company_id from companies where id = ${id}::uuid`,
  },
  employeeId: { thing: 'Employee', query: companyOwned('employees') },
  payPeriodId: { thing: 'Pay period', query: companyOwned('pay_periods') },
  timeEntryId: { thing: 'Time entry', query: companyOwned('time_entries') },
  bookkeeperOrgId: {
    thing: 'Organization',
    query: (id) => sql`select id as bookkeeper_org_id, null as company_id from bookkeeper_orgs where id = ${id}::uuid`,
  },
  adminUserId: {
    thing: 'Admin user',
    query: (id) => sql`select bookkeeper_org_id, null as company_id from admin_users where id = ${id}::uuid`,
  },
};

/**
 * The one tenant check: resolves what the request names to its owner and decides whether the
 * actor may act on it, before anything else about the resource is looked at.
 *
 * - A record kind: an unknown id, or one that is not a UUID, is the kind's 404
 *   `<Thing> not found`; another tenant's record is a 403 `Access denied`.
 * - `inOrganization`: decided without reading the organization. An ADMIN naming any other
 *   organization, existing or not, is refused; a SUPER_ADMIN may name any, a non-UUID being a
 *   404 `Organization not found` (the write's foreign key, or an empty list, speaks for an unknown one).
 *
 * Admins act inside their organization (a SUPER_ADMIN everywhere); employees only inside their
 * own company, so a record without a company is never theirs.
 */
export async function requireAccess(db: Db, actor: Actor, target: AccessTarget): Promise<Owner> {
  if ('inOrganization' in target) {
    const owner = { bookkeeperOrgId: target.inOrganization, companyId: null };
    assertMayAct(actor, owner);
    if (!isUuid(target.inOrganization)) throw Errors.notFound('Organization');
    return owner;
  }
  const kind = Object.keys(target)[0] as RecordKind;
  const id = (target as Record<RecordKind, string>)[kind];
  const { thing, query } = OWNER_QUERIES[kind];
  const rows = isUuid(id) ? await queryRows<{ bookkeeper_org_id: string; company_id: string | null }>(db, query(id)) : [];
  const row = rows[0];
  if (!row) throw Errors.notFound(thing);
  const owner = { bookkeeperOrgId: row.bookkeeper_org_id, companyId: row.company_id };
  assertMayAct(actor, owner);
  return owner;
}

/**
 * An organization decides for admins (a SUPER_ADMIN passes everywhere), the company for employees.
 * Exported for a statement that reads the owner along with the record (the timesheet read).
 */
export function assertMayAct(actor: Actor, owner: Owner): void {
  const allowed =
    actor.type === 'employee'
      ? owner.companyId !== null && owner.companyId === actor.companyId
      : isSuperAdmin(actor) || actor.bookkeeperOrgId === owner.bookkeeperOrgId;
  if (!allowed) throw Errors.accessDenied();
}

/**
 * The organization a list is scoped to. A SUPER_ADMIN sees everything unless it names an
 * organization; an ADMIN always sees its own (null means "no organization filter").
 */
export function orgScope(actor: AdminActor): string | null {
  return actor.role === 'SUPER_ADMIN' ? null : actor.bookkeeperOrgId;
}

/**
 * The organization of a list whose query may name one (`bookkeeperOrgId`): an ADMIN naming another
 * organization is refused (docs/api.md §9), a SUPER_ADMIN narrows its view; unnamed, orgScope.
 */
export async function listOrgScope(db: Db, actor: AdminActor, named: string | undefined): Promise<string | null> {
  if (named === undefined) return orgScope(actor);
  await requireAccess(db, actor, { inOrganization: named });
  return named;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id or reference that is not a UUID answers like an unknown id (docs/api.md §3). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
