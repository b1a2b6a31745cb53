// Each test builds its own organizations, companies and people, with unique names, so tests
// never truncate and can run in any order, on a shared PostgreSQL database too.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/open.ts';
import { adminUsers, bookkeeperOrgs, companies, employees, payPeriods, timeEntries } from '../../src/db/schema.ts';
import { TEST_HASHER } from './app.ts';

export const DEFAULT_PASSWORD = 'correct horse battery';
export const DEFAULT_PIN = '1234';

const hashes = new Map<string, Promise<string>>();
/** Hashing is the slow part of a factory; each distinct secret is hashed once per test file. */
export function hashOf(secret: string): Promise<string> {
  let hash = hashes.get(secret);
  if (!hash) {
    hash = TEST_HASHER.hash(secret);
    hashes.set(secret, hash);
  }
  return hash;
}

export const unique = (prefix = 'x'): string => `${prefix}-${randomUUID().slice(0, 8)}`;

let phoneCounter = Math.floor(Math.random() * 1_000_000);
/** A valid, unique US number in E.164 (555-01xx numbers are fictional but valid-looking). */
export function uniquePhone(): string {
  phoneCounter = (phoneCounter + 1) % 10_000_000;
  return `+1212${String(2_000_000 + (phoneCounter % 7_000_000)).padStart(7, '0')}`;
}

export type OrgRow = typeof bookkeeperOrgs.$inferSelect;
export type AdminRow = typeof adminUsers.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type EmployeeRow = typeof employees.$inferSelect;
export type PayPeriodRow = typeof payPeriods.$inferSelect;
export type TimeEntryRow = typeof timeEntries.$inferSelect;

export async function createOrg(db: Db, values: Partial<typeof bookkeeperOrgs.$inferInsert> = {}): Promise<OrgRow> {
  const name = values.name ?? unique('Org');
  const [row] = await db
    .insert(bookkeeperOrgs)
    .values({ name, slug: values.slug ?? name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), ...values })
    .returning();
  return row!;
}

export async function createAdmin(
  db: Db,
  values: Partial<typeof adminUsers.$inferInsert> & { bookkeeperOrgId: string; password?: string },
): Promise<AdminRow & { password: string }> {
  const { password = DEFAULT_PASSWORD, ...rest } = values;
  const [row] = await db
    .insert(adminUsers)
    .values({
      email: `${unique('admin')}@example.com`,
      firstName: 'Ada',
      lastName: 'Admin',
      passwordHash: await hashOf(password),
      // A little in the past, so that tokens minted by the tests are "issued after" it.
      credentialsChangedAt: new Date(Date.now() - 60_000),
      ...rest,
    })
    .returning();
  return { ...row!, password };
}

export async function createCompany(
  db: Db,
  values: Partial<typeof companies.$inferInsert> & { bookkeeperOrgId: string },
): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values({ name: unique('Company'), ...values }).returning();
  return row!;
}

export async function createEmployee(
  db: Db,
  values: Partial<typeof employees.$inferInsert> & { companyId: string; pin?: string },
): Promise<EmployeeRow & { pin: string }> {
  const { pin = DEFAULT_PIN, ...rest } = values;
  const [row] = await db
    .insert(employees)
    .values({
      firstName: 'Eve',
      lastName: unique('Worker'),
      phone: uniquePhone(),
      pinHash: await hashOf(pin),
      employeeNumber: unique('E'),
      jobTitle: 'Technician',
      payRate: 25,
      credentialsChangedAt: new Date(Date.now() - 60_000),
      ...rest,
    })
    .returning();
  return { ...row!, pin };
}

export async function createPayPeriod(
  db: Db,
  values: Partial<typeof payPeriods.$inferInsert> & { companyId: string; startDate: Date; endDate: Date },
): Promise<PayPeriodRow> {
  const [row] = await db.insert(payPeriods).values({ periodType: 'WEEKLY', ...values }).returning();
  return row!;
}

export async function createTimeEntry(
  db: Db,
  values: Partial<typeof timeEntries.$inferInsert> & { employeeId: string; companyId: string; clockIn: Date },
): Promise<TimeEntryRow> {
  const [row] = await db.insert(timeEntries).values(values).returning();
  return row!;
}

/** One organization with an admin, a company and an employee: the usual starting point. */
export async function createTenant(db: Db, orgValues: Partial<typeof bookkeeperOrgs.$inferInsert> = {}) {
  const org = await createOrg(db, orgValues);
  const admin = await createAdmin(db, { bookkeeperOrgId: org.id });
  const company = await createCompany(db, { bookkeeperOrgId: org.id });
  const employee = await createEmployee(db, { companyId: company.id });
  return { org, admin, company, employee };
}

export async function reloadEmployee(db: Db, id: string): Promise<EmployeeRow | undefined> {
  const [row] = await db.select().from(employees).where(eq(employees.id, id));
  return row;
}
