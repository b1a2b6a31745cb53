// The per-request check that a token's user (and its organization, or its company and
// organization) is still active: one primary-key query with its joins. The credentials-change
// instant comes back as epoch milliseconds (float8): raw queries return timestamps as text.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/open.ts';

export interface AdminActorRow {
  id: string;
  email: string;
  role: 'SUPER_ADMIN' | 'ADMIN';
  active: boolean;
  credentials_changed_ms: number;
  bookkeeper_org_id: string;
  org_active: boolean;
}

export interface EmployeeActorRow {
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

export async function findAdminActor(db: Db, userId: string): Promise<AdminActorRow | undefined> {
  const rows = await queryRows<AdminActorRow>(
    db,
    sql`select u.id, u.email, u.role, u.active, (extract(epoch from u.credentials_changed_at) * 1000)::float8 as credentials_changed_ms, u.bookkeeper_org_id, o.active as org_active
        from admin_users u join bookkeeper_orgs o on o.id = u.bookkeeper_org_id
        where u.id = ${userId}`,
  );
  return rows[0];
}

export async function findEmployeeActor(db: Db, employeeId: string): Promise<EmployeeActorRow | undefined> {
  const rows = await queryRows<EmployeeActorRow>(
    db,
    sql`select e.id, e.active, (extract(epoch from e.credentials_changed_at) * 1000)::float8 as credentials_changed_ms, e.company_id, c.active as company_active,
               c.bookkeeper_org_id, o.active as org_active, o.timezone, o.overtime_threshold, o.overtime_multiplier
        from employees e
        join companies c on c.id = e.company_id
        join bookkeeper_orgs o on o.id = c.bookkeeper_org_id
        where e.id = ${employeeId}`,
  );
  return rows[0];
}
