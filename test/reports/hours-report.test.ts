// GET /api/v1/admin/reports/hours: grouping by employee, local day and local week (DST weeks
// in New York and Sydney) and job code; pay as a timesheet's; CSV; tenant rules; bad input;
// and a year of a 200-employee company in one request.
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAdmin, createCompany, createEmployee, createOrg, createPayPeriod, createTimeEntry } from '../helpers/factories.ts';
import { adminToken, client } from '../helpers/http.ts';

const URL = '/api/v1/admin/reports/hours';
const HOUR = 3_600_000;
let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app);
});
afterAll(async () => t.close());

async function org(timezone = 'America/New_York', overtimeMultiplier = 1.5) {
  const o = await createOrg(t.db, { timezone, overtimeMultiplier });
  const admin = await createAdmin(t.db, { bookkeeperOrgId: o.id });
  const company = await createCompany(t.db, { bookkeeperOrgId: o.id });
  return { org: o, admin, company, token: await adminToken(t.tokens, admin) };
}

/** A closed entry starting at `clockIn` (UTC ISO), `hours` long, `overtime` of them overtime. */
async function entry(employee: { id: string; companyId: string }, clockIn: string, hours: number, overtime = 0, jobCode: string | null = null) {
  const start = new Date(clockIn);
  const end = new Date(start.getTime() + hours * HOUR);
  return createTimeEntry(t.db, {
    employeeId: employee.id,
    companyId: employee.companyId,
    clockIn: start,
    clockOut: end,
    clockInRecordedAt: start,
    clockOutRecordedAt: end,
    workedSeconds: Math.round(hours * 3600),
    totalHours: hours,
    regularHours: Math.round((hours - overtime) * 100) / 100,
    overtimeHours: overtime,
    jobCode,
  });
}

const pick = (rows: any[]) => rows.map((r) => [r.key, r.entries, r.totalHours]);

describe('GET /api/v1/admin/reports/hours', () => {
  it('groups by employee (name order), with hours, pay as a timesheet (HOURLY only), totals and the range', async () => {
    const { company, token } = await org('America/New_York', 2);
    const zoe = await createEmployee(t.db, { companyId: company.id, firstName: 'Zoe', lastName: 'Adams', payRate: 10.01, employeeNumber: 'E2' });
    const bob = await createEmployee(t.db, { companyId: company.id, firstName: 'Bob', lastName: 'Adams', payRate: 20, employeeNumber: null });
    const sal = await createEmployee(t.db, { companyId: company.id, firstName: 'Sal', lastName: 'Zed', payType: 'SALARY', payRate: 900, employeeNumber: null });
    await entry(zoe, '2026-03-02T14:00:00Z', 0.17, 0.01);
    await entry(zoe, '2026-03-03T14:00:00Z', 0.16);
    await entry(bob, '2026-03-02T14:00:00Z', 10, 0.5);
    await entry(sal, '2026-03-02T14:00:00Z', 8);
    await entry(bob, '2026-03-01T04:00:00Z', 5); // Feb 28 23:00 local: before the range
    await createTimeEntry(t.db, { employeeId: bob.id, companyId: company.id, clockIn: new Date('2026-03-04T14:00:00Z') }); // open: not counted

    const res = await api.get(URL, { token, query: { startDate: '2026-03-01', endDate: '2026-03-31' } });
    expect(res.status).toBe(200);
    const { data } = res.body;
    expect(data.groupBy).toBe('employee');
    expect(data.timezone).toBe('America/New_York');
    expect(data.range).toEqual({ startDate: '2026-03-01T05:00:00.000Z', endDate: '2026-04-01T03:59:59.999Z' });
    expect(data.rows.map((r: any) => r.label)).toEqual(['Adams, Bob', 'Adams, Zoe (E2)', 'Zed, Sal']);
    expect(data.rows[0]).toEqual({
      key: bob.id,
      label: 'Adams, Bob',
      entries: 1,
      totalHours: 10,
      regularHours: 9.5,
      overtimeHours: 0.5,
      pay: { regular: 190, overtime: 20, total: 210 },
      flags: [],
    });
    // Zoe: 0.32 h regular × 10.01 = 3.2032 → 3.20; 0.01 h × 10.01 × 2 = 0.2002 → 0.20
    expect(data.rows[1]).toMatchObject({ entries: 2, totalHours: 0.33, regularHours: 0.32, overtimeHours: 0.01, pay: { regular: 3.2, overtime: 0.2, total: 3.4 } });
    expect(data.rows[2].pay).toEqual({ regular: 0, overtime: 0, total: 0 });
    expect(data.totals).toEqual({ entries: 4, totalHours: 18.33, regularHours: 17.82, overtimeHours: 0.51, pay: { regular: 193.2, overtime: 20.2, total: 213.4 } });
  });

  it('groups by local day and by Sunday-to-Saturday week across the New York spring-forward week', async () => {
    const { company, token } = await org('America/New_York');
    const e = await createEmployee(t.db, { companyId: company.id });
    await entry(e, '2026-03-08T04:30:00Z', 1); // Sat 7 Mar 23:30 EST
    await entry(e, '2026-03-08T05:30:00Z', 2); // Sun 8 Mar 00:30 EST
    await entry(e, '2026-03-08T08:00:00Z', 3); // Sun 8 Mar 04:00 EDT (after the change)
    await entry(e, '2026-03-15T03:30:00Z', 1); // Sat 14 Mar 23:30 EDT
    await entry(e, '2026-03-15T04:30:00Z', 5); // Sun 15 Mar 00:30 EDT
    const byDay = await api.get(URL, { token, query: { startDate: '2026-03-01', endDate: '2026-03-21', groupBy: 'day' } });
    expect(pick(byDay.body.data.rows)).toEqual([
      ['2026-03-07', 1, 1],
      ['2026-03-08', 2, 5],
      ['2026-03-14', 1, 1],
      ['2026-03-15', 1, 5],
    ]);
    const byWeek = await api.get(URL, { token, query: { startDate: '2026-03-01', endDate: '2026-03-21', groupBy: 'week' } });
    expect(byWeek.body.data.rows.map((r: any) => [r.key, r.label, r.totalHours])).toEqual([
      ['2026-03-01', 'Week of 2026-03-01', 1],
      ['2026-03-08', 'Week of 2026-03-08', 6],
      ['2026-03-15', 'Week of 2026-03-15', 5],
    ]);
  });

  it('groups by local week across the Sydney fall-back week (the clock goes back on Sunday 5 April)', async () => {
    const { company, token } = await org('Australia/Sydney');
    const e = await createEmployee(t.db, { companyId: company.id });
    await entry(e, '2026-04-04T12:30:00Z', 1); // Sat 4 Apr 23:30 AEDT
    await entry(e, '2026-04-04T13:30:00Z', 2); // Sun 5 Apr 00:30 AEDT
    await entry(e, '2026-04-11T13:30:00Z', 1); // Sat 11 Apr 23:30 AEST
    await entry(e, '2026-04-11T14:30:00Z', 4); // Sun 12 Apr 00:30 AEST
    const byWeek = await api.get(URL, { token, query: { startDate: '2026-03-29', endDate: '2026-04-18', groupBy: 'week' } });
    expect(pick(byWeek.body.data.rows)).toEqual([
      ['2026-03-29', 1, 1],
      ['2026-04-05', 2, 3],
      ['2026-04-12', 1, 4],
    ]);
    const byDay = await api.get(URL, { token, query: { startDate: '2026-04-04', endDate: '2026-04-05', groupBy: 'day' } });
    expect(pick(byDay.body.data.rows)).toEqual([
      ['2026-04-04', 1, 1],
      ['2026-04-05', 1, 2],
    ]);
  });

  it('groups by job code with the empty one last; filters by employee and by pay period', async () => {
    const { company, token } = await org();
    const a = await createEmployee(t.db, { companyId: company.id });
    const b = await createEmployee(t.db, { companyId: company.id });
    await entry(a, '2026-03-02T14:00:00Z', 1, 0, 'ROOF');
    await entry(a, '2026-03-03T14:00:00Z', 2, 0, null);
    await entry(b, '2026-03-04T14:00:00Z', 4, 0, 'ALARM');
    await entry(b, '2026-03-20T14:00:00Z', 8, 0, 'ROOF');
    const byJob = await api.get(URL, { token, query: { startDate: '2026-03-01', endDate: '2026-03-31', groupBy: 'jobCode' } });
    expect(byJob.body.data.rows.map((r: any) => [r.key, r.label, r.totalHours])).toEqual([
      ['ALARM', 'ALARM', 4],
      ['ROOF', 'ROOF', 9],
      [null, '(no job code)', 2],
    ]);
    const onlyA = await api.get(URL, { token, query: { startDate: '2026-03-01', endDate: '2026-03-31', employeeId: a.id, groupBy: 'jobCode' } });
    expect(pick(onlyA.body.data.rows)).toEqual([['ROOF', 1, 1], [null, 1, 2]]);
    const period = await createPayPeriod(t.db, { companyId: company.id, startDate: new Date('2026-03-01T05:00:00Z'), endDate: new Date('2026-03-15T03:59:59.999Z') });
    const byPeriod = await api.get(URL, { token, query: { payPeriodId: period.id } });
    expect(byPeriod.body.data.totals.totalHours).toBe(7);
    expect(byPeriod.body.data.range).toEqual({ startDate: '2026-03-01T05:00:00.000Z', endDate: '2026-03-15T03:59:59.999Z' });
  });

  it('answers CSV for Accept: text/csv and format=csv, with formula-looking names neutralised', async () => {
    const { company, token } = await org();
    const e = await createEmployee(t.db, { companyId: company.id, firstName: '@SUM(A1)', lastName: '=HYPERLINK("x")', payRate: 20, employeeNumber: null });
    await entry(e, '2026-03-02T14:00:00Z', 8, 0, '-5');
    for (const options of [{ headers: { accept: 'text/csv' } }, { query: { format: 'csv' } }]) {
      const res = await api.get(URL, { token, ...options, query: { startDate: '2026-03-01', endDate: '2026-03-31', groupBy: 'employee', ...(options.query ?? {}) } });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="hours-employee-/);
      const lines = res.raw.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe('Key,Label,Entries,Total Hours,Regular Hours,Overtime Hours,Regular Pay,Overtime Pay,Total Pay,Flags');
      expect(lines[1]).toBe(`${e.id},"'=HYPERLINK(""x""), @SUM(A1)",1,8.00,8.00,0.00,160.00,0.00,160.00,`);
      expect(lines).toHaveLength(3);
    }
    const byJob = await api.get(URL, { token, query: { startDate: '2026-03-01', endDate: '2026-03-31', groupBy: 'jobCode', format: 'csv' } });
    expect(byJob.raw.split('\r\n')[1]).toMatch(/^'-5,'-5,1,/);
  });

  it('keeps to the tenant: another organization is 403, unknown and non-UUID ids 404, nothing of other tenants counted', async () => {
    const mine = await org();
    const theirs = await org();
    const stranger = await createEmployee(t.db, { companyId: theirs.company.id });
    await entry(stranger, '2026-03-02T14:00:00Z', 8);
    const range = { startDate: '2026-03-01', endDate: '2026-03-31' };
    const own = await api.get(URL, { token: mine.token, query: range });
    expect(own.body.data.rows).toEqual([]);
    for (const query of [{ companyId: theirs.company.id }, { employeeId: stranger.id }]) {
      const res = await api.get(URL, { token: mine.token, query: { ...range, ...query } });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Access denied');
    }
    const period = await createPayPeriod(t.db, { companyId: theirs.company.id, startDate: new Date('2026-03-01T05:00:00Z'), endDate: new Date('2026-03-14T03:59:59Z') });
    expect((await api.get(URL, { token: mine.token, query: { payPeriodId: period.id } })).status).toBe(403);
    for (const [query, label] of [
      [{ companyId: '00000000-0000-4000-8000-000000000000' }, 'Company not found'],
      [{ companyId: 'nope' }, 'Company not found'],
      [{ employeeId: 'x'.repeat(100) }, 'Employee not found'],
      [{ payPeriodId: '00000000-0000-4000-8000-000000000000' }, 'Pay period not found'],
    ] as const) {
      const res = await api.get(URL, { token: mine.token, query: { ...range, ...query } });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(label);
    }
    // An employee of another company than the one named is not part of it.
    const sibling = await createCompany(t.db, { bookkeeperOrgId: mine.org.id });
    const worker = await createEmployee(t.db, { companyId: sibling.id });
    const res = await api.get(URL, { token: mine.token, query: { ...range, companyId: mine.company.id, employeeId: worker.id } });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Employee not found');
  });

  it('takes the organization, and so the zone of its dates, from a named employee: a SUPER_ADMIN reads another firm\u2019s week (docs/time-rules.md §15)', async () => {
    const mine = await org('America/New_York');
    const superAdmin = await createAdmin(t.db, { bookkeeperOrgId: mine.org.id, role: 'SUPER_ADMIN' });
    const token = await adminToken(t.tokens, superAdmin);
    const theirs = await org('America/Los_Angeles');
    const worker = await createEmployee(t.db, { companyId: theirs.company.id });
    // 05:30 UTC on 5 March is the evening of 4 March in Los Angeles, already 5 March in New York.
    await entry(worker, '2026-03-05T05:30:00Z', 4);
    const named = await api.get(URL, { token, query: { startDate: '2026-03-04', endDate: '2026-03-04', employeeId: worker.id } });
    expect(named.status).toBe(200);
    expect(named.body.data.timezone).toBe('America/Los_Angeles');
    expect(named.body.data.rows.map((row: { key: string; totalHours: number }) => [row.key, row.totalHours])).toEqual([[worker.id, 4]]);
    // Without a named record the report is the caller's own organization's, in its zone.
    const own = await api.get(URL, { token, query: { startDate: '2026-03-04', endDate: '2026-03-04' } });
    expect(own.body.data.timezone).toBe('America/New_York');
    expect(own.body.data.rows).toEqual([]);
  });

  it.each([
    [{}, 400, 'Validation failed', /startDate/],
    [{ startDate: '2026-03-01' }, 400, 'Validation failed', /endDate/],
    [{ startDate: '2026-02-30', endDate: '2026-03-31' }, 400, 'Invalid date format', /startDate/],
    [{ startDate: '2026-03-31', endDate: '2026-03-01' }, 400, 'Invalid date range', /after/],
    [{ startDate: '2027-01-01', endDate: '2028-01-02' }, 400, 'Invalid date range', /366/],
    [{ startDate: '2026-03-01', endDate: '2026-03-31', groupBy: 'month' }, 400, 'Validation failed', /groupBy/],
    [{ startDate: '2026-03-01', endDate: '2026-03-31', format: 'xlsx' }, 400, 'Validation failed', /format/],
  ])('refuses %j with %i %s', async (query, status, label, message) => {
    const { token } = await org();
    const res = await api.get(URL, { token, query });
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(label);
    expect(res.body.message).toMatch(message);
  });

  it('answers every one of more reports at once than it runs at once (docs/api.md §11: the rest wait their turn)', async () => {
    // The report runs two per core at a time (src/http/costly-reads.ts); a slot that were not
    // given back when its answer is sent would leave the later requests waiting for ever.
    const { company, token } = await org();
    const employee = await createEmployee(t.db, { companyId: company.id });
    await createTimeEntry(t.db, {
      employeeId: employee.id,
      companyId: company.id,
      clockIn: new Date('2026-03-02T14:00:00.000Z'),
      clockOut: new Date('2026-03-02T22:00:00.000Z'),
      totalHours: 8,
      regularHours: 8,
    });
    const query = { startDate: '2026-03-01', endDate: '2026-03-07' };
    const answers = await Promise.all(Array.from({ length: 4 * availableParallelism() + 3 }, () => api.get(URL, { token, query })));
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((res) => res.body.data.totals.totalHours))).toEqual(new Set([8]));
  });

  it('accepts a whole leap year (366 days)', async () => {
    const { token } = await org();
    expect((await api.get(URL, { token, query: { startDate: '2028-01-01', endDate: '2028-12-31' } })).status).toBe(200);
  });

  it('answers a year of a 200-employee company in one request', async () => {
    const { company, token } = await org();
    // 200 employees × 250 working days: 50,000 closed entries, 8 h each, job codes A-D.
    await t.db.execute(sql`
      with emp as (
        insert into employees (company_id, first_name, last_name, phone, pin_hash, pay_rate)
        select ${company.id}::uuid, 'W', 'Worker ' || lpad(n::text, 3, '0'), '+1555' || lpad(n::text, 7, '0'), 'x', 20 + (n % 7)
        from generate_series(1, 200) n returning id
      )
      insert into time_entries (employee_id, company_id, clock_in, clock_out, clock_in_recorded_at, clock_out_recorded_at,
                                worked_seconds, total_hours, regular_hours, overtime_hours, job_code)
      select emp.id, ${company.id}::uuid, ts, ts + interval '8 hours', ts, ts + interval '8 hours', 28800, 8, 8, 0,
             (array['A', 'B', 'C', 'D'])[1 + (d % 4)]
      from emp, generate_series(0, 249) d, lateral (select timestamptz '2025-01-06 14:00:00+00' + d * interval '1 day' + (d / 5) * interval '2 days' as ts) x`);
    const started = performance.now();
    const res = await api.get(URL, { token, query: { companyId: company.id, startDate: '2025-01-01', endDate: '2025-12-31' } });
    const elapsed = performance.now() - started;
    expect(res.status).toBe(200);
    expect(res.body.data.rows).toHaveLength(200);
    expect(res.body.data.totals.entries).toBe(50_000);
    expect(res.body.data.totals.totalHours).toBe(400_000);
    const byWeek = await api.get(URL, { token, query: { companyId: company.id, startDate: '2025-01-01', endDate: '2025-12-31', groupBy: 'week' } });
    expect(byWeek.body.data.rows).toHaveLength(50);
    console.info(`hours report, 200 employees × 250 entries: ${elapsed.toFixed(0)} ms`);
    expect(elapsed).toBeLessThan(15_000);
    // Loading 50,000 entries into in-memory PGlite on a busy machine takes most of this.
  }, 120_000);
});
