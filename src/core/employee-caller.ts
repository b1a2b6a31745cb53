// Whether an employee token's caller may act, from the row that loads it (core/actors.ts): the
// same answer whether the auth guard loaded the row in its own query or a punch loaded it in
// the punch's statement (docs/architecture.md, "How a punch reaches the database").
import type { EmployeeActor } from './access.ts';
import type { EmployeeActorRow } from './actors.ts';
import { Errors, type AppError, type InactiveEmployeeLabel } from './errors.ts';

/** What a verified employee token says about its caller, and its key on the logout list. */
export interface EmployeeCredential {
  userId: string;
  /** sha256 of the compact token (core/tokens.ts tokenHash). */
  hash: string;
  issuedAtMs: number;
}

/** Tokens issued before the last password change or deactivation stop working (docs/api.md §10). */
export function issuedBeforeCredentialsChange(issuedAtMs: number, changedAtMs: number): boolean {
  return issuedAtMs < Number(changedAtMs);
}

/**
 * The actor of an employee token, or the error its caller gets: a route that names a missing
 * employee (`label`) answers 404 for a gone, deactivated or moved one; a logged-out token or one
 * older than the credentials is 401 everywhere.
 */
export function employeeActorFrom(row: EmployeeActorRow | null | undefined, credential: EmployeeCredential, label: InactiveEmployeeLabel | undefined): EmployeeActor {
  const gone = (fallback: AppError): AppError => (label ? Errors.employeeGone(label) : fallback);
  if (!row) throw gone(Errors.authenticationRequired());
  // A logged-out token is no token: 401 even on the routes that name a missing employee.
  if (row.token_revoked) throw Errors.authenticationRequired();
  if (!row.active) throw gone(Errors.accountInactive());
  if (!row.company_active) throw gone(Errors.companyInactive());
  if (!row.org_active) throw gone(Errors.organizationInactive());
  if (issuedBeforeCredentialsChange(credential.issuedAtMs, row.credentials_changed_ms)) throw Errors.authenticationRequired();
  return {
    type: 'employee',
    userId: row.id,
    companyId: row.company_id,
    bookkeeperOrgId: row.bookkeeper_org_id,
    timezone: row.timezone,
    overtimeThreshold: Number(row.overtime_threshold),
    overtimeMultiplier: Number(row.overtime_multiplier),
  };
}
