// The first run (docs/api.md §10, First run): GET /api/v1/setup and POST /api/v1/setup/first-admin on a
// database with no admin. One transaction creates the organization and its SUPER_ADMIN, the
// database settles racing calls (one 201, the others 409), and afterwards the route is a 404.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { adminUsers, auditLogs, bookkeeperOrgs } from '../../src/db/schema.ts';
import { SecretHasher } from '../../src/core/hashing.ts';
import { createTestApp, TEST_HASH_COST, type TestApp } from '../helpers/app.ts';
import { createAdmin, createOrg } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';
import { randomIp } from '../auth/support.ts';
import { openEmptyDatabase } from './empty-database.ts';

const STATUS = '/api/v1/setup';
const FIRST_ADMIN = '/api/v1/setup/first-admin';

const form = (overrides: Record<string, unknown> = {}) => ({
  email: 'Owner@Firm.example',
  password: 'a long passphrase',
  firstName: 'Ada',
  lastName: 'Lovelace',
  organizationName: 'Lovelace Bookkeeping',
  timezone: 'America/Chicago',
  ...overrides,
});

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  await t?.database.close();
  t = undefined;
});

/** An app on its own empty database (closed by afterEach). */
async function freshApp(options: { hasher?: SecretHasher } = {}): Promise<TestApp> {
  t = await createTestApp({ database: await openEmptyDatabase(), ...options });
  return t;
}

/**
 * TEST_HASHER's real argon2id, where each hash of `secret` is held until `expected` of them have
 * been asked for. Other secrets pass (the app hashes a dummy one as it starts).
 */
class HasherGate extends SecretHasher {
  arrived = 0;
  private readonly open: Promise<void>;
  private release!: () => void;

  constructor(
    private readonly secret: string,
    private readonly expected: number,
  ) {
    super(TEST_HASH_COST);
    this.open = new Promise((resolve) => (this.release = resolve));
  }

  override async hash(secret: string): Promise<string> {
    if (secret === this.secret) {
      if (++this.arrived === this.expected) this.release();
      await this.open;
    }
    return super.hash(secret);
  }
}

describe('first run', () => {
  it('creates the organization and its SUPER_ADMIN, signs it in, audits it; then GET says no and POST is a 404', async () => {
    const { app, db } = await freshApp();
    const api = client(app);
    expect((await api.get(STATUS)).body).toEqual({ success: true, data: { firstAdminNeeded: true } });

    const ip = randomIp();
    const res = await api.post(FIRST_ADMIN, form(), { remoteAddress: ip });
    expect(res.status).toBe(201);
    const user = res.body.data.user;
    expect(user).toMatchObject({
      email: 'owner@firm.example',
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'SUPER_ADMIN',
      active: true,
      bookkeeperOrg: { name: 'Lovelace Bookkeeping', slug: 'lovelace-bookkeeping', timezone: 'America/Chicago', active: true },
    });
    expect(user.lastLoginAt).not.toBeNull();
    expect(String(res.headers['set-cookie'])).toMatch(/^auth-token=[^;]+;.*HttpOnly/);

    // The token it sets works like a login's.
    const me = await api.get('/api/v1/auth/me', { token: res.body.data.token });
    expect(me.status).toBe(200);
    expect(me.body.data.user.id).toBe(user.id);
    // And the password works for a normal login.
    const login = await api.post('/api/v1/auth/login', { email: 'owner@firm.example', password: 'a long passphrase' }, { remoteAddress: randomIp() });
    expect(login.status).toBe(200);

    const [audit] = await db.select().from(auditLogs).where(eq(auditLogs.action, 'setup.first_admin'));
    expect(audit).toMatchObject({ actorType: 'admin', actorId: user.id, bookkeeperOrgId: user.bookkeeperOrgId, entityType: 'admin_user', entityId: user.id, ip });
    expect(JSON.stringify(audit!.details)).not.toMatch(/passwordHash|argon2/);

    expect((await api.get(STATUS)).body.data).toEqual({ firstAdminNeeded: false });
    const again = await api.post(FIRST_ADMIN, form({ email: 'intruder@example.com' }), { remoteAddress: randomIp() });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ success: false, error: 'Not found' });
    expect(await db.select().from(adminUsers)).toHaveLength(1);
  });

  it('defaults the time zone when none is sent', async () => {
    const { app } = await freshApp();
    const res = await client(app).post(FIRST_ADMIN, form({ timezone: undefined }), { remoteAddress: randomIp() });
    expect(res.status).toBe(201);
    expect(res.body.data.user.bookkeeperOrg.timezone).toBe('America/New_York');
  });

  it.each([
    ['a short password', { password: 'short' }, 'password'],
    ['a bad email', { email: 'not-an-email' }, 'email'],
    ['a blank organization', { organizationName: '   ' }, 'organizationName'],
    ['a missing first name', { firstName: undefined }, 'firstName'],
    ['an unknown time zone', { timezone: 'Mars/Olympus' }, 'timezone'],
  ])('refuses %s with 400 Validation failed and creates nothing', async (_name, overrides, field) => {
    const { app, db } = await freshApp();
    const res = await client(app).post(FIRST_ADMIN, form(overrides), { remoteAddress: randomIp() });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Validation failed');
    expect(res.body.message).toContain(field);
    expect(await db.select().from(adminUsers)).toHaveLength(0);
    expect(await db.select().from(bookkeeperOrgs)).toHaveLength(0);
  });

  it('is not offered once an admin exists by another way, such as the create-admin command (404, nothing created)', async () => {
    const { app, db } = await freshApp();
    const api = client(app);
    const org = await createOrg(db);
    await createAdmin(db, { bookkeeperOrgId: org.id });
    expect((await api.get(STATUS)).body.data).toEqual({ firstAdminNeeded: false });
    const res = await api.post(FIRST_ADMIN, form({ password: 'x' }), { remoteAddress: randomIp() });
    // Validation runs first, so a malformed body is a 400; a well-formed one is a 404.
    expect(res.status).toBe(400);
    expect((await api.post(FIRST_ADMIN, form({ email: 'b@example.com' }), { remoteAddress: randomIp() })).status).toBe(404);
    expect(await db.select().from(adminUsers)).toHaveLength(1);
    expect(await db.select().from(bookkeeperOrgs)).toHaveLength(1);
  });

  it('settles two concurrent calls: one 201, the other 409 or 404, never two administrators', async () => {
    const { app, db } = await freshApp();
    const api = client(app);
    const answers = await Promise.all(
      ['one', 'two'].map((name) => api.post(FIRST_ADMIN, form({ email: `${name}@firm.example`, organizationName: name }), { remoteAddress: randomIp() })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, expect.toSatisfy((status: number) => status === 409 || status === 404)]);
    expect(await db.select().from(adminUsers)).toHaveLength(1);
    expect(await db.select().from(bookkeeperOrgs)).toHaveLength(1);
  });

  it('settles 12 calls that all passed the first check in the database: one 201, the others 409 Setup already completed', async () => {
    // Each call checks for an admin, hashes the password, then takes the lock. The gate holds
    // every hash until all 12 calls have passed that first check, so they meet at the lock
    // whatever the machine's load (unheld, a fast call can commit before the others check,
    // and they answer 404 instead: the two-call test above accepts either).
    const calls = 12;
    const hasher = new HasherGate(form().password, calls);
    const { app, db } = await freshApp({ hasher });
    const api = client(app);
    const answers = await Promise.all(
      Array.from({ length: calls }, (_, i) =>
        api.post(FIRST_ADMIN, form({ email: `owner${i}@firm.example`, organizationName: `Firm ${i}` }), { remoteAddress: randomIp() }),
      ),
    );
    expect(hasher.arrived).toBe(calls);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 201)) {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ success: false, error: 'Setup already completed' });
    }
    expect(await db.select().from(adminUsers)).toHaveLength(1);
    expect(await db.select().from(bookkeeperOrgs)).toHaveLength(1);
    expect(await db.select().from(auditLogs).where(eq(auditLogs.action, 'setup.first_admin'))).toHaveLength(1);
  });

  it('limits attempts per IP like login: the sixth in 15 minutes is 429 Too many setup attempts', async () => {
    const { app } = await freshApp();
    const api = client(app);
    const ip = randomIp();
    for (let i = 0; i < 5; i++) expect((await api.post(FIRST_ADMIN, form({ password: 'short' }), { remoteAddress: ip })).status).toBe(400);
    const sixth = await api.post(FIRST_ADMIN, form(), { remoteAddress: ip });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ success: false, error: 'Too many setup attempts' });
    expect(sixth.headers['retry-after']).toBeDefined();
  });
});
