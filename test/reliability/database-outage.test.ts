// 2. The database restarts under load (timesheet reads and live punches): 503 `Service
// unavailable` with Retry-After within 5 s during the outage, no hang, no crash; ≥ 99% success
// within 10 s of its return.
// 4. Pool exhaustion: slow queries hold every pooled connection; further requests get a
// fast 503 instead of queueing without bound. The timesheet reads and the live punches are
// coalesced: those carried by a statement stuck behind the lock wait for statement_timeout, as
// one holding a connection did, and the rest answer fast. A punch answered 503 was not recorded.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { readPunchBatches, readTimesheetReadBatches } from '../../bench/batch-sizes.ts';
import { startServer } from '../../bench/server.ts';
import { call, clock, createWorkforce, JWT_SECRET, openPostgres, postgresUrl, sleep } from './support.ts';

const cluster = () => ({ version: readdirSync('/etc/postgresql')[0]!, name: 'main' });
function pgctl(action: 'stop' | 'start'): void {
  const { version, name } = cluster();
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, action, ...(action === 'stop' ? ['-m', 'fast'] : [])], { stdio: 'ignore' });
}
function postgresIsUp(): boolean {
  try {
    execFileSync('pg_isready', ['-h', '127.0.0.1', '-q']);
    return true;
  } catch {
    return false;
  }
}

const METRICS_TOKEN = 'database-outage-metrics-token';

/** While the database is away, requests are refused with 503 and Retry-After within 5 s (docs/api.md), more than ten of them here. */
function expectRefusedFast(refusals: ReadonlyArray<{ status: number; ms: number; retryAfter: string | null; error: string | undefined }>): void {
  expect(refusals.length).toBeGreaterThan(10);
  for (const refusal of refusals) {
    expect(refusal.status).toBe(503);
    expect(refusal.error).toBe('Service unavailable');
    expect(refusal.retryAfter).toMatch(/^\d+$/);
    expect(refusal.ms).toBeLessThan(5_000);
  }
}

describe('database outage and saturation', () => {
  afterAll(async () => {
    if (!postgresIsUp()) pgctl('start');
  });

  it('answers 503 with Retry-After within 5 s while PostgreSQL is stopped, and recovers within 10 s of its return', async () => {
    const database = await openPostgres();
    const workforce = await createWorkforce(database, 12);
    await database.close();
    const server = await startServer({ JWT_SECRET, DATABASE_URL: postgresUrl(), DB_POOL_MAX: '4' }, { quiet: true });
    const answers: Array<{ at: number; status: number; ms: number; retryAfter: string | null; error: string | undefined }> = [];
    let running = true;
    const started = Date.now();
    const readers = workforce.employees.slice(0, 8);
    // Four more clock in and out without an Idempotency-Key, so their punches are coalesced
    // (src/modules/timesheet/punch-writer.ts): a live punch obeys the same 5 s rule.
    const punches: typeof answers = [];
    const punchers = workforce.employees.slice(8).map(async (employee) => {
      let action: 'clock_in' | 'clock_out' = 'clock_in';
      while (running && punches.length < 20_000) {
        const answer = await clock(server.url, employee.token, action, 8_000);
        punches.push({ at: Date.now() - started, status: answer.status, ms: answer.ms, retryAfter: answer.headers?.get('retry-after') ?? null, error: answer.body?.error });
        // A 503 from a broken connection leaves the punch's fate unknown, so the retry may find it done.
        const done = answer.status === 200 || answer.body?.error === 'Already clocked in' || answer.body?.error === 'No open time entry';
        if (done) action = action === 'clock_in' ? 'clock_out' : 'clock_in';
        else await sleep(20);
      }
    });
    const clients = readers.map(async (employee) => {
      while (running && answers.length < 20_000) {
        const answer = await call(`${server.url}/api/v1/employee/timesheet`, { headers: { authorization: `Bearer ${employee.token}` }, timeoutMs: 8_000 });
        answers.push({ at: Date.now() - started, status: answer.status, ms: answer.ms, retryAfter: answer.headers?.get('retry-after') ?? null, error: answer.body?.error });
        if (answer.status !== 200) await sleep(20);
      }
    });
    try {
      await sleep(2_000);
      const stoppedAt = Date.now() - started;
      pgctl('stop');
      await sleep(15_000);
      pgctl('start');
      const restartedAt = Date.now() - started;
      await sleep(12_000);
      running = false;
      await Promise.all([...clients, ...punchers]);

      const during = answers.filter((a) => a.at > stoppedAt + 500 && a.at < restartedAt);
      const failures = during.filter((a) => a.status !== 200);
      expectRefusedFast(failures);
      // Recovery: the first instant after which ≥ 99% of answers succeed.
      const after = answers.filter((a) => a.at >= restartedAt);
      let recoveredAt = Infinity;
      for (let i = 0; i < after.length; i++) {
        const rest = after.slice(i);
        if (rest.filter((a) => a.status === 200).length >= 0.99 * rest.length) {
          recoveredAt = after[i]!.at;
          break;
        }
      }
      const recoveryMs = recoveredAt - restartedAt;
      console.log(`[db restart] ${answers.length} requests; ${failures.length} answered during the outage, all 503 (max ${Math.round(Math.max(...failures.map((f) => f.ms)))} ms); recovered ${Math.round(recoveryMs)} ms after PostgreSQL was back`);
      expect(recoveryMs).toBeLessThan(10_000);

      const punchFailures = punches.filter((a) => a.at > stoppedAt + 500 && a.at < restartedAt && a.status !== 200);
      const punchesBack = punches.filter((a) => a.at > restartedAt + 10_000);
      console.log(`[db restart] ${punches.length} punches; ${punchFailures.length} refused during the outage (max ${Math.round(Math.max(...punchFailures.map((f) => f.ms)))} ms); ${punchesBack.filter((a) => a.status === 200).length} of ${punchesBack.length} succeeded from 10 s after its return`);
      expectRefusedFast(punchFailures);
      expect(punchesBack.length).toBeGreaterThan(0);
      expect(punchesBack.every((a) => a.status === 200)).toBe(true);
      expect(server.pid).toBeGreaterThan(0);
      expect((await call(`${server.url}/health`)).status).toBe(200);
    } finally {
      running = false;
      if (!postgresIsUp()) pgctl('start');
      await server.stop();
    }
  }, 120_000);

  it('answers a fast 503 when slow queries hold every pooled connection, and recovers when they end', async () => {
    const database = await openPostgres();
    const workforce = await createWorkforce(database, 1);
    await database.close();
    const server = await startServer({ JWT_SECRET, DATABASE_URL: postgresUrl(), DB_POOL_MAX: '4', METRICS_TOKEN }, { quiet: true });
    const readsSent = async () => (await readTimesheetReadBatches(server.url, METRICS_TOKEN)).week.items;
    const sentBefore = await readsSent();
    // Hold an exclusive lock: every query touching time_entries waits, holding its pooled connection.
    const blocker = new pg.Client({ connectionString: postgresUrl() });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table time_entries in access exclusive mode');
      const token = workforce.employees[0]!.token;
      // More reads than the two stuck statements can carry (2 × 32), so that some must wait.
      const requests = Array.from({ length: 100 }, () =>
        call(`${server.url}/api/v1/employee/timesheet`, { headers: { authorization: `Bearer ${token}` }, timeoutMs: 20_000 }),
      );
      const answers = await Promise.race([Promise.all(requests), sleep(15_000).then(() => null)]);
      expect(answers, 'requests queued without bound').not.toBeNull();
      const unavailable = answers!.filter((a) => a.status === 503);
      console.log(`[pool exhaustion] 100 requests: ${unavailable.length} × 503 (slowest ${Math.round(Math.max(...unavailable.map((a) => a.ms)))} ms), others ${answers!.filter((a) => a.status !== 503).map((a) => a.status).join(',')}`);
      // The reads are coalesced (src/modules/timesheet/timesheet-reader.ts): the ones carried by
      // the (at most two) statements stuck behind the lock wait for statement_timeout; every
      // other one is refused unsent within its 3 s bound, as the pool's connection timeout
      // refused the requests that got no connection.
      const carried = (await readsSent()) - sentBefore;
      console.log(`[pool exhaustion] reads carried by the stuck statements: ${carried}`);
      expect(carried).toBeLessThanOrEqual(2 * 32);
      const fast = unavailable.filter((a) => a.ms < 5_000);
      expect(fast.length).toBeGreaterThanOrEqual(100 - carried);
      for (const answer of unavailable) expect(answer.body.error).toBe('Service unavailable');
      // Refused unsent or cancelled by statement_timeout, each 503 says when to retry (docs/api.md).
      for (const answer of unavailable) expect(answer.headers?.get('retry-after')).toBe('5');
      // The ones holding a connection end by statement_timeout (10 s), not by waiting forever.
      expect(answers!.every((a) => a.status === 503)).toBe(true);
    } finally {
      await blocker.query('rollback');
      await blocker.end();
    }
    const after = await call(`${server.url}/api/v1/employee/timesheet`, { headers: { authorization: `Bearer ${workforce.employees[0]!.token}` } });
    expect(after.status).toBe(200);
    await server.stop();
  }, 60_000);

  it('answers live punches a fast 503 while a lock holds their table, and records none of them', async () => {
    const database = await openPostgres();
    const workforce = await createWorkforce(database, 200);
    await database.close();
    const server = await startServer({ JWT_SECRET, DATABASE_URL: postgresUrl(), DB_POOL_MAX: '4', METRICS_TOKEN }, { quiet: true });
    const punchesSent = async () => (await readPunchBatches(server.url, METRICS_TOKEN)).clock_in.items;
    const sentBefore = await punchesSent();
    const blocker = new pg.Client({ connectionString: postgresUrl() });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table time_entries in access exclusive mode');
      // One live punch (no Idempotency-Key: coalesced) per employee, more than the two stuck
      // statements can carry (2 × 64), so that some must wait.
      const requests = workforce.employees.map((employee) => clock(server.url, employee.token, 'clock_in', 30_000));
      const answers = await Promise.race([Promise.all(requests), sleep(15_000).then(() => null)]);
      expect(answers, 'punches queued without bound').not.toBeNull();
      const carried = (await punchesSent()) - sentBefore;
      const slowest = (list: typeof answers) => Math.round(Math.max(...list!.map((a) => a.ms)));
      const fast = answers!.filter((a) => a.ms < 5_000);
      console.log(
        `[punches behind a lock] 200 punches: ${answers!.filter((a) => a.status === 503).length} × 503, slowest ${slowest(answers)} ms; ` +
          `carried by the stuck statements: ${carried}; ${fast.length} within 5 s, the slowest of them in ${slowest(fast)} ms`,
      );
      // src/modules/timesheet/punch-writer.ts: the punches carried by the (at most two) stuck
      // statements wait for statement_timeout and are not run again alone; every other one is
      // refused unsent within its 3 s bound.
      expect(carried).toBeLessThanOrEqual(2 * 64);
      expect(fast.length).toBeGreaterThanOrEqual(200 - carried);
      for (const answer of answers!) {
        expect(answer.status).toBe(503);
        expect(answer.body.error).toBe('Service unavailable');
        expect(answer.headers?.get('retry-after')).toBe('5');
      }
      await blocker.query('rollback');
      // A 503 recorded nothing, so a kiosk that retries it does not punch twice.
      const ids = workforce.employees.map((employee) => employee.id);
      const written = await blocker.query('select count(*)::int as n from time_entries where employee_id = any($1::uuid[])', [ids]);
      expect(written.rows[0].n).toBe(0);
    } finally {
      await blocker.query('rollback');
      await blocker.end();
    }
    const retried = await clock(server.url, workforce.employees[0]!.token, 'clock_in');
    expect(retried.status).toBe(200);
    await server.stop();
  }, 90_000);
});
