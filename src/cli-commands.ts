// What the CLI does, apart from argument parsing, so that tests can call it too.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './db/open.ts';
import { isConstraintViolation } from './db/errors.ts';
import { adminUsers, companies, employees } from './db/schema.ts';
import { toE164 } from './domain/phone.ts';
import { slugify } from './domain/slug.ts';
import type { SecretHasher } from './modules/auth/hashing.ts';
import { findOrgIdByName, insertOrgWithUniqueSlug } from './modules/bookkeeper-orgs/bookkeeper-orgs.repository.ts';

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

/** Creates an admin, and its organization when no organization has that name. */
export async function createAdminWithOrg(db: Db, hasher: SecretHasher, input: CreateAdminInput): Promise<{ id: string; bookkeeperOrgId: string }> {
  const missing = (['email', 'password', 'firstName', 'lastName', 'orgName'] as const).filter((key) => !input[key]?.trim());
  if (missing.length > 0) {
    const flags = missing.map((key) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
    throw new CliInputError(`create-admin: missing ${flags.join(', ')}`);
  }
  const email = input.email!.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 255) throw new CliInputError('create-admin: --email must be a valid email address');
  if (input.password!.length < 8) throw new CliInputError('create-admin: --password must be at least 8 characters');
  const orgName = input.orgName!.trim();
  for (const [flag, value] of [['--first-name', input.firstName!], ['--last-name', input.lastName!], ['--org-name', orgName]] as const) {
    if (value.trim().length > 255) throw new CliInputError(`create-admin: ${flag} must be at most 255 characters`);
  }
  const passwordHash = await hasher.hash(input.password!);

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
          firstName: input.firstName!.trim(),
          lastName: input.lastName!.trim(),
          role: input.superAdmin ? 'SUPER_ADMIN' : 'ADMIN',
        })
        .returning({ id: adminUsers.id, bookkeeperOrgId: adminUsers.bookkeeperOrgId });
      return admin!;
    });
  } catch (error) {
    if (isConstraintViolation(error, 'admin_users_email_lower_key')) throw new CliInputError(`create-admin: ${email} is already in use`);
    throw error;
  }
}

/** The organization of that name (case-insensitively), or a new one with the first free slug (CONTRACT §3). */
async function findOrCreateOrg(db: Db, name: string): Promise<{ id: string }> {
  const existing = await findOrgIdByName(db, name);
  if (existing) return { id: existing };
  // The same unique-slug insert as POST /admin/bookkeeper-orgs: the unique index settles races.
  const created = await insertOrgWithUniqueSlug(db, { name }, slugify(name) || 'organization');
  return { id: created.id };
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

/** One organization, two companies, a few employees. Running it again changes nothing and prints the same credentials. */
export async function seedDemo(db: Db, hasher: SecretHasher): Promise<string> {
  const org = await findOrCreateOrg(db, DEMO_ORG);
  const [admin] = await db.select({ id: adminUsers.id }).from(adminUsers).where(sql`lower(${adminUsers.email}) = ${DEMO_ADMIN.email}`);
  if (!admin) {
    await db.insert(adminUsers).values({
      bookkeeperOrgId: org.id,
      email: DEMO_ADMIN.email,
      passwordHash: await hasher.hash(DEMO_ADMIN.password),
      firstName: 'Demo',
      lastName: 'Admin',
      role: 'ADMIN',
    });
  }
  const lines = [
    `Organization: ${DEMO_ORG} (${org.id})`,
    `Admin login: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
    'Employees (POST /api/v1/auth/employee/verify with phone and pin):',
  ];
  for (const demoCompany of DEMO_COMPANIES) {
    let [company] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.bookkeeperOrgId, org.id), eq(companies.name, demoCompany.name)));
    company ??= (await db.insert(companies).values({ bookkeeperOrgId: org.id, name: demoCompany.name, payPeriodType: 'WEEKLY' }).returning({ id: companies.id }))[0]!;
    lines.push(`  ${demoCompany.name} (${company.id})`);
    for (const person of demoCompany.employees) {
      const phone = toE164(person.phone)!;
      await db
        .insert(employees)
        .values({
          companyId: company.id,
          firstName: person.firstName,
          lastName: person.lastName,
          phone,
          pinHash: await hasher.hash(person.pin),
          employeeNumber: person.employeeNumber,
          jobTitle: person.jobTitle,
          payRate: person.payRate,
        })
        .onConflictDoNothing();
      lines.push(`    ${person.firstName} ${person.lastName}: phone ${phone}, pin ${person.pin}`);
    }
  }
  return lines.join('\n');
}
