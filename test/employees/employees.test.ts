// Employees (docs/api.md §15): list (companyId filter), create, get, update, deactivate; E.164
// phones unique per company, employee numbers unique per company, the PIN write-only and
// hashed with argon2id, a PIN reset or deactivation ending earlier tokens, tenant isolation.
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../src/db/schema.ts';
import { envelope, errorResponses } from '../../src/http/schemas.ts';
import { createTestApp, TEST_HASHER, type TestApp } from '../helpers/app.ts';
import {
  createAdmin,
  createCompany,
  createEmployee,
  createOrg,
  reloadEmployee,
  unique,
  uniquePhone,
  type AdminRow,
  type CompanyRow,
  type OrgRow,
} from '../helpers/factories.ts';
import { adminToken, client, employeeToken } from '../helpers/http.ts';
import { expectPage } from '../companies/shapes.ts';
import { expectEmployee } from './shapes.ts';
import { AWKWARD } from '../helpers/stored-as-json.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
let orgA: OrgRow;
let orgB: OrgRow;
let adminA: AdminRow;
let companyA: CompanyRow;
let companyB: CompanyRow;
let tokenA: string;
let tokenB: string;
let superToken: string;

beforeAll(async () => {
  t = await createTestApp({
    routes: (app) => {
      // A probe employee route: what an employee token can still do after a change.
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
  companyA = await createCompany(t.db, { bookkeeperOrgId: orgA.id, name: 'Company A' });
  companyB = await createCompany(t.db, { bookkeeperOrgId: orgB.id, name: 'Company B' });
  tokenA = await adminToken(t.tokens, adminA);
  tokenB = await adminToken(t.tokens, adminB);
  superToken = await adminToken(t.tokens, superAdmin);
});

afterAll(async () => {
  await t?.close();
});

const auditOf = (entityId: string) =>
  t.db.select().from(auditLogs).where(eq(auditLogs.entityId, entityId)).orderBy(asc(auditLogs.createdAt));

const validBody = (overrides: Record<string, unknown> = {}) => ({
  companyId: companyA.id,
  firstName: 'Maria',
  lastName: unique('Lopez'),
  phone: uniquePhone(),
  pin: '4821',
  ...overrides,
});

/** An organization of its own, for lists whose totals must be exact. */
async function freshTenant() {
  const org = await createOrg(t.db);
  const admin = await createAdmin(t.db, { bookkeeperOrgId: org.id });
  const company = await createCompany(t.db, { bookkeeperOrgId: org.id });
  return { org, company, token: await adminToken(t.tokens, admin) };
}

describe('GET /api/v1/admin/employees', () => {
  it('lists the organization’s employees by last name, paginated, with the company summary', async () => {
    const { org, company, token } = await freshTenant();
    const second = await createCompany(t.db, { bookkeeperOrgId: org.id });
    await createEmployee(t.db, { companyId: company.id, lastName: 'Young' });
    await createEmployee(t.db, { companyId: second.id, lastName: 'Adams' });
    await createEmployee(t.db, { companyId: companyB.id, lastName: 'Adams' });

    const res = await api.get('/api/v1/admin/employees', { token });
    expect(res.status).toBe(200);
    expectPage(res.body.data, 1, 20);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.items.map((e: any) => e.lastName)).toEqual(['Adams', 'Young']);
    for (const employee of res.body.data.items) expectEmployee(employee);
    expect(res.body.data.items[0].company).toEqual({ id: second.id, name: second.name, bookkeeperOrgId: org.id });
  });

  it('filters by companyId', async () => {
    const { org, company, token } = await freshTenant();
    const other = await createCompany(t.db, { bookkeeperOrgId: org.id });
    const mine = await createEmployee(t.db, { companyId: company.id });
    await createEmployee(t.db, { companyId: other.id });
    const res = await api.get('/api/v1/admin/employees', { token, query: { companyId: company.id } });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.items[0].id).toBe(mine.id);
  });

  it('answers 404 Company not found for an unknown or non-UUID companyId, 403 for another organization’s', async () => {
    for (const companyId of [randomUUID(), 'nope']) {
      const res = await api.get('/api/v1/admin/employees', { token: tokenA, query: { companyId } });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Company not found');
    }
    const other = await api.get('/api/v1/admin/employees', { token: tokenA, query: { companyId: companyB.id } });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ success: false, error: 'Access denied' });
  });

  it('handles page past the end, pageSize 100 and rejects pageSize 101', async () => {
    const { company, token } = await freshTenant();
    for (let i = 0; i < 3; i++) await createEmployee(t.db, { companyId: company.id });
    const past = await api.get('/api/v1/admin/employees', { token, query: { page: 3, pageSize: 2 } });
    expect(past.status).toBe(200);
    expectPage(past.body.data, 3, 2);
    expect(past.body.data.items).toEqual([]);
    expect(past.body.data.total).toBe(3);
    const hundred = await api.get('/api/v1/admin/employees', { token, query: { pageSize: 100 } });
    expect(hundred.status).toBe(200);
    expect(hundred.body.data.items).toHaveLength(3);
    const tooMany = await api.get('/api/v1/admin/employees', { token, query: { pageSize: 101 } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe('Validation failed');
  });

  it('searches first name, last name, full name, email and employee number literally and case-insensitively', async () => {
    const { company, token } = await freshTenant();
    const rows = [
      { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@engine.example', employeeNumber: 'N-1' },
      { firstName: 'Grace', lastName: 'Hopper', email: null, employeeNumber: '100%' },
      { firstName: 'Alan', lastName: 'Turing', email: null, employeeNumber: '1000' },
      { firstName: 'snake_case', lastName: 'Person', email: null, employeeNumber: 'S-1' },
      { firstName: 'snakeXcase', lastName: 'Person', email: null, employeeNumber: 'S-2' },
      { firstName: 'Back\\slash', lastName: 'Person', email: null, employeeNumber: 'B-1' },
      { firstName: 'Backslash', lastName: 'Person', email: null, employeeNumber: 'B-2' },
    ];
    for (const row of rows) await createEmployee(t.db, { companyId: company.id, ...row });
    const found = async (search: string) => {
      const res = await api.get('/api/v1/admin/employees', { token, query: { search } });
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(res.body.data.items.length);
      return res.body.data.items.map((e: any) => e.firstName).sort();
    };
    expect(await found('lovelace')).toEqual(['Ada']);
    expect(await found('ADA LOVE')).toEqual(['Ada']);
    expect(await found('@ENGINE')).toEqual(['Ada']);
    expect(await found('100%')).toEqual(['Grace']);
    expect(await found('100')).toEqual(['Alan', 'Grace']);
    expect(await found('e_c')).toEqual(['snake_case']);
    expect(await found('k\\s')).toEqual(['Back\\slash']);
    expect(await found('zzz')).toEqual([]);
  });

  it('pages a search alike whether the trigram index finds its term (three characters or more) or not', async () => {
    // Two statements for a short term, one for a longer one (employees.repository.ts): same pages, same totals.
    const { org, company, token } = await freshTenant();
    const second = await createCompany(t.db, { bookkeeperOrgId: org.id });
    const expected: string[] = [];
    const inFirstCompany: string[] = [];
    for (let n = 0; n < 23; n++) {
      const lastName = `Qx-${String(n % 7).padStart(2, '0')}`;
      const firstName = `F${String(n).padStart(2, '0')}`;
      await createEmployee(t.db, {
        companyId: n % 2 === 0 ? company.id : second.id,
        lastName,
        firstName,
        // No email for one; pay rates with two decimals, one and none (15.25, 19.50, 22.00, 3.00, …).
        email: n === 9 ? null : `${firstName.toLowerCase()}@qx.example`,
        jobTitle: n === 7 ? AWKWARD : 'Line cook',
        payRate: [15.25, 18.5, 20, 0][n % 4]! + n,
        payType: n % 3 === 0 ? 'SALARY' : 'HOURLY',
        qbName: n === 7 ? AWKWARD : n === 8 ? null : `QX ${firstName}`,
        active: n !== 5,
      });
      expected.push(`${lastName} ${firstName}`);
      if (n % 2 === 0) inFirstCompany.push(`${lastName} ${firstName}`);
    }
    await createEmployee(t.db, { companyId: company.id, lastName: 'Other', firstName: 'Person' });
    // Another organization's match: the organization's scope (its companies' ids) leaves it out.
    const foreign = await createCompany(t.db, { bookkeeperOrgId: (await createOrg(t.db)).id });
    await createEmployee(t.db, { companyId: foreign.id, lastName: 'Qx-00', firstName: 'Foreign', email: 'foreign@qx.example' });
    expected.sort();
    inFirstCompany.sort();
    const pages = async (search: string, companyId?: string) => {
      // The page's own number and size too: the trigram search's page is built by the database.
      const seen: Array<{ items: string[]; total: number; page: number; pageSize: number; totalPages: number }> = [];
      for (let page = 1; page <= 4; page++) {
        const res = await api.get('/api/v1/admin/employees', { token, query: { search, page, pageSize: 10, ...(companyId ? { companyId } : {}) } });
        expect(res.status).toBe(200);
        const { items, total, page: number, pageSize: size, totalPages } = res.body.data;
        seen.push({ items: items.map((e: any) => `${e.lastName} ${e.firstName}`), total, page: number, pageSize: size, totalPages });
      }
      return seen;
    };
    const byPage = [expected.slice(0, 10), expected.slice(10, 20), expected.slice(20), []];
    const expectedPages = byPage.map((items, index) => ({ items, total: 23, page: index + 1, pageSize: 10, totalPages: 3 }));
    expect(await pages('qx')).toEqual(expectedPages);
    expect(await pages('QX-')).toEqual(expectedPages);
    // Within one company, past the last page (the total still reported), and a term that matches nothing.
    const companyPages = [inFirstCompany.slice(0, 10), inFirstCompany.slice(10), [], []].map((items, index) => ({
      items,
      total: 12,
      page: index + 1,
      pageSize: 10,
      totalPages: 2,
    }));
    expect(await pages('qx', company.id)).toEqual(companyPages);
    expect(await pages('qx-', company.id)).toEqual(companyPages);
    expect(await pages('no such name')).toEqual([1, 2, 3, 4].map((page) => ({ items: [], total: 0, page, pageSize: 10, totalPages: 0 })));

    // Whole records, not only names: the trigram search's page is built by PostgreSQL as JSON
    // text, the short term's by Drizzle and the serializer, and both must be the page the API
    // documents (test/helpers/http.ts checks every answer against the OpenAPI document).
    const records = async (search: string, active?: string) => {
      const res = await api.get('/api/v1/admin/employees', { token, query: { search, pageSize: 100, ...(active ? { active } : {}) } });
      expect(res.status).toBe(200);
      return res.body.data;
    };
    const short = await records('qx');
    expect(await records('qx-')).toEqual(short);
    expect(short.items[0]).toMatchObject({ jobTitle: 'Line cook', company: { id: company.id, bookkeeperOrgId: org.id } });
    expect(short.items.map((e: any) => e.payRate)).toEqual(expect.arrayContaining([15.25, 19.5, 22, 3]));
    expect(short.items.find((e: any) => e.firstName === 'F07')).toMatchObject({ jobTitle: AWKWARD, qbName: AWKWARD });
    expect(short.items.find((e: any) => e.firstName === 'F09')).toMatchObject({ email: null });
    // active=true leaves out the one inactive match on either path.
    const activeOnly = await records('qx-', 'true');
    expect(activeOnly.total).toBe(22);
    expect(await records('qx', 'true')).toEqual(activeOnly);
    expect(activeOnly.items.map((e: any) => e.firstName)).not.toContain('F05');
  });

  it('returns only active employees with active=true and all otherwise', async () => {
    const { company, token } = await freshTenant();
    await createEmployee(t.db, { companyId: company.id, firstName: 'On' });
    await createEmployee(t.db, { companyId: company.id, firstName: 'Off', active: false });
    const active = await api.get('/api/v1/admin/employees', { token, query: { active: 'true' } });
    expect(active.body.data.items.map((e: any) => e.firstName)).toEqual(['On']);
    const all = await api.get('/api/v1/admin/employees', { token, query: { active: 'false' } });
    expect(all.body.data.total).toBe(2);
  });

  it('lets a SUPER_ADMIN list every organization’s employees', async () => {
    const lastName = unique('Everywhere');
    await createEmployee(t.db, { companyId: companyB.id, lastName });
    const res = await api.get('/api/v1/admin/employees', { token: superToken, query: { search: lastName } });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(1);
    const filtered = await api.get('/api/v1/admin/employees', { token: superToken, query: { companyId: companyB.id, search: lastName } });
    expect(filtered.body.data.total).toBe(1);
  });

  it('answers 401 without a token', async () => {
    const res = await api.get('/api/v1/admin/employees');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Authentication required');
  });
});

describe('POST /api/v1/admin/employees', () => {
  it('creates an employee with the defaults, the phone in E.164 and the PIN hashed with argon2id', async () => {
    const lastName = unique('Lopez');
    const res = await api.post(
      '/api/v1/admin/employees',
      { companyId: companyA.id, firstName: 'Maria', lastName, phone: '(212) 555-0101', pin: '4821' },
      { token: tokenA },
    );
    expect(res.status).toBe(201);
    expect(typeof res.body.message).toBe('string');
    expectEmployee(res.body.data);
    expect(res.body.data).toMatchObject({
      companyId: companyA.id,
      firstName: 'Maria',
      lastName,
      phone: '+12125550101',
      email: null,
      employeeNumber: null,
      jobTitle: null,
      payRate: 0,
      payType: 'HOURLY',
      active: true,
      qbName: null,
      company: { id: companyA.id, name: 'Company A', bookkeeperOrgId: orgA.id },
    });
    const stored = await reloadEmployee(t.db, res.body.data.id);
    expect(stored!.pinHash).toMatch(/^\$argon2id\$/);
    expect(await TEST_HASHER.verify(stored!.pinHash, '4821')).toBe(true);
  });

  it('stores every field it is given, the QuickBooks name included', async () => {
    const body = validBody({
      email: 'maria@example.com',
      employeeNumber: unique('E'),
      jobTitle: 'Plumber',
      payRate: 32.5,
      payType: 'SALARY',
      qbName: 'Lopez, Maria (Plumbing)',
    });
    const res = await api.post('/api/v1/admin/employees', body, { token: tokenA });
    expect(res.status).toBe(201);
    const { pin: _pin, ...visible } = body;
    void _pin;
    expect(res.body.data).toMatchObject(visible);
    const fetched = await api.get(`/api/v1/admin/employees/${res.body.data.id}`, { token: tokenA });
    expect(fetched.body.data).toEqual(res.body.data);
  });

  it('audit-logs the creation without the PIN or its hash', async () => {
    const res = await api.post('/api/v1/admin/employees', validBody({ pin: '97531' }), { token: tokenA });
    const [entry] = await auditOf(res.body.data.id);
    expect(entry).toMatchObject({ action: 'employee.create', actorId: adminA.id, bookkeeperOrgId: orgA.id, entityType: 'employee' });
    expect((entry!.details as any).after.lastName).toBe(res.body.data.lastName);
    const text = JSON.stringify(entry!.details);
    expect(text).not.toMatch(/pinHash|argon2|97531/);
  });

  it('ignores id, active, pinHash and credentialsChangedAt in the body (no mass assignment)', async () => {
    const id = randomUUID();
    const res = await api.post(
      '/api/v1/admin/employees',
      validBody({ id, active: false, pinHash: 'planted', credentialsChangedAt: '2999-01-01T00:00:00.000Z' }),
      { token: tokenA },
    );
    expect(res.status).toBe(201);
    expect(res.body.data.id).not.toBe(id);
    expect(res.body.data.active).toBe(true);
    const stored = await reloadEmployee(t.db, res.body.data.id);
    expect(stored!.pinHash).not.toBe('planted');
    expect(stored!.credentialsChangedAt.getFullYear()).toBeLessThan(2999);
  });

  it('rejects invalid bodies with 400 Validation failed naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ companyId: undefined }, 'companyId: is required'],
      [{ firstName: '  ' }, 'firstName: must not be empty'],
      [{ lastName: undefined }, 'lastName: is required'],
      [{ phone: undefined }, 'phone: is required'],
      [{ pin: undefined }, 'pin: is required'],
      [{ pin: '123' }, 'pin: must be at least 4 characters'],
      [{ pin: '123456789' }, 'pin: must be at most 8 characters'],
      [{ pin: '12a4' }, 'pin: has an invalid format'],
      [{ pin: 1234 }, 'pin: must be a string'],
      [{ payRate: -1 }, 'payRate: must be >= 0'],
      [{ payRate: '10' }, 'payRate: must be a number'],
      [{ payType: 'DAILY' }, 'payType: must be one of HOURLY, SALARY'],
      [{ email: 'nope' }, 'email: must be a valid email'],
      [{ phone: 'call me maybe' }, 'phone: must be a valid phone number'],
      [{ phone: '123' }, 'phone: must be a valid phone number'],
    ];
    for (const [overrides, message] of cases) {
      const body: Record<string, unknown> = validBody(overrides);
      for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
      const res = await api.post('/api/v1/admin/employees', body, { token: tokenA });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.error).toBe('Validation failed');
      expect(res.body.message).toBe(message);
    }
  });

  it('answers 404 Company not found for an unknown or non-UUID companyId and 403 for another organization’s', async () => {
    for (const companyId of [randomUUID(), 'acme']) {
      const res = await api.post('/api/v1/admin/employees', validBody({ companyId }), { token: tokenA });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'Company not found' });
    }
    // Access first: an invalid phone for another tenant's company is still a 403.
    const other = await api.post('/api/v1/admin/employees', validBody({ companyId: companyB.id, phone: 'nope' }), { token: tokenA });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ success: false, error: 'Access denied' });
  });

  it('answers 400 Phone already in use for a phone of the same company, however it is typed', async () => {
    const first = await api.post('/api/v1/admin/employees', validBody({ phone: '+1 (646) 555-0199' }), { token: tokenA });
    expect(first.status).toBe(201);
    const again = await api.post('/api/v1/admin/employees', validBody({ phone: '646.555.0199' }), { token: tokenA });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ success: false, error: 'Phone already in use' });
    const elsewhere = await api.post('/api/v1/admin/employees', validBody({ phone: '6465550199', companyId: companyB.id }), {
      token: tokenB,
    });
    expect(elsewhere.status).toBe(201);
    // Concurrent creates of one phone: the unique index lets exactly one through.
    const phone = uniquePhone();
    const racing = await Promise.all([1, 2, 3].map(() => api.post('/api/v1/admin/employees', validBody({ phone }), { token: tokenA })));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 400, 400]);
  });

  it('answers 400 Employee number already in use within one company only; numbers may be omitted', async () => {
    const employeeNumber = unique('N');
    expect((await api.post('/api/v1/admin/employees', validBody({ employeeNumber }), { token: tokenA })).status).toBe(201);
    const again = await api.post('/api/v1/admin/employees', validBody({ employeeNumber }), { token: tokenA });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('Employee number already in use');
    const elsewhere = await api.post('/api/v1/admin/employees', validBody({ employeeNumber, companyId: companyB.id }), { token: tokenB });
    expect(elsewhere.status).toBe(201);
    for (let i = 0; i < 2; i++) {
      const withoutNumber = await api.post('/api/v1/admin/employees', validBody({ employeeNumber: null }), { token: tokenA });
      expect(withoutNumber.status).toBe(201);
      expect(withoutNumber.body.data.employeeNumber).toBeNull();
    }
  });
  it('answers a retry with the same Idempotency-Key with the first answer and creates one employee', async () => {
    const body = validBody();
    const headers = { 'idempotency-key': unique('key') };
    const first = await api.post('/api/v1/admin/employees', body, { token: tokenA, headers });
    const retry = await api.post('/api/v1/admin/employees', body, { token: tokenA, headers });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    const list = await api.get('/api/v1/admin/employees', { token: tokenA, query: { search: body.lastName } });
    expect(list.body.data.total).toBe(1);
  });
});

describe('GET /api/v1/admin/employees/{id}', () => {
  it('returns the employee without the PIN hash', async () => {
    const employee = await createEmployee(t.db, { companyId: companyA.id });
    const res = await api.get(`/api/v1/admin/employees/${employee.id}`, { token: tokenA });
    expect(res.status).toBe(200);
    expectEmployee(res.body.data);
    expect(res.body.data).toMatchObject({ id: employee.id, payRate: 25, jobTitle: 'Technician' });
    expect(res.raw).not.toMatch(/pinHash|argon2/);
  });

  it('answers 404 Employee not found for an unknown or non-UUID id', async () => {
    for (const id of [randomUUID(), 'bob']) {
      const res = await api.get(`/api/v1/admin/employees/${id}`, { token: tokenA });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'Employee not found' });
    }
  });
});

describe('PUT /api/v1/admin/employees/{id}', () => {
  it('changes only the supplied fields and keeps the company fixed', async () => {
    const employee = await createEmployee(t.db, { companyId: companyA.id, email: 'keep@example.com' });
    const res = await api.put(
      `/api/v1/admin/employees/${employee.id}`,
      { jobTitle: 'Lead', payRate: 40.25, payType: 'SALARY', qbName: 'QB Name', phone: '(718) 555-0142', companyId: companyB.id, id: randomUUID() },
      { token: tokenA },
    );
    expect(res.status).toBe(200);
    expectEmployee(res.body.data);
    expect(res.body.data).toMatchObject({
      id: employee.id,
      companyId: companyA.id,
      jobTitle: 'Lead',
      payRate: 40.25,
      payType: 'SALARY',
      qbName: 'QB Name',
      phone: '+17185550142',
      email: 'keep@example.com',
      firstName: employee.firstName,
    });
  });

  it('clears optional fields with null', async () => {
    const employee = await createEmployee(t.db, { companyId: companyA.id, email: 'x@example.com', qbName: 'Q' });
    const res = await api.put(`/api/v1/admin/employees/${employee.id}`, { email: null, qbName: null, employeeNumber: null }, { token: tokenA });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email: null, qbName: null, employeeNumber: null });
  });

  it('sets a new PIN, which ends the employee’s earlier tokens, and ignores a pinHash in the body', async () => {
    const employee = await createEmployee(t.db, { companyId: companyA.id });
    const oldToken = await employeeToken(t.tokens, employee);
    expect((await api.get('/api/v1/probe/employee', { token: oldToken })).status).toBe(200);

    const res = await api.put(`/api/v1/admin/employees/${employee.id}`, { pin: '86420', pinHash: 'planted' }, { token: tokenA });
    expect(res.status).toBe(200);
    expect(res.raw).not.toMatch(/pin/i);
    const stored = await reloadEmployee(t.db, employee.id);
    expect(await TEST_HASHER.verify(stored!.pinHash, '86420')).toBe(true);

    const refused = await api.get('/api/v1/probe/employee', { token: oldToken });
    expect(refused.status).toBe(401);
    const fresh = await employeeToken(t.tokens, employee);
    expect((await api.get('/api/v1/probe/employee', { token: fresh })).status).toBe(200);

    const [entry] = await auditOf(employee.id);
    expect(entry!.action).toBe('employee.update');
    expect((entry!.details as any).pinChanged).toBe(true);
    expect(JSON.stringify(entry!.details)).not.toMatch(/pinHash|argon2|86420/);
  });

  it('does not end tokens when the PIN is unchanged', async () => {
    const employee = await createEmployee(t.db, { companyId: companyA.id });
    const token = await employeeToken(t.tokens, employee);
    await api.put(`/api/v1/admin/employees/${employee.id}`, { jobTitle: 'Still here' }, { token: tokenA });
    expect((await api.get('/api/v1/probe/employee', { token })).status).toBe(200);
  });

  it('answers 400 Phone already in use and 400 Employee number already in use', async () => {
    const taken = await createEmployee(t.db, { companyId: companyA.id });
    const employee = await createEmployee(t.db, { companyId: companyA.id });
    const phone = await api.put(`/api/v1/admin/employees/${employee.id}`, { phone: taken.phone }, { token: tokenA });
    expect(phone.status).toBe(400);
    expect(phone.body.error).toBe('Phone already in use');
    const number = await api.put(`/api/v1/admin/employees/${employee.id}`, { employeeNumber: taken.employeeNumber }, { token: tokenA });
    expect(number.status).toBe(400);
    expect(number.body.error).toBe('Employee number already in use');
    const bad = await api.put(`/api/v1/admin/employees/${employee.id}`, { phone: 'x' }, { token: tokenA });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'Validation failed', message: 'phone: must be a valid phone number' });
  });

  it('deactivates with active: false (ending tokens) and audit-logs employee.deactivate', async () => {
    const employee = await createEmployee(t.db, { companyId: companyA.id });
    const token = await employeeToken(t.tokens, employee);
    const res = await api.put(`/api/v1/admin/employees/${employee.id}`, { active: false }, { token: tokenA });
    expect(res.status).toBe(200);
    expect(res.body.data.active).toBe(false);
    expect((await api.get('/api/v1/probe/employee', { token })).status).toBe(403);
    const [entry] = await auditOf(employee.id);
    expect(entry!.action).toBe('employee.deactivate');
  });

  it('answers 404 Employee not found for an unknown or non-UUID id', async () => {
    for (const id of [randomUUID(), 'bob']) {
      const res = await api.put(`/api/v1/admin/employees/${id}`, { jobTitle: 'x' }, { token: tokenA });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Employee not found');
    }
  });
});

describe('DELETE /api/v1/admin/employees/{id}', () => {
  it('deactivates: 200 with the record and a message; the employee’s tokens stop working', async () => {
    const employee = await createEmployee(t.db, { companyId: companyA.id });
    const token = await employeeToken(t.tokens, employee);
    const res = await api.delete(`/api/v1/admin/employees/${employee.id}`, { token: tokenA });
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe('string');
    expectEmployee(res.body.data);
    expect(res.body.data).toMatchObject({ id: employee.id, active: false });
    const refused = await api.get('/api/v1/probe/employee', { token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Account inactive');
    const [entry] = await auditOf(employee.id);
    expect(entry!.action).toBe('employee.deactivate');
    expect((entry!.details as any).before.active).toBe(true);
    expect((entry!.details as any).after.active).toBe(false);
  });

  it('answers 404 Employee not found for an unknown or non-UUID id', async () => {
    for (const id of [randomUUID(), 'bob']) {
      const res = await api.delete(`/api/v1/admin/employees/${id}`, { token: tokenA });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Employee not found');
    }
  });
});

describe('tenant isolation on /api/v1/admin/employees', () => {
  it('answers 403 Access denied to an ADMIN of another organization on every route', async () => {
    const employee = await createEmployee(t.db, { companyId: companyA.id, jobTitle: 'Private' });
    const url = `/api/v1/admin/employees/${employee.id}`;
    const responses = [
      await api.get(url, { token: tokenB }),
      await api.put(url, { jobTitle: 'Hijacked' }, { token: tokenB }),
      // A bad phone would be a 400 for the owner; access is decided first.
      await api.put(url, { phone: 'nope', pin: '0000' }, { token: tokenB }),
      await api.delete(url, { token: tokenB }),
      await api.get('/api/v1/admin/employees', { token: tokenB, query: { companyId: companyA.id } }),
      await api.post('/api/v1/admin/employees', validBody(), { token: tokenB }),
    ];
    for (const res of responses) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, error: 'Access denied' });
    }
    const stored = await reloadEmployee(t.db, employee.id);
    expect(stored).toMatchObject({ jobTitle: 'Private', active: true });
    expect(await TEST_HASHER.verify(stored!.pinHash, '0000')).toBe(false);
    expect(await auditOf(employee.id)).toEqual([]);
    const list = await api.get('/api/v1/admin/employees', { token: tokenB, query: { search: employee.lastName } });
    expect(list.body.data.total).toBe(0);
  });
});
