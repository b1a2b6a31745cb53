// 5. Two instances on one PostgreSQL and one Redis: the database and Redis, not each process,
// decide double clock-ins, overlapping pay periods and the login limit. Redis down: 503.
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/db/open.ts';
import { freePort, startServer, type RunningServer } from '../../bench/server.ts';
import { call, clock, createWorkforce, JWT_SECRET, openPostgres, postgresUrl, type Workforce } from './support.ts';

const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
/** A fresh client address per run (believed through TRUST_PROXY), so earlier runs' counters never interfere. */
const runIp = () => `198.18.${randomInt(0, 255)}.${randomInt(1, 254)}`;

describe('two instances on one PostgreSQL and one Redis', () => {
  let database: Database;
  let workforce: Workforce;
  let servers: RunningServer[] = [];

  beforeAll(async () => {
    database = await openPostgres();
    workforce = await createWorkforce(database, 1);
    const env = { JWT_SECRET, DATABASE_URL: postgresUrl(), REDIS_URL, TRUST_PROXY: '127.0.0.1', DB_POOL_MAX: '8' };
    servers = await Promise.all([startServer(env, { quiet: true }), startServer(env, { quiet: true })]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
  });

  it('100 concurrent clock-ins across both leave exactly one open entry', async () => {
    const token = workforce.employees[0]!.token;
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => clock(servers[i % 2]!.url, token, 'clock_in')));
    const ok = answers.filter((a) => a.status === 200).length;
    const already = answers.filter((a) => a.status === 400 && a.body?.error === 'Already clocked in').length;
    const [open] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from time_entries where employee_id = ${workforce.employees[0]!.id} and clock_out is null`);
    console.log(`[two instances] clock-ins: ${ok} × 200, ${already} × Already clocked in, open entries ${open!.n}`);
    expect(ok).toBe(1);
    expect(already).toBe(99);
    expect(open!.n).toBe(1);
  });

  it('20 overlapping pay-period creates across both leave exactly one period', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(`${servers[i % 2]!.url}/api/v1/admin/pay-periods`, {
          method: 'POST',
          headers: { authorization: `Bearer ${workforce.adminToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ companyId: workforce.companyId, periodType: 'WEEKLY', startDate: `2031-01-0${1 + (i % 5)}` }),
        }),
      ),
    );
    const created = answers.filter((a) => a.status === 201).length;
    const overlapping = answers.filter((a) => a.status === 400 && a.body?.error === 'Overlapping pay period').length;
    const [periods] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from pay_periods where company_id = ${workforce.companyId}`);
    expect(created).toBe(1);
    expect(overlapping).toBe(19);
    expect(periods!.n).toBe(1);
  });

  it('the login limit holds across both: exactly 5 of 50 parallel attempts from one IP pass', async () => {
    const ip = runIp();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(`${servers[i % 2]!.url}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: JSON.stringify({ email: workforce.admin.email, password: workforce.admin.password }),
        }),
      ),
    );
    const passed = answers.filter((a) => a.status === 200).length;
    const limited = answers.filter((a) => a.status === 429 && a.body?.error === 'Too many login attempts').length;
    console.log(`[two instances] 50 logins from ${ip}: ${passed} × 200, ${limited} × 429`);
    expect(passed).toBe(5);
    expect(limited).toBe(45);
  });

  it('with Redis unreachable, login answers 503 instead of going unlimited', async () => {
    const deadPort = await freePort();
    const server = await startServer({ JWT_SECRET, DATABASE_URL: postgresUrl(), REDIS_URL: `redis://127.0.0.1:${deadPort}` }, { quiet: true });
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          call(`${server.url}/api/v1/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: workforce.admin.email, password: workforce.admin.password }),
            timeoutMs: 10_000,
          }),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(answer.body?.error).toBe('Service unavailable');
        expect(answer.ms).toBeLessThan(5_000);
      }
    } finally {
      await server.stop();
    }
  }, 60_000);
});
