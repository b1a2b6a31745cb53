// What the CLI does, apart from argument parsing, so that tests can call it too. Every write
// leaves the audit row the API leaves for the same write (same action, same details), with
// the actor type `system` and no actor id, in the transaction of the write.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './db/open.ts';
import { isConstraintViolation } from './db/errors.ts';
import { adminUsers, bookkeeperOrgs, companies, employees } from './db/schema.ts';
import { seedDemoPayPeriods, seedDemoPunches } from './demo-punches.ts';
import { toE164 } from './domain/phone.ts';
import { slugify } from './domain/slug.ts';
import { findAdminUser } from './modules/admin-users/admin-users.repository.ts';
import { auditView as adminUserAuditView } from './modules/admin-users/admin-users.service.ts';
import { recordAudit } from './core/audit.ts';
import type { SecretHasher } from './core/hashing.ts';
import { findOrgIdByName, insertOrgWithUniqueSlug } from './modules/bookkeeper-orgs/bookkeeper-orgs.repository.ts';
import { snapshot as orgAuditView } from './modules/bookkeeper-orgs/bookkeeper-orgs.service.ts';
import { findCompany } from './modules/companies/companies.repository.ts';
import { auditView as companyAuditView } from './modules/companies/companies.service.ts';
import { findEmployee } from './modules/employees/employees.repository.ts';
import { auditView as employeeAuditView } from './modules/employees/employees.service.ts';

export class CliInputError extends Error {}

export interface CreateAdminInput {
  email: string | undefined;
  password: string | undefined;
  firstName: string | undefined;
  lastName: string | undefined;
  orgName: string | undefined;
  superAdmin: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** create-admin's input once checked: every field present, trimmed, within its limits. */
export type CheckedAdminInput = { [Field in keyof CreateAdminInput]-?: NonNullable<CreateAdminInput[Field]> };

/** Checks create-admin's input without touching the database, so the CLI answers a typo at once. */
export function checkAdminInput(input: CreateAdminInput): CheckedAdminInput {
  const missing = (['email', 'password', 'firstName', 'lastName', 'orgName'] as const).filter((key) => !input[key]?.trim());
  if (missing.length > 0) {
    const flags = missing.map((key) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
    throw new CliInputError(`create-admin: missing ${flags.join(', ')}`);
  }
  const email = input.email!.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 255) throw new CliInputError('create-admin: --email must be a valid email address');
  if (input.password!.length < 8) throw new CliInputError('create-admin: --password must be at least 8 characters');
  const [firstName, lastName, orgName] = [input.firstName!.trim(), input.lastName!.trim(), input.orgName!.trim()];
  for (const [flag, value] of [['--first-name', firstName], ['--last-name', lastName], ['--org-name', orgName]] as const) {
    if (value.length > 255) throw new CliInputError(`create-admin: ${flag} must be at most 255 characters`);
  }
  return { email, password: input.password!, firstName, lastName, orgName, superAdmin: input.superAdmin };
}

/** Creates an admin, and its organization when no organization has that name. */
export async function createAdminWithOrg(db: Db, hasher: SecretHasher, input: CheckedAdminInput): Promise<{ id: string; bookkeeperOrgId: string }> {
  const { email, orgName } = input;
  const passwordHash = await hasher.hash(input.password);

  try {
    // One transaction: an email already in use leaves no new organization behind.
    return await db.transaction(async (tx) => {
      const org = await findOrCreateOrg(tx, orgName);
      const [admin] = await tx
        .insert(adminUsers)
        .values({
          bookkeeperOrgId: org.id,
          email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          role: input.superAdmin ? 'SUPER_ADMIN' : 'ADMIN',
        })
        .returning({ id: adminUsers.id, bookkeeperOrgId: adminUsers.bookkeeperOrgId });
      await auditAdminCreated(tx, admin!.id, org.id);
      return admin!;
    });
  } catch (error) {
    if (isConstraintViolation(error, 'admin_users_email_lower_key')) throw new CliInputError(`create-admin: ${email} is already in use`);
    throw error;
  }
}

/** The organization of that name (case-insensitively), or a new one with the first free slug (docs/api.md §8). */
async function findOrCreateOrg(db: Db, name: string): Promise<{ id: string }> {
  const existing = await findOrgIdByName(db, name);
  if (existing) return { id: existing };
  // The same unique-slug insert as POST /admin/bookkeeper-orgs: the unique index settles races.
  const created = await insertOrgWithUniqueSlug(db, { name }, slugify(name) || 'organization');
  // The new organization keeps the record: there is no creator's organization to file it under.
  await recordSystemCreate(db, 'bookkeeper_org', created.id, created.id, orgAuditView(created));
  return { id: created.id };
}

/** The command line runs outside any request: no address, no user agent. */
const NO_REQUEST = { ip: null, userAgent: null };

/** The `<entity>.create` row the API writes for the same record, by the system instead of an admin. */
async function recordSystemCreate(db: Db, entityType: string, entityId: string, bookkeeperOrgId: string, after: Record<string, unknown>): Promise<void> {
  await recordAudit(db, NO_REQUEST, {
    action: `${entityType}.create`,
    actorType: 'system',
    actorId: null,
    bookkeeperOrgId,
    entityType,
    entityId,
    details: { after },
  });
}

async function auditAdminCreated(db: Db, id: string, bookkeeperOrgId: string): Promise<void> {
  await recordSystemCreate(db, 'admin_user', id, bookkeeperOrgId, adminUserAuditView((await findAdminUser(db, id))!));
}

const DEMO_ORG = 'Demo Bookkeeping';
const DEMO_ADMIN = { email: 'admin@demo.payclock.test', password: 'demo-password-1' };
const DEMO_COMPANIES = [
  {
    name: 'Sunrise Bakery',
    employees: [
      { firstName: 'Maria', lastName: 'García', phone: '(212) 555-0101', pin: '1111', employeeNumber: 'SB-001', jobTitle: 'Baker', payRate: 22 },
      { firstName: 'Tom', lastName: 'Nguyen', phone: '(212) 555-0102', pin: '2222', employeeNumber: 'SB-002', jobTitle: 'Cashier', payRate: 18 },
    ],
  },
  {
    name: 'Harbor Plumbing',
    employees: [
      { firstName: 'Jamal', lastName: 'Wright', phone: '(212) 555-0201', pin: '3333', employeeNumber: 'HP-001', jobTitle: 'Plumber', payRate: 34 },
      { firstName: 'Ana', lastName: 'Kowalski', phone: '(212) 555-0202', pin: '4444', employeeNumber: 'HP-002', jobTitle: 'Apprentice', payRate: 21 },
    ],
  },
];

/**
 * One organization, two companies, a few employees with two weeks of punches (demo-punches.ts).
 * Running it again changes nothing and prints the same credentials. One transaction, under a lock that serialises concurrent runs,
 * so two at once cannot both create the demo records; the secrets are hashed before it starts.
 */
export async function seedDemo(db: Db, hasher: SecretHasher, now: Date = new Date()): Promise<string> {
  const adminPasswordHash = await hasher.hash(DEMO_ADMIN.password);
  const pinHashes = new Map<string, string>();
  for (const person of DEMO_COMPANIES.flatMap((c) => c.employees)) pinHashes.set(person.pin, await hasher.hash(person.pin));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payclock.seed-demo'))`);
    return seedDemoRecords(tx, adminPasswordHash, pinHashes, now);
  });
}

async function seedDemoRecords(db: Db, adminPasswordHash: string, pinHashes: Map<string, string>, now: Date): Promise<string> {
  const { id: orgId } = await findOrCreateOrg(db, DEMO_ORG);
  const [org] = await db
    .select({ id: bookkeeperOrgs.id, timezone: bookkeeperOrgs.timezone, overtimeThreshold: bookkeeperOrgs.overtimeThreshold })
    .from(bookkeeperOrgs)
    .where(eq(bookkeeperOrgs.id, orgId));
  if (!org) throw new Error('the demo organization vanished while seeding');
  // The unique index on lower(email) decides whether the demo admin is new.
  const [admin] = await db
    .insert(adminUsers)
    .values({ bookkeeperOrgId: org.id, email: DEMO_ADMIN.email, passwordHash: adminPasswordHash, firstName: 'Demo', lastName: 'Admin', role: 'ADMIN' })
    .onConflictDoNothing()
    .returning({ id: adminUsers.id });
  if (admin) await auditAdminCreated(db, admin.id, org.id);
  const lines = [
    `Organization: ${DEMO_ORG} (${org.id})`,
    `Admin login: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
    'Employees (POST /api/v1/auth/employee/verify with phone and pin):',
  ];
  let demoIndex = 0;
  for (const demoCompany of DEMO_COMPANIES) {
    let [company] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.bookkeeperOrgId, org.id), eq(companies.name, demoCompany.name)));
    if (!company) {
      company = (await db.insert(companies).values({ bookkeeperOrgId: org.id, name: demoCompany.name, payPeriodType: 'WEEKLY' }).returning({ id: companies.id }))[0]!;
      await recordSystemCreate(db, 'company', company.id, org.id, companyAuditView((await findCompany(db, company.id))!));
    }
    lines.push(`  ${demoCompany.name} (${company.id})`);
    await seedDemoPayPeriods(db, company.id, now, org.timezone);
    for (const person of demoCompany.employees) {
      const phone = toE164(person.phone)!;
      const [employee] = await db
        .insert(employees)
        .values({
          companyId: company.id,
          firstName: person.firstName,
          lastName: person.lastName,
          phone,
          pinHash: pinHashes.get(person.pin)!,
          employeeNumber: person.employeeNumber,
          jobTitle: person.jobTitle,
          payRate: person.payRate,
        })
        .onConflictDoNothing()
        .returning({ id: employees.id });
      if (employee) await recordSystemCreate(db, 'employee', employee.id, org.id, employeeAuditView((await findEmployee(db, employee.id))!));
      const [seeded] = await db.select({ id: employees.id }).from(employees).where(and(eq(employees.companyId, company.id), eq(employees.phone, phone)));
      await seedDemoPunches(db, { id: seeded!.id, companyId: company.id }, demoIndex++, now, org);
      lines.push(`    ${person.firstName} ${person.lastName}: phone ${phone}, pin ${person.pin}`);
    }
  }
  return lines.join('\n');
}
