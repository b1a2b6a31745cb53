// What the auth guard needs from storage, as an interface: the guard (src/http) depends on this
// contract and the auth module supplies it through the app context, so the HTTP layer never
// imports a module. One call per request loads the caller's state and the logout check together.
import type { AdminRole } from '../domain/enums.ts';

/** Whether the token the caller sent is on the logout list. */
interface TokenState {
  token_revoked: boolean;
}

export interface AdminActorRow extends TokenState {
  id: string;
  email: string;
  role: AdminRole;
  active: boolean;
  credentials_changed_ms: number;
  bookkeeper_org_id: string;
  org_active: boolean;
}

export interface EmployeeActorRow extends TokenState {
  id: string;
  active: boolean;
  credentials_changed_ms: number;
  company_id: string;
  company_active: boolean;
  bookkeeper_org_id: string;
  org_active: boolean;
  timezone: string;
  overtime_threshold: string | number;
  overtime_multiplier: string | number;
}

export interface ActorLoader {
  /** The admin, its organization's state and whether this token was logged out: one query. */
  findAdmin(userId: string, tokenHash: string): Promise<AdminActorRow | undefined>;
  /** The employee, its company's and organization's state and settings, and the logout check: one query. */
  findEmployee(employeeId: string, tokenHash: string): Promise<EmployeeActorRow | undefined>;
  /** For answers that load no caller (a token of the wrong type): was this token logged out? */
  isTokenRevoked(tokenHash: string): Promise<boolean>;
}
