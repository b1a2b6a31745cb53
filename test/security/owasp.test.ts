// The OWASP API Security Top 10 (2023) cases that apply to this API (SECURITY.md), each a named
// test on the real routes. test/auth/* proves the token rules in depth on probe routes; this
// file cross-checks them on the real ones. SECURITY.md maps each defence to its test.
import { eq } from 'drizzle-orm';
import { base64url, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers, employees, timeEntries } from '../../src/db/schema.ts';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/app.ts';
import { createTenant, hashOf, unique, uniquePhone } from '../helpers/factories.ts';
import { adminToken, client, employeeToken } from '../helpers/http.ts';
import { randomIp } from '../auth/support.ts';
import { checksum, createWorld, expectNoLeak, sendRaw, type World } from './support.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
let world: World;

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app);
  world = await createWorld(t);
});
afterAll(async () => t?.close());

const V1 = '/api/v1';
const secret = new TextEncoder().encode(TEST_JWT_SECRET);

function expectAccessDenied(res: { status: number; body: any }, what: string) {
  expect(res.status, what).toBe(403);
  expect(res.body, what).toEqual({ success: false, error: 'Access denied' });
}

describe('API1 broken object-level authorization: an ADMIN of org B against org A', () => {
  it('answers 403 Access denied on every record route of org A and changes nothing', async () => {
    const { a } = world;
    const token = world.tokens.adminB!;
    const before = await checksum(t.db, world);
    const cases: Array<[string, 'get' | 'put' | 'delete', string, unknown?]> = [
      ['org', 'get', `/admin/bookkeeper-orgs/${a.org.id}`],
      ['org', 'put', `/admin/bookkeeper-orgs/${a.org.id}`, { name: 'Taken over' }],
      ['org', 'delete', `/admin/bookkeeper-orgs/${a.org.id}`],
      ['company', 'get', `/admin/companies/${a.company.id}`],
      ['company', 'put', `/admin/companies/${a.company.id}`, { name: 'Taken over' }],
      ['company', 'delete', `/admin/companies/${a.company.id}`],
      ['employee', 'get', `/admin/employees/${a.employee.id}`],
      ['employee', 'put', `/admin/employees/${a.employee.id}`, { payRate: 1 }],
      ['employee', 'delete', `/admin/employees/${a.employee.id}`],
      ['admin user', 'get', `/admin/users/${a.otherAdmin.id}`],
      ['admin user', 'put', `/admin/users/${a.otherAdmin.id}`, { password: 'a new password of mine' }],
      ['admin user', 'delete', `/admin/users/${a.otherAdmin.id}`],
      ['pay period', 'get', `/admin/pay-periods/${a.payPeriod.id}`],
      ['pay period', 'put', `/admin/pay-periods/${a.payPeriod.id}`, { locked: true }],
      ['pay period', 'delete', `/admin/pay-periods/${a.payPeriod.id}`],
      ['pay period export', 'get', `/admin/pay-periods/${a.payPeriod.id}/export?format=csv&force=true`],
      ['time entry', 'get', `/admin/time-entries/${a.timeEntry.id}`],
      ['time entry', 'put', `/admin/time-entries/${a.timeEntry.id}`, { notes: 'edited', status: 'APPROVED' }],
      ['time entry', 'delete', `/admin/time-entries/${a.timeEntry.id}`],
    ];
    for (const [what, method, path, body] of cases) {
      const res = method === 'put' ? await api.put(V1 + path, body, { token }) : await api[method](V1 + path, { token });
      expectAccessDenied(res, `${method.toUpperCase()} ${what}`);
    }
    expect(await checksum(t.db, world)).toBe(before);
  });

  it('answers 403 Access denied to list filters and creates that name org A’s records', async () => {
    const { a } = world;
    const token = world.tokens.adminB!;
    const before = await checksum(t.db, world);
    for (const path of [
      `/admin/companies?bookkeeperOrgId=${a.org.id}`,
      `/admin/users?bookkeeperOrgId=${a.org.id}`,
      `/admin/employees?companyId=${a.company.id}`,
      `/admin/pay-periods?companyId=${a.company.id}`,
      `/admin/time-entries?companyId=${a.company.id}`,
      `/admin/time-entries?employeeId=${a.employee.id}`,
      `/admin/time-entries?payPeriodId=${a.payPeriod.id}`,
    ]) {
      expectAccessDenied(await api.get(V1 + path, { token }), `GET ${path}`);
    }
    const creates: Array<[string, unknown]> = [
      ['/admin/employees', { companyId: a.company.id, firstName: 'Mal', lastName: 'Lory', phone: uniquePhone(), pin: '4321' }],
      ['/admin/pay-periods', { companyId: a.company.id, periodType: 'WEEKLY', startDate: '2026-03-02' }],
      ['/admin/time-entries', { employeeId: a.employee.id, clockIn: '2026-03-03T09:00:00.000Z', clockOut: '2026-03-03T10:00:00.000Z' }],
    ];
    for (const [path, body] of creates) expectAccessDenied(await api.post(V1 + path, body, { token }), `POST ${path}`);
    expect(await checksum(t.db, world)).toBe(before);
  });

  it('scopes the audit log: filtering by an admin of org A shows org B nothing of org A', async () => {
    // Make sure org A has entries of its own admin (an audited write through the API).
    const write = await api.put(`${V1}/admin/companies/${world.a.otherCompany.id}`, { city: 'Springfield' }, { token: world.tokens.adminA! });
    expect(write.status).toBe(200);
    const own = await api.get(`${V1}/admin/audit-logs`, { token: world.tokens.adminA!, query: { actorId: world.a.admin.id } });
    expect(own.status).toBe(200);
    expect(own.body.data.items.length).toBeGreaterThan(0);
    const res = await api.get(`${V1}/admin/audit-logs`, { token: world.tokens.adminB!, query: { actorId: world.a.admin.id } });
    expect(res.status).toBe(200);
    expect(res.body.data.items).toEqual([]);
    expect(res.body.data.total).toBe(0);
  });

  it('answers 403 Access denied to an employee reaching another company’s pay period (timesheet and submit)', async () => {
    const token = world.tokens.employeeA!;
    const other = world.a.otherPayPeriod.id; // same organization, another company
    expectAccessDenied(await api.get(`${V1}/employee/timesheet`, { token, query: { payPeriodId: other } }), 'GET timesheet');
    expectAccessDenied(await api.post(`${V1}/employee/timesheet/submit`, { payPeriodId: other }, { token }), 'POST submit');
    const foreign = world.b.payPeriod.id; // another organization
    expectAccessDenied(await api.get(`${V1}/employee/timesheet`, { token, query: { payPeriodId: foreign } }), 'GET timesheet, org B');
    expectAccessDenied(await api.post(`${V1}/employee/timesheet/submit`, { payPeriodId: foreign }, { token }), 'POST submit, org B');
  });
});

describe('API2 broken authentication on a real route (GET /api/v1/admin/companies)', () => {
  const ROUTE = `${V1}/admin/companies`;
  const claims = () => ({ userId: world.a.admin.id, type: 'admin', bookkeeperOrgId: world.a.org.id, email: world.a.admin.email });
  const now = () => Math.floor(Date.now() / 1000);

  async function expectRefused(token: string, what: string) {
    const res = await api.get(ROUTE, { token });
    expect(res.status, what).toBe(401);
    expect(res.body, what).toEqual({ success: false, error: 'Authentication required' });
  }

  it('refuses forged tokens with 401 Authentication required: wrong secret, alg none, expired, no exp', async () => {
    expect((await api.get(ROUTE, { token: world.tokens.adminA! })).status).toBe(200);
    const wrongSecret = await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-but-long-enough-0123'));
    await expectRefused(wrongSecret, 'wrong secret');
    const none = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url.encode(JSON.stringify({ ...claims(), iat: now(), exp: now() + 3600 }))}.`;
    await expectRefused(none, 'alg none');
    const expired = await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now() - 7200).setExpirationTime(now() - 60).sign(secret);
    await expectRefused(expired, 'expired');
    const noExp = await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().sign(secret);
    await expectRefused(noExp, 'no exp');
  });

  it('refuses a replayed token after the admin is deactivated through the API (403 Account inactive)', async () => {
    const victim = await createTenant(t.db);
    const token = await adminToken(t.tokens, victim.admin);
    expect((await api.get(ROUTE, { token })).status).toBe(200);
    const boss = await adminToken(t.tokens, (await t.db.insert(adminUsers).values({
      email: `${unique('boss')}@example.com`, firstName: 'Bo', lastName: 'Ss', passwordHash: await hashOf('irrelevant password'),
      bookkeeperOrgId: victim.org.id, credentialsChangedAt: new Date(Date.now() - 60_000),
    }).returning())[0]!);
    expect((await api.delete(`${V1}/admin/users/${victim.admin.id}`, { token: boss })).status).toBe(200);
    const res = await api.get(ROUTE, { token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'Account inactive' });
  });

  it('refuses a replayed token after a password change through the API (401), and an employee token after deactivation', async () => {
    const victim = await createTenant(t.db);
    const ip = randomIp();
    const login = await api.post(`${V1}/auth/login`, { email: victim.admin.email, password: victim.admin.password }, { remoteAddress: ip });
    expect(login.status).toBe(200);
    const old = login.body.data.token as string;
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a new token second after the login
    const change = await api.put(`${V1}/admin/users/${victim.admin.id}`, { password: 'a completely new passphrase' }, { token: old });
    expect(change.status).toBe(200);
    await expectRefusedOn(ROUTE, old);

    const employeeTok = await employeeToken(t.tokens, victim.employee);
    expect((await api.get(`${V1}/employee/timesheet`, { token: employeeTok })).status).toBe(200);
    await t.db.update(employees).set({ active: false }).where(eq(employees.id, victim.employee.id));
    // GET /employee/timesheet answers an inactive employee with its own label (docs/api.md §9).
    const res = await api.get(`${V1}/employee/timesheet`, { token: employeeTok });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: 'Employee not found' });
    const clock = await api.post(`${V1}/employee/timesheet/entry`, { action: 'clock_in' }, { token: employeeTok });
    expect(clock.status).toBe(404);
    expect(clock.body).toEqual({ success: false, error: 'Employee not found or inactive' });
  });

  async function expectRefusedOn(route: string, token: string) {
    const res = await api.get(route, { token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: 'Authentication required' });
  }
});

describe('API3 broken object property level authorization (mass assignment)', () => {
  it('lets no ADMIN grant SUPER_ADMIN, on create or on update, nor itself', async () => {
    const tenant = await createTenant(t.db);
    const token = await adminToken(t.tokens, tenant.admin);
    const email = `${unique('escalate')}@example.com`;
    const create = await api.post(`${V1}/admin/users`, { email, password: 'long enough password', firstName: 'E', lastName: 'Sc', role: 'SUPER_ADMIN' }, { token });
    expect(create.status).toBe(403);
    expect(create.body.success).toBe(false);
    const self = await api.put(`${V1}/admin/users/${tenant.admin.id}`, { role: 'SUPER_ADMIN' }, { token });
    expect(self.status).toBe(403);
    const [row] = await t.db.select().from(adminUsers).where(eq(adminUsers.id, tenant.admin.id));
    expect(row!.role).toBe('ADMIN');
    expect(await t.db.select().from(adminUsers).where(eq(adminUsers.email, email))).toEqual([]);
  });

  it('refuses or ignores bookkeeperOrgId injection: an ADMIN cannot create records in another organization', async () => {
    const tenant = await createTenant(t.db);
    const token = await adminToken(t.tokens, tenant.admin);
    const before = await checksum(t.db, world);
    const company = await api.post(`${V1}/admin/companies`, { name: unique('Injected'), bookkeeperOrgId: world.a.org.id }, { token });
    if (company.status === 201) expect(company.body.data.bookkeeperOrgId).toBe(tenant.org.id);
    else expectAccessDenied(company, 'POST company');
    const user = await api.post(
      `${V1}/admin/users`,
      { email: `${unique('inj')}@example.com`, password: 'long enough password', firstName: 'I', lastName: 'Nj', bookkeeperOrgId: world.a.org.id },
      { token },
    );
    if (user.status === 201) expect(user.body.data.bookkeeperOrgId).toBe(tenant.org.id);
    else expectAccessDenied(user, 'POST user');
    expect(await checksum(t.db, world)).toBe(before);
  });

  it('drops id, createdAt, approved and status sent by an employee clocking in, and id/createdAt sent on a create', async () => {
    const tenant = await createTenant(t.db);
    const token = await employeeToken(t.tokens, tenant.employee);
    const forgedId = '11111111-1111-4111-8111-111111111111';
    const res = await api.post(
      `${V1}/employee/timesheet/entry`,
      { action: 'clock_in', approved: true, status: 'APPROVED', id: forgedId, createdAt: '2000-01-01T00:00:00.000Z', totalHours: 99, employeeId: world.a.employee.id },
      { token },
    );
    expect(res.status).toBe(200);
    const rows = await t.db.select().from(timeEntries).where(eq(timeEntries.employeeId, tenant.employee.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(forgedId);
    expect(rows[0]!.approved).toBe(false);
    expect(rows[0]!.status).toBe('PENDING');
    expect(rows[0]!.createdAt.getUTCFullYear()).toBeGreaterThan(2000);
    expect(await t.db.select().from(timeEntries).where(eq(timeEntries.employeeId, world.a.employee.id))).toHaveLength(1);

    const adminTok = await adminToken(t.tokens, tenant.admin);
    const company = await api.post(`${V1}/admin/companies`, { name: unique('Co'), id: forgedId, createdAt: '2000-01-01T00:00:00.000Z', _count: { employees: 9 } }, { token: adminTok });
    expect(company.status).toBe(201);
    expect(company.body.data.id).not.toBe(forgedId);
    expect(company.body.data.createdAt.startsWith('2000')).toBe(false);
  });
});

describe('API4 unrestricted resource consumption', () => {
  it('answers 400 to pageSize 101 and to page 0', async () => {
    for (const query of [{ pageSize: 101 }, { page: 0 }, { pageSize: 0 }, { pageSize: 1e9 }]) {
      const res = await api.get(`${V1}/admin/companies`, { token: world.tokens.adminA!, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });

  it('answers 413 Payload too large to a body over 100 KiB, on every write', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(101 * 1024) });
    for (const [method, url] of [
      ['POST', `${V1}/admin/companies`],
      ['PUT', `${V1}/admin/companies/${world.a.company.id}`],
      ['POST', `${V1}/auth/login`],
      ['DELETE', `${V1}/admin/companies/${world.a.company.id}`],
    ]) {
      const res = await sendRaw(t.app, {
        method: method!, url: url!, payload: body, remoteAddress: randomIp(),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${world.tokens.adminA}` },
      });
      expect(res.status, `${method} ${url}`).toBe(413);
      expect(JSON.parse(res.raw)).toMatchObject({ success: false, error: 'Payload too large' });
    }
  });

  it('answers deeply nested JSON (15,000 to 20,000 levels) with a 4xx quickly, not a crash', async () => {
    for (const payload of ['['.repeat(20_000) + ']'.repeat(20_000), '{"a":'.repeat(15_000) + '1' + '}'.repeat(15_000)]) {
      const started = performance.now();
      const res = await sendRaw(t.app, {
        method: 'POST', url: `${V1}/admin/companies`, payload,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${world.tokens.adminA}` },
      });
      expect(res.status).toBe(400);
      expect(performance.now() - started).toBeLessThan(2_000);
    }
  });

  it('answers a 1 MB string with 413 without reading it into a record', async () => {
    const res = await sendRaw(t.app, {
      method: 'POST', url: `${V1}/admin/companies`, payload: JSON.stringify({ name: 'y'.repeat(1_000_000) }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${world.tokens.adminA}` },
    });
    expect(res.status).toBe(413);
  });

  it('answers a regex-like search string such as (a+)+$ fast, as plain text', async () => {
    for (const search of ['(a+)+$', 'a'.repeat(254) + '!', '%_\\', '.*.*.*.*.*.*.*']) {
      for (const path of ['/admin/companies', '/admin/employees', '/admin/users', '/admin/bookkeeper-orgs', '/admin/industries']) {
        const started = performance.now();
        const res = await api.get(V1 + path, { token: world.tokens.superAdmin!, query: { search } });
        expect(res.status, `${path} ${search}`).toBe(200);
        expect(performance.now() - started, `${path} ${search}`).toBeLessThan(1_000);
      }
    }
    const literal = await api.get(`${V1}/admin/companies`, { token: world.tokens.adminA!, query: { search: '%' } });
    expect(literal.body.data.items).toEqual([]); // % is a character, not a wildcard
  });

  it('answers a search longer than 255 characters with 400', async () => {
    const res = await api.get(`${V1}/admin/companies`, { token: world.tokens.adminA!, query: { search: 'a'.repeat(256) } });
    expect(res.status).toBe(400);
  });
});

describe('API5 broken function-level authorization', () => {
  it('answers 403 Access denied. Required role: admin to an employee token on every admin route family', async () => {
    const token = world.tokens.employeeA!;
    for (const path of ['/admin/bookkeeper-orgs', '/admin/companies', '/admin/employees', '/admin/users', '/admin/audit-logs', '/admin/pay-periods', '/admin/time-entries']) {
      const res = await api.get(V1 + path, { token });
      expect(res.status, path).toBe(403);
      expect(res.body, path).toEqual({ success: false, error: 'Access denied. Required role: admin' });
    }
    const write = await api.post(`${V1}/admin/time-entries`, { employeeId: world.a.employee.id, clockIn: '2026-03-03T09:00:00.000Z' }, { token });
    expect(write.body).toEqual({ success: false, error: 'Access denied. Required role: admin' });
  });

  it('answers 403 Access denied. Required role: employee to an admin token on the employee timesheet', async () => {
    const res = await api.post(`${V1}/employee/timesheet/entry`, { action: 'clock_in' }, { token: world.tokens.adminA! });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'Access denied. Required role: employee' });
  });

  it('answers 403 to an ADMIN on the SUPER_ADMIN-only industry writes', async () => {
    const before = await api.get(`${V1}/admin/industries`, { token: world.tokens.adminA! });
    const create = await api.post(`${V1}/admin/industries`, { name: unique('Industry') }, { token: world.tokens.adminA! });
    expectAccessDenied(create, 'POST industry');
    const update = await api.put(`${V1}/admin/industries/${world.industryId}`, { name: unique('Renamed') }, { token: world.tokens.adminA! });
    expectAccessDenied(update, 'PUT industry');
    const after = await api.get(`${V1}/admin/industries`, { token: world.tokens.adminA! });
    expect(after.body.data.length ?? after.body.data.items?.length).toBe(before.body.data.length ?? before.body.data.items?.length);
  });
});

describe('API8 security misconfiguration', () => {
  it('sends nosniff, no-store and referrer-policy on API answers, success and failure alike', async () => {
    for (const res of [
      await api.get(`${V1}/admin/companies`, { token: world.tokens.adminA! }),
      await api.get(`${V1}/admin/companies`),
      await api.get(`${V1}/admin/companies/${world.b.company.id}`, { token: world.tokens.adminA! }),
    ]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers.server).toBeUndefined();
    }
  });

  it('serves /docs with a Content-Security-Policy of its own', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    const page = res.statusCode === 302 ? await t.app.inject({ method: 'GET', url: String(res.headers.location) }) : res;
    expect(String(page.headers['content-type'])).toMatch(/text\/html/);
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('never reflects an arbitrary Origin in CORS headers (without and with CORS_ORIGINS)', async () => {
    const evil = { origin: 'https://evil.example', 'access-control-request-method': 'POST' };
    const plain = await t.app.inject({ method: 'OPTIONS', url: `${V1}/auth/login`, headers: evil });
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    const cors = await createTestApp({ env: { CORS_ORIGINS: 'https://app.example.com' }, database: t.database });
    try {
      const res = await cors.app.inject({ method: 'OPTIONS', url: `${V1}/auth/login`, headers: evil });
      expect(res.headers['access-control-allow-origin']).not.toBe('https://evil.example');
      expect(res.headers['access-control-allow-origin']).not.toBe('*');
      const get = await cors.app.inject({ method: 'GET', url: '/health', headers: { origin: 'https://evil.example' } });
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await cors.close();
    }
  });

  it('sets the auth-token cookie httpOnly, SameSite=Lax, Path=/ and Secure when COOKIE_SECURE=true', async () => {
    const secure = await createTestApp({ env: { COOKIE_SECURE: 'true' }, database: t.database });
    try {
      const tenant = await createTenant(secure.db);
      const res = await client(secure.app).post(`${V1}/auth/login`, { email: tenant.admin.email, password: tenant.admin.password }, { remoteAddress: randomIp() });
      expect(res.status).toBe(200);
      const cookie = ([] as string[]).concat(res.headers['set-cookie'] as string | string[]).find((c) => c.startsWith('auth-token='))!;
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=Lax/i);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; Path=\//i);
    } finally {
      await secure.close();
    }
  });

  it('leaks no internals in error bodies: broken JSON, SQL-looking ids, unknown routes, a failing database', async () => {
    const token = world.tokens.adminA!;
    const answers = [
      await sendRaw(t.app, { method: 'POST', url: `${V1}/admin/companies`, payload: '{"name":', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } }),
      await sendRaw(t.app, { method: 'GET', url: `${V1}/admin/companies/${encodeURIComponent("1' OR '1'='1")}`, headers: { authorization: `Bearer ${token}` } }),
      await sendRaw(t.app, { method: 'GET', url: `${V1}/admin/companies?page=${encodeURIComponent("1; select pg_sleep(5)")}`, headers: { authorization: `Bearer ${token}` } }),
      await sendRaw(t.app, { method: 'GET', url: `${V1}/admin/../../etc/passwd` }),
      await sendRaw(t.app, { method: 'POST', url: `${V1}/admin/employees`, payload: JSON.stringify({ companyId: world.a.company.id, firstName: 'D', lastName: 'Up', phone: '+12125550000', pin: '12', employeeNumber: 'x' }), headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } }),
    ];
    for (const res of answers) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expectNoLeak(res.raw, `${res.status} ${res.raw}`);
    }
    const down = await createTestApp({ database: { ...t.database, db: brokenDb(t.database.db) } as typeof t.database });
    try {
      const res = await client(down.app).get(`${V1}/admin/companies`, { token });
      expect(res.status).toBeGreaterThanOrEqual(500);
      expectNoLeak(res.raw, 'failing database');
      expect(Object.keys(res.body).sort()).toEqual(expect.arrayContaining(['error', 'success']));
    } finally {
      await down.app.close(); // the shared database stays open
    }
  });
});

/** A Db whose every query fails with a driver-looking error carrying SQL text. */
function brokenDb(db: TestApp['db']): TestApp['db'] {
  return new Proxy(db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key === 'execute' || key === 'select' || key === 'transaction' || key === 'insert' || key === 'update') {
        return () => {
          throw Object.assign(new Error('Failed query: select password_hash from admin_users -- relation "x" does not exist'), { code: '42P01' });
        };
      }
      return value;
    },
  });
}

describe('regressions: inputs the fuzz test (test/security/fuzz.test.ts) once turned into 5xx or bare answers', () => {
  const auth = () => ({ authorization: `Bearer ${world.tokens.adminA}` });

  it('answers 400 Validation failed to a NUL character in a query string or a body string (was 500)', async () => {
    for (const url of [`${V1}/admin/audit-logs?action=%00`, `${V1}/admin/companies?search=a%00b`, `${V1}/admin/employees?search=%00`]) {
      const res = await sendRaw(t.app, { method: 'GET', url, headers: auth() });
      expect(res.status, url).toBe(400);
      expect(JSON.parse(res.raw)).toMatchObject({ success: false, error: 'Validation failed' });
    }
    const body = await sendRaw(t.app, {
      method: 'POST', url: `${V1}/admin/companies`, payload: JSON.stringify({ name: 'Nul\u0000Co' }),
      headers: { ...auth(), 'content-type': 'application/json' },
    });
    expect(body.status).toBe(400);
    expect(JSON.parse(body.raw)).toEqual({ success: false, error: 'Validation failed', message: 'name: must not contain a NUL character' });
  });

  it('answers 400 to a body nested more than 32 levels, on a route without a body schema too (was 500)', async () => {
    const res = await sendRaw(t.app, {
      method: 'POST', url: `${V1}/auth/logout`, payload: '['.repeat(2_000) + ']'.repeat(2_000), headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.raw)).toMatchObject({ success: false, message: 'body: is nested more than 32 levels deep' });
  });

  it('answers 400 to a page beyond 1,000,000, Infinity included (was 500)', async () => {
    for (const page of ['1000001', '1e15', '9'.repeat(400)]) {
      const res = await sendRaw(t.app, { method: 'GET', url: `${V1}/admin/users?page=${page}`, headers: auth() });
      expect(res.status).toBe(400);
    }
  });

  it('answers 404 Company not found in the envelope to a path id with broken %-encoding or over 100 characters (was a bare 400/414)', async () => {
    for (const id of ['%zz', '%E0%A4%A', 'x'.repeat(150)]) {
      const res = await sendRaw(t.app, { method: 'GET', url: `${V1}/admin/companies/${id}`, headers: auth() });
      expect(res.status, id).toBe(404);
      expect(JSON.parse(res.raw)).toEqual({ success: false, error: 'Company not found' });
    }
  });

  it('documents 413 for a DELETE with an oversized body', async () => {
    const res = await sendRaw(t.app, {
      method: 'DELETE', url: `${V1}/admin/pay-periods/${world.a.payPeriod.id}`, payload: JSON.stringify({ x: 'x'.repeat(110_000) }),
      headers: { ...auth(), 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413); // sendRaw checks the status against the OpenAPI document
  });
});
