// POST /api/v1/auth/logout ends the token it is sent with: on every route, on two app
// instances sharing one database (each with its own memory of verified signatures), while the
// user's other tokens keep working. The logout list holds a hash, never the token, and its
// rows go once their token has expired.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/open.ts';
import { purgeExpiredRevocations } from '../../src/modules/auth/revocation.ts';
import type { TokenClaims } from '../../src/core/tokens.ts';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/app.ts';
import { createTenant } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';

const LOGOUT = '/api/v1/auth/logout';
const ME = '/api/v1/auth/me';
const ADMIN_ROUTE = '/api/v1/admin/companies';
const EMPLOYEE_ROUTE = '/api/v1/employee/timesheet';
const REQUIRED = { success: false, error: 'Authentication required' };

let first: TestApp;
let second: TestApp;
let instances: ReturnType<typeof client>[];

beforeAll(async () => {
  first = await createTestApp();
  second = await createTestApp({ database: first.database });
  instances = [client(first.app), client(second.app)];
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** Distinct tokens of one user: `iat` keeps milliseconds, so each is issued one millisecond apart. */
function distinctTokens(claims: TokenClaims, count: number): Promise<string[]> {
  const base = Date.now() - 5_000;
  return Promise.all(Array.from({ length: count }, (_, i) => first.tokens.sign(claims, new Date(base + i))));
}

async function adminTokens(count: number) {
  const { admin } = await createTenant(first.db);
  const tokens = await distinctTokens({ userId: admin.id, type: 'admin', bookkeeperOrgId: admin.bookkeeperOrgId, email: admin.email }, count);
  return { admin, tokens };
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

async function revocationRows(token: string) {
  return queryRows<{ token_hash: string; expires_ms: number }>(
    first.db,
    sql`select token_hash, (extract(epoch from expires_at) * 1000)::float8 as expires_ms from revoked_tokens where token_hash = ${sha256(token)}`,
  );
}

describe('POST /api/v1/auth/logout ends the token it is sent with', () => {
  it('answers 401 Authentication required to that token on every route of both instances; the other token of the user keeps working', async () => {
    const { tokens: [ended, kept] } = await adminTokens(2);
    // Both instances have verified (and remembered) both tokens before the logout.
    for (const api of instances) {
      for (const token of [ended!, kept!]) expect((await api.get(ME, { token })).status).toBe(200);
    }

    const res = await instances[0]!.post(LOGOUT, undefined, { token: ended });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Logged out' });

    for (const api of instances) {
      for (const options of [{ token: ended }, { cookies: { 'auth-token': ended! } }]) {
        for (const url of [ME, ADMIN_ROUTE, EMPLOYEE_ROUTE]) {
          const answer = await api.get(url, options);
          expect(answer.status, `${url}`).toBe(401);
          expect(answer.body).toEqual(REQUIRED);
        }
      }
      expect((await api.get(ME, { token: kept })).status).toBe(200);
      expect((await api.get(ADMIN_ROUTE, { token: kept })).status).toBe(200);
      // A live admin token on an employee route is still a 403, not a 401.
      expect((await api.get(EMPLOYEE_ROUTE, { token: kept })).status).toBe(403);
    }
  });

  it('ends an employee token sent as the auth-token cookie, also on routes that answer a missing employee with 404', async () => {
    const { employee } = await createTenant(first.db);
    const [ended, kept] = await distinctTokens({ userId: employee.id, type: 'employee', companyId: employee.companyId }, 2);
    expect((await instances[1]!.get(ME, { cookies: { 'auth-token': ended! } })).status).toBe(200);

    expect((await instances[1]!.post(LOGOUT, undefined, { cookies: { 'auth-token': ended! } })).status).toBe(200);

    for (const api of instances) {
      for (const url of [ME, EMPLOYEE_ROUTE, '/api/v1/employee/timesheet/entry']) {
        const answer = url.endsWith('/entry') ? await api.post(url, { action: 'clock_in' }, { token: ended }) : await api.get(url, { token: ended });
        expect(answer.status, url).toBe(401);
        expect(answer.body).toEqual(REQUIRED);
      }
      expect((await api.get(ME, { token: kept })).status).toBe(200);
    }
  });

  it('ends the Authorization header token, not the cookie, when both are sent', async () => {
    const { tokens: [header, cookie] } = await adminTokens(2);
    expect((await instances[0]!.post(LOGOUT, undefined, { token: header, cookies: { 'auth-token': cookie! } })).status).toBe(200);
    expect((await instances[1]!.get(ME, { token: header })).status).toBe(401);
    expect((await instances[1]!.get(ME, { cookies: { 'auth-token': cookie! } })).status).toBe(200);
  });

  it('ends a token minted exactly as the contract describes (whole-second iat, no jti)', async () => {
    const { admin } = await adminTokens(0);
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ userId: admin.id, type: 'admin', bookkeeperOrgId: admin.bookkeeperOrgId, email: admin.email })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await instances[0]!.get(ADMIN_ROUTE, { token })).status).toBe(200);
    expect((await instances[0]!.post(LOGOUT, undefined, { token })).status).toBe(200);
    expect(await instances[1]!.get(ADMIN_ROUTE, { token })).toMatchObject({ status: 401, body: REQUIRED });
  });

  it('keeps the sha256 of the token with its expiry, never the token itself; a second logout changes nothing', async () => {
    const { tokens: [token] } = await adminTokens(1);
    for (let i = 0; i < 2; i++) expect((await instances[i]!.post(LOGOUT, undefined, { token })).status).toBe(200);
    const rows = await revocationRows(token!);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.expires_ms).toBe((await first.tokens.verify(token!, new Date()))!.expiresAtMs);
    const [stored] = await queryRows<{ n: number }>(first.db, sql`select count(*)::int as n from revoked_tokens where token_hash = ${token}`);
    expect(stored!.n).toBe(0);
  });

  it('answers 200 and records nothing for a forged, expired or absent token', async () => {
    const { admin, tokens: [valid] } = await adminTokens(1);
    const expired = await first.tokens.sign(
      { userId: admin.id, type: 'admin', bookkeeperOrgId: admin.bookkeeperOrgId, email: admin.email },
      new Date(Date.now() - 30 * 86_400_000),
    );
    const forged = `${valid!.slice(0, -2)}xx`;
    const count = async () => (await queryRows<{ n: number }>(first.db, sql`select count(*)::int as n from revoked_tokens`))[0]!.n;
    const before = await count();
    for (const options of [{ token: forged }, { token: expired }, { headers: { authorization: 'Bearer ' } }, {}]) {
      const res = await instances[0]!.post(LOGOUT, undefined, options);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: 'Logged out' });
    }
    expect(await count()).toBe(before);
    expect((await instances[0]!.get(ME, { token: valid })).status).toBe(200);
  });
});

describe('purgeExpiredRevocations', () => {
  it('deletes the rows of tokens that have expired and keeps the others', async () => {
    const now = new Date('2031-03-01T12:00:00Z');
    const expired = `purge-test-${Date.now()}-expired`;
    const live = `purge-test-${Date.now()}-live`;
    await first.db.execute(sql`insert into revoked_tokens (token_hash, expires_at) values
      (${sha256(expired)}, ${new Date('2031-03-01T11:59:59Z')}),
      (${sha256(live)}, ${new Date('2031-03-01T12:00:01Z')})`);
    expect(await purgeExpiredRevocations(first.db, now)).toBeGreaterThanOrEqual(1);
    expect(await revocationRows(expired)).toHaveLength(0);
    expect(await revocationRows(live)).toHaveLength(1);
    await first.db.execute(sql`delete from revoked_tokens where token_hash = ${sha256(live)}`);
  });
});
