// Who is calling, and the one tenant-access helper every service uses (SPEC.md
// "Authentication" 8, CONTRACT §3). Access is checked before anything else about a resource:
// another tenant's record is a 403 even when some other rule would also reject the request.
import { Errors } from '../http/errors.ts';

export interface AdminActor {
  readonly type: 'admin';
  readonly userId: string;
  readonly email: string;
  readonly role: 'SUPER_ADMIN' | 'ADMIN';
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

/** May this actor act inside this organization? */
export function canAccessOrg(actor: Actor, bookkeeperOrgId: string): boolean {
  return isSuperAdmin(actor) || actor.bookkeeperOrgId === bookkeeperOrgId;
}

/** Throws 403 `Access denied` unless the actor may act inside the organization. */
export function assertOrgAccess(actor: Actor, bookkeeperOrgId: string): void {
  if (!canAccessOrg(actor, bookkeeperOrgId)) throw Errors.accessDenied();
}

/** A company-owned record (company, employee, pay period, time entry): its organization decides for admins, its company for employees. */
export function assertCompanyAccess(actor: Actor, owner: { bookkeeperOrgId: string; companyId: string }): void {
  if (actor.type === 'employee') {
    if (actor.companyId !== owner.companyId) throw Errors.accessDenied();
    return;
  }
  assertOrgAccess(actor, owner.bookkeeperOrgId);
}

/**
 * The organization a list is scoped to. A SUPER_ADMIN sees everything unless it names an
 * organization; an ADMIN always sees its own (null means "no organization filter").
 */
export function orgScope(actor: AdminActor): string | null {
  return actor.role === 'SUPER_ADMIN' ? null : actor.bookkeeperOrgId;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id or reference that is not a UUID answers like an unknown id (CONTRACT §2). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
