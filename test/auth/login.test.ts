// POST /api/v1/auth/login (docs/api.md §10, §11): credentials, inactive checks before the
// password, the cookie, lastLoginAt, audit rows, and the per-IP limit with its headers.
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { adminUsers } from '../../src/db/schema.ts';
import { createTestApp, TEST_HASHER, type TestApp } from '../helpers/app.ts';
import { createAdmin, createOrg, createTenant } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';
import { recordSentStatements } from '../helpers/sent-statements.ts';
import { auditRowsFrom, ISO_8601, randomIp } from './support.ts';

const LOGIN = '/api/v1/auth/login';
let t: TestApp;
let clock: ManualClock;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  clock = new ManualClock(new Date());
  t = await createTestApp({ clock });
  api = client(t.app);
});
afterAll(async () => t?.close());

function cookieOf(headers: Record<string, unknown>): string {
  const raw = headers['set-cookie'];
  return Array.isArray(raw) ? raw.join('\n') : String(raw ?? '');
}

describe('POST /api/v1/auth/login', () => {
  it('signs in with the email in any case: 200 with the admin record, its organization, a token and the auth-token cookie', async () => {
    const { admin, org } = await createTenant(t.db);
    const ip = randomIp();
    const before = clock.now();
    const res = await api.post(LOGIN, { email: `  ${admin.email.toUpperCase()} `, password: admin.password }, { remoteAddress: ip });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const user = res.body.data.user;
    expect(user).toEqual({
      id: admin.id,
      email: admin.email,
      firstName: 'Ada',
      lastName: 'Admin',
      role: 'ADMIN',
      active: true,
      bookkeeperOrgId: org.id,
      lastLoginAt: before.toISOString(),
      bookkeeperOrg: {
        id: org.id,
        name: org.name,
        slug: org.slug,
        email: null,
        phone: null,
        timezone: 'America/New_York',
        dateFormat: 'MM/DD/YYYY',
        overtimeThreshold: 40,
        overtimeMultiplier: 1.5,
        active: true,
      },
    });
    expect(res.raw).not.toMatch(/passwordHash|password_hash|\$argon2/);

    const [row] = await t.db.select({ lastLoginAt: adminUsers.lastLoginAt }).from(adminUsers).where(eq(adminUsers.id, admin.id));
    expect(row!.lastLoginAt!.toISOString()).toBe(user.lastLoginAt);

    const claims = decodeJwt(res.body.data.token);
    expect(claims).toMatchObject({ userId: admin.id, type: 'admin', bookkeeperOrgId: org.id, email: admin.email });
    expect(typeof claims.iat).toBe('number');
    expect(claims.exp).toBe(Math.floor(claims.iat!) + t.config.tokenTtlSeconds);

    const cookie = cookieOf(res.headers);
    expect(cookie).toContain(`auth-token=${res.body.data.token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toContain(`Max-Age=${t.config.tokenTtlSeconds}`);
    expect(cookie).not.toMatch(/Secure/i);

    // The login's record is /auth/me's, though each has a query of its own.
    const me = await api.get('/api/v1/auth/me', { token: res.body.data.token });
    expect(me.status).toBe(200);
    expect(me.body.data.user).toEqual(user);
  });

  it('shows the organization as /auth/me does when none of its settings is a default; a later login shows its own time', async () => {
    const settings = {
      email: 'office@firm.test',
      phone: '+12125550101',
      timezone: 'America/Los_Angeles',
      dateFormat: 'DD/MM/YYYY',
      overtimeThreshold: 37.5,
      overtimeMultiplier: 2.25,
    };
    const { admin } = await createTenant(t.db, settings);
    const first = await api.post(LOGIN, { email: admin.email, password: admin.password }, { remoteAddress: randomIp() });
    expect(first.status).toBe(200);
    clock.advance(61_000);
    const second = await api.post(LOGIN, { email: admin.email, password: admin.password }, { remoteAddress: randomIp() });
    expect(second.status).toBe(200);
    const user = second.body.data.user;
    expect(user.bookkeeperOrg).toMatchObject(settings);
    expect(Date.parse(user.lastLoginAt) - Date.parse(first.body.data.user.lastLoginAt)).toBe(61_000);
    const me = await api.get('/api/v1/auth/me', { token: second.body.data.token });
    expect(me.body.data.user).toEqual(user);
  });

  it('answers 401 Authentication failed for a wrong password, and for an unknown email after a dummy verification', async () => {
    const { admin } = await createTenant(t.db);
    const wrong = await api.post(LOGIN, { email: admin.email, password: 'not the password' }, { remoteAddress: randomIp() });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, error: 'Authentication failed' });

    const dummy = vi.spyOn(TEST_HASHER, 'verifyDummy');
    try {
      const unknown = await api.post(LOGIN, { email: `nobody-${admin.id}@example.com`, password: 'whatever' }, { remoteAddress: randomIp() });
      expect(unknown.status).toBe(401);
      expect(unknown.body).toEqual(wrong.body);
      expect(dummy).toHaveBeenCalledTimes(1);
    } finally {
      dummy.mockRestore();
    }
  });

  it('answers 403 Account inactive before checking the password', async () => {
    const org = await createOrg(t.db);
    const admin = await createAdmin(t.db, { bookkeeperOrgId: org.id, active: false });
    for (const password of [admin.password, 'wrong password']) {
      const res = await api.post(LOGIN, { email: admin.email, password }, { remoteAddress: randomIp() });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, error: 'Account inactive' });
    }
  });

  it('answers 403 Organization inactive before checking the password', async () => {
    const org = await createOrg(t.db, { active: false });
    const admin = await createAdmin(t.db, { bookkeeperOrgId: org.id });
    for (const password of [admin.password, 'wrong password']) {
      const res = await api.post(LOGIN, { email: admin.email, password }, { remoteAddress: randomIp() });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, error: 'Organization inactive' });
    }
  });

  it.each([
    [{ password: 'x' }, 'email: is required'],
    [{ email: 'not-an-email', password: 'x' }, 'email: must be a valid email'],
    [{ email: 'a@example.com', password: '' }, 'password: must not be empty'],
    [{ email: 'a@example.com' }, 'password: is required'],
    [{ email: 'a@example.com', password: 12345678 }, 'password: must be a string'],
  ])('rejects %j with 400 Invalid login data', async (body, message) => {
    const res = await api.post(LOGIN, body, { remoteAddress: randomIp() });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error).toBe('Invalid login data');
    expect(res.body.message).toContain(message);
  });

  it('answers 415 and 413 for a non-JSON or oversized body, counted and audited like any attempt', async () => {
    const ip = randomIp();
    const text = await t.app.inject({ method: 'POST', url: LOGIN, remoteAddress: ip, headers: { 'content-type': 'text/plain' }, payload: 'email=a' });
    expect(text.statusCode).toBe(415);
    expect(text.headers['x-ratelimit-remaining']).toBe('4');
    const big = await api.post(LOGIN, { email: 'a@example.com', password: 'x'.repeat(110 * 1024) }, { remoteAddress: ip });
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('Payload too large');
    expect(big.headers['x-ratelimit-remaining']).toBe('3');
    const rows = await auditRowsFrom(t.db, ip, 'auth.login.failure');
    expect(rows.map((row) => row.details)).toEqual([{ reason: 'invalid_request' }, { reason: 'invalid_request' }]);
  });

  it('answers 500 Login failed without internals when something unexpected breaks', async () => {
    const { admin } = await createTenant(t.db);
    const broken = vi.spyOn(TEST_HASHER, 'verify').mockRejectedValueOnce(new Error('argon2 exploded at /secret/path'));
    try {
      const res = await api.post(LOGIN, { email: admin.email, password: admin.password }, { remoteAddress: randomIp() });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ success: false, error: 'Login failed' });
      expect(res.raw).not.toContain('argon2');
    } finally {
      broken.mockRestore();
    }
  });

  it('keeps a password exactly as typed (not trimmed)', async () => {
    const org = await createOrg(t.db);
    const admin = await createAdmin(t.db, { bookkeeperOrgId: org.id, password: ' padded secret ' });
    const trimmed = await api.post(LOGIN, { email: admin.email, password: 'padded secret' }, { remoteAddress: randomIp() });
    expect(trimmed.status).toBe(401);
    const exact = await api.post(LOGIN, { email: admin.email, password: ' padded secret ' }, { remoteAddress: randomIp() });
    expect(exact.status).toBe(200);
  });

  it('audit-logs every attempt with IP, user agent and the email tried, never the password', async () => {
    const { admin, org } = await createTenant(t.db);
    const ip = randomIp();
    const headers = { 'user-agent': 'login-test/1.0' };
    await api.post(LOGIN, { email: admin.email, password: 'bad password!' }, { remoteAddress: ip, headers });
    await api.post(LOGIN, { email: 'ghost@example.com', password: 'bad password!' }, { remoteAddress: ip, headers });
    await api.post(LOGIN, { email: 'broken', password: 'bad password!' }, { remoteAddress: ip, headers });
    await api.post(LOGIN, { email: admin.email, password: admin.password }, { remoteAddress: ip, headers });

    const rows = await auditRowsFrom(t.db, ip);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.userAgent).toBe('login-test/1.0');
      expect(JSON.stringify(row.details)).not.toContain('bad password!');
      expect(JSON.stringify(row.details)).not.toContain(admin.password);
    }
    const success = rows.filter((row) => row.action === 'auth.login.success');
    expect(success).toHaveLength(1);
    expect(success[0]).toMatchObject({ actorType: 'admin', actorId: admin.id, bookkeeperOrgId: org.id, details: { email: admin.email } });
    const reasons = rows.filter((row) => row.action === 'auth.login.failure').map((row) => row.details);
    expect(reasons).toEqual(
      expect.arrayContaining([
        { reason: 'wrong_password', email: admin.email },
        { reason: 'unknown_email', email: 'ghost@example.com' },
        { reason: 'invalid_request', email: 'broken' },
      ]),
    );
    const wrong = rows.find((row) => (row.details as { reason?: string } | null)?.reason === 'wrong_password');
    expect(wrong).toMatchObject({ actorId: admin.id, bookkeeperOrgId: org.id });
  });
});

describe('POST /api/v1/auth/login rate limit (5 per 15 minutes per client IP)', () => {
  it('counts every attempt, sends the three headers on each answer, and refuses the sixth with 429 and Retry-After; another IP still passes', async () => {
    const { admin } = await createTenant(t.db);
    const ip = randomIp();
    const start = clock.now().getTime();
    const attempts = [
      { email: admin.email, password: admin.password }, // success
      { email: admin.email, password: 'wrong' }, // failure
      { email: 'malformed' }, // malformed
      { email: admin.email, password: 'wrong' },
      { email: admin.email, password: admin.password },
    ];
    const statuses: number[] = [];
    for (const [index, body] of attempts.entries()) {
      const res = await api.post(LOGIN, body, { remoteAddress: ip });
      statuses.push(res.status);
      expect(res.headers['x-ratelimit-limit']).toBe('5');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(5 - (index + 1)));
      expect(String(res.headers['x-ratelimit-reset'])).toMatch(ISO_8601);
      expect(new Date(String(res.headers['x-ratelimit-reset'])).getTime()).toBe(start + 15 * 60 * 1000);
      expect(res.headers['retry-after']).toBeUndefined();
    }
    expect(statuses).toEqual([200, 401, 400, 401, 200]);

    clock.advance(60_000);
    const sixth = await api.post(LOGIN, { email: admin.email, password: admin.password }, { remoteAddress: ip });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ success: false, error: 'Too many login attempts' });
    expect(sixth.headers['x-ratelimit-limit']).toBe('5');
    expect(sixth.headers['x-ratelimit-remaining']).toBe('0');
    expect(sixth.headers['x-ratelimit-reset']).toBe(new Date(start + 15 * 60 * 1000).toISOString());
    expect(sixth.headers['retry-after']).toBe(String(14 * 60));

    const other = await api.post(LOGIN, { email: admin.email, password: admin.password }, { remoteAddress: randomIp() });
    expect(other.status).toBe(200);
    expect(other.headers['x-ratelimit-remaining']).toBe('4');
  });

  it('refuses a malformed body over the limit with 429 too (the limit runs before validation)', async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) expect((await api.post(LOGIN, { nonsense: true }, { remoteAddress: ip })).status).toBe(400);
    const res = await api.post(LOGIN, { nonsense: true }, { remoteAddress: ip });
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('Too many login attempts');
  });

  it('opens a new window after 15 minutes', async () => {
    const { admin } = await createTenant(t.db);
    const ip = randomIp();
    for (let i = 0; i < 5; i++) await api.post(LOGIN, { email: admin.email, password: 'wrong' }, { remoteAddress: ip });
    expect((await api.post(LOGIN, { email: admin.email, password: admin.password }, { remoteAddress: ip })).status).toBe(429);
    clock.advance(15 * 60 * 1000);
    const res = await api.post(LOGIN, { email: admin.email, password: admin.password }, { remoteAddress: ip });
    expect(res.status).toBe(200);
    expect(res.headers['x-ratelimit-remaining']).toBe('4');
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: the socket address is the client', async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      const res = await api.post(LOGIN, { email: 'a@example.com', password: 'x' }, { remoteAddress: ip, headers: { 'x-forwarded-for': randomIp() } });
      expect(res.status).toBe(401);
    }
    const spoofed = await api.post(LOGIN, { email: 'a@example.com', password: 'x' }, { remoteAddress: ip, headers: { 'x-forwarded-for': randomIp() } });
    expect(spoofed.status).toBe(429);
    const rows = await auditRowsFrom(t.db, ip, 'auth.login.failure');
    expect(rows).toHaveLength(5);
  });
});

describe('POST /api/v1/auth/login behind TRUST_PROXY=127.0.0.1', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' }, database: t.database });
  });
  afterAll(async () => proxied?.close());

  it('believes the trusted proxy X-Forwarded-For: each forwarded client has its own limit and audit IP', async () => {
    const proxyApi = client(proxied.app);
    const first = randomIp();
    for (let i = 0; i < 5; i++) {
      const res = await proxyApi.post(LOGIN, { email: 'a@example.com', password: 'x' }, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': first } });
      expect(res.status).toBe(401);
    }
    const again = await proxyApi.post(LOGIN, { email: 'a@example.com', password: 'x' }, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': first } });
    expect(again.status).toBe(429);
    const second = randomIp();
    const other = await proxyApi.post(LOGIN, { email: 'a@example.com', password: 'x' }, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': second } });
    expect(other.status).toBe(401);
    expect(await auditRowsFrom(proxied.db, first, 'auth.login.failure')).toHaveLength(5);
    expect(await auditRowsFrom(proxied.db, second, 'auth.login.failure')).toHaveLength(1);
  });

  it('ignores X-Forwarded-For from a sender that is not a trusted proxy', async () => {
    const proxyApi = client(proxied.app);
    const sender = randomIp();
    for (let i = 0; i < 5; i++) {
      await proxyApi.post(LOGIN, { email: 'a@example.com', password: 'x' }, { remoteAddress: sender, headers: { 'x-forwarded-for': randomIp() } });
    }
    const res = await proxyApi.post(LOGIN, { email: 'a@example.com', password: 'x' }, { remoteAddress: sender, headers: { 'x-forwarded-for': randomIp() } });
    expect(res.status).toBe(429);
  });
});

describe('POST /api/v1/auth/login with COOKIE_SECURE=true', () => {
  it('marks the auth-token cookie Secure', async () => {
    const secure = await createTestApp({ env: { COOKIE_SECURE: 'true', TOKEN_TTL: '1h' }, database: t.database });
    try {
      const { admin } = await createTenant(secure.db);
      const res = await client(secure.app).post(LOGIN, { email: admin.email, password: admin.password }, { remoteAddress: randomIp() });
      expect(res.status).toBe(200);
      const cookie = cookieOf(res.headers);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toContain('Max-Age=3600');
    } finally {
      await secure.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('database round trips of a login', () => {
  it('a successful login: two named statements, the lookup and the stamp with its audit row, and no BEGIN/COMMIT', async () => {
    const { admin, org } = await createTenant(t.db);
    const ip = randomIp();
    const sent = recordSentStatements();
    try {
      const res = await api.post(LOGIN, { email: admin.email, password: admin.password }, { remoteAddress: ip });
      expect(res.status).toBe(200);
      expect(sent.names).toEqual(['payclock_admin_for_login', 'payclock_record_login']);
      expect(sent.texts).toHaveLength(2);
    } finally {
      sent.stop();
    }
    // Both writes of that one statement committed.
    const [row] = await t.db.select({ lastLoginAt: adminUsers.lastLoginAt }).from(adminUsers).where(eq(adminUsers.id, admin.id));
    expect(row!.lastLoginAt).not.toBeNull();
    const audit = await auditRowsFrom(t.db, ip, 'auth.login.success');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorType: 'admin', actorId: admin.id, bookkeeperOrgId: org.id, entityType: 'admin_user', entityId: admin.id, details: { email: admin.email } });
  });
});
