// The first run (docs/api.md §10, First run): while no admin exists, anyone who can reach the service
// may create the first organization and its SUPER_ADMIN, once. Afterwards the route is gone.
import type { AppContext } from '../../core/context.ts';
import { recordAudit, type RequestMeta } from '../../core/audit.ts';
import { Errors, ValidationLabel } from '../../core/errors.ts';
import { isValidTimeZone } from '../../domain/dates.ts';
import { slugify } from '../../domain/slug.ts';
import { findAdminUser, insertAdminUser } from '../admin-users/admin-users.repository.ts';
import { auditView as adminAuditView } from '../admin-users/admin-users.service.ts';
import { findAdminRecord, type AdminRecord } from '../auth/auth.repository.ts';
import type { SignedIn } from '../auth/auth.service.ts';
import { insertOrgWithUniqueSlug } from '../bookkeeper-orgs/bookkeeper-orgs.repository.ts';
import { snapshot as orgAuditView } from '../bookkeeper-orgs/bookkeeper-orgs.service.ts';
import { anyAdminExists, lockAdminUsersForFirstRun } from './setup.repository.ts';

export const FIRST_ADMIN_ACTION = 'setup.first_admin';

export interface FirstAdminInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  organizationName: string;
  timezone?: string;
}

export async function firstAdminNeeded(ctx: AppContext): Promise<boolean> {
  return !(await anyAdminExists(ctx.db));
}

export async function createFirstAdmin(ctx: AppContext, input: FirstAdminInput, meta: RequestMeta): Promise<SignedIn<AdminRecord>> {
  // Once an admin exists the route answers like one that does not exist.
  if (await anyAdminExists(ctx.db)) throw Errors.routeNotFound();
  if (input.timezone !== undefined && !isValidTimeZone(input.timezone)) {
    throw Errors.validation(ValidationLabel.default, 'timezone: must be a valid IANA time zone');
  }
  // Hashed before the transaction: argon2 must not hold the table lock.
  const passwordHash = await ctx.hasher.hash(input.password);
  const now = ctx.clock.now();

  const user = await ctx.db.transaction(async (tx) => {
    await lockAdminUsersForFirstRun(tx);
    // Read after the lock: a call that got here first has committed its admin by now.
    if (await anyAdminExists(tx)) throw Errors.setupAlreadyCompleted();
    const org = await insertOrgWithUniqueSlug(
      tx,
      { name: input.organizationName, ...(input.timezone ? { timezone: input.timezone } : {}), createdAt: now, updatedAt: now },
      slugify(input.organizationName) || 'organization',
    );
    const id = await insertAdminUser(tx, {
      bookkeeperOrgId: org.id,
      email: input.email.toLowerCase(),
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      role: 'SUPER_ADMIN',
      // The call signs the new admin in, so this is its first login.
      lastLoginAt: now,
      credentialsChangedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, meta, {
      action: FIRST_ADMIN_ACTION,
      // The person at the form becomes this admin: the record names it as its own actor.
      actorType: 'admin',
      actorId: id,
      bookkeeperOrgId: org.id,
      entityType: 'admin_user',
      entityId: id,
      details: { after: adminAuditView((await findAdminUser(tx, id))!), organization: orgAuditView(org) },
    });
    return (await findAdminRecord(tx, id))!;
  });
  const token = await ctx.tokens.sign({ userId: user.id, type: 'admin', bookkeeperOrgId: user.bookkeeperOrgId, email: user.email }, now);
  return { user, token };
}
