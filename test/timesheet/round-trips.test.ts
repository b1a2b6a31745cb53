// Round trips to PostgreSQL per clock in and per clock out (each designed for the
// fewest database round trips; BENCHMARKS.md), counted at the driver: every statement a pooled client
// sends, BEGIN and COMMIT included, the auth guard's actor query too.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { client } from '../helpers/http.ts';
import { ENTRY, TIMESHEET, employeeTenant } from './fixtures.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('database round trips of the employee timesheet routes', () => {
  let t: TestApp;
  let statements: string[] = [];
  const original = pg.Client.prototype.query;

  beforeAll(async () => {
    t = await createTestApp();
    // Count only while a measured request runs.
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string };
      statements.push(typeof first === 'string' ? first : (first?.text ?? ''));
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
  });
  afterEach(() => {
    statements = [];
  });
  afterAll(async () => {
    pg.Client.prototype.query = original;
    await t?.close();
  });

  async function measure(run: () => Promise<{ status: number }>, expected: number): Promise<number> {
    statements = [];
    const res = await run();
    expect(res.status).toBe(expected);
    return statements.length;
  }

  it('clock in: 2 (auth + one INSERT); a refused second clock in: 3; clock out: 7; timesheet: 2', async () => {
    const { token } = await employeeTenant(t.db, t.tokens);
    const api = client(t.app);
    const clockIn = await measure(() => api.post(ENTRY, { action: 'clock_in' }, { token }), 200);
    const refused = await measure(() => api.post(ENTRY, { action: 'clock_in' }, { token }), 400);
    const clockOut = await measure(() => api.post(ENTRY, { action: 'clock_out', breakMinutes: 0 }, { token }), 200);
    const timesheet = await measure(() => api.get(TIMESHEET, { token }), 200);
    console.info(`round trips: clock in ${clockIn}, refused clock in ${refused}, clock out ${clockOut}, timesheet ${timesheet}`);
    expect(clockIn).toBe(2);
    expect(refused).toBe(3);
    // auth, BEGIN, lock + close, read the week, write the week, read the entry, COMMIT.
    expect(clockOut).toBeLessThanOrEqual(7);
    expect(timesheet).toBe(2);
  });
});
