// Request logs (docs/api.md §14): JSON lines from pino, each carrying the request id, and
// no credential ever: not the Authorization header, not the cookie, not a password or a PIN,
// not a token, even from a route that carelessly logs its whole body.
import { Writable } from 'node:stream';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino, type LoggerOptions } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions, type App } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/open.ts';
import { openTestDatabase, TEST_HASHER, TEST_JWT_SECRET } from '../helpers/app.ts';
import { createAdmin, createCompany, createEmployee, createOrg } from '../helpers/factories.ts';
import { request } from '../helpers/http.ts';

const PASSWORD = 'Hunter2-Correct-Horse-8841';
const WRONG_PASSWORD = 'Wrong-Password-Xyzzy-5523';
const PIN = '86420975';
const WRONG_PIN = '13579246';

let app: App;
let database: Database;
const lines: string[] = [];

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: mkdtempSync(join(tmpdir(), 'payclock-log-')), LOG_LEVEL: 'trace' });
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  // The production logger configuration (redaction included), at the chattiest level.
  const logger = pino(loggerOptions(config) as LoggerOptions, sink);
  database = await openTestDatabase();
  app = await buildApp({ config, database, hasher: TEST_HASHER, logger });
  // A careless route that logs its whole body and headers: redaction must still hold.
  app.post('/api/v1/log-probe', { config: { auth: 'none' }, schema: { hide: true } }, async (req) => {
    req.log.info({ body: req.body, headers: req.headers }, 'careless probe');
    return { success: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('request logs', () => {
  it('are JSON with the request id on every line, and never contain a credential', async () => {
    const org = await createOrg(database.db);
    const admin = await createAdmin(database.db, { bookkeeperOrgId: org.id, password: PASSWORD });
    const company = await createCompany(database.db, { bookkeeperOrgId: org.id });
    const employee = await createEmployee(database.db, { companyId: company.id, pin: PIN });

    const failed = await request(app, 'POST', '/api/v1/auth/login', { body: { email: admin.email, password: WRONG_PASSWORD } });
    expect(failed.status).toBe(401);
    const login = await request(app, 'POST', '/api/v1/auth/login', { body: { email: admin.email, password: PASSWORD }, headers: { 'x-request-id': 'login-trace-1' } });
    expect(login.status).toBe(200);
    const token: string = login.body.data.token;
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toContain('auth-token=');

    expect((await request(app, 'GET', '/api/v1/auth/me', { token })).status).toBe(200);
    expect((await request(app, 'GET', '/api/v1/auth/me', { cookies: { 'auth-token': token } })).status).toBe(200);
    expect((await request(app, 'GET', '/api/v1/auth/me', { headers: { authorization: 'Bearer not-a-real-token-ffff' } })).status).toBe(401);
    const verify = await request(app, 'POST', '/api/v1/auth/employee/verify', { body: { phone: employee.phone, pin: PIN } });
    expect(verify.status).toBe(200);
    expect((await request(app, 'POST', '/api/v1/auth/employee/verify', { body: { phone: employee.phone, pin: WRONG_PIN } })).status).toBe(401);
    const careless = await app.inject({
      method: 'POST',
      url: '/api/v1/log-probe',
      headers: { authorization: `Bearer ${token}`, cookie: `auth-token=${token}` },
      payload: { password: PASSWORD, pin: PIN, token },
    });
    expect(careless.statusCode).toBe(200);

    expect(lines.length).toBeGreaterThan(10);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const entry of entries) {
      expect(typeof entry.reqId, JSON.stringify(entry)).toBe('string');
      expect(entry.level).toEqual(expect.any(Number));
    }
    // The caller's sane request id is the one in the log.
    expect(entries.some((entry) => entry.reqId === 'login-trace-1' && entry.msg === 'request completed')).toBe(true);
    // The careless probe was logged, redacted.
    const probe = entries.find((entry) => entry.msg === 'careless probe') as { body: Record<string, string> } | undefined;
    expect(probe?.body).toMatchObject({ password: '[redacted]', pin: '[redacted]', token: '[redacted]' });

    const all = lines.join('\n');
    for (const secret of [PASSWORD, WRONG_PASSWORD, PIN, WRONG_PIN, token, verify.body.data.token as string, 'not-a-real-token-ffff']) {
      expect(lines.filter((line) => line.includes(secret)).map((line) => line.slice(0, 400)), `a credential reached the log: ${secret.slice(0, 6)}…`).toEqual([]);
    }
    expect(all).not.toMatch(/Bearer\s/i);
    expect(all).not.toMatch(/auth-token=/);
  });
});
