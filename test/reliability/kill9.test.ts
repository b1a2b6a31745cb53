// 1. kill -9 under load: every write that got a 2xx is in the database afterwards, and no
// employee has two open entries. On PostgreSQL, then on file-backed PGlite. The punches are
// coalesced into batches (docs/architecture.md §3), so the kills land while batches are in
// flight: the PostgreSQL run reads `punch_batch_size` from /metrics before each kill to show it.
// 2. kill -9 in the middle of a request with an Idempotency-Key: the retry runs it exactly once.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../src/db/open.ts';
import { readPunchBatches, type BatchFigures } from '../../bench/batch-sizes.ts';
import { startServer, type RunningServer } from '../../bench/server.ts';
import { call, clock, createWorkforce, ENTRY, JWT_SECRET, openPostgres, postgresUrl, sleep, type Workforce } from './support.ts';

interface Acknowledged {
  clockIns: Set<string>;
  clockOuts: Set<string>;
  sent: number;
}

/** 32 clients clocking in and out until told to stop; each keeps what the server acknowledged. */
function driveClients(getUrl: () => string, workforce: Workforce, stop: { done: boolean }, maxRequests: number) {
  const acknowledged: Acknowledged = { clockIns: new Set(), clockOuts: new Set(), sent: 0 };
  const clients = workforce.employees.map(async (employee) => {
    let action: 'clock_in' | 'clock_out' = 'clock_in';
    while (!stop.done && acknowledged.sent < maxRequests) {
      acknowledged.sent++;
      const answer = await clock(getUrl(), employee.token, action, 5_000);
      if (answer.status === 200) {
        const id = answer.body?.data?.timeEntry?.id as string;
        (action === 'clock_in' ? acknowledged.clockIns : acknowledged.clockOuts).add(id);
        action = action === 'clock_in' ? 'clock_out' : 'clock_in';
      } else if (answer.status === 400) {
        // The previous answer was lost in the kill: the state is the other one. Switch.
        const error = answer.body?.error;
        if (error === 'Already clocked in') action = 'clock_out';
        else if (error === 'No open time entry') action = 'clock_in';
      } else if (answer.status === 0) {
        await sleep(50); // server down: wait for the restart
      }
    }
  });
  return { acknowledged, finished: Promise.all(clients) };
}

const METRICS_TOKEN = 'kill9-metrics-token';

/** Punches and statements so far in this server's life, both kinds together. */
async function batchFigures(baseUrl: string): Promise<BatchFigures> {
  const { clock_in, clock_out } = await readPunchBatches(baseUrl, METRICS_TOKEN);
  return { items: clock_in.items + clock_out.items, statements: clock_in.statements + clock_out.statements };
}

/**
 * Starts a server, drives a client per employee (driveClients) and `kills` times kills it with
 * SIGKILL and starts it again on its port, `beforeKill` reading the dying server first. Whatever
 * happens, even a restart that fails, the clients stop and the last server is killed before
 * this returns or throws: clients left running would load the tests after this one.
 */
async function killRepeatedly(
  env: Record<string, string>,
  workforce: Workforce,
  options: { maxRequests: number; kills: number; pauseMs: () => number; beforeKill?: (server: RunningServer) => Promise<void> },
): Promise<Acknowledged> {
  let server = await startServer(env, { quiet: true });
  const stop = { done: false };
  const { acknowledged, finished } = driveClients(() => server.url, workforce, stop, options.maxRequests);
  try {
    for (let kill = 0; kill < options.kills; kill++) {
      await sleep(options.pauseMs());
      await options.beforeKill?.(server);
      server.kill('SIGKILL');
      await server.exited;
      server = await startServer(env, { port: server.port, quiet: true });
    }
    await sleep(500);
  } finally {
    stop.done = true;
    await finished;
    server.kill('SIGKILL');
    await server.exited;
  }
  return acknowledged;
}

async function verify(database: Database, workforce: Workforce, acknowledged: Acknowledged) {
  const ids = workforce.employees.map((e) => e.id);
  const rows = await queryRows<{ id: string; employee_id: string; clock_out: Date | null }>(
    database.db,
    sql`select id, employee_id, clock_out from time_entries where employee_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missingClockIns = [...acknowledged.clockIns].filter((id) => !byId.has(id));
  const missingClockOuts = [...acknowledged.clockOuts].filter((id) => !byId.get(id)?.clock_out);
  const openPerEmployee = new Map<string, number>();
  for (const row of rows) if (!row.clock_out) openPerEmployee.set(row.employee_id, (openPerEmployee.get(row.employee_id) ?? 0) + 1);
  return { missingClockIns, missingClockOuts, maxOpen: Math.max(0, ...openPerEmployee.values()), rows: rows.length };
}

describe('kill -9 while 32 clients clock in and out', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('on PostgreSQL: 10 kills lose no acknowledged write and leave at most one open entry per employee', async () => {
    const database = await openPostgres();
    cleanups.push(() => database.close());
    const workforce = await createWorkforce(database, 32);
    const env = { JWT_SECRET, DATABASE_URL: postgresUrl(), DB_POOL_MAX: '8', METRICS_TOKEN };
    const lives: BatchFigures[] = [];
    const acknowledged = await killRepeatedly(env, workforce, {
      maxRequests: 40_000,
      kills: 10,
      pauseMs: () => 400 + Math.random() * 600,
      beforeKill: async (server) => {
        lives.push(await batchFigures(server.url));
      },
    });
    const result = await verify(database, workforce, acknowledged);
    console.log(`[kill -9 PostgreSQL] sent ${acknowledged.sent}, acknowledged ${acknowledged.clockIns.size} clock-ins and ${acknowledged.clockOuts.size} clock-outs, rows ${result.rows}`);
    console.log(`[kill -9 PostgreSQL] punches / statements in each server life: ${lives.map((l) => `${l.items}/${l.statements}`).join(', ')}`);
    expect(acknowledged.clockIns.size).toBeGreaterThan(100);
    // Statements carried several punches at once in most lives: the kills hit coalesced batches.
    expect(lives.filter((life) => life.items > life.statements).length).toBeGreaterThanOrEqual(5);
    expect(result.missingClockIns).toEqual([]);
    expect(result.missingClockOuts).toEqual([]);
    expect(result.maxOpen).toBeLessThanOrEqual(1);
  }, 180_000);

  it('on file-backed PGlite: kill, reopen, every acknowledged write is there', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'payclock-kill9-'));
    const setup = await openDatabase({ url: undefined, dataDir });
    await setup.migrate();
    const workforce = await createWorkforce(setup, 8);
    await setup.close();
    const env = { JWT_SECRET, DATA_DIR: dataDir, DATABASE_URL: '' };
    const acknowledged = await killRepeatedly(env, workforce, { maxRequests: 5_000, kills: 3, pauseMs: () => 800 + Math.random() * 400 });
    const reopened = await openDatabase({ url: undefined, dataDir });
    cleanups.push(() => reopened.close());
    const result = await verify(reopened, workforce, acknowledged);
    console.log(`[kill -9 PGlite] sent ${acknowledged.sent}, acknowledged ${acknowledged.clockIns.size} clock-ins and ${acknowledged.clockOuts.size} clock-outs, rows ${result.rows}`);
    expect(acknowledged.clockIns.size).toBeGreaterThan(10);
    expect(result.missingClockIns).toEqual([]);
    expect(result.missingClockOuts).toEqual([]);
    expect(result.maxOpen).toBeLessThanOrEqual(1);
  }, 180_000);

  it('on PostgreSQL: a keyed clock in killed mid-transaction leaves nothing; the retry gets 409 while the dead one is held, then runs once', async () => {
    const database = await openPostgres();
    cleanups.push(() => database.close());
    const { employees } = await createWorkforce(database, 1);
    const employee = employees[0]!;
    const env = { JWT_SECRET, DATABASE_URL: postgresUrl(), DB_POOL_MAX: '4' };
    let server = await startServer(env, { quiet: true });
    cleanups.push(() => server.stop());

    // Another session holds the employee row: the clock in's foreign-key check waits on it,
    // inside the request's transaction, after the key is claimed.
    const blocker = new pg.Client({ connectionString: postgresUrl() });
    await blocker.connect();
    cleanups.push(() => blocker.end());
    await blocker.query('begin');
    await blocker.query('select 1 from employees where id = $1 for update', [employee.id]);

    const key = `kill9-${employee.id}`;
    const keyed = () =>
      call(`${server.url}${ENTRY}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${employee.token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ action: 'clock_in' }),
        timeoutMs: 10_000,
      });
    const first = keyed();
    // Wait until the server's session is stuck on the row (the key already claimed).
    const deadline = Date.now() + 15_000;
    for (;;) {
      const { rows } = await blocker.query(
        `select count(*)::int as n from pg_stat_activity where application_name = 'payclock' and wait_event_type = 'Lock'`,
      );
      if (rows[0].n > 0) break;
      if (Date.now() > deadline) throw new Error('the keyed request never reached its write');
      await sleep(50);
    }
    server.kill('SIGKILL');
    await server.exited;
    expect((await first).status).toBe(0);
    server = await startServer(env, { port: server.port, quiet: true });

    // The dead process's session is still waiting, holding the key: a retry is told to come back.
    const early = await keyed();
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('Request in progress');
    expect(Number(early.headers?.get('retry-after'))).toBeGreaterThan(0);

    // Released, the orphaned session finds its client gone and rolls back; the retry then runs.
    await blocker.query('commit');
    let answer = early;
    const until = Date.now() + 20_000;
    while (answer.status === 409 && Date.now() < until) {
      await sleep(200);
      answer = await keyed();
    }
    expect(answer.status).toBe(200);
    const replay = await keyed();
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(answer.body);
    const rows = await queryRows<{ id: string }>(database.db, sql`select id from time_entries where employee_id = ${employee.id}::uuid`);
    expect(rows.map((row) => row.id)).toEqual([answer.body.data.timeEntry.id]);
  }, 120_000);
});
