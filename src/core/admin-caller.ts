// Whether an admin token's caller may act, from the row that loads it (core/actors.ts): the same
// answer whether the auth guard loaded the row in its own query or a list read loaded it in the
// list's statement (docs/architecture.md §3).
import type { AdminActor } from './access.ts';
import type { AdminActorRow } from './actors.ts';
import { issuedBeforeCredentialsChange, type EmployeeCredential } from './employee-caller.ts';
import { Errors } from './errors.ts';

/** What a verified admin token says about its caller, and its key on the logout list: the employee's credential shape. */
export type AdminCredential = EmployeeCredential;

/**
 * The actor of an admin token, or the error its caller gets. Deactivation is reported as such
 * (403); a token logged out, or older than the last password change, is simply invalid (401).
 */
export function adminActorFrom(row: AdminActorRow | null | undefined, credential: AdminCredential): AdminActor {
  if (!row || row.token_revoked) throw Errors.authenticationRequired();
  if (!row.active) throw Errors.accountInactive();
  if (!row.org_active) throw Errors.organizationInactive();
  if (issuedBeforeCredentialsChange(credential.issuedAtMs, row.credentials_changed_ms)) throw Errors.authenticationRequired();
  return { type: 'admin', userId: row.id, email: row.email, role: row.role, bookkeeperOrgId: row.bookkeeper_org_id };
}
