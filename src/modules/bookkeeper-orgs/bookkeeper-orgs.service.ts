// Bookkeeper organizations and their five endpoints (docs/api.md §15, §9).
// Tenant rule: a SUPER_ADMIN acts on every organization, an ADMIN only on its
// own. The organization an ADMIN creates is a separate tenant: it gets no admin
// user, so only a SUPER_ADMIN can manage it afterwards (the creating ADMIN gets 403).
import type { Db } from '../../db/open.ts';
import { isValidTimeZone } from '../../domain/dates.ts';
import { slugify } from '../../domain/slug.ts';
import { Errors } from '../../core/errors.ts';
import { toPage, type Page } from '../../core/page.ts';
import { requireAccess, type AdminActor } from '../../core/access.ts';
import { adminActorFrom, type AdminCredential } from '../../core/admin-caller.ts';
import { recordAudit, type RequestMeta } from '../../core/audit.ts';
import {
  findOrgMembers,
  findOrgRecord,
  insertOrgWithSlug,
  insertOrgWithUniqueSlug,
  listOrgsAsCaller,
  lockOrg,
  updateOrg as updateOrgRow,
  type OrgDetail,
  type OrgInsert,
  type OrgRecord,
  type OrgRow,
} from './bookkeeper-orgs.repository.ts';

/** The editable text and number fields of an update. */
export interface OrgFields {
  name?: string;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
  country?: string;
  timezone?: string;
  dateFormat?: string;
  overtimeThreshold?: number;
  overtimeMultiplier?: number;
}

export interface CreateOrgInput extends OrgFields {
  name: string;
  slug?: string;
}

export interface UpdateOrgInput extends OrgFields {
  active?: boolean;
}

export interface ListOrgsInput {
  page: number;
  pageSize: number;
  search?: string;
  active?: string;
}

/** The fields an audit entry shows before and after a change. */
const AUDITED_FIELDS = [
  'name',
  'slug',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zipCode',
  'country',
  'timezone',
  'dateFormat',
  'overtimeThreshold',
  'overtimeMultiplier',
  'active',
] as const;

/** The fields an organization's audit rows record (`details.before` / `details.after`). */
export function snapshot(row: OrgRow): Record<string, unknown> {
  return Object.fromEntries(AUDITED_FIELDS.map((field) => [field, row[field]]));
}

/** Optional text fields: an empty string is stored as null, so "cleared" has one representation. */
const emptyToNull = (value: string | null | undefined): string | null | undefined => (value === '' ? null : value);

/** The supplied fields only: an omitted field is left as it is (PUT) or defaulted by the database (POST). */
function fieldValues(input: OrgFields): Partial<OrgInsert> {
  if (input.timezone !== undefined && !isValidTimeZone(input.timezone)) {
    throw Errors.validationFailed('timezone: must be a valid IANA time zone');
  }
  const values: Partial<OrgInsert> = {};
  if (input.name !== undefined) values.name = input.name;
  for (const key of ['email', 'phone', 'address', 'city', 'state', 'zipCode'] as const) {
    if (input[key] !== undefined) values[key] = emptyToNull(input[key]);
  }
  for (const key of ['country', 'timezone', 'dateFormat', 'overtimeThreshold', 'overtimeMultiplier'] as const) {
    if (input[key] !== undefined) (values as Record<string, unknown>)[key] = input[key];
  }
  return values;
}

/**
 * The caller's page of organizations. The caller is checked by the list's own statement: its
 * refusal (core/admin-caller.ts) is answered before anything of the page is used. The
 * credential's id is a UUID (auth-guard.ts uncheckedAdminOf).
 */
export async function listOrgs(db: Db, credential: AdminCredential, input: ListOrgsInput): Promise<Page<OrgRecord>> {
  const { caller, rows, total } = await listOrgsAsCaller(db, credential, {
    search: input.search?.trim() || null,
    // `true` returns only active organizations; any other value returns all.
    activeOnly: input.active === 'true',
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  });
  adminActorFrom(caller, credential);
  return toPage(rows, total, input.page, input.pageSize);
}

export async function createOrg(db: Db, actor: AdminActor, input: CreateOrgInput, meta: RequestMeta, now: Date): Promise<OrgRecord> {
  // `active` is not an input: a new organization is always active.
  const values = { ...fieldValues(input), name: input.name, active: true, createdAt: now, updatedAt: now };
  const created = await db.transaction(async (tx) => {
    let row: OrgRow | undefined;
    if (input.slug !== undefined) {
      row = await insertOrgWithSlug(tx, { ...values, slug: input.slug });
      if (!row) throw Errors.slugAlreadyExists(`The slug "${input.slug}" is taken`);
    } else {
      row = await insertOrgWithUniqueSlug(tx, values, slugify(input.name) || 'organization');
    }
    await recordAudit(tx, meta, {
      action: 'bookkeeper_org.create',
      actor,
      // The creator's own organization keeps the record of what its admin did.
      bookkeeperOrgId: actor.bookkeeperOrgId,
      entityType: 'bookkeeper_org',
      entityId: row.id,
      details: { after: snapshot(row) },
    });
    return row;
  });
  return { ...created, _count: { companies: 0, adminUsers: 0 } };
}

/** Loads an organization for a path id: 404 when unknown (or not a UUID), 403 when another tenant's. */
async function accessibleOrg(db: Db, actor: AdminActor, id: string): Promise<OrgRecord> {
  await requireAccess(db, actor, { bookkeeperOrgId: id });
  const org = await findOrgRecord(db, id);
  if (!org) throw Errors.notFound('Organization');
  return org;
}

export async function getOrg(db: Db, actor: AdminActor, id: string): Promise<OrgDetail> {
  const org = await accessibleOrg(db, actor, id);
  const members = await findOrgMembers(db, org.id);
  return { ...org, ...members };
}

export async function updateOrg(db: Db, actor: AdminActor, id: string, input: UpdateOrgInput, meta: RequestMeta, now: Date): Promise<OrgRecord> {
  const values = fieldValues(input);
  if (input.active !== undefined) values.active = input.active;
  return changeOrg(db, actor, id, values, 'bookkeeper_org.update', meta, now);
}

/** DELETE is a soft delete (docs/api.md §9): the organization stays, inactive, and its users stop working. */
export async function deactivateOrg(db: Db, actor: AdminActor, id: string, meta: RequestMeta, now: Date): Promise<OrgRecord> {
  return changeOrg(db, actor, id, { active: false }, 'bookkeeper_org.delete', meta, now);
}

async function changeOrg(
  db: Db,
  actor: AdminActor,
  id: string,
  values: Partial<OrgInsert>,
  action: string,
  meta: RequestMeta,
  now: Date,
): Promise<OrgRecord> {
  await requireAccess(db, actor, { bookkeeperOrgId: id });
  return db.transaction(async (tx) => {
    const before = await lockOrg(tx, id);
    if (!before) throw Errors.notFound('Organization');
    const after = await updateOrgRow(tx, id, { ...values, updatedAt: now });
    if (!after) throw Errors.notFound('Organization');
    await recordAudit(tx, meta, {
      action,
      actor,
      // The organization changed keeps the record, so its own admins see what a SUPER_ADMIN did.
      bookkeeperOrgId: after.id,
      entityType: 'bookkeeper_org',
      entityId: after.id,
      details: { before: snapshot(before), after: snapshot(after) },
    });
    const record = await findOrgRecord(tx, id);
    if (!record) throw Errors.notFound('Organization');
    return record;
  });
}
