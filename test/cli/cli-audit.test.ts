// The CLI's writes are audited like the API's: create-admin and seed-demo leave the rows the
// API leaves for the same records (same action, entity and details shape), with the actor
// type `system`, no actor id and no request address. Calls the command functions on the test
// database (PGlite, or PostgreSQL with TEST_DATABASE_URL); cli.test.ts runs the real process.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliInputError, createAdminWithOrg, seedDemo } from '../../src/cli-commands.ts';
import { adminUsers, auditLogs, companies, employees } from '../../src/db/schema.ts';
import { findOrgIdByName } from '../../src/modules/bookkeeper-orgs/bookkeeper-orgs.repository.ts';
import { createTestApp, TEST_HASHER, type TestApp } from '../helpers/app.ts';
import { uniquePhone } from '../helpers/factories.ts';
import { adminToken, client } from '../helpers/http.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app);
});
afterAll(async () => t?.close());

const systemRowsOfOrg = (bookkeeperOrgId: string) =>
  t.db.select().from(auditLogs).where(and(eq(auditLogs.bookkeeperOrgId, bookkeeperOrgId), eq(auditLogs.actorType, 'system')));

async function rowOf(entityId: string) {
  const rows = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, entityId));
  expect(rows, `audit rows of ${entityId}`).toHaveLength(1);
  return rows[0]!;
}

/** The keys of `details.after` the API writes for that action (by entity id). */
async function apiAfterKeys(entityId: string): Promise<string[]> {
  const row = await rowOf(entityId);
  expect(row.actorType).toBe('admin');
  return Object.keys((row.details as { after: object }).after).sort();
}

const afterKeys = (row: { details: unknown }) => Object.keys((row.details as { after: object }).after).sort();

const adminInput = (orgName: string, email = `cli-${randomUUID().slice(0, 8)}@example.com`) => ({
  email,
  password: 'long-enough-1',
  firstName: 'Grace',
  lastName: 'Hopper',
  orgName,
  superAdmin: true,
});

describe('create-admin', () => {
  it('records bookkeeper_org.create and admin_user.create by the system, with the details the API records', async () => {
    const orgName = `CLI Audit ${randomUUID()}`;
    const input = adminInput(orgName);
    const admin = await createAdminWithOrg(t.db, TEST_HASHER, input);

    const orgRow = await rowOf(admin.bookkeeperOrgId);
    expect(orgRow).toMatchObject({
      action: 'bookkeeper_org.create',
      actorType: 'system',
      actorId: null,
      bookkeeperOrgId: admin.bookkeeperOrgId,
      entityType: 'bookkeeper_org',
      entityId: admin.bookkeeperOrgId,
      ip: null,
      userAgent: null,
      details: { after: { name: orgName, active: true } },
    });
    const adminRow = await rowOf(admin.id);
    expect(adminRow).toMatchObject({
      action: 'admin_user.create',
      actorType: 'system',
      actorId: null,
      bookkeeperOrgId: admin.bookkeeperOrgId,
      entityType: 'admin_user',
      entityId: admin.id,
      details: { after: { email: input.email, role: 'SUPER_ADMIN', active: true } },
    });
    expect(JSON.stringify(adminRow.details)).not.toMatch(/argon2|password/i);

    // The same records made through the API by that admin carry the same details shape.
    const token = await adminToken(t.tokens, { id: admin.id, bookkeeperOrgId: admin.bookkeeperOrgId, email: input.email });
    const org = await api.post('/api/v1/admin/bookkeeper-orgs', { name: `API Audit ${randomUUID()}` }, { token });
    expect(org.status).toBe(201);
    expect(afterKeys(orgRow)).toEqual(await apiAfterKeys(org.body.data.id));
    const user = await api.post(
      '/api/v1/admin/users',
      { email: `api-${randomUUID().slice(0, 8)}@example.com`, password: 'long-enough-1', firstName: 'A', lastName: 'B' },
      { token },
    );
    expect(user.status).toBe(201);
    expect(afterKeys(adminRow)).toEqual(await apiAfterKeys(user.body.data.id));
  });

  it('records only admin_user.create when the organization exists, and nothing when the email is taken', async () => {
    const orgName = `CLI Audit ${randomUUID()}`;
    const first = await createAdminWithOrg(t.db, TEST_HASHER, adminInput(orgName));
    const second = await createAdminWithOrg(t.db, TEST_HASHER, adminInput(orgName.toUpperCase()));
    expect(second.bookkeeperOrgId).toBe(first.bookkeeperOrgId);
    const actions = async () => (await systemRowsOfOrg(first.bookkeeperOrgId)).map((row) => row.action).sort();
    expect(await actions()).toEqual(['admin_user.create', 'admin_user.create', 'bookkeeper_org.create']);

    const taken = (await rowOf(first.id)).details as { after: { email: string } };
    await expect(createAdminWithOrg(t.db, TEST_HASHER, adminInput(orgName, taken.after.email))).rejects.toBeInstanceOf(CliInputError);
    expect(await actions()).toEqual(['admin_user.create', 'admin_user.create', 'bookkeeper_org.create']);
  });
});

describe('seed-demo', () => {
  it('records one create by the system for each record it makes (organization, admin, companies, employees), and none when run again', async () => {
    const existedBefore = await findOrgIdByName(t.db, 'Demo Bookkeeping');
    const printed = await seedDemo(t.db, TEST_HASHER);
    const orgId = /Organization: Demo Bookkeeping \(([0-9a-f-]{36})\)/.exec(printed)![1]!;
    const rows = await systemRowsOfOrg(orgId);
    const demoCompanies = await t.db.select({ id: companies.id }).from(companies).where(eq(companies.bookkeeperOrgId, orgId));
    const demoEmployees = await t.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(companies, eq(companies.id, employees.companyId))
      .where(eq(companies.bookkeeperOrgId, orgId));

    if (!existedBefore) {
      // A fresh database: every demo record was made by this run, and each has its row.
      const created = rows.map((row) => `${row.action} ${row.entityId}`).sort();
      const [admin] = await t.db.select().from(adminUsers).where(sql`lower(${adminUsers.email}) = 'admin@demo.payclock.test'`);
      const expected = [
        `bookkeeper_org.create ${orgId}`,
        `admin_user.create ${admin!.id}`,
        ...demoCompanies.map((c) => `company.create ${c.id}`),
        ...demoEmployees.map((e) => `employee.create ${e.id}`),
      ].sort();
      expect(demoCompanies).toHaveLength(2);
      expect(demoEmployees).toHaveLength(4);
      expect(created).toEqual(expected);
      for (const row of rows) expect(row).toMatchObject({ actorType: 'system', actorId: null, ip: null, userAgent: null, entityType: row.action.split('.')[0] });
      expect(JSON.stringify(rows.map((row) => row.details))).not.toMatch(/argon2|pinHash|passwordHash/);

      // A company and an employee made through the API carry the same details shape.
      const token = await adminToken(t.tokens, admin!);
      const company = await api.post('/api/v1/admin/companies', { name: `API Co ${randomUUID()}` }, { token });
      expect(company.status).toBe(201);
      const cliCompany = rows.find((row) => row.action === 'company.create')!;
      expect(afterKeys(cliCompany)).toEqual(await apiAfterKeys(company.body.data.id));
      const employee = await api.post(
        '/api/v1/admin/employees',
        { companyId: company.body.data.id, firstName: 'Api', lastName: 'Made', phone: uniquePhone(), pin: '2468', employeeNumber: 'API-1', jobTitle: 'Baker', payRate: 20 },
        { token },
      );
      expect(employee.status).toBe(201);
      const cliEmployee = rows.find((row) => row.action === 'employee.create')!;
      expect(afterKeys(cliEmployee)).toEqual(await apiAfterKeys(employee.body.data.id));
    }

    const before = (await systemRowsOfOrg(orgId)).length;
    expect(await seedDemo(t.db, TEST_HASHER)).toBe(printed);
    expect((await systemRowsOfOrg(orgId)).length).toBe(before);
  });
});
