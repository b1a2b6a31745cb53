// Queries of login, verify and /auth/me. Secrets (password_hash, pin_hash) are selected only
// by the two lookups that check them, and never leave the service.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { namedStatement } from '../../db/named-statement.ts';
import type { AuditRow } from '../../core/audit.ts';
import { adminUsers, bookkeeperOrgs, companies, employees } from '../../db/schema.ts';
import { adminUserRecord, type AdminUserRecord } from '../admin-users/admin-users.repository.ts';

/** The admin record (docs/api.md §10): the record login and /auth/me return, with its organization. */
// The admin list's columns minus its timestamps, which login and /auth/me do not show.
const { createdAt: _createdAt, updatedAt: _updatedAt, ...adminRecordColumns } = adminUserRecord;
export type AdminRecord = Omit<AdminUserRecord, 'createdAt' | 'updatedAt'>;

export type AdminLoginRow = Omit<AdminRecord, 'lastLoginAt'> & { passwordHash: string };

/**
 * The admin a login names, with its password hash: case-insensitive, through the unique index on
 * lower(email). Plain SQL sent as a named prepared statement: building the same select with
 * Drizzle's query builder on every login was the largest single cost of a login's own work
 * (BENCHMARKS.md, "Logins in two statements"). Its record is the one /auth/me returns (findAdminRecord,
 * `test/auth/login.test.ts` compares them) but for the last login, which the login itself sets
 * (recordLogin). The organization comes back as JSON.
 */
export async function findAdminForLogin(db: Db, email: string): Promise<AdminLoginRow | undefined> {
  return (await ADMIN_FOR_LOGIN.rows(db, { email }))[0];
}

// Columns named as the record's fields, so each row is the record as PostgreSQL sends it.
const ADMIN_FOR_LOGIN = namedStatement<{ email: string }, AdminLoginRow>(
  'payclock_admin_for_login',
  (v) => sql`select u.id, u.email, u.first_name as "firstName", u.last_name as "lastName", u.role, u.active,
               u.bookkeeper_org_id as "bookkeeperOrgId", u.password_hash as "passwordHash",
               json_build_object('id', o.id, 'name', o.name, 'slug', o.slug, 'email', o.email, 'phone', o.phone,
                 'timezone', o.timezone, 'dateFormat', o.date_format, 'overtimeThreshold', o.overtime_threshold::float8,
                 'overtimeMultiplier', o.overtime_multiplier::float8, 'active', o.active) as "bookkeeperOrg"
        from admin_users u join bookkeeper_orgs o on o.id = u.bookkeeper_org_id
        where lower(u.email) = lower(${v.email})
        limit 1`,
);

export async function findAdminRecord(db: Db, id: string): Promise<AdminRecord | undefined> {
  const [row] = await db
    .select(adminRecordColumns)
    .from(adminUsers)
    .innerJoin(bookkeeperOrgs, eq(bookkeeperOrgs.id, adminUsers.bookkeeperOrgId))
    .where(eq(adminUsers.id, id));
  return row;
}

/**
 * A successful login's two writes, the last-login stamp and its audit row, as one statement:
 * both commit or neither, with no BEGIN and COMMIT of their own, so a login costs two round
 * trips (the lookup and this) instead of five (BENCHMARKS.md, "Logins in two statements"). Sent as a
 * named prepared statement, as the caller checks are. Returns the stamp, or null when the
 * admin's row is gone (the audit row is written either way, as before).
 */
export async function recordLogin(db: Db, adminId: string, at: Date, audit: AuditRow): Promise<Date | null> {
  const rows = await RECORD_LOGIN.rows(db, {
    at: at.toISOString(),
    adminId,
    action: audit.action,
    actorType: audit.actorType ?? null,
    actorId: audit.actorId ?? null,
    bookkeeperOrgId: audit.bookkeeperOrgId ?? null,
    entityType: audit.entityType ?? null,
    entityId: audit.entityId ?? null,
    ip: audit.ip ?? null,
    userAgent: audit.userAgent ?? null,
    details: audit.details == null ? null : JSON.stringify(audit.details),
  });
  return rows.length > 0 ? at : null;
}

interface RecordLoginValues {
  at: string;
  adminId: string;
  action: string;
  actorType: string | null;
  actorId: string | null;
  bookkeeperOrgId: string | null;
  entityType: string | null;
  entityId: string | null;
  ip: string | null;
  userAgent: string | null;
  /** The audit row's details as JSON text. */
  details: string | null;
}

const RECORD_LOGIN = namedStatement<RecordLoginValues, { stamped: boolean }>(
  'payclock_record_login',
  (v) => sql`with stamped as (
          update admin_users set last_login_at = ${v.at}::timestamptz where id = ${v.adminId}::uuid returning id
        ), audited as (
          insert into audit_logs (action, actor_type, actor_id, bookkeeper_org_id, entity_type, entity_id, ip, user_agent, details)
          values (${v.action}, ${v.actorType}, ${v.actorId}::uuid, ${v.bookkeeperOrgId}::uuid,
                  ${v.entityType}, ${v.entityId}::uuid, ${v.ip}, ${v.userAgent}, ${v.details}::jsonb)
        )
        select true as stamped from stamped`,
);

/** The employee record (docs/api.md §10) verify and /auth/me return. */
const employeeRecordColumns = {
  id: employees.id,
  firstName: employees.firstName,
  lastName: employees.lastName,
  employeeNumber: employees.employeeNumber,
  jobTitle: employees.jobTitle,
  companyId: employees.companyId,
  company: { id: companies.id, name: companies.name },
};

export interface EmployeeRecord {
  id: string;
  firstName: string;
  lastName: string;
  employeeNumber: string | null;
  jobTitle: string | null;
  companyId: string;
  company: { id: string; name: string };
}

export type EmployeeCandidate = EmployeeRecord & {
  pinHash: string;
  active: boolean;
  companyActive: boolean;
  bookkeeperOrgId: string;
  orgActive: boolean;
};

/**
 * Bounds the PIN checks one verify may cost: a phone shared by more companies than this is
 * narrowed with `companyId`.
 */
export const MAX_PHONE_CANDIDATES = 10;

/** Employees with this E.164 phone (employees_phone_idx), in a stable order. */
export async function findEmployeesByPhone(db: Db, phone: string, companyId: string | undefined): Promise<EmployeeCandidate[]> {
  return db
    .select({
      ...employeeRecordColumns,
      pinHash: employees.pinHash,
      active: employees.active,
      companyActive: companies.active,
      bookkeeperOrgId: companies.bookkeeperOrgId,
      orgActive: bookkeeperOrgs.active,
    })
    .from(employees)
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .innerJoin(bookkeeperOrgs, eq(bookkeeperOrgs.id, companies.bookkeeperOrgId))
    .where(companyId ? and(eq(employees.phone, phone), eq(employees.companyId, companyId)) : eq(employees.phone, phone))
    .orderBy(employees.createdAt, employees.id)
    .limit(MAX_PHONE_CANDIDATES);
}

export async function findEmployeeRecord(db: Db, id: string): Promise<EmployeeRecord | undefined> {
  const [row] = await db
    .select(employeeRecordColumns)
    .from(employees)
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .where(eq(employees.id, id));
  return row;
}
