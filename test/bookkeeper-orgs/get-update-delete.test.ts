// GET, PUT and DELETE /api/v1/admin/bookkeeper-orgs/{id} (docs/api.md §15, §3, §9), and what
// deactivating an organization does to its admins and employees (docs/api.md §9).
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../src/db/schema.ts';
import { employeeOf } from '../../src/http/auth-guard.ts';
import { envelope, errorResponses } from '../../src/http/schemas.ts';
import { createAdmin, createCompany, createEmployee, createOrg, createTenant, unique } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { adminToken, client, employeeToken } from '../helpers/http.ts';
import { expectOrganization, expectOrganizationDetail } from './shapes.ts';

const URL = '/api/v1/admin/bookkeeper-orgs';
const PROBE = '/api/v1/test-probe/employee';

let t: TestApp;
let api: ReturnType<typeof client>;
let superToken: string;

beforeAll(async () => {
  // An employee route to show that deactivating an organization stops its employees too.
  t = await createTestApp({
    routes: (app) => {
      app.get(
        PROBE,
        {
          config: { auth: 'employee' },
          schema: { response: { 200: envelope(Type.Object({ id: Type.String() })), ...errorResponses(401, 403, 404) } },
        },
        async (request) => ({ success: true, data: { id: employeeOf(request).userId } }),
      );
    },
  });
  api = client(t.app);
  const home = await createOrg(t.db);
  superToken = await adminToken(t.tokens, await createAdmin(t.db, { bookkeeperOrgId: home.id, role: 'SUPER_ADMIN' }));
});
afterAll(async () => t.close());

/** An organization with an admin (and its token) and one company with one employee. */
async function tenant() {
  const { org, admin, company, employee } = await createTenant(t.db);
  return { org, admin, company, employee, token: await adminToken(t.tokens, admin) };
}

describe('GET /api/v1/admin/bookkeeper-orgs/{id}', () => {
  it('returns the organization with _count, its companies (with _count.employees) and admin users', async () => {
    const a = await tenant();
    const second = await createCompany(t.db, { bookkeeperOrgId: a.org.id, name: `zz ${unique('Second')}`, active: false });
    await createEmployee(t.db, { companyId: a.company.id });
    const otherAdmin = await createAdmin(t.db, { bookkeeperOrgId: a.org.id, role: 'SUPER_ADMIN', lastName: 'Zed' });

    const res = await api.get(`${URL}/${a.org.id}`, { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const org = res.body.data;
    expectOrganizationDetail(org);
    expect(org.id).toBe(a.org.id);
    expect(org._count).toEqual({ companies: 2, adminUsers: 2 });
    expect(org.companies).toEqual([
      { id: a.company.id, name: a.company.name, active: true, _count: { employees: 2 } },
      { id: second.id, name: second.name, active: false, _count: { employees: 0 } },
    ]);
    expect(org.adminUsers).toEqual([
      { id: a.admin.id, firstName: a.admin.firstName, lastName: a.admin.lastName, email: a.admin.email, role: 'ADMIN', active: true },
      { id: otherAdmin.id, firstName: otherAdmin.firstName, lastName: 'Zed', email: otherAdmin.email, role: 'SUPER_ADMIN', active: true },
    ]);
    expect(res.raw).not.toMatch(/password|hash/i);
  });

  it('answers 403 Access denied to an ADMIN of another organization', async () => {
    const a = await tenant();
    const b = await tenant();
    const res = await api.get(`${URL}/${b.org.id}`, { token: a.token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'Access denied' });
  });

  it('lets a SUPER_ADMIN read any organization', async () => {
    const b = await tenant();
    const res = await api.get(`${URL}/${b.org.id}`, { token: superToken });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(b.org.id);
  });

  it.each([randomUUID(), 'not-a-uuid', '1'])('answers 404 Organization not found for %s', async (id) => {
    const res = await api.get(`${URL}/${id}`, { token: superToken });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: 'Organization not found' });
  });

  it('answers 401 Authentication required without a token', async () => {
    const res = await api.get(`${URL}/${randomUUID()}`);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Authentication required');
  });
});

describe('PUT /api/v1/admin/bookkeeper-orgs/{id}', () => {
  it('changes only the supplied fields and answers 200 with the organization and _count', async () => {
    const a = await tenant();
    const before = (await api.get(`${URL}/${a.org.id}`, { token: a.token })).body.data;
    const res = await api.put(`${URL}/${a.org.id}`, { city: 'Boulder', overtimeThreshold: 44.5, timezone: 'America/Denver' }, { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const org = res.body.data;
    expectOrganization(org);
    expect(org).toMatchObject({ city: 'Boulder', overtimeThreshold: 44.5, timezone: 'America/Denver' });
    for (const field of ['name', 'slug', 'email', 'phone', 'country', 'dateFormat', 'overtimeMultiplier', 'active', 'createdAt']) {
      expect(org[field], field).toEqual(before[field]);
    }
    expect(org._count).toEqual({ companies: 1, adminUsers: 1 });
    expect(new Date(org.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(before.updatedAt).getTime());
  });

  it('updates every listed field, and clears optional text with null', async () => {
    const a = await tenant();
    const body = {
      name: unique('Renamed'),
      email: 'new@renamed.example',
      phone: '555-0100',
      address: '2 Side St',
      city: 'Austin',
      state: 'TX',
      zipCode: '73301',
      country: 'MEX',
      timezone: 'America/Mexico_City',
      dateFormat: 'YYYY-MM-DD',
      overtimeThreshold: 0,
      overtimeMultiplier: 1,
    };
    const res = await api.put(`${URL}/${a.org.id}`, body, { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject(body);
    const cleared = await api.put(`${URL}/${a.org.id}`, { email: null, phone: null }, { token: a.token });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ email: null, phone: null, address: '2 Side St' });
  });

  it('ignores fields that are not listed (id, slug, createdAt, _count)', async () => {
    const a = await tenant();
    const res = await api.put(
      `${URL}/${a.org.id}`,
      { id: randomUUID(), slug: 'hijacked-slug', createdAt: '2000-01-01T00:00:00.000Z', _count: { companies: 99 }, city: 'Kept' },
      { token: a.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(a.org.id);
    expect(res.body.data.slug).toBe(a.org.slug);
    expect(res.body.data.createdAt).toBe(a.org.createdAt.toISOString());
    expect(res.body.data._count.companies).toBe(1);
    expect(res.body.data.city).toBe('Kept');
  });

  it('can set active to false and back to true (SUPER_ADMIN)', async () => {
    const b = await tenant();
    const off = await api.put(`${URL}/${b.org.id}`, { active: false }, { token: superToken });
    expect(off.status).toBe(200);
    expect(off.body.data.active).toBe(false);
    const on = await api.put(`${URL}/${b.org.id}`, { active: true }, { token: superToken });
    expect(on.status).toBe(200);
    expect(on.body.data.active).toBe(true);
  });

  it.each([
    [{ name: '' }, 'name: must not be empty'],
    [{ email: 'nope' }, 'email: must be a valid email'],
    [{ timezone: 'Not/AZone' }, 'timezone: must be a valid IANA time zone'],
    [{ timezone: 'local' }, 'timezone: must be a valid IANA time zone'],
    [{ overtimeThreshold: -0.5 }, 'overtimeThreshold: must be >= 0'],
    [{ overtimeMultiplier: 0 }, 'overtimeMultiplier: must be >= 1'],
    [{ overtimeMultiplier: '1.5' }, 'overtimeMultiplier: must be a number'],
    [{ active: 'false' }, 'active: must be a boolean'],
    [{ country: '   ' }, 'country: must not be empty'],
  ])('rejects %j with 400 Validation failed', async (body, message) => {
    const a = await tenant();
    const res = await api.put(`${URL}/${a.org.id}`, body, { token: a.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Validation failed', message });
  });

  it('answers 403 Access denied to an ADMIN of another organization, and changes nothing', async () => {
    const a = await tenant();
    const b = await tenant();
    const res = await api.put(`${URL}/${b.org.id}`, { name: 'Taken over' }, { token: a.token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'Access denied' });
    const after = await api.get(`${URL}/${b.org.id}`, { token: b.token });
    expect(after.body.data.name).toBe(b.org.name);
  });

  it.each([randomUUID(), 'not-a-uuid'])('answers 404 Organization not found for %s', async (id) => {
    const res = await api.put(`${URL}/${id}`, { city: 'X' }, { token: superToken });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: 'Organization not found' });
  });

  it('records bookkeeper_org.update with details.before and details.after', async () => {
    const a = await tenant();
    const res = await api.put(`${URL}/${a.org.id}`, { overtimeMultiplier: 2 }, { token: superToken });
    expect(res.status).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, a.org.id), eq(auditLogs.action, 'bookkeeper_org.update')));
    expect(entry).toMatchObject({ actorType: 'admin', bookkeeperOrgId: a.org.id, entityType: 'bookkeeper_org' });
    expect((entry!.details as any).before.overtimeMultiplier).toBe(1.5);
    expect((entry!.details as any).after.overtimeMultiplier).toBe(2);
  });
});

describe('DELETE /api/v1/admin/bookkeeper-orgs/{id}', () => {
  it('deactivates (soft delete) and answers 200 with the record and message', async () => {
    const a = await tenant();
    const res = await api.delete(`${URL}/${a.org.id}`, { token: superToken });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(typeof res.body.message).toBe('string');
    expectOrganization(res.body.data);
    expect(res.body.data).toMatchObject({ id: a.org.id, active: false, name: a.org.name, _count: { companies: 1, adminUsers: 1 } });
    // Still there, inactive.
    const get = await api.get(`${URL}/${a.org.id}`, { token: superToken });
    expect(get.status).toBe(200);
    expect(get.body.data.active).toBe(false);
    const [entry] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, a.org.id), eq(auditLogs.action, 'bookkeeper_org.delete')));
    expect((entry!.details as any).before.active).toBe(true);
    expect((entry!.details as any).after.active).toBe(false);
  });

  it('stops the organization\'s admins (403 Organization inactive) and employees until it is reactivated', async () => {
    const a = await tenant();
    const empToken = await employeeToken(t.tokens, a.employee);
    expect((await api.get(PROBE, { token: empToken })).status).toBe(200);
    expect((await api.delete(`${URL}/${a.org.id}`, { token: superToken })).status).toBe(200);

    const admin = await api.get(URL, { token: a.token });
    expect(admin.status).toBe(403);
    expect(admin.body).toEqual({ success: false, error: 'Organization inactive' });
    const employee = await api.get(PROBE, { token: empToken });
    expect(employee.status).toBe(403);
    expect(employee.body).toEqual({ success: false, error: 'Organization inactive' });

    expect((await api.put(`${URL}/${a.org.id}`, { active: true }, { token: superToken })).status).toBe(200);
    expect((await api.get(URL, { token: a.token })).status).toBe(200);
    expect((await api.get(PROBE, { token: empToken })).status).toBe(200);
  });

  it('answers 403 Access denied to an ADMIN of another organization, and leaves it active', async () => {
    const a = await tenant();
    const b = await tenant();
    const res = await api.delete(`${URL}/${b.org.id}`, { token: a.token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'Access denied' });
    expect((await api.get(`${URL}/${b.org.id}`, { token: b.token })).body.data.active).toBe(true);
  });

  it.each([randomUUID(), 'not-a-uuid'])('answers 404 Organization not found for %s', async (id) => {
    const res = await api.delete(`${URL}/${id}`, { token: superToken });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: 'Organization not found' });
  });

  it('answers 401 Authentication required without a token', async () => {
    const res = await api.delete(`${URL}/${randomUUID()}`);
    expect(res.status).toBe(401);
  });
});
