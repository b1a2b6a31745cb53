// Admin users (docs/api.md §15): list, create, get, update, deactivate; emails unique
// case-insensitively, passwords write-only and hashed with argon2id, only a SUPER_ADMIN grants
// (or touches) SUPER_ADMIN, a password reset or deactivation ends earlier tokens, no
// self-deactivation, tenant isolation on every route.
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers, auditLogs } from '../../src/db/schema.ts';
import { createTestApp, TEST_HASHER, type TestApp } from '../helpers/app.ts';
import { createAdmin, createOrg, unique, type AdminRow, type OrgRow } from '../helpers/factories.ts';
import { adminToken, client } from '../helpers/http.ts';
import { expectPage } from '../companies/shapes.ts';
import { expectAdminUser } from './shapes.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
let orgA: OrgRow;
let orgB: OrgRow;
let adminA: AdminRow;
let adminB: AdminRow;
let superAdmin: AdminRow;
let tokenA: string;
let tokenB: string;
let superToken: string;

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app);
  orgA = await createOrg(t.db);
  orgB = await createOrg(t.db);
  const orgS = await createOrg(t.db);
  adminA = await createAdmin(t.db, { bookkeeperOrgId: orgA.id });
  adminB = await createAdmin(t.db, { bookkeeperOrgId: orgB.id });
  superAdmin = await createAdmin(t.db, { bookkeeperOrgId: orgS.id, role: 'SUPER_ADMIN' });
  tokenA = await adminToken(t.tokens, adminA);
  tokenB = await adminToken(t.tokens, adminB);
  superToken = await adminToken(t.tokens, superAdmin);
});

afterAll(async () => {
  await t?.close();
});

const auditOf = (entityId: string) =>
  t.db.select().from(auditLogs).where(eq(auditLogs.entityId, entityId)).orderBy(asc(auditLogs.createdAt));
const storedUser = async (id: string) => (await t.db.select().from(adminUsers).where(eq(adminUsers.id, id)))[0]!;
const newEmail = () => `${unique('new')}@firm.example`;
const validBody = (overrides: Record<string, unknown> = {}) => ({
  email: newEmail(),
  password: 'a long passphrase',
  firstName: 'Grace',
  lastName: 'Hopper',
  ...overrides,
});

async function freshTenant() {
  const org = await createOrg(t.db);
  const admin = await createAdmin(t.db, { bookkeeperOrgId: org.id, lastName: 'Middle' });
  return { org, admin, token: await adminToken(t.tokens, admin) };
}

describe('GET /api/v1/admin/users', () => {
  it('lists the organization’s admins by last name with the nested organization', async () => {
    const { org, admin, token } = await freshTenant();
    await createAdmin(t.db, { bookkeeperOrgId: org.id, lastName: 'Zimmer' });
    await createAdmin(t.db, { bookkeeperOrgId: org.id, lastName: 'Abbott' });
    const res = await api.get('/api/v1/admin/users', { token });
    expect(res.status).toBe(200);
    expectPage(res.body.data, 1, 20);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.items.map((u: any) => u.lastName)).toEqual(['Abbott', 'Middle', 'Zimmer']);
    for (const user of res.body.data.items) expectAdminUser(user);
    expect(res.body.data.items[1]).toMatchObject({ id: admin.id, bookkeeperOrg: { id: org.id, name: org.name, slug: org.slug } });
    expect(res.raw).not.toMatch(/password|argon2/i);
  });

  it('handles page past the end, pageSize 100 and rejects pageSize 101', async () => {
    const { token } = await freshTenant();
    const past = await api.get('/api/v1/admin/users', { token, query: { page: 2 } });
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual({ items: [], total: 1, page: 2, pageSize: 20, totalPages: 1 });
    expect((await api.get('/api/v1/admin/users', { token, query: { pageSize: 100 } })).status).toBe(200);
    const tooMany = await api.get('/api/v1/admin/users', { token, query: { pageSize: 101 } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe('Validation failed');
  });

  it('searches first name, last name and email literally and case-insensitively', async () => {
    const { org, token } = await freshTenant();
    const people = [
      { firstName: 'Percent', lastName: '100%', email: `${unique('p')}@x.example` },
      { firstName: 'Hundred', lastName: '1000', email: `${unique('h')}@x.example` },
      { firstName: 'Under', lastName: 'a_b', email: `${unique('u')}@x.example` },
      { firstName: 'Ex', lastName: 'axb', email: `${unique('e')}@x.example` },
      { firstName: 'Slash', lastName: 'c\\d', email: `${unique('s')}@x.example` },
      { firstName: 'Mail', lastName: 'Only', email: `${unique('findme')}@mailhost.example` },
    ];
    for (const person of people) await createAdmin(t.db, { bookkeeperOrgId: org.id, ...person });
    const found = async (search: string) => {
      const res = await api.get('/api/v1/admin/users', { token, query: { search } });
      expect(res.status).toBe(200);
      return res.body.data.items.map((u: any) => u.firstName).sort();
    };
    expect(await found('100%')).toEqual(['Percent']);
    expect(await found('a_b')).toEqual(['Under']);
    expect(await found('c\\d')).toEqual(['Slash']);
    expect(await found('MAILHOST')).toEqual(['Mail']);
    expect(await found('percent')).toEqual(['Percent']);
  });

  it('returns only active admins with active=true and all otherwise', async () => {
    const { org, token } = await freshTenant();
    await createAdmin(t.db, { bookkeeperOrgId: org.id, active: false });
    expect((await api.get('/api/v1/admin/users', { token, query: { active: 'true' } })).body.data.total).toBe(1);
    expect((await api.get('/api/v1/admin/users', { token, query: { active: 'all' } })).body.data.total).toBe(2);
  });

  it('lets a SUPER_ADMIN list every organization and narrow with bookkeeperOrgId; an ADMIN naming another is 403', async () => {
    const everywhere = await api.get('/api/v1/admin/users', { token: superToken, query: { search: adminB.email } });
    expect(everywhere.body.data.items.map((u: any) => u.id)).toEqual([adminB.id]);
    const narrowed = await api.get('/api/v1/admin/users', { token: superToken, query: { bookkeeperOrgId: orgA.id } });
    expect(narrowed.body.data.items.map((u: any) => u.bookkeeperOrgId)).toEqual(narrowed.body.data.items.map(() => orgA.id));
    const denied = await api.get('/api/v1/admin/users', { token: tokenA, query: { bookkeeperOrgId: orgB.id } });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('Access denied');
  });
});

describe('POST /api/v1/admin/users', () => {
  it('creates an ADMIN of the caller’s organization with the email lowercased and the password hashed', async () => {
    const email = `${unique('Grace')}@Firm.Example`;
    const res = await api.post('/api/v1/admin/users', validBody({ email }), { token: tokenA });
    expect(res.status).toBe(201);
    expect(typeof res.body.message).toBe('string');
    expectAdminUser(res.body.data);
    expect(res.body.data).toMatchObject({
      email: email.toLowerCase(),
      firstName: 'Grace',
      lastName: 'Hopper',
      role: 'ADMIN',
      active: true,
      lastLoginAt: null,
      bookkeeperOrgId: orgA.id,
      bookkeeperOrg: { id: orgA.id },
    });
    expect(res.raw).not.toMatch(/password|argon2/i);
    const stored = await storedUser(res.body.data.id);
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await TEST_HASHER.verify(stored.passwordHash, 'a long passphrase')).toBe(true);
  });

  it('keeps the password exactly as typed (never trimmed) and the new admin can log in', async () => {
    const email = newEmail();
    const res = await api.post('/api/v1/admin/users', validBody({ email, password: '  spaced out  ' }), { token: tokenA });
    expect(res.status).toBe(201);
    expect(await TEST_HASHER.verify((await storedUser(res.body.data.id)).passwordHash, '  spaced out  ')).toBe(true);
    const login = await api.post('/api/v1/auth/login', { email, password: '  spaced out  ' });
    expect(login.status).toBe(200);
    expect(login.body.data.user.id).toBe(res.body.data.id);
  });

  it('audit-logs the creation without the password or its hash', async () => {
    const res = await api.post('/api/v1/admin/users', validBody({ password: 'secret-in-audit?' }), { token: tokenA });
    const [entry] = await auditOf(res.body.data.id);
    expect(entry).toMatchObject({ action: 'admin_user.create', actorId: adminA.id, bookkeeperOrgId: orgA.id, entityType: 'admin_user' });
    expect((entry!.details as any).after.email).toBe(res.body.data.email);
    expect(JSON.stringify(entry!.details)).not.toMatch(/passwordHash|argon2|secret-in-audit/);
  });

  it('answers 400 Email already in use, case-insensitively, even across organizations', async () => {
    const email = newEmail();
    expect((await api.post('/api/v1/admin/users', validBody({ email }), { token: tokenA })).status).toBe(201);
    const again = await api.post('/api/v1/admin/users', validBody({ email: email.toUpperCase() }), { token: tokenB });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ success: false, error: 'Email already in use' });
  });

  it('ignores id, active, passwordHash and lastLoginAt in the body (no mass assignment)', async () => {
    const id = randomUUID();
    const res = await api.post(
      '/api/v1/admin/users',
      validBody({ id, active: false, passwordHash: 'planted', lastLoginAt: '2020-01-01T00:00:00.000Z' }),
      { token: tokenA },
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ active: true, lastLoginAt: null });
    expect(res.body.data.id).not.toBe(id);
    expect((await storedUser(res.body.data.id)).passwordHash).not.toBe('planted');
  });

  it('refuses an ADMIN granting SUPER_ADMIN or naming another organization with 403 Access denied', async () => {
    for (const body of [validBody({ role: 'SUPER_ADMIN' }), validBody({ bookkeeperOrgId: orgB.id }), validBody({ bookkeeperOrgId: 'x' })]) {
      const res = await api.post('/api/v1/admin/users', body, { token: tokenA });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, error: 'Access denied' });
    }
    const own = await api.post('/api/v1/admin/users', validBody({ bookkeeperOrgId: orgA.id, role: 'ADMIN' }), { token: tokenA });
    expect(own.status).toBe(201);
  });

  it('lets a SUPER_ADMIN choose the organization and grant SUPER_ADMIN; an unknown organization is 404', async () => {
    const res = await api.post('/api/v1/admin/users', validBody({ bookkeeperOrgId: orgB.id, role: 'SUPER_ADMIN' }), { token: superToken });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ bookkeeperOrgId: orgB.id, role: 'SUPER_ADMIN', bookkeeperOrg: { id: orgB.id } });
    for (const bookkeeperOrgId of [randomUUID(), 'not-a-uuid']) {
      const missing = await api.post('/api/v1/admin/users', validBody({ bookkeeperOrgId }), { token: superToken });
      expect(missing.status).toBe(404);
      expect(missing.body.error).toBe('Organization not found');
    }
  });

  it('rejects invalid bodies with 400 Validation failed naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: undefined }, 'email: is required'],
      [{ email: 'not-an-email' }, 'email: must be a valid email'],
      [{ password: undefined }, 'password: is required'],
      [{ password: 'short' }, 'password: must be at least 8 characters'],
      [{ password: 12345678 }, 'password: must be a string'],
      [{ firstName: ' ' }, 'firstName: must not be empty'],
      [{ lastName: undefined }, 'lastName: is required'],
      [{ role: 'OWNER' }, 'role: must be one of SUPER_ADMIN, ADMIN'],
    ];
    for (const [overrides, message] of cases) {
      const body: Record<string, unknown> = validBody(overrides);
      for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
      const res = await api.post('/api/v1/admin/users', body, { token: tokenA });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.error).toBe('Validation failed');
      expect(res.body.message).toBe(message);
    }
  });
});

describe('GET /api/v1/admin/users/{id}', () => {
  it('returns the admin user', async () => {
    const res = await api.get(`/api/v1/admin/users/${adminA.id}`, { token: tokenA });
    expect(res.status).toBe(200);
    expectAdminUser(res.body.data);
    expect(res.body.data).toMatchObject({ id: adminA.id, email: adminA.email, bookkeeperOrg: { id: orgA.id, timezone: 'America/New_York' } });
  });

  it('answers 404 Admin user not found for an unknown or non-UUID id', async () => {
    for (const id of [randomUUID(), 'me']) {
      const res = await api.get(`/api/v1/admin/users/${id}`, { token: tokenA });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'Admin user not found' });
    }
  });
});

describe('PUT /api/v1/admin/users/{id}', () => {
  it('changes only the supplied fields, lowercases the email and ignores bookkeeperOrgId and id', async () => {
    const user = await createAdmin(t.db, { bookkeeperOrgId: orgA.id });
    const email = `${unique('Moved')}@Example.COM`;
    const res = await api.put(
      `/api/v1/admin/users/${user.id}`,
      { lastName: 'Renamed', email, bookkeeperOrgId: orgB.id, id: randomUUID(), passwordHash: 'planted' },
      { token: tokenA },
    );
    expect(res.status).toBe(200);
    expectAdminUser(res.body.data);
    expect(res.body.data).toMatchObject({ id: user.id, lastName: 'Renamed', firstName: user.firstName, email: email.toLowerCase(), bookkeeperOrgId: orgA.id });
    expect((await storedUser(user.id)).passwordHash).toBe(user.passwordHash);
  });

  it('answers 400 Email already in use for another admin’s email in any case', async () => {
    const user = await createAdmin(t.db, { bookkeeperOrgId: orgA.id });
    const res = await api.put(`/api/v1/admin/users/${user.id}`, { email: adminB.email.toUpperCase() }, { token: tokenA });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Email already in use');
  });

  it('sets a new password, which ends the user’s earlier tokens, and audit-logs it without the hash', async () => {
    const user = await createAdmin(t.db, { bookkeeperOrgId: orgA.id });
    const oldToken = await adminToken(t.tokens, user);
    expect((await api.get(`/api/v1/admin/users/${user.id}`, { token: oldToken })).status).toBe(200);
    const res = await api.put(`/api/v1/admin/users/${user.id}`, { password: 'brand new passphrase' }, { token: tokenA });
    expect(res.status).toBe(200);
    expect(await TEST_HASHER.verify((await storedUser(user.id)).passwordHash, 'brand new passphrase')).toBe(true);
    const refused = await api.get(`/api/v1/admin/users/${user.id}`, { token: oldToken });
    expect(refused.status).toBe(401);
    const fresh = await adminToken(t.tokens, user);
    expect((await api.get(`/api/v1/admin/users/${user.id}`, { token: fresh })).status).toBe(200);
    const [entry] = await auditOf(user.id);
    expect(entry).toMatchObject({ action: 'admin_user.update' });
    expect((entry!.details as any).passwordChanged).toBe(true);
    expect(JSON.stringify(entry!.details)).not.toMatch(/passwordHash|argon2|brand new/);
  });

  it('keeps tokens working when the password is not changed', async () => {
    const user = await createAdmin(t.db, { bookkeeperOrgId: orgA.id });
    const token = await adminToken(t.tokens, user);
    await api.put(`/api/v1/admin/users/${user.id}`, { firstName: 'Still' }, { token: tokenA });
    expect((await api.get('/api/v1/admin/users', { token })).status).toBe(200);
  });

  it('refuses an ADMIN promoting to SUPER_ADMIN or editing a SUPER_ADMIN with 403; a SUPER_ADMIN may do both', async () => {
    const user = await createAdmin(t.db, { bookkeeperOrgId: orgA.id });
    const promote = await api.put(`/api/v1/admin/users/${user.id}`, { role: 'SUPER_ADMIN' }, { token: tokenA });
    expect(promote.status).toBe(403);
    expect(promote.body.error).toBe('Access denied');
    const operator = await createAdmin(t.db, { bookkeeperOrgId: orgA.id, role: 'SUPER_ADMIN' });
    const takeover = await api.put(`/api/v1/admin/users/${operator.id}`, { password: 'taken over!!' }, { token: tokenA });
    expect(takeover.status).toBe(403);
    expect((await storedUser(operator.id)).passwordHash).toBe(operator.passwordHash);
    const promoted = await api.put(`/api/v1/admin/users/${user.id}`, { role: 'SUPER_ADMIN' }, { token: superToken });
    expect(promoted.status).toBe(200);
    expect(promoted.body.data.role).toBe('SUPER_ADMIN');
    const demoted = await api.put(`/api/v1/admin/users/${user.id}`, { role: 'ADMIN' }, { token: superToken });
    expect(demoted.body.data.role).toBe('ADMIN');
  });

  it('deactivates another admin with active: false, ending its tokens (403 Account inactive)', async () => {
    const user = await createAdmin(t.db, { bookkeeperOrgId: orgA.id });
    const token = await adminToken(t.tokens, user);
    const res = await api.put(`/api/v1/admin/users/${user.id}`, { active: false }, { token: tokenA });
    expect(res.status).toBe(200);
    expect(res.body.data.active).toBe(false);
    const refused = await api.get('/api/v1/admin/users', { token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Account inactive');
    const [entry] = await auditOf(user.id);
    expect(entry!.action).toBe('admin_user.deactivate');
    // Reactivation does not revive tokens issued before the deactivation.
    await api.put(`/api/v1/admin/users/${user.id}`, { active: true }, { token: tokenA });
    expect((await api.get('/api/v1/admin/users', { token })).status).toBe(401);
  });

  it('answers 400 Cannot deactivate yourself', async () => {
    const self = await createAdmin(t.db, { bookkeeperOrgId: orgA.id });
    const token = await adminToken(t.tokens, self);
    const res = await api.put(`/api/v1/admin/users/${self.id}`, { active: false }, { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Cannot deactivate yourself' });
    expect((await storedUser(self.id)).active).toBe(true);
  });

  it('answers 404 Admin user not found for an unknown or non-UUID id, 400 for an invalid body', async () => {
    for (const id of [randomUUID(), 'me']) {
      const res = await api.put(`/api/v1/admin/users/${id}`, { firstName: 'x' }, { token: tokenA });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Admin user not found');
    }
    const bad = await api.put(`/api/v1/admin/users/${adminA.id}`, { password: 'short' }, { token: tokenA });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'Validation failed', message: 'password: must be at least 8 characters' });
  });
});

describe('DELETE /api/v1/admin/users/{id}', () => {
  it('deactivates: 200 with the record and a message; the user’s tokens stop working', async () => {
    const user = await createAdmin(t.db, { bookkeeperOrgId: orgA.id });
    const token = await adminToken(t.tokens, user);
    const res = await api.delete(`/api/v1/admin/users/${user.id}`, { token: tokenA });
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe('string');
    expectAdminUser(res.body.data);
    expect(res.body.data).toMatchObject({ id: user.id, active: false });
    expect((await api.get('/api/v1/admin/users', { token })).status).toBe(403);
    const [entry] = await auditOf(user.id);
    expect(entry!.action).toBe('admin_user.deactivate');
    expect((entry!.details as any).before.active).toBe(true);
    expect(JSON.stringify(entry!.details)).not.toMatch(/passwordHash|argon2/);
  });

  it('answers 400 Cannot deactivate yourself and 403 to an ADMIN deactivating a SUPER_ADMIN', async () => {
    const self = await api.delete(`/api/v1/admin/users/${adminA.id}`, { token: tokenA });
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('Cannot deactivate yourself');
    const operator = await createAdmin(t.db, { bookkeeperOrgId: orgA.id, role: 'SUPER_ADMIN' });
    const res = await api.delete(`/api/v1/admin/users/${operator.id}`, { token: tokenA });
    expect(res.status).toBe(403);
    expect((await storedUser(operator.id)).active).toBe(true);
  });

  it('answers 404 Admin user not found for an unknown or non-UUID id', async () => {
    for (const id of [randomUUID(), 'me']) {
      const res = await api.delete(`/api/v1/admin/users/${id}`, { token: tokenA });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Admin user not found');
    }
  });
});

describe('tenant isolation on /api/v1/admin/users', () => {
  it('answers 403 Access denied to an ADMIN of another organization on every route', async () => {
    const user = await createAdmin(t.db, { bookkeeperOrgId: orgA.id, firstName: 'Private' });
    const url = `/api/v1/admin/users/${user.id}`;
    const responses = [
      await api.get(url, { token: tokenB }),
      await api.put(url, { firstName: 'Hijacked' }, { token: tokenB }),
      // An email already in use would be a 400 for the owner; access is decided first.
      await api.put(url, { email: adminA.email, password: 'hijacked pass' }, { token: tokenB }),
      await api.delete(url, { token: tokenB }),
      await api.post('/api/v1/admin/users', validBody({ bookkeeperOrgId: orgA.id }), { token: tokenB }),
    ];
    for (const res of responses) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, error: 'Access denied' });
    }
    const stored = await storedUser(user.id);
    expect(stored).toMatchObject({ firstName: 'Private', active: true, passwordHash: user.passwordHash });
    expect(await auditOf(user.id)).toEqual([]);
    const list = await api.get('/api/v1/admin/users', { token: tokenB, query: { search: user.email } });
    expect(list.body.data.total).toBe(0);
  });

  it('lets a SUPER_ADMIN manage an admin of any organization', async () => {
    const user = await createAdmin(t.db, { bookkeeperOrgId: orgB.id });
    const read = await api.get(`/api/v1/admin/users/${user.id}`, { token: superToken });
    expect(read.status).toBe(200);
    const res = await api.put(`/api/v1/admin/users/${user.id}`, { firstName: 'ByOperator' }, { token: superToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ firstName: 'ByOperator', bookkeeperOrgId: orgB.id });
    const gone = await api.delete(`/api/v1/admin/users/${user.id}`, { token: superToken });
    expect(gone.status).toBe(200);
    expect(gone.body.data.active).toBe(false);
  });
});
