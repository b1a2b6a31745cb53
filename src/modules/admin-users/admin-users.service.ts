// Admin user rules (docs/api.md §9, §15): tenant checks first; only a SUPER_ADMIN grants
// SUPER_ADMIN (or touches one); emails unique case-insensitively by the database; passwords
// only as argon2id hashes; a new password or a deactivation ends the user's earlier tokens.
import type { AppContext } from '../../core/context.ts';
import { isConstraintViolation } from '../../db/errors.ts';
import { Errors } from '../../core/errors.ts';
import { toPage, type Page } from '../../core/page.ts';
import { isSuperAdmin, listOrgScope, requireAccess, type AdminActor } from '../../core/access.ts';
import { recordAudit, type RequestMeta } from '../../core/audit.ts';
import { onlyActive, searchTerm } from '../../db/search.ts';
import type { AdminRole } from '../../domain/enums.ts';
import {
  findAdminUser,
  insertAdminUser,
  listAdminUsers as queryAdminUsers,
  lockAdminUser,
  updateAdminUser as writeAdminUser,
  type AdminUserInsert,
  type AdminUserRecord,
  type AdminUserRow,
} from './admin-users.repository.ts';

export interface AdminUserListQuery {
  page?: number;
  pageSize?: number;
  search?: string;
  active?: string;
  bookkeeperOrgId?: string;
}

export interface CreateAdminUserInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role?: AdminRole;
  bookkeeperOrgId?: string;
}

export interface UpdateAdminUserInput {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  role?: AdminRole;
  active?: boolean;
}

export async function listAdminUsers(ctx: AppContext, actor: AdminActor, query: AdminUserListQuery): Promise<Page<AdminUserRecord>> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const { rows, total } = await queryAdminUsers(ctx.db, {
    bookkeeperOrgId: await listOrgScope(ctx.db, actor, query.bookkeeperOrgId),
    search: searchTerm(query.search),
    activeOnly: onlyActive(query.active),
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return toPage(rows, total, page, pageSize);
}

export async function getAdminUser(ctx: AppContext, actor: AdminActor, id: string): Promise<AdminUserRecord> {
  await requireAccess(ctx.db, actor, { adminUserId: id });
  const user = await findAdminUser(ctx.db, id);
  if (!user) throw Errors.notFound('Admin user');
  return user;
}

export async function createAdminUser(
  ctx: AppContext,
  actor: AdminActor,
  input: CreateAdminUserInput,
  meta: RequestMeta,
): Promise<AdminUserRecord> {
  // Access first: another organization, or a SUPER_ADMIN grant by an ADMIN, is a 403 (docs/api.md §9).
  const bookkeeperOrgId = input.bookkeeperOrgId ?? actor.bookkeeperOrgId;
  // Its 404 for a non-UUID organization can only reach a SUPER_ADMIN, whom the grant rule never refuses.
  await requireAccess(ctx.db, actor, { inOrganization: bookkeeperOrgId });
  const role = input.role ?? 'ADMIN';
  assertMayGrant(actor, role);

  const now = ctx.clock.now();
  const values: AdminUserInsert = {
    bookkeeperOrgId,
    email: input.email.toLowerCase(),
    passwordHash: await ctx.hasher.hash(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    role,
    credentialsChangedAt: now,
    createdAt: now,
    updatedAt: now,
  };
  return ctx.db.transaction(async (tx) => {
    const id = await insertAdminUser(tx, values).catch(writeError);
    const created = (await findAdminUser(tx, id))!;
    await recordAudit(tx, meta, {
      action: 'admin_user.create',
      actor,
      bookkeeperOrgId,
      entityType: 'admin_user',
      entityId: id,
      details: { after: auditView(created) },
    });
    return created;
  });
}

export async function updateAdminUser(
  ctx: AppContext,
  actor: AdminActor,
  id: string,
  input: UpdateAdminUserInput,
  meta: RequestMeta,
): Promise<AdminUserRecord> {
  const target = await getAdminUser(ctx, actor, id);
  assertMayManage(actor, target);
  if (input.role !== undefined) assertMayGrant(actor, input.role);
  if (input.active === false) assertNotSelf(actor, id);

  // Hashed before the transaction: argon2 must not hold a row lock.
  const changes: Partial<AdminUserInsert> = {};
  if (input.email !== undefined) changes.email = input.email.toLowerCase();
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.role !== undefined) changes.role = input.role;
  if (input.active !== undefined) changes.active = input.active;
  if (input.password !== undefined) changes.passwordHash = await ctx.hasher.hash(input.password);

  return ctx.db.transaction(async (tx) => {
    const before = await lockAdminUser(tx, id);
    if (!before) throw Errors.notFound('Admin user');
    const now = ctx.clock.now();
    changes.updatedAt = now;
    const passwordChanged = changes.passwordHash !== undefined;
    // Tokens issued before a password change or a deactivation stop working.
    if (passwordChanged || (before.active && input.active === false)) changes.credentialsChangedAt = now;
    await writeAdminUser(tx, id, changes).catch(writeError);
    const after = (await findAdminUser(tx, id))!;
    await recordAudit(tx, meta, {
      action: before.active && !after.active ? 'admin_user.deactivate' : 'admin_user.update',
      actor,
      bookkeeperOrgId: before.bookkeeperOrgId,
      entityType: 'admin_user',
      entityId: id,
      details: { before: auditView(before), after: auditView(after), ...(passwordChanged ? { passwordChanged: true } : {}) },
    });
    return after;
  });
}

export async function deactivateAdminUser(ctx: AppContext, actor: AdminActor, id: string, meta: RequestMeta): Promise<AdminUserRecord> {
  const target = await getAdminUser(ctx, actor, id);
  assertMayManage(actor, target);
  assertNotSelf(actor, id);
  return ctx.db.transaction(async (tx) => {
    const before = await lockAdminUser(tx, id);
    if (!before) throw Errors.notFound('Admin user');
    const now = ctx.clock.now();
    await writeAdminUser(tx, id, { active: false, updatedAt: now, ...(before.active ? { credentialsChangedAt: now } : {}) });
    const after = (await findAdminUser(tx, id))!;
    await recordAudit(tx, meta, {
      action: 'admin_user.deactivate',
      actor,
      bookkeeperOrgId: before.bookkeeperOrgId,
      entityType: 'admin_user',
      entityId: id,
      details: { before: auditView(before), after: auditView(after) },
    });
    return after;
  });
}

/** Only a SUPER_ADMIN grants SUPER_ADMIN (docs/api.md §9). */
function assertMayGrant(actor: AdminActor, role: AdminRole): void {
  if (role === 'SUPER_ADMIN' && !isSuperAdmin(actor)) throw Errors.accessDenied();
}

/**
 * An ADMIN may not change or deactivate a SUPER_ADMIN of its organization: otherwise it could
 * set the operator's password and act as it everywhere.
 */
function assertMayManage(actor: AdminActor, target: AdminUserRecord): void {
  if (target.role === 'SUPER_ADMIN' && !isSuperAdmin(actor)) throw Errors.accessDenied();
}

/** An admin cannot lock itself out; another admin of the organization can deactivate it. */
function assertNotSelf(actor: AdminActor, id: string): void {
  if (actor.userId === id) throw Errors.cannotDeactivateYourself();
}

function writeError(error: unknown): never {
  if (isConstraintViolation(error, 'admin_users_email_lower_key')) throw Errors.emailAlreadyInUse();
  if (isConstraintViolation(error, 'admin_users_bookkeeper_org_id_bookkeeper_orgs_id_fk')) throw Errors.notFound('Organization');
  throw error;
}

/** What the audit log keeps: never the password hash. */
export function auditView(user: AdminUserRow | AdminUserRecord): Record<string, unknown> {
  const view: Record<string, unknown> = { ...user };
  for (const key of ['passwordHash', 'credentialsChangedAt', 'createdAt', 'updatedAt', 'lastLoginAt', 'bookkeeperOrg']) delete view[key];
  return view;
}
