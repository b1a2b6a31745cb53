// Queries of login, verify and /auth/me. Secrets (password_hash, pin_hash) are selected only
// by the two lookups that check them, and never leave the service.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { adminUsers, bookkeeperOrgs, companies, employees } from '../../db/schema.ts';
import { adminUserRecord, type AdminUserRecord } from '../admin-users/admin-users.repository.ts';

/** The admin record (docs/api.md §10): the record login and /auth/me return, with its organization. */
// The admin list's columns minus its timestamps, which login and /auth/me do not show.
const { createdAt: _createdAt, updatedAt: _updatedAt, ...adminRecordColumns } = adminUserRecord;
export type AdminRecord = Omit<AdminUserRecord, 'createdAt' | 'updatedAt'>;

export type AdminLoginRow = AdminRecord & { passwordHash: string };

/** Case-insensitive, through the unique index on lower(email). */
export async function findAdminForLogin(db: Db, email: string): Promise<AdminLoginRow | undefined> {
  const [row] = await db
    .select({ ...adminRecordColumns, passwordHash: adminUsers.passwordHash })
    .from(adminUsers)
    .innerJoin(bookkeeperOrgs, eq(bookkeeperOrgs.id, adminUsers.bookkeeperOrgId))
    .where(sql`lower(${adminUsers.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function findAdminRecord(db: Db, id: string): Promise<AdminRecord | undefined> {
  const [row] = await db
    .select(adminRecordColumns)
    .from(adminUsers)
    .innerJoin(bookkeeperOrgs, eq(bookkeeperOrgs.id, adminUsers.bookkeeperOrgId))
    .where(eq(adminUsers.id, id));
  return row;
}

export async function stampLastLogin(db: Db, id: string, at: Date): Promise<Date | null> {
  const [row] = await db
    .update(adminUsers)
    .set({ lastLoginAt: at })
    .where(eq(adminUsers.id, id))
    .returning({ lastLoginAt: adminUsers.lastLoginAt });
  return row?.lastLoginAt ?? null;
}

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
