// Round trips to PostgreSQL per clock in and per clock out (each designed for the
// fewest database round trips; BENCHMARKS.md), counted at the driver: every statement a pooled client
// sends, BEGIN and COMMIT included, the auth guard's actor query too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { recordSentStatements, type SentStatements } from '../helpers/sent-statements.ts';
import { createPayPeriod } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';
import { ENTRY, TIMESHEET, employeeTenant } from './fixtures.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('database round trips of the employee timesheet routes', () => {
  let t: TestApp;
  let sent: SentStatements;

  beforeAll(async () => {
    t = await createTestApp();
    sent = recordSentStatements();
  });
  afterAll(async () => {
    sent?.stop();
    await t?.close();
  });

  /** Count only while a measured request runs. */
  async function measure(run: () => Promise<{ status: number }>, expected: number): Promise<number> {
    sent.clear();
    const res = await run();
    expect(res.status).toBe(expected);
    return sent.texts.length;
  }

  it('clock in: 1 (the INSERT with the caller check); a refused second clock in: 2; clock out: 1; timesheet, the week or a pay period: 1', async () => {
    const { company, token } = await employeeTenant(t.db, t.tokens);
    const api = client(t.app);
    const clockIn = await measure(() => api.post(ENTRY, { action: 'clock_in' }, { token }), 200);
    const refused = await measure(() => api.post(ENTRY, { action: 'clock_in' }, { token }), 400);
    const clockOut = await measure(() => api.post(ENTRY, { action: 'clock_out', breakMinutes: 0 }, { token }), 200);
    // Sent as named prepared statements: parsed and planned once per connection.
    expect(sent.names).toEqual(['payclock_clock_out']);
    const timesheet = await measure(() => api.get(TIMESHEET, { token }), 200);
    expect(sent.names).toEqual(['payclock_caller_timesheet_week']);
    const period = await createPayPeriod(t.db, { companyId: company.id, startDate: new Date(Date.now() - 86_400_000), endDate: new Date(Date.now() + 86_400_000) });
    const periodTimesheet = await measure(() => api.get(TIMESHEET, { token, query: { payPeriodId: period.id } }), 200);
    expect(sent.names).toEqual(['payclock_caller_timesheet_period']);
    console.info(`round trips: clock in ${clockIn}, refused clock in ${refused}, clock out ${clockOut}, timesheet ${timesheet}, a period's ${periodTimesheet}`);
    // The caller check is folded into the punch's statement (docs/architecture.md).
    expect(clockIn).toBe(1);
    // The refused INSERT, then which conflict it was (the open entry to name in the answer).
    expect(refused).toBe(2);
    // payclock_clock_out: lock, close and allocate in one call, no BEGIN/COMMIT.
    expect(clockOut).toBe(1);
    // The caller check, the period's owner and the timesheet: one statement (timesheet.service.ts).
    expect(timesheet).toBe(1);
    expect(periodTimesheet).toBe(1);
  });

  it('an offline punch: its statement and its audit row in one transaction (BEGIN, punch, audit, COMMIT)', async () => {
    const { token } = await employeeTenant(t.db, t.tokens);
    const api = client(t.app);
    const occurredAt = new Date(Date.now() - 60 * 60_000).toISOString();
    expect(await measure(() => api.post(ENTRY, { action: 'clock_in', occurredAt }, { token }), 200)).toBe(4);
    expect(await measure(() => api.post(ENTRY, { action: 'clock_out', occurredAt: new Date().toISOString() }, { token }), 200)).toBe(4);
  });
});
