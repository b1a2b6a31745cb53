// Companies (docs/api.md §15): list, create, get, update, deactivate, with the QuickBooks fields of
// the export, tenant isolation on every route and the audit trail of every write.
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, industries } from '../../src/db/schema.ts';
import { envelope, errorResponses } from '../../src/http/schemas.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAdmin, createCompany, createEmployee, createOrg, unique, type AdminRow, type OrgRow } from '../helpers/factories.ts';
import { adminToken, client, employeeToken } from '../helpers/http.ts';
import { expectCompany, expectPage } from './shapes.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
let orgA: OrgRow;
let orgB: OrgRow;
let adminA: AdminRow;
let tokenA: string;
let tokenB: string;
let superToken: string;
let industryId: string;

beforeAll(async () => {
  t = await createTestApp({
    routes: (app) => {
      // A probe employee route: the auth guard's company check is what deactivation relies on.
      app.get(
        '/api/v1/probe/employee',
        {
          config: { auth: 'employee' },
          schema: { response: { 200: envelope(Type.Object({ ok: Type.Boolean() })), ...errorResponses(401, 403) } },
        },
        async () => ({ success: true, data: { ok: true } }),
      );
    },
  });
  api = client(t.app);
  orgA = await createOrg(t.db);
  orgB = await createOrg(t.db);
  const orgS = await createOrg(t.db);
  adminA = await createAdmin(t.db, { bookkeeperOrgId: orgA.id });
  const adminB = await createAdmin(t.db, { bookkeeperOrgId: orgB.id });
  const superAdmin = await createAdmin(t.db, { bookkeeperOrgId: orgS.id, role: 'SUPER_ADMIN' });
  tokenA = await adminToken(t.tokens, adminA);
  tokenB = await adminToken(t.tokens, adminB);
  superToken = await adminToken(t.tokens, superAdmin);
  const [industry] = await t.db.select().from(industries).orderBy(asc(industries.name)).limit(1);
  industryId = industry!.id;
});

afterAll(async () => {
  await t?.close();
});

const auditOf = (entityId: string) =>
  t.db.select().from(auditLogs).where(eq(auditLogs.entityId, entityId)).orderBy(asc(auditLogs.createdAt));

describe('GET /api/v1/admin/companies', () => {
  it('lists only the admin’s organization, paginated, with _count.employees', async () => {
    const org = await createOrg(t.db);
    const admin = await createAdmin(t.db, { bookkeeperOrgId: org.id });
    const first = await createCompany(t.db, { bookkeeperOrgId: org.id, name: 'Aardvark Ltd' });
    await createCompany(t.db, { bookkeeperOrgId: org.id, name: 'Zebra Inc' });
    await createEmployee(t.db, { companyId: first.id });
    await createEmployee(t.db, { companyId: first.id });
    await createCompany(t.db, { bookkeeperOrgId: orgB.id, name: 'Aardvark of B' });

    const res = await api.get('/api/v1/admin/companies', { token: await adminToken(t.tokens, admin) });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expectPage(res.body.data, 1, 20);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.totalPages).toBe(1);
    expect(res.body.data.items.map((c: any) => c.name)).toEqual(['Aardvark Ltd', 'Zebra Inc']);
    for (const company of res.body.data.items) expectCompany(company);
    expect(res.body.data.items[0]._count.employees).toBe(2);
    expect(res.body.data.items[1]._count.employees).toBe(0);
  });

  it('answers page past the end with no items and the real total', async () => {
    const org = await createOrg(t.db);
    const admin = await createAdmin(t.db, { bookkeeperOrgId: org.id });
    for (let i = 0; i < 3; i++) await createCompany(t.db, { bookkeeperOrgId: org.id });
    const token = await adminToken(t.tokens, admin);

    const second = await api.get('/api/v1/admin/companies', { token, query: { page: 2, pageSize: 2 } });
    expect(second.status).toBe(200);
    expectPage(second.body.data, 2, 2);
    expect(second.body.data.items).toHaveLength(1);
    expect(second.body.data.totalPages).toBe(2);

    const past = await api.get('/api/v1/admin/companies', { token, query: { page: 9, pageSize: 2 } });
    expect(past.status).toBe(200);
    expect(past.body.data.items).toEqual([]);
    expect(past.body.data.total).toBe(3);
    expect(past.body.data.page).toBe(9);
  });

  it('accepts pageSize 100 and rejects 101, 0 and page 0 with 400 Validation failed', async () => {
    const ok = await api.get('/api/v1/admin/companies', { token: tokenA, query: { pageSize: 100 } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.pageSize).toBe(100);
    for (const query of [{ pageSize: 101 }, { pageSize: 0 }, { page: 0 }, { page: 'x' }]) {
      const res = await api.get('/api/v1/admin/companies', { token: tokenA, query });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'Validation failed' });
      expect(res.body.message).toMatch(/page/);
    }
  });

  it('searches name and email literally and case-insensitively (%, _ and \\ match themselves)', async () => {
    const org = await createOrg(t.db);
    const admin = await createAdmin(t.db, { bookkeeperOrgId: org.id });
    const token = await adminToken(t.tokens, admin);
    const names = ['Save 100% Co', 'Save 1000 Co', 'snake_case Co', 'snakeXcase Co', 'back\\slash Co', 'backslash Co'];
    for (const name of names) await createCompany(t.db, { bookkeeperOrgId: org.id, name });
    await createCompany(t.db, { bookkeeperOrgId: org.id, name: 'Mailed', email: 'Office@Percent.example' });

    const names_of = async (search: string) => {
      const res = await api.get('/api/v1/admin/companies', { token, query: { search } });
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(res.body.data.items.length);
      return res.body.data.items.map((c: any) => c.name);
    };
    expect(await names_of('100%')).toEqual(['Save 100% Co']);
    expect(await names_of('e_c')).toEqual(['snake_case Co']);
    expect(await names_of('k\\s')).toEqual(['back\\slash Co']);
    expect(await names_of('SAVE')).toEqual(['Save 1000 Co', 'Save 100% Co'].sort());
    expect(await names_of('office@percent')).toEqual(['Mailed']);
    expect(await names_of('nothing like it')).toEqual([]);
  });

  it('returns only active companies with active=true and all with any other value', async () => {
    const org = await createOrg(t.db);
    const admin = await createAdmin(t.db, { bookkeeperOrgId: org.id });
    const token = await adminToken(t.tokens, admin);
    await createCompany(t.db, { bookkeeperOrgId: org.id, name: 'On' });
    await createCompany(t.db, { bookkeeperOrgId: org.id, name: 'Off', active: false });

    const active = await api.get('/api/v1/admin/companies', { token, query: { active: 'true' } });
    expect(active.body.data.items.map((c: any) => c.name)).toEqual(['On']);
    for (const value of ['false', 'yes', '']) {
      const all = await api.get('/api/v1/admin/companies', { token, query: { active: value } });
      expect(all.body.data.total).toBe(2);
    }
  });

  it('lets a SUPER_ADMIN see every organization and narrow to one with bookkeeperOrgId', async () => {
    const inB = await createCompany(t.db, { bookkeeperOrgId: orgB.id, name: unique('SuperSees') });
    const all = await api.get('/api/v1/admin/companies', { token: superToken, query: { search: inB.name } });
    expect(all.body.data.items.map((c: any) => c.id)).toEqual([inB.id]);
    const narrowed = await api.get('/api/v1/admin/companies', { token: superToken, query: { bookkeeperOrgId: orgA.id, search: inB.name } });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.data.total).toBe(0);
    const unknown = await api.get('/api/v1/admin/companies', { token: superToken, query: { bookkeeperOrgId: 'nope' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Organization not found');
  });

  it('refuses an ADMIN filtering on another organization with 403 Access denied', async () => {
    const res = await api.get('/api/v1/admin/companies', { token: tokenA, query: { bookkeeperOrgId: orgB.id } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'Access denied' });
    const own = await api.get('/api/v1/admin/companies', { token: tokenA, query: { bookkeeperOrgId: orgA.id } });
    expect(own.status).toBe(200);
  });

  it('answers 401 without a token and 403 to an employee token', async () => {
    const none = await api.get('/api/v1/admin/companies');
    expect(none.status).toBe(401);
    expect(none.body.error).toBe('Authentication required');
    const company = await createCompany(t.db, { bookkeeperOrgId: orgA.id });
    const employee = await createEmployee(t.db, { companyId: company.id });
    const res = await api.get('/api/v1/admin/companies', { token: await employeeToken(t.tokens, employee) });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Access denied. Required role: admin');
  });
});

describe('POST /api/v1/admin/companies', () => {
  it('creates a company with the defaults and answers 201 with the record and a message', async () => {
    const name = unique('Fresh');
    const res = await api.post('/api/v1/admin/companies', { name }, { token: tokenA });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(typeof res.body.message).toBe('string');
    expectCompany(res.body.data);
    expect(res.body.data).toMatchObject({
      name,
      bookkeeperOrgId: orgA.id,
      industryId: null,
      payPeriodType: 'BI_WEEKLY',
      email: null,
      phone: null,
      address: null,
      city: null,
      state: null,
      zipCode: null,
      active: true,
      qbCompanyName: null,
      qbCompanyCreateTime: null,
      qbRegularPayrollItem: 'Hourly Rate',
      qbOvertimePayrollItem: 'Overtime Rate',
      _count: { employees: 0 },
    });
  });

  it('stores every field it is given (trimmed), the QuickBooks settings included', async () => {
    const body = {
      name: '  Acme Plumbing  ',
      industryId,
      payPeriodType: 'WEEKLY',
      email: 'office@acme.example',
      phone: '(212) 555-0100',
      address: '1 Main St',
      city: 'New York',
      state: 'NY',
      zipCode: '10001',
      qbCompanyName: 'Acme Plumbing LLC',
      qbCompanyCreateTime: '1234567890',
      qbRegularPayrollItem: 'Regular Pay',
      qbOvertimePayrollItem: 'OT 1.5x',
    };
    const res = await api.post('/api/v1/admin/companies', body, { token: tokenA });
    expect(res.status).toBe(201);
    expectCompany(res.body.data);
    expect(res.body.data).toMatchObject({ ...body, name: 'Acme Plumbing' });
    const fetched = await api.get(`/api/v1/admin/companies/${res.body.data.id}`, { token: tokenA });
    expect(fetched.body.data).toEqual(res.body.data);
  });

  it('audit-logs the creation with the record in details.after', async () => {
    const res = await api.post('/api/v1/admin/companies', { name: unique('Audited') }, { token: tokenA });
    const [entry] = await auditOf(res.body.data.id);
    expect(entry).toMatchObject({
      action: 'company.create',
      actorType: 'admin',
      actorId: adminA.id,
      bookkeeperOrgId: orgA.id,
      entityType: 'company',
    });
    expect((entry!.details as any).after).toMatchObject({ name: res.body.data.name, payPeriodType: 'BI_WEEKLY' });
  });

  it('ignores id, active, createdAt and _count in the body (no mass assignment)', async () => {
    const id = randomUUID();
    const res = await api.post(
      '/api/v1/admin/companies',
      { name: unique('Mass'), id, active: false, createdAt: '2001-01-01T00:00:00.000Z', _count: { employees: 9 } },
      { token: tokenA },
    );
    expect(res.status).toBe(201);
    expect(res.body.data.id).not.toBe(id);
    expect(res.body.data.active).toBe(true);
    expect(res.body.data.createdAt).not.toBe('2001-01-01T00:00:00.000Z');
    expect(res.body.data._count.employees).toBe(0);
  });

  it('refuses an ADMIN naming another organization with 403 Access denied, and takes its own', async () => {
    const other = await api.post('/api/v1/admin/companies', { name: unique('X'), bookkeeperOrgId: orgB.id }, { token: tokenA });
    expect(other.status).toBe(403);
    expect(other.body.error).toBe('Access denied');
    const unknown = await api.post('/api/v1/admin/companies', { name: unique('X'), bookkeeperOrgId: randomUUID() }, { token: tokenA });
    expect(unknown.status).toBe(403);
    const own = await api.post('/api/v1/admin/companies', { name: unique('X'), bookkeeperOrgId: orgA.id }, { token: tokenA });
    expect(own.status).toBe(201);
    expect(own.body.data.bookkeeperOrgId).toBe(orgA.id);
  });

  it('lets a SUPER_ADMIN choose the organization; an unknown one is 404 Organization not found', async () => {
    const chosen = await api.post('/api/v1/admin/companies', { name: unique('ForB'), bookkeeperOrgId: orgB.id }, { token: superToken });
    expect(chosen.status).toBe(201);
    expect(chosen.body.data.bookkeeperOrgId).toBe(orgB.id);
    for (const bookkeeperOrgId of [randomUUID(), 'not-a-uuid']) {
      const res = await api.post('/api/v1/admin/companies', { name: unique('Lost'), bookkeeperOrgId }, { token: superToken });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Organization not found');
    }
  });

  it('answers 404 Industry not found for an unknown or non-UUID industryId', async () => {
    for (const bad of [randomUUID(), 'plumbing']) {
      const res = await api.post('/api/v1/admin/companies', { name: unique('Ind'), industryId: bad }, { token: tokenA });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'Industry not found' });
    }
  });

  it('rejects invalid bodies with 400 Validation failed naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'name: is required'],
      [{ name: '   ' }, 'name: must not be empty'],
      [{ name: 42 }, 'name: must be a string'],
      [{ name: 'x'.repeat(256) }, 'name: must be at most 255 characters'],
      [{ name: 'Ok', email: 'not-an-email' }, 'email: must be a valid email'],
      [{ name: 'Ok', payPeriodType: 'DAILY' }, 'payPeriodType: must be one of WEEKLY, BI_WEEKLY, SEMI_MONTHLY, MONTHLY'],
      [{ name: 'Ok', qbRegularPayrollItem: '' }, 'qbRegularPayrollItem: must not be empty'],
      [{ name: 'Ok', qbCompanyCreateTime: 'x'.repeat(65) }, 'qbCompanyCreateTime: must be at most 64 characters'],
      [{ name: 'Ok', city: 7 }, 'city: must be a string or null'],
    ];
    for (const [body, message] of cases) {
      const res = await api.post('/api/v1/admin/companies', body, { token: tokenA });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('Validation failed');
      expect(res.body.message).toBe(message);
    }
  });
});

describe('GET /api/v1/admin/companies/{id}', () => {
  it('returns the company with _count.employees', async () => {
    const company = await createCompany(t.db, { bookkeeperOrgId: orgA.id });
    await createEmployee(t.db, { companyId: company.id });
    const res = await api.get(`/api/v1/admin/companies/${company.id}`, { token: tokenA });
    expect(res.status).toBe(200);
    expectCompany(res.body.data);
    expect(res.body.data.id).toBe(company.id);
    expect(res.body.data._count.employees).toBe(1);
  });

  it('answers 404 Company not found for an unknown or non-UUID id', async () => {
    for (const id of [randomUUID(), 'abc', '1']) {
      const res = await api.get(`/api/v1/admin/companies/${id}`, { token: tokenA });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'Company not found' });
    }
  });

  it('lets a SUPER_ADMIN read any organization’s company', async () => {
    const company = await createCompany(t.db, { bookkeeperOrgId: orgB.id });
    const res = await api.get(`/api/v1/admin/companies/${company.id}`, { token: superToken });
    expect(res.status).toBe(200);
  });
});

describe('PUT /api/v1/admin/companies/{id}', () => {
  it('changes only the supplied fields, the QuickBooks settings included', async () => {
    const company = await createCompany(t.db, { bookkeeperOrgId: orgA.id, email: 'keep@example.com', industryId });
    const res = await api.put(
      `/api/v1/admin/companies/${company.id}`,
      { name: 'Renamed', payPeriodType: 'MONTHLY', qbCompanyName: 'Renamed LLC', qbOvertimePayrollItem: 'Overtime (x1.5)', industryId: null },
      { token: tokenA },
    );
    expect(res.status).toBe(200);
    expectCompany(res.body.data);
    expect(res.body.data).toMatchObject({
      name: 'Renamed',
      payPeriodType: 'MONTHLY',
      qbCompanyName: 'Renamed LLC',
      qbOvertimePayrollItem: 'Overtime (x1.5)',
      qbRegularPayrollItem: 'Hourly Rate',
      email: 'keep@example.com',
      industryId: null,
    });
    expect(new Date(res.body.data.updatedAt).getTime()).toBeGreaterThanOrEqual(company.updatedAt.getTime());
  });

  it('ignores id and bookkeeperOrgId in the body', async () => {
    const company = await createCompany(t.db, { bookkeeperOrgId: orgA.id });
    const res = await api.put(
      `/api/v1/admin/companies/${company.id}`,
      { id: randomUUID(), bookkeeperOrgId: orgB.id, city: 'Boston' },
      { token: tokenA },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: company.id, bookkeeperOrgId: orgA.id, city: 'Boston' });
  });

  it('reactivates with active: true and audit-logs before and after', async () => {
    const company = await createCompany(t.db, { bookkeeperOrgId: orgA.id, active: false });
    const res = await api.put(`/api/v1/admin/companies/${company.id}`, { active: true }, { token: tokenA });
    expect(res.status).toBe(200);
    expect(res.body.data.active).toBe(true);
    const [entry] = await auditOf(company.id);
    expect(entry!.action).toBe('company.update');
    expect((entry!.details as any).before.active).toBe(false);
    expect((entry!.details as any).after.active).toBe(true);
  });

  it('answers 404 Industry not found for an unknown industryId and 404 Company not found for an unknown id', async () => {
    const company = await createCompany(t.db, { bookkeeperOrgId: orgA.id });
    const badIndustry = await api.put(`/api/v1/admin/companies/${company.id}`, { industryId: randomUUID() }, { token: tokenA });
    expect(badIndustry.status).toBe(404);
    expect(badIndustry.body.error).toBe('Industry not found');
    for (const id of [randomUUID(), 'nope']) {
      const res = await api.put(`/api/v1/admin/companies/${id}`, { name: 'x' }, { token: tokenA });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Company not found');
    }
  });

  it('rejects a null name and an empty payroll item with 400 Validation failed', async () => {
    const company = await createCompany(t.db, { bookkeeperOrgId: orgA.id });
    for (const body of [{ name: null }, { qbOvertimePayrollItem: '  ' }, { active: 'false' }]) {
      const res = await api.put(`/api/v1/admin/companies/${company.id}`, body, { token: tokenA });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Validation failed');
    }
  });
});

describe('DELETE /api/v1/admin/companies/{id}', () => {
  it('deactivates the company: 200 with the record and a message, audit-logged', async () => {
    const company = await createCompany(t.db, { bookkeeperOrgId: orgA.id });
    const res = await api.delete(`/api/v1/admin/companies/${company.id}`, { token: tokenA });
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe('string');
    expectCompany(res.body.data);
    expect(res.body.data).toMatchObject({ id: company.id, active: false });
    const [entry] = await auditOf(company.id);
    expect(entry!.action).toBe('company.deactivate');
    expect((entry!.details as any).before.active).toBe(true);
    expect((entry!.details as any).after.active).toBe(false);
  });

  it('stops the company’s employees from using the API', async () => {
    const company = await createCompany(t.db, { bookkeeperOrgId: orgA.id });
    const employee = await createEmployee(t.db, { companyId: company.id });
    const token = await employeeToken(t.tokens, employee);
    expect((await api.get('/api/v1/probe/employee', { token })).status).toBe(200);
    await api.delete(`/api/v1/admin/companies/${company.id}`, { token: tokenA });
    const after = await api.get('/api/v1/probe/employee', { token });
    expect(after.status).toBe(403);
    expect(after.body.error).toBe('Company inactive');
  });

  it('answers 404 Company not found for an unknown or non-UUID id', async () => {
    for (const id of [randomUUID(), 'nope']) {
      const res = await api.delete(`/api/v1/admin/companies/${id}`, { token: tokenA });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Company not found');
    }
  });
});

describe('tenant isolation on /api/v1/admin/companies/{id}', () => {
  it('answers 403 Access denied to an ADMIN of another organization on every route, before any other rule', async () => {
    const company = await createCompany(t.db, { bookkeeperOrgId: orgA.id, name: 'Private A' });
    const url = `/api/v1/admin/companies/${company.id}`;
    const responses = [
      await api.get(url, { token: tokenB }),
      await api.put(url, { name: 'Hijacked' }, { token: tokenB }),
      // An unknown industry would be a 404 for the owner; access is decided first.
      await api.put(url, { industryId: randomUUID() }, { token: tokenB }),
      await api.delete(url, { token: tokenB }),
    ];
    for (const res of responses) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, error: 'Access denied' });
    }
    const list = await api.get('/api/v1/admin/companies', { token: tokenB, query: { search: 'Private A' } });
    expect(list.body.data.items.map((c: any) => c.id)).not.toContain(company.id);
    const unchanged = await api.get(url, { token: tokenA });
    expect(unchanged.body.data).toMatchObject({ name: 'Private A', active: true });
    expect(await auditOf(company.id)).toEqual([]);
  });

  it('does not leak another organization’s companies through the list', async () => {
    const company = await createCompany(t.db, { bookkeeperOrgId: orgB.id });
    const res = await api.get('/api/v1/admin/companies', { token: tokenA, query: { search: company.name } });
    expect(res.body.data.total).toBe(0);
  });
});

