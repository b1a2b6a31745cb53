// The per-request check that a token's user (and its organization, or its company and
// organization) is still active and that the token was not logged out: one primary-key query
// with its joins and a primary-key probe of revoked_tokens, as a named statement rendered once
// (src/db/named-statement.ts; it runs on every authenticated request, and planning it each time
// cost more than running it, BENCHMARKS.md). The credentials-change instant
// comes back as epoch milliseconds (float8): raw queries return timestamps as text.
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { namedStatement } from '../../db/named-statement.ts';
import type { ActorLoader, AdminActorRow, EmployeeActorRow } from '../../core/actors.ts';
import { isTokenRevoked } from './revocation.ts';

const tokenRevoked = (tokenHash: SQLWrapper) => sql`exists (select 1 from revoked_tokens where token_hash = ${tokenHash}) as token_revoked`;

/**
 * The admin row of the caller check (core/actors.ts AdminActorRow), as a statement of its own or
 * a CTE of a list's statement (bookkeeper-orgs.repository.ts, employees.repository.ts), so all
 * check the same columns. The id and hash are the statement's placeholders.
 */
export const adminActorSelect = (userId: SQLWrapper, tokenHash: SQLWrapper) =>
  sql`select u.id, u.email, u.role, u.active, (extract(epoch from u.credentials_changed_at) * 1000)::float8 as credentials_changed_ms, u.bookkeeper_org_id, o.active as org_active,
             ${tokenRevoked(tokenHash)}
      from admin_users u join bookkeeper_orgs o on o.id = u.bookkeeper_org_id
      where u.id = ${userId}::uuid`;

const ADMIN_ACTOR = namedStatement<{ userId: string; tokenHash: string }, AdminActorRow>('payclock_admin_actor', (v) =>
  adminActorSelect(v.userId, v.tokenHash),
);

export async function findAdminActor(db: Db, userId: string, tokenHash: string): Promise<AdminActorRow | undefined> {
  return (await ADMIN_ACTOR.rows(db, { userId, tokenHash }))[0];
}

/**
 * The employee row of the caller check (core/actors.ts EmployeeActorRow), as a statement of its
 * own or a CTE of a punch's statement (clock.repository.ts), so both check the same columns.
 * The id and hash are the statement's placeholders, or SQL naming the columns of a batch's
 * punches (timesheet/clock-batch.repository.ts).
 */
export const employeeActorSelect = (employeeId: SQLWrapper, tokenHash: SQLWrapper) =>
  sql`select e.id, e.active, (extract(epoch from e.credentials_changed_at) * 1000)::float8 as credentials_changed_ms, e.company_id,
  c.active as company_active, c.bookkeeper_org_id, o.active as org_active, o.timezone, o.overtime_threshold, o.overtime_multiplier, ${tokenRevoked(tokenHash)}
  from employees e join companies c on c.id = e.company_id join bookkeeper_orgs o on o.id = c.bookkeeper_org_id
  where e.id = ${employeeId}::uuid`;

const EMPLOYEE_ACTOR = namedStatement<{ employeeId: string; tokenHash: string }, EmployeeActorRow>('payclock_employee_actor', (v) =>
  employeeActorSelect(v.employeeId, v.tokenHash),
);

export async function findEmployeeActor(db: Db, employeeId: string, tokenHash: string): Promise<EmployeeActorRow | undefined> {
  return (await EMPLOYEE_ACTOR.rows(db, { employeeId, tokenHash }))[0];
}

/** The guard's loader (core/actors.ts) over this repository. */
export function createActorLoader(db: Db): ActorLoader {
  return {
    findAdmin: (userId, tokenHash) => findAdminActor(db, userId, tokenHash),
    findEmployee: (employeeId, tokenHash) => findEmployeeActor(db, employeeId, tokenHash),
    isTokenRevoked: (tokenHash) => isTokenRevoked(db, tokenHash),
  };
}
