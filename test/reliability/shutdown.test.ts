// 3. Graceful shutdown: SIGTERM with 200 requests in flight; all complete, new connections
// are refused, and the process exits 0.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../bench/server.ts';
import { call, clock, createWorkforce, JWT_SECRET, openPostgres, postgresUrl, sleep } from './support.ts';

describe('SIGTERM', () => {
  it('finishes 200 requests in flight, refuses new connections, and exits 0', async () => {
    const database = await openPostgres();
    const workforce = await createWorkforce(database, 200);
    await database.close();
    const server = await startServer({ JWT_SECRET, DATABASE_URL: postgresUrl(), DB_POOL_MAX: '8' }, { quiet: true });
    // A lock makes the clock-ins wait inside the server, so all 200 are surely in flight at SIGTERM.
    const blocker = new pg.Client({ connectionString: postgresUrl() });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table time_entries in share mode');
    const inFlight = workforce.employees.map((employee) => clock(server.url, employee.token, 'clock_in', 30_000));
    await sleep(1_000);
    server.kill('SIGTERM');
    await sleep(300);
    const late = await call(`${server.url}/health`, { timeoutMs: 2_000 });
    await blocker.query('commit');
    await blocker.end();
    const answers = await Promise.all(inFlight);
    const exitCode = await server.exited;
    const statuses = answers.map((a) => a.status);
    console.log(`[SIGTERM] in flight: 200; completed 200 OK: ${statuses.filter((s) => s === 200).length}; late connection: ${late.networkError ?? late.status}; exit ${exitCode}`);
    expect(statuses.filter((s) => s === 200)).toHaveLength(200);
    expect(late.status === 0 || late.status === 503).toBe(true);
    expect(exitCode).toBe(0);
  }, 90_000);
});
