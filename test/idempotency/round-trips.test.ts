// Round trips to PostgreSQL of a clock in with an Idempotency-Key, counted at the driver like
// test/timesheet/round-trips.test.ts counts the plain ones (2: auth + one INSERT).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { client } from '../helpers/http.ts';
import { unique } from '../helpers/factories.ts';
import { ENTRY, employeeTenant } from '../timesheet/fixtures.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('database round trips of a keyed clock in', () => {
  let t: TestApp;
  const statements: string[] = [];
  const original = pg.Client.prototype.query;

  beforeAll(async () => {
    t = await createTestApp();
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string };
      statements.push(typeof first === 'string' ? first : (first?.text ?? ''));
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
  });
  afterAll(async () => {
    pg.Client.prototype.query = original;
    await t?.close();
  });

  it('first run: 6 (auth, BEGIN, claim, INSERT, store the answer, COMMIT); replay: 4 (auth, BEGIN, claim, ROLLBACK)', async () => {
    const { token } = await employeeTenant(t.db, t.tokens);
    const api = client(t.app);
    const options = { token, headers: { 'idempotency-key': unique('key') } };
    statements.length = 0;
    expect((await api.post(ENTRY, { action: 'clock_in' }, options)).status).toBe(200);
    const first = statements.splice(0).length;
    expect((await api.post(ENTRY, { action: 'clock_in' }, options)).status).toBe(200);
    const replay = statements.splice(0).length;
    console.info(`keyed clock in: ${first} round trips, its replay: ${replay}`);
    expect(first).toBe(6);
    expect(replay).toBe(4);
  });
});
