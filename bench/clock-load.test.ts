// The clock cycle's load (bench/load.ts) against the real service over HTTP: a run cut off by the
// clock leaves employees clocked in, and the step after each run clocks them out, so that the next
// run starts without refusals. Without it every benchmark run counted up to one refused clock in
// per connection.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeEntries } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from '../test/helpers/app.ts';
import { createEmployee, createTenant } from '../test/helpers/factories.ts';
import { employeeToken } from '../test/helpers/http.ts';
import { CLOCK_ENTRY, clockCycleLoad, measure } from './load.ts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => t?.close());

describe('the clock cycle load', () => {
  it('clocks every employee out after each run, so the runs after the first see no refusals', async () => {
    const { company, employee } = await createTenant(t.db);
    const crew = [employee, ...(await Promise.all([1, 2, 3].map(() => createEmployee(t.db, { companyId: company.id }))))];
    const ids = crew.map((e) => e.id);
    const tokens = await Promise.all(crew.map((e) => employeeToken(t.tokens, e)));
    const load = clockCycleLoad(url, tokens);
    const openEntries = async () =>
      (await t.db.select({ n: sql<number>`count(*)::int` }).from(timeEntries).where(and(inArray(timeEntries.employeeId, ids), isNull(timeEntries.clockOut))))[0]!.n;

    // One connection per employee; a clock in stopped before its clock out stays open.
    const clockIn = await fetch(`${url}${CLOCK_ENTRY}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[0]}`, 'content-type': 'application/json' },
      body: '{"action":"clock_in"}',
    });
    expect(clockIn.status).toBe(200);
    expect(await openEntries()).toBe(1);
    await load.afterRun!();
    expect(await openEntries()).toBe(0);

    const result = await measure({ ...load, connections: crew.length, seconds: 1 }, 2, 1);
    expect(result.requests).toBeGreaterThan(0);
    expect(result.non2xx).toBe(0);
    expect(result.errors).toBe(0);
    expect(await openEntries()).toBe(0);
    // The runs did clock: the first employee has entries beyond the one clocked out above.
    const [entries] = await t.db.select({ n: sql<number>`count(*)::int` }).from(timeEntries).where(eq(timeEntries.employeeId, employee.id));
    expect(entries!.n).toBeGreaterThan(1);
  }, 30_000);
});
