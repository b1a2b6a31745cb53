// The token rules every route gets from src/http/auth-guard.ts (docs/api.md §9,
// §10): token forms, forged tokens, type confusion, deactivation and password
// changes ending tokens, GET /auth/me, logout, the CSRF rule and CORS. Probe routes stand in
// for the admin and employee modules.
import { eq } from 'drizzle-orm';
import { base64url, decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { envelope, errorResponses } from '../../src/http/schemas.ts';
import { adminUsers, bookkeeperOrgs, companies, employees } from '../../src/db/schema.ts';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/app.ts';
import { createTenant, hashOf } from '../helpers/factories.ts';
import { adminToken, client, employeeToken } from '../helpers/http.ts';
import { randomIp } from './support.ts';

const PROBE_ADMIN = '/api/v1/probe-admin';
const PROBE_EMPLOYEE = '/api/v1/probe-employee';
const PROBE_EMPLOYEE_LABELLED = '/api/v1/probe-employee-labelled';
const ME = '/api/v1/auth/me';

const probeSchema = {
  response: { 200: envelope(Type.Object({ actor: Type.Any() })), ...errorResponses(401, 403, 404, 413, 415) },
};

function probes(app: App): void {
  const whoami = async (request: { actor: unknown }) => ({ success: true, data: { actor: request.actor } });
  app.get(PROBE_ADMIN, { config: { auth: 'admin' }, schema: probeSchema }, whoami);
  app.post(PROBE_ADMIN, { config: { auth: 'admin' }, schema: probeSchema }, whoami);
  app.put(PROBE_ADMIN, { config: { auth: 'admin' }, schema: probeSchema }, whoami);
  app.delete(PROBE_ADMIN, { config: { auth: 'admin' }, schema: probeSchema }, whoami);
  app.get(PROBE_EMPLOYEE, { config: { auth: 'employee' }, schema: probeSchema }, whoami);
  app.get(
    PROBE_EMPLOYEE_LABELLED,
    { config: { auth: 'employee', inactiveEmployeeLabel: 'Employee not found or inactive' }, schema: probeSchema },
    whoami,
  );
}

let t: TestApp;
let api: ReturnType<typeof client>;
const secret = new TextEncoder().encode(TEST_JWT_SECRET);

beforeAll(async () => {
  t = await createTestApp({ routes: probes, env: { CORS_ORIGINS: 'https://app.example.com' } });
  api = client(t.app);
});
afterAll(async () => t?.close());

const nowSeconds = () => Math.floor(Date.now() / 1000);

function adminClaims(admin: { id: string; bookkeeperOrgId: string; email: string }) {
  return { userId: admin.id, type: 'admin', bookkeeperOrgId: admin.bookkeeperOrgId, email: admin.email };
}

/** Re-encodes a token's payload with changes, keeping the original signature (no re-signing). */
function tamper(token: string, changes: Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.');
  const claims = { ...JSON.parse(new TextDecoder().decode(base64url.decode(payload!))), ...changes };
  return `${header}.${base64url.encode(JSON.stringify(claims))}.${signature}`;
}

async function expectRequired(res: Promise<{ status: number; body: unknown }>) {
  const answer = await res;
  expect(answer.status).toBe(401);
  expect(answer.body).toEqual({ success: false, error: 'Authentication required' });
}

describe('token forms', () => {
  it('accepts "Bearer <token>", the raw token and the auth-token cookie', async () => {
    const { admin } = await createTenant(t.db);
    const token = await adminToken(t.tokens, admin);
    for (const options of [
      { headers: { authorization: `Bearer ${token}` } },
      { headers: { authorization: `bearer   ${token}` } },
      { headers: { authorization: token } },
      { cookies: { 'auth-token': token } },
    ]) {
      const res = await api.get(PROBE_ADMIN, options);
      expect(res.status).toBe(200);
      expect(res.body.data.actor).toMatchObject({ type: 'admin', userId: admin.id, bookkeeperOrgId: admin.bookkeeperOrgId, role: 'ADMIN' });
    }
  });

  it('answers 401 Authentication required without a token, with an empty header and with garbage', async () => {
    await expectRequired(api.get(PROBE_ADMIN));
    await expectRequired(api.get(PROBE_ADMIN, { headers: { authorization: '' } }));
    await expectRequired(api.get(PROBE_ADMIN, { headers: { authorization: 'Bearer ' } }));
    await expectRequired(api.get(PROBE_ADMIN, { headers: { authorization: 'Bearer not.a.jwt' } }));
    await expectRequired(api.get(PROBE_ADMIN, { cookies: { 'auth-token': 'garbage' } }));
    await expectRequired(api.get(PROBE_ADMIN, { headers: { authorization: `Bearer ${'a'.repeat(5000)}` } }));
  });

  it('lets the header win over the cookie: a valid header with another user\'s cookie authenticates the header\'s user', async () => {
    const one = await createTenant(t.db);
    const two = await createTenant(t.db);
    const res = await api.get(PROBE_ADMIN, { token: await adminToken(t.tokens, one.admin), cookies: { 'auth-token': await adminToken(t.tokens, two.admin) } });
    expect(res.status).toBe(200);
    expect(res.body.data.actor.userId).toBe(one.admin.id);
  });

  it('answers 401 for an invalid header even when a valid cookie is present', async () => {
    const { admin } = await createTenant(t.db);
    const cookies = { 'auth-token': await adminToken(t.tokens, admin) };
    await expectRequired(api.get(PROBE_ADMIN, { headers: { authorization: 'Bearer forged' }, cookies }));
    await expectRequired(api.get(PROBE_ADMIN, { headers: { authorization: '' }, cookies }));
  });
});

describe('forged and expired tokens answer 401 Authentication required', () => {
  let admin: Awaited<ReturnType<typeof createTenant>>['admin'];
  beforeAll(async () => {
    ({ admin } = await createTenant(t.db));
  });

  it('a token signed with another secret', async () => {
    const token = await new SignJWT(adminClaims(admin))
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-0123456789'));
    await expectRequired(api.get(PROBE_ADMIN, { token }));
  });

  it('an unsigned token (alg: none)', async () => {
    const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    const payload = base64url.encode(JSON.stringify({ ...adminClaims(admin), iat: nowSeconds(), exp: nowSeconds() + 3600 }));
    await expectRequired(api.get(PROBE_ADMIN, { token: `${header}.${payload}.` }));
    await expectRequired(api.get(PROBE_ADMIN, { token: `${header}.${payload}` }));
  });

  it('a token of another algorithm: HS512 with the right secret, and RS256', async () => {
    const hs512 = await new SignJWT(adminClaims(admin)).setProtectedHeader({ alg: 'HS512' }).setIssuedAt().setExpirationTime('1h').sign(secret);
    await expectRequired(api.get(PROBE_ADMIN, { token: hs512 }));
    const { privateKey } = await generateKeyPair('RS256');
    const rs256 = await new SignJWT(adminClaims(admin)).setProtectedHeader({ alg: 'RS256' }).setIssuedAt().setExpirationTime('1h').sign(privateKey);
    await expectRequired(api.get(PROBE_ADMIN, { token: rs256 }));
  });

  it('a token without exp', async () => {
    const token = await new SignJWT(adminClaims(admin)).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().sign(secret);
    await expectRequired(api.get(PROBE_ADMIN, { token }));
  });

  it('an expired token', async () => {
    const token = await new SignJWT(adminClaims(admin))
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(nowSeconds() - 120)
      .setExpirationTime(nowSeconds() - 1)
      .sign(secret);
    await expectRequired(api.get(PROBE_ADMIN, { token }));
  });

  it('a payload changed without re-signing (bookkeeperOrgId, type, userId)', async () => {
    const other = await createTenant(t.db);
    const token = await adminToken(t.tokens, admin);
    expect((await api.get(PROBE_ADMIN, { token })).status).toBe(200);
    await expectRequired(api.get(PROBE_ADMIN, { token: tamper(token, { bookkeeperOrgId: other.org.id }) }));
    await expectRequired(api.get(PROBE_EMPLOYEE, { token: tamper(token, { type: 'employee', companyId: other.company.id }) }));
    await expectRequired(api.get(PROBE_ADMIN, { token: tamper(token, { userId: other.admin.id }) }));
    await expectRequired(api.get(PROBE_ADMIN, { token: tamper(token, { exp: nowSeconds() + 10 * 365 * 86400 }) }));
  });

  it('a correctly signed token whose user does not exist', async () => {
    const token = await t.tokens.sign({ userId: '00000000-0000-4000-8000-000000000000', type: 'admin', bookkeeperOrgId: admin.bookkeeperOrgId, email: admin.email }, new Date());
    await expectRequired(api.get(PROBE_ADMIN, { token }));
    const notUuid = await new SignJWT({ ...adminClaims(admin), userId: 'x' }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').sign(secret);
    await expectRequired(api.get(PROBE_ADMIN, { token: notUuid }));
  });
});

describe('type confusion', () => {
  it('answers 403 Access denied. Required role: employee for an admin token on an employee route', async () => {
    const { admin } = await createTenant(t.db);
    const res = await api.get(PROBE_EMPLOYEE, { token: await adminToken(t.tokens, admin) });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'Access denied. Required role: employee' });
  });

  it('answers 403 Access denied. Required role: admin for an employee token on an admin route', async () => {
    const { employee } = await createTenant(t.db);
    const res = await api.get(PROBE_ADMIN, { token: await employeeToken(t.tokens, employee) });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'Access denied. Required role: admin' });
  });

  it('refuses a client token on admin, employee and /auth/me routes', async () => {
    const { admin } = await createTenant(t.db);
    const token = await new SignJWT({ userId: admin.id, type: 'client' }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').sign(secret);
    expect((await api.get(PROBE_ADMIN, { token })).body.error).toBe('Access denied. Required role: admin');
    expect((await api.get(PROBE_EMPLOYEE, { token })).body.error).toBe('Access denied. Required role: employee');
    const me = await api.get(ME, { token });
    expect(me.status).toBe(403);
    expect(me.body.error).toBe('Access denied');
  });
});

describe('deactivation and credential changes end existing tokens', () => {
  it('answers 403 Account inactive once the admin is deactivated, and Organization inactive once its organization is', async () => {
    const a = await createTenant(t.db);
    const tokenA = await adminToken(t.tokens, a.admin);
    await t.db.update(adminUsers).set({ active: false }).where(eq(adminUsers.id, a.admin.id));
    for (const url of [PROBE_ADMIN, ME]) {
      const res = await api.get(url, { token: tokenA });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, error: 'Account inactive' });
    }

    const b = await createTenant(t.db);
    const tokenB = await adminToken(t.tokens, b.admin);
    await t.db.update(bookkeeperOrgs).set({ active: false }).where(eq(bookkeeperOrgs.id, b.org.id));
    for (const url of [PROBE_ADMIN, ME]) {
      const res = await api.get(url, { token: tokenB });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, error: 'Organization inactive' });
    }
  });

  it('ends employee tokens when the employee, its company or its organization is deactivated', async () => {
    const cases = [
      { error: 'Account inactive', off: (x: Awaited<ReturnType<typeof createTenant>>) => t.db.update(employees).set({ active: false }).where(eq(employees.id, x.employee.id)) },
      { error: 'Company inactive', off: (x: Awaited<ReturnType<typeof createTenant>>) => t.db.update(companies).set({ active: false }).where(eq(companies.id, x.company.id)) },
      { error: 'Organization inactive', off: (x: Awaited<ReturnType<typeof createTenant>>) => t.db.update(bookkeeperOrgs).set({ active: false }).where(eq(bookkeeperOrgs.id, x.org.id)) },
    ];
    for (const { error, off } of cases) {
      const tenant = await createTenant(t.db);
      const token = await employeeToken(t.tokens, tenant.employee);
      expect((await api.get(PROBE_EMPLOYEE, { token })).status).toBe(200);
      await off(tenant);
      for (const url of [PROBE_EMPLOYEE, ME]) {
        const res = await api.get(url, { token });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ success: false, error });
      }
      // Employee routes with a label of their own answer with it instead (docs/api.md §9).
      const labelled = await api.get(PROBE_EMPLOYEE_LABELLED, { token });
      expect(labelled.status).toBe(404);
      expect(labelled.body).toEqual({ success: false, error: 'Employee not found or inactive' });
    }
  });

  it('ends the tokens issued before a password change; a new login works', async () => {
    const { admin } = await createTenant(t.db);
    const ip = randomIp();
    const first = await api.post('/api/v1/auth/login', { email: admin.email, password: admin.password }, { remoteAddress: ip });
    expect(first.status).toBe(200);
    const oldToken = first.body.data.token;
    expect((await api.get(PROBE_ADMIN, { token: oldToken })).status).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const newPassword = 'a brand new passphrase';
    await t.db
      .update(adminUsers)
      .set({ passwordHash: await hashOf(newPassword), credentialsChangedAt: new Date() })
      .where(eq(adminUsers.id, admin.id));

    await expectRequired(api.get(PROBE_ADMIN, { token: oldToken }));
    await expectRequired(api.get(ME, { cookies: { 'auth-token': oldToken } }));
    expect((await api.post('/api/v1/auth/login', { email: admin.email, password: admin.password }, { remoteAddress: ip })).status).toBe(401);
    const again = await api.post('/api/v1/auth/login', { email: admin.email, password: newPassword }, { remoteAddress: ip });
    expect(again.status).toBe(200);
    expect((await api.get(PROBE_ADMIN, { token: again.body.data.token })).status).toBe(200);
  });

  it('ends employee tokens issued before a PIN change', async () => {
    const { employee } = await createTenant(t.db);
    const token = await employeeToken(t.tokens, employee);
    expect((await api.get(PROBE_EMPLOYEE, { token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await t.db.update(employees).set({ credentialsChangedAt: new Date() }).where(eq(employees.id, employee.id));
    await expectRequired(api.get(PROBE_EMPLOYEE, { token }));
  });
});

describe('GET /api/v1/auth/me', () => {
  it('answers the admin record with its organization for an admin token', async () => {
    const { admin, org } = await createTenant(t.db);
    const res = await api.get(ME, { token: await adminToken(t.tokens, admin) });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ id: admin.id, email: admin.email, role: 'ADMIN', bookkeeperOrgId: org.id, lastLoginAt: null });
    expect(res.body.data.user.bookkeeperOrg).toMatchObject({ id: org.id, name: org.name, overtimeThreshold: 40, overtimeMultiplier: 1.5 });
    expect(res.raw).not.toMatch(/passwordHash|\$argon2/);
  });

  it('answers the employee record with its company for an employee token (cookie too)', async () => {
    const { employee, company } = await createTenant(t.db);
    const res = await api.get(ME, { cookies: { 'auth-token': await employeeToken(t.tokens, employee) } });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toEqual({
      id: employee.id,
      firstName: employee.firstName,
      lastName: employee.lastName,
      employeeNumber: employee.employeeNumber,
      jobTitle: employee.jobTitle,
      companyId: company.id,
      company: { id: company.id, name: company.name },
    });
    expect(res.raw).not.toMatch(/pinHash|\$argon2/);
  });

  it('answers 401 Authentication required without a token', async () => {
    await expectRequired(api.get(ME));
  });
});

describe('POST /api/v1/auth/logout', () => {
  it('clears the auth-token cookie and answers 200 with a message', async () => {
    const res = await api.post('/api/v1/auth/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Logged out' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^auth-token=;/);
    expect(cookie).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    expect(cookie).toMatch(/Path=\//);
  });
});

describe('CSRF rule for cookie-authenticated writes', () => {
  const host = 'api.example.com';
  let cookies: Record<string, string>;
  let token: string;
  beforeAll(async () => {
    const { admin } = await createTenant(t.db);
    token = await adminToken(t.tokens, admin);
    cookies = { 'auth-token': token };
  });

  it('answers 403 Access denied to a cookie-authenticated POST, PUT or DELETE with Sec-Fetch-Site: cross-site', async () => {
    for (const method of ['post', 'put', 'delete'] as const) {
      const res = method === 'delete'
        ? await api.delete(PROBE_ADMIN, { cookies, headers: { host, 'sec-fetch-site': 'cross-site' } })
        : await api[method](PROBE_ADMIN, {}, { cookies, headers: { host, 'sec-fetch-site': 'cross-site' } });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Access denied');
    }
  });

  it('answers 403 Access denied to a cookie-authenticated POST from a foreign Origin', async () => {
    for (const origin of ['https://evil.example', 'null', `http://${host}.evil.example`]) {
      const res = await api.post(PROBE_ADMIN, {}, { cookies, headers: { host, origin } });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Access denied');
    }
  });

  it('lets the service\'s own origin, a CORS_ORIGINS origin, same-site fetches and header tokens through', async () => {
    expect((await api.post(PROBE_ADMIN, {}, { cookies, headers: { host, origin: `http://${host}` } })).status).toBe(200);
    expect((await api.post(PROBE_ADMIN, {}, { cookies, headers: { host, origin: 'https://app.example.com' } })).status).toBe(200);
    expect((await api.post(PROBE_ADMIN, {}, { cookies, headers: { host, 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
    expect((await api.post(PROBE_ADMIN, {}, { cookies, headers: { host } })).status).toBe(200);
    // Reads are not state-changing, and a header token is not sent by a browser on its own.
    expect((await api.get(PROBE_ADMIN, { cookies, headers: { host, 'sec-fetch-site': 'cross-site' } })).status).toBe(200);
    expect((await api.post(PROBE_ADMIN, {}, { token, headers: { host, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } })).status).toBe(200);
  });
});

describe('CORS (CORS_ORIGINS=https://app.example.com)', () => {
  it('allows a listed origin, with credentials', async () => {
    const res = await api.get('/health', { headers: { origin: 'https://app.example.com' } });
    expect(res.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/login',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBeLessThan(300);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example.com');
  });

  it('never reflects an arbitrary origin', async () => {
    const res = await api.get('/health', { headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends no CORS headers at all when CORS_ORIGINS is unset', async () => {
    const plain = await createTestApp({ database: t.database });
    try {
      const res = await client(plain.app).get('/health', { headers: { origin: 'https://app.example.com' } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});

describe('decoded login token', () => {
  it('carries only the documented admin claims', async () => {
    const { admin } = await createTenant(t.db);
    const res = await api.post('/api/v1/auth/login', { email: admin.email, password: admin.password }, { remoteAddress: randomIp() });
    expect(Object.keys(decodeJwt(res.body.data.token)).sort()).toEqual(['bookkeeperOrgId', 'email', 'exp', 'iat', 'type', 'userId']);
  });
});
