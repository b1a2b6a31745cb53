// The tenants every pay-period test file starts from: two ordinary organizations (New York
// time) with an admin each, and a SUPER_ADMIN in an organization of its own. Tests create
// their own companies under these, so periods never collide across tests.
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '../../src/db/schema.ts';
import type { Db } from '../../src/db/open.ts';
import type { TestApp } from '../helpers/app.ts';
import { createAdmin, createCompany, createEmployee, createOrg } from '../helpers/factories.ts';
import { adminToken, client, employeeToken } from '../helpers/http.ts';

export const URL = '/api/v1/admin/pay-periods';

export async function createWorld(t: TestApp) {
  const orgA = await createOrg(t.db);
  const adminA = await createAdmin(t.db, { bookkeeperOrgId: orgA.id });
  const orgB = await createOrg(t.db);
  const adminB = await createAdmin(t.db, { bookkeeperOrgId: orgB.id });
  const home = await createOrg(t.db);
  const superAdmin = await createAdmin(t.db, { bookkeeperOrgId: home.id, role: 'SUPER_ADMIN' });
  const companyB = await createCompany(t.db, { bookkeeperOrgId: orgB.id });
  const employeeB = await createEmployee(t.db, { companyId: companyB.id });
  return {
    api: client(t.app),
    orgA,
    adminA,
    tokenA: await adminToken(t.tokens, adminA),
    orgB,
    adminB,
    tokenB: await adminToken(t.tokens, adminB),
    companyB,
    employeeTokenB: await employeeToken(t.tokens, employeeB),
    home,
    superToken: await adminToken(t.tokens, superAdmin),
  };
}

export type World = Awaited<ReturnType<typeof createWorld>>;

/** A fresh company (and one employee) of the organization, so that no other test's periods overlap. */
export async function freshCompany(db: Db, bookkeeperOrgId: string) {
  const company = await createCompany(db, { bookkeeperOrgId });
  const employee = await createEmployee(db, { companyId: company.id });
  return { company, employee };
}

export async function auditRows(db: Db, action: string, entityId: string) {
  return db.select().from(auditLogs).where(and(eq(auditLogs.action, action), eq(auditLogs.entityId, entityId)));
}
