// GET /api/v1/employee/timesheet checks its caller inside its own statement when no dates are
// given (timesheet.service.ts getTimesheet): every refusal must still be the one the auth guard
// gave, before anything about the query, and the answer must be the one the two-step read gives.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ManualClock } from '../../src/clock.ts';
import { bookkeeperOrgs, companies, employees } from '../../src/db/schema.ts';
import { queryRows } from '../../src/db/open.ts';
import { metrics } from '../../src/http/metrics.ts';
import { workweekOf } from '../../src/domain/workweek.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createPayPeriod } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';
import { TIMESHEET, closedEntry, employeeTenant } from './fixtures.ts';

// Wednesday 2026-03-04 20:00 in New York (EST, UTC-5).
const clock = new ManualClock(new Date('2026-03-05T01:00:00.000Z'));
let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  api = client(t.app);
});
afterAll(async () => t.close());

/** An employee in New York with entries this week and last, and a pay period over both weeks. */
async function tenantWithEntries() {
  const tenant = await employeeTenant(t.db, t.tokens, { timezone: 'America/New_York' });
  const period = await createPayPeriod(t.db, { companyId: tenant.company.id, startDate: new Date('2026-02-22T05:00:00Z'), endDate: new Date('2026-03-08T04:59:59.999Z') });
  const entry = (clockIn: string, hours: number) => closedEntry(t.db, { employeeId: tenant.employee.id, companyId: tenant.company.id, payPeriodId: period.id }, clockIn, hours);
  // Sunday 2026-03-01 00:00 EST exactly (the week's first instant), Tuesday, and last Friday.
  await entry('2026-03-01T05:00:00.000Z', 3);
  await entry('2026-03-03T14:00:00.000Z', 8);
  await entry('2026-02-27T14:00:00.000Z', 7.5);
  return { ...tenant, period };
}

// With each query: the week, the caller's period, another company's period, an unknown period,
// a malformed query (over maxLength), and dates (read in two steps).
async function queriesFor(companyPeriodId: string): Promise<Array<Record<string, string>>> {
  const other = await employeeTenant(t.db, t.tokens);
  const othersPeriod = await createPayPeriod(t.db, { companyId: other.company.id, startDate: new Date('2026-03-01T00:00:00Z'), endDate: new Date('2026-03-07T00:00:00Z') });
  return [
    {},
    { payPeriodId: companyPeriodId },
    { payPeriodId: othersPeriod.id },
    { payPeriodId: '6b0f7c1e-0000-4000-8000-000000000000' },
    { payPeriodId: 'nope' },
    { startDate: 'x'.repeat(65) },
    { startDate: '2026-03-01', endDate: '2026-03-07' },
  ];
}

describe('GET /api/v1/employee/timesheet, the caller checked in its own statement', () => {
  it('answers a refused caller as the auth guard did, whatever the query, the week and pay periods included', async () => {
    const refusals: Array<{ name: string; refuse: (tenant: Awaited<ReturnType<typeof tenantWithEntries>>) => Promise<unknown>; status: number; body: unknown }> = [
      { name: 'deactivated employee', refuse: (x) => t.db.update(employees).set({ active: false }).where(eq(employees.id, x.employee.id)), status: 404, body: { success: false, error: 'Employee not found' } },
      { name: 'deactivated company', refuse: (x) => t.db.update(companies).set({ active: false }).where(eq(companies.id, x.company.id)), status: 404, body: { success: false, error: 'Employee not found' } },
      { name: 'deactivated organization', refuse: (x) => t.db.update(bookkeeperOrgs).set({ active: false }).where(eq(bookkeeperOrgs.id, x.org.id)), status: 404, body: { success: false, error: 'Employee not found' } },
      {
        name: 'credentials changed after the token was issued',
        refuse: (x) => t.db.update(employees).set({ credentialsChangedAt: new Date(Date.now() + 60_000) }).where(eq(employees.id, x.employee.id)),
        status: 401,
        body: { success: false, error: 'Authentication required' },
      },
      { name: 'logged out', refuse: (x) => api.post('/api/v1/auth/logout', {}, { token: x.token }), status: 401, body: { success: false, error: 'Authentication required' } },
    ];
    for (const refusal of refusals) {
      const tenant = await tenantWithEntries();
      const queries = await queriesFor(tenant.period.id);
      await refusal.refuse(tenant);
      for (const query of queries) {
        const res = await api.get(TIMESHEET, { token: tenant.token, query });
        expect({ refusal: refusal.name, query, status: res.status, body: res.body }).toEqual({ refusal: refusal.name, query, status: refusal.status, body: refusal.body });
      }
    }
  });

  it('answers a caller who may act: 403 for another company\'s period, 404 for an unknown or malformed one, 400 for a malformed query', async () => {
    const tenant = await tenantWithEntries();
    const [, , othersPeriod, unknown, malformed, tooLong] = await queriesFor(tenant.period.id);
    const get = (query: Record<string, string>) => api.get(TIMESHEET, { token: tenant.token, query });
    expect(await get(othersPeriod!)).toMatchObject({ status: 403, body: { success: false, error: 'Access denied' } });
    for (const query of [unknown!, malformed!]) expect(await get(query)).toMatchObject({ status: 404, body: { success: false, error: 'Pay period not found' } });
    expect(await get(tooLong!)).toMatchObject({ status: 400, body: { success: false } });
  });

  it('gives the same answer as the two-step read with the same bounds: the week, and a pay period', async () => {
    const tenant = await tenantWithEntries();
    const week = workweekOf(clock.now(), 'America/New_York');
    const folded = await api.get(TIMESHEET, { token: tenant.token });
    const twoStep = await api.get(TIMESHEET, { token: tenant.token, query: { startDate: week.start.toISOString(), endDate: week.end.toISOString() } });
    expect(folded.status).toBe(200);
    expect(folded.body.data.dateRange).toEqual({ startDate: '2026-03-01T05:00:00.000Z', endDate: '2026-03-08T04:59:59.999Z' });
    expect(folded.body.data.timeEntries.map((e: { clockIn: string }) => e.clockIn)).toEqual(['2026-03-03T14:00:00.000Z', '2026-03-01T05:00:00.000Z']);
    expect(folded.body).toEqual(twoStep.body);
    // Empty query values are absent ones (SPEC.md's defaults): still the week.
    const empty = await api.get(TIMESHEET, { token: tenant.token, query: { startDate: '', endDate: '', payPeriodId: '' } });
    expect(empty.body).toEqual(folded.body);

    const period = await api.get(TIMESHEET, { token: tenant.token, query: { payPeriodId: tenant.period.id } });
    const periodTwoStep = await api.get(TIMESHEET, { token: tenant.token, query: { payPeriodId: tenant.period.id, startDate: '2026-02-22', endDate: '2026-03-07' } });
    expect(period.status).toBe(200);
    expect(period.body.data.timeEntries).toHaveLength(3);
    expect(period.body.data.totals).toMatchObject({ totalHours: 18.5, regularHours: 18.5 });
    expect(period.body).toEqual(periodTwoStep.body);
  });

  it("keeps workweekOf's week when PostgreSQL's zone rules give another one", async () => {
    const tenant = await tenantWithEntries();
    const definition = await queryRows<{ ddl: string }>(t.db, sql`select pg_get_functiondef('payclock_workweek_start(timestamptz, text)'::regprocedure) as ddl`);
    // A PostgreSQL whose zone data put the week an hour later than Node's.
    await t.db.execute(sql.raw(`create or replace function payclock_workweek_start(instant timestamptz, tz text) returns timestamptz
      language sql stable strict as $$ select date_trunc('week', instant at time zone tz) at time zone tz - interval '1 day' + interval '1 hour' $$`));
    try {
      const res = await api.get(TIMESHEET, { token: tenant.token });
      expect(res.status).toBe(200);
      expect(res.body.data.dateRange).toEqual({ startDate: '2026-03-01T05:00:00.000Z', endDate: '2026-03-08T04:59:59.999Z' });
      // The entry at the week's first instant, which the hour-late week would have left out.
      expect(res.body.data.timeEntries.map((e: { clockIn: string }) => e.clockIn)).toEqual(['2026-03-03T14:00:00.000Z', '2026-03-01T05:00:00.000Z']);
    } finally {
      await t.db.execute(sql.raw(definition[0]!.ddl));
    }
    const restored = await queryRows<{ start: string }>(
      t.db,
      sql`select to_char(payclock_workweek_start('2026-03-05T01:00:00Z', 'America/New_York') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as start`,
    );
    expect(restored[0]!.start).toBe('2026-03-01T05:00');
  });

  it('answers concurrent reads over HTTP each with its own timesheet or refusal, all through the shared statements', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const tenants = await Promise.all(Array.from({ length: 6 }, () => tenantWithEntries()));
    await t.db.update(employees).set({ active: false }).where(eq(employees.id, tenants[5]!.employee.id));
    // Each tenant's week and its own pay period; the last one is refused.
    const reads = tenants.flatMap((tenant) => [
      { tenant, path: TIMESHEET },
      { tenant, path: `${TIMESHEET}?payPeriodId=${tenant.period.id}` },
    ]);
    const send = async (read: (typeof reads)[number]) => {
      const res = await fetch(`${base}${read.path}`, { headers: { authorization: `Bearer ${read.tenant.token}` } });
      return { status: res.status, body: (await res.json()) as { data?: { employee: { id: string }; timeEntries: unknown[] } } };
    };
    /** Reads carried by the shared statements so far (timesheet_read_batch_size's sum), of one kind. */
    const carried = async (kind: string) =>
      (await metrics.timesheetReadBatchSize.get()).values.find((value) => value.metricName === 'timesheet_read_batch_size_sum' && value.labels.kind === kind)?.value ?? 0;
    const before = [await carried('week'), await carried('pay_period')];

    const together = await Promise.all(reads.map(send));

    expect([(await carried('week')) - before[0]!, (await carried('pay_period')) - before[1]!]).toEqual([6, 6]);
    together.forEach((answer, index) => {
      const { tenant } = reads[index]!;
      if (tenant === tenants[5]) expect(answer).toEqual({ status: 404, body: { success: false, error: 'Employee not found' } });
      else expect({ status: answer.status, employee: answer.body.data?.employee.id, entries: answer.body.data?.timeEntries.length }).toEqual({ status: 200, employee: tenant.employee.id, entries: index % 2 === 0 ? 2 : 3 });
    });
    // The same reads one at a time answer the same.
    const alone = [];
    for (const read of reads) alone.push(await send(read));
    expect(together).toEqual(alone);
  });
});
