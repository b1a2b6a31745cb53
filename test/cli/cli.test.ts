// The command line (README.md "The first admin"), run as a real process (`node --import tsx src/cli.ts …`):
// on a fresh PGlite data directory, on an in-memory PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set. Every command migrates first.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/open.ts';
import { adminUsers, auditLogs, bookkeeperOrgs, companies, employees } from '../../src/db/schema.ts';
import { SecretHasher } from '../../src/core/hashing.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const UUID_LINE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\n$/;
const CLI_TIMEOUT = 180_000;
const hasher = new SecretHasher();

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI with only the variables given (plus PATH/HOME), so no DATABASE_URL leaks in from the shell. */
function cli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', ...args],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), LOG_LEVEL: 'silent', ...env },
        timeout: CLI_TIMEOUT,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const adminArgs = (email: string, orgName: string, extra: string[] = []) => [
  'create-admin',
  '--email', email,
  '--password', 'long-enough-1',
  '--first-name', 'Grace',
  '--last-name', 'Hopper',
  '--org-name', orgName,
  ...extra,
];

const freshDataDir = () => mkdtempSync(join(tmpdir(), 'payclock-cli-'));

/** Each PIN the demo printed matches its employee's stored hash. */
async function expectDemoData(database: Database, output: string): Promise<void> {
  const orgId = /Organization: Demo Bookkeeping \(([0-9a-f-]{36})\)/.exec(output)?.[1];
  expect(orgId).toBeDefined();
  const orgs = await database.db.select().from(bookkeeperOrgs).where(sql`lower(${bookkeeperOrgs.name}) = 'demo bookkeeping'`);
  expect(orgs.map((o) => o.id)).toEqual([orgId]);
  const demoCompanies = await database.db.select().from(companies).where(eq(companies.bookkeeperOrgId, orgId!));
  expect(demoCompanies).toHaveLength(2);
  const printed = [...output.matchAll(/phone (\+\d+), pin (\d+)/g)].map((m) => ({ phone: m[1]!, pin: m[2]! }));
  expect(printed.length).toBeGreaterThanOrEqual(2);
  for (const { phone, pin } of printed) {
    const rows = await database.db
      .select({ pinHash: employees.pinHash, companyId: employees.companyId, active: employees.active })
      .from(employees)
      .where(eq(employees.phone, phone));
    const mine = rows.filter((row) => demoCompanies.some((c) => c.id === row.companyId));
    expect(mine, phone).toHaveLength(1);
    expect(mine[0]!.active).toBe(true);
    expect(await hasher.verify(mine[0]!.pinHash, pin)).toBe(true);
  }
  const admin = /Admin login: (\S+) \/ (\S+)/.exec(output);
  const [adminRow] = await database.db.select().from(adminUsers).where(sql`lower(${adminUsers.email}) = ${admin![1]}`);
  expect(adminRow?.bookkeeperOrgId).toBe(orgId);
  expect(await hasher.verify(adminRow!.passwordHash, admin![2]!)).toBe(true);
}

describe('CLI on a fresh PGlite data directory', { timeout: CLI_TIMEOUT }, () => {
  const dataDir = freshDataDir();
  const env = { DATA_DIR: dataDir };
  const email = `grace-${randomUUID().slice(0, 8)}@example.com`;
  let adminId = '';

  /** Opens the data directory between CLI runs (PGlite allows one process at a time). */
  async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
    const database = await openDatabase({ url: undefined, dataDir });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }

  it('migrate applies the migrations and exits 0', async () => {
    const res = await cli(['migrate'], env);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('Migrations applied (pglite).\n');
    // Running it again is a no-op.
    expect((await cli(['migrate'], env)).code).toBe(0);
  });

  it('create-admin prints the new admin\'s id, creates the organization, and stores a hashed password', async () => {
    const res = await cli(adminArgs(email.toUpperCase(), 'Café Ledger', ['--super-admin']), env);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(UUID_LINE);
    adminId = res.stdout.trim();
    await withDatabase(async (database) => {
      const [admin] = await database.db.select().from(adminUsers).where(eq(adminUsers.id, adminId));
      expect(admin).toMatchObject({ email, firstName: 'Grace', lastName: 'Hopper', role: 'SUPER_ADMIN', active: true });
      expect(admin!.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await hasher.verify(admin!.passwordHash, 'long-enough-1')).toBe(true);
      const [org] = await database.db.select().from(bookkeeperOrgs).where(eq(bookkeeperOrgs.id, admin!.bookkeeperOrgId));
      expect(org).toMatchObject({ name: 'Café Ledger', slug: 'cafe-ledger', active: true, timezone: 'America/New_York' });
      // Audited like the API's writes, by the system (details: cli-audit.test.ts).
      const audit = await database.db.select().from(auditLogs).where(eq(auditLogs.bookkeeperOrgId, org!.id));
      expect(audit.map(({ action, actorType, actorId, entityId }) => ({ action, actorType, actorId, entityId })).sort((a, b) => a.action.localeCompare(b.action))).toEqual([
        { action: 'admin_user.create', actorType: 'system', actorId: null, entityId: adminId },
        { action: 'bookkeeper_org.create', actorType: 'system', actorId: null, entityId: org!.id },
      ]);
    });
  });

  it('create-admin joins an existing organization of that name (any case), ADMIN by default', async () => {
    const res = await cli(adminArgs(`ada-${randomUUID().slice(0, 8)}@example.com`, 'CAFÉ LEDGER'), env);
    expect(res.code).toBe(0);
    const id = res.stdout.trim();
    await withDatabase(async (database) => {
      const [admin] = await database.db.select().from(adminUsers).where(eq(adminUsers.id, id));
      const [first] = await database.db.select().from(adminUsers).where(eq(adminUsers.id, adminId));
      expect(admin!.role).toBe('ADMIN');
      expect(admin!.bookkeeperOrgId).toBe(first!.bookkeeperOrgId);
    });
  });

  it('create-admin gives a new organization whose slug is taken the next free suffix', async () => {
    // "Cafe-Ledger" is another name with the same slug as "Café Ledger".
    const res = await cli(adminArgs(`linus-${randomUUID().slice(0, 8)}@example.com`, 'Cafe-Ledger'), env);
    expect(res.code).toBe(0);
    await withDatabase(async (database) => {
      const [org] = await database.db.select().from(bookkeeperOrgs).where(eq(bookkeeperOrgs.name, 'Cafe-Ledger'));
      expect(org!.slug).toBe('cafe-ledger-2');
    });
  });

  it('create-admin refuses an email already in use (any case) with exit 2, and creates no organization', async () => {
    const res = await cli(adminArgs(email, 'Duplicate Holdings'), env);
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr).toBe(`create-admin: ${email} is already in use\n`);
    await withDatabase(async (database) => {
      const orgs = await database.db.select().from(bookkeeperOrgs).where(eq(bookkeeperOrgs.name, 'Duplicate Holdings'));
      expect(orgs).toEqual([]);
    });
  });

  it('seed-demo prints working credentials, and running it twice changes nothing', async () => {
    const first = await cli(['seed-demo'], env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Organization: Demo Bookkeeping \(/);
    expect(first.stdout).toMatch(/Admin login: \S+@\S+ \/ \S+/);
    const second = await cli(['seed-demo'], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    await withDatabase(async (database) => {
      await expectDemoData(database, first.stdout);
      const orgId = /\(([0-9a-f-]{36})\)/.exec(first.stdout)![1]!;
      // One create row by the system per demo record, none from the second run.
      const audit = await database.db.select().from(auditLogs).where(and(eq(auditLogs.bookkeeperOrgId, orgId), eq(auditLogs.actorType, 'system')));
      const counts = Object.fromEntries(['bookkeeper_org', 'admin_user', 'company', 'employee'].map((type) => [type, audit.filter((row) => row.action === `${type}.create`).length]));
      expect(counts).toEqual({ bookkeeper_org: 1, admin_user: 1, company: 2, employee: 4 });
      expect(audit).toHaveLength(8);
      const rows = await database.db
        .select({ id: employees.id })
        .from(employees)
        .innerJoin(companies, eq(companies.id, employees.companyId))
        .where(and(eq(companies.bookkeeperOrgId, orgId)));
      expect(rows).toHaveLength([...first.stdout.matchAll(/, pin /g)].length);
    });
  });
});

describe('CLI argument errors (exit 2 with a clear message, before the database is opened)', { timeout: CLI_TIMEOUT }, () => {
  it.each([
    [['create-admin', '--email', 'a@example.com'], /^create-admin: missing --password, --first-name, --last-name, --org-name\n$/],
    [['create-admin'], /^create-admin: missing --email, --password, --first-name, --last-name, --org-name\n$/],
    [adminArgs('not-an-email', 'Org'), /^create-admin: --email must be a valid email address\n$/],
    [['create-admin', '--email', 'a@example.com', '--password', 'short', '--first-name', 'A', '--last-name', 'B', '--org-name', 'O'], /^create-admin: --password must be at least 8 characters\n$/],
    [adminArgs('a@example.com', 'x'.repeat(256)), /^create-admin: --org-name must be at most 255 characters\n$/],
    [[...adminArgs('a@example.com', 'Org'), '--colour', 'blue'], /Unknown option '--colour'/],
    [['migrate', '--force'], /Unknown option '--force'/],
    [['seed-demo', 'extra'], /Unexpected argument 'extra'/],
    [['frobnicate'], /^Unknown command "frobnicate"/],
    [[], /Usage: npm run cli/],
  ])('%j', async (args, message) => {
    // An empty data directory stays empty: the embedded database was never opened.
    const dataDir = freshDataDir();
    const res = await cli(args as string[], { DATA_DIR: dataDir });
    expect(res.code).toBe(2);
    expect(res.stdout + res.stderr).toMatch(message);
    expect(res.stdout).not.toMatch(UUID_LINE);
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

describe('CLI on an in-memory PGlite (DATABASE_URL=memory://)', { timeout: CLI_TIMEOUT }, () => {
  const env = { DATABASE_URL: 'memory://', DATA_DIR: freshDataDir() };

  it('migrate exits 0', async () => {
    const res = await cli(['migrate'], env);
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('Migrations applied (pglite).\n');
  });

  it('create-admin prints a UUID', async () => {
    const res = await cli(adminArgs('mem@example.com', 'Memory Org'), env);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(UUID_LINE);
  });

  it('seed-demo exits 0 and prints the credentials', async () => {
    const res = await cli(['seed-demo'], env);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/phone \+1\d{10}, pin \d{4}/);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('CLI on PostgreSQL (TEST_DATABASE_URL)', { timeout: CLI_TIMEOUT }, () => {
  const env = { DATABASE_URL: pgUrl ?? '', DATA_DIR: freshDataDir() };
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ url: pgUrl!, poolMax: 2 });
  });
  afterAll(async () => database?.close());

  it('migrate exits 0 (already migrated: a no-op)', async () => {
    const res = await cli(['migrate'], env);
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('Migrations applied (postgres).\n');
  });

  it('create-admin stores the admin and its organization; a second use of the email exits 2', async () => {
    const email = `pg-${randomUUID().slice(0, 8)}@example.com`;
    const orgName = `CLI Org ${randomUUID()}`;
    const res = await cli(adminArgs(email, orgName), env);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(UUID_LINE);
    const [admin] = await database.db.select().from(adminUsers).where(eq(adminUsers.id, res.stdout.trim()));
    expect(admin).toMatchObject({ email, role: 'ADMIN' });
    const [org] = await database.db.select().from(bookkeeperOrgs).where(eq(bookkeeperOrgs.id, admin!.bookkeeperOrgId));
    expect(org!.name).toBe(orgName);

    const again = await cli(adminArgs(email.toUpperCase(), `Other ${randomUUID()}`), env);
    expect(again.code).toBe(2);
    expect(again.stderr).toBe(`create-admin: ${email} is already in use\n`);
  });

  it('seed-demo prints working credentials, and running it twice is fine', async () => {
    const first = await cli(['seed-demo'], env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const second = await cli(['seed-demo'], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    await expectDemoData(database, first.stdout);
  });
});
