// POST /api/v1/admin/pay-periods (docs/time-rules.md §4, §5; docs/api.md §9).
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeEntries } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAdmin, createEmployee, createOrg, createPayPeriod, createTimeEntry } from '../helpers/factories.ts';
import { adminToken } from '../helpers/http.ts';
import { auditRows, createWorld, freshCompany, URL, type World } from './fixtures.ts';
import { expectPayPeriod } from './shapes.ts';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(async () => t.close());

/** A new company of organization A (New York time) and the POST as its admin. */
async function createFor(body: Record<string, unknown>, token = w.tokenA) {
  return w.api.post(URL, body, { token });
}

async function newCompanyA() {
  return (await freshCompany(t.db, w.orgA.id)).company;
}

describe('POST /api/v1/admin/pay-periods', () => {
  it('creates an OPEN, unlocked period with company and message (201)', async () => {
    const company = await newCompanyA();
    const res = await createFor({ companyId: company.id, periodType: 'WEEKLY', startDate: '2026-04-05' });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe('Pay period created successfully');
    const period = res.body.data;
    expectPayPeriod(period);
    expect(period).toMatchObject({
      companyId: company.id,
      company: { id: company.id, name: company.name },
      periodType: 'WEEKLY',
      status: 'OPEN',
      locked: false,
      payDate: null,
      exportedBy: null,
      exportedAt: null,
      iifFilename: null,
      // America/New_York, daylight time (UTC-4): the start and the end of the local days.
      startDate: '2026-04-05T04:00:00.000Z',
      endDate: '2026-04-12T03:59:59.999Z',
    });
  });

  // docs/time-rules.md §4: the last local day at 23:59:59.999, by calendar arithmetic in the org's zone.
  it.each([
    ['WEEKLY', '2026-04-05', '2026-04-05T04:00:00.000Z', '2026-04-12T03:59:59.999Z'], // Apr 5 -> Apr 11
    ['BI_WEEKLY', '2026-03-01', '2026-03-01T05:00:00.000Z', '2026-03-15T03:59:59.999Z'], // EST start, EDT end (Mar 8)
    ['SEMI_MONTHLY', '2026-02-01', '2026-02-01T05:00:00.000Z', '2026-02-16T04:59:59.999Z'], // 1st-15th
    ['SEMI_MONTHLY', '2026-02-16', '2026-02-16T05:00:00.000Z', '2026-03-01T04:59:59.999Z'], // 16th-month end
    ['MONTHLY', '2026-01-31', '2026-01-31T05:00:00.000Z', '2026-02-28T04:59:59.999Z'], // Feb 28 clamped - 1 = Feb 27
    ['MONTHLY', '2028-01-31', '2028-01-31T05:00:00.000Z', '2028-02-29T04:59:59.999Z'], // leap year: Feb 29 - 1 = Feb 28
    ['MONTHLY', '2026-10-15', '2026-10-15T04:00:00.000Z', '2026-11-15T04:59:59.999Z'], // across the fall-back (Nov 1)
  ])('computes the endDate of a %s period starting %s', async (periodType, startDate, start, end) => {
    const company = await newCompanyA();
    const res = await createFor({ companyId: company.id, periodType, startDate });
    expect(res.status).toBe(201);
    expect(res.body.data.startDate).toBe(start);
    expect(res.body.data.endDate).toBe(end);
    expect(res.body.data.periodType).toBe(periodType);
  });

  it('reads date-only inputs in the organization time zone (Asia/Tokyo)', async () => {
    const tokyo = await createOrg(t.db, { timezone: 'Asia/Tokyo' });
    const admin = await createAdmin(t.db, { bookkeeperOrgId: tokyo.id });
    const { company } = await freshCompany(t.db, tokyo.id);
    const res = await createFor(
      { companyId: company.id, periodType: 'WEEKLY', startDate: '2026-04-05', payDate: '2026-04-15' },
      await adminToken(t.tokens, admin),
    );
    expect(res.status).toBe(201);
    expect(res.body.data.startDate).toBe('2026-04-04T15:00:00.000Z');
    expect(res.body.data.endDate).toBe('2026-04-11T14:59:59.999Z');
    expect(res.body.data.payDate).toBe('2026-04-14T15:00:00.000Z');
  });

  it('takes a full ISO datetime as given and an explicit date-only endDate as the end of that day', async () => {
    const company = await newCompanyA();
    const res = await createFor({
      companyId: company.id,
      periodType: 'SEMI_MONTHLY',
      startDate: '2026-06-01T12:30:00.000Z',
      endDate: '2026-06-10',
      payDate: '2026-06-12T09:00:00-04:00',
    });
    expect(res.status).toBe(201);
    expect(res.body.data.startDate).toBe('2026-06-01T12:30:00.000Z');
    expect(res.body.data.endDate).toBe('2026-06-11T03:59:59.999Z');
    expect(res.body.data.payDate).toBe('2026-06-12T13:00:00.000Z');
  });

  it('computes the endDate from the local date of a datetime start', async () => {
    const company = await newCompanyA();
    // 02:00Z on June 2 is still June 1 in New York.
    const res = await createFor({ companyId: company.id, periodType: 'WEEKLY', startDate: '2026-06-02T02:00:00Z' });
    expect(res.status).toBe(201);
    expect(res.body.data.startDate).toBe('2026-06-02T02:00:00.000Z');
    expect(res.body.data.endDate).toBe('2026-06-08T03:59:59.999Z');
  });

  it('accepts a one-day period (endDate equal to startDate)', async () => {
    const company = await newCompanyA();
    const res = await createFor({ companyId: company.id, periodType: 'WEEKLY', startDate: '2026-07-01', endDate: '2026-07-01' });
    expect(res.status).toBe(201);
    expect(res.body.data.startDate).toBe('2026-07-01T04:00:00.000Z');
    expect(res.body.data.endDate).toBe('2026-07-02T03:59:59.999Z');
  });

  describe('overlap (closed intervals, decided by the database)', () => {
    it('rejects identical, partial, containing and one-instant overlaps with 400 Overlapping pay period', async () => {
      const company = await newCompanyA();
      const first = await createFor({ companyId: company.id, periodType: 'WEEKLY', startDate: '2026-04-05' });
      expect(first.status).toBe(201);
      const attempts = [
        { periodType: 'WEEKLY', startDate: '2026-04-05' },
        { periodType: 'WEEKLY', startDate: '2026-04-10' },
        { periodType: 'MONTHLY', startDate: '2026-04-01' },
        { periodType: 'WEEKLY', startDate: '2026-04-07', endDate: '2026-04-08' },
        // Starts at the very millisecond the first one ends: they share an instant.
        { periodType: 'WEEKLY', startDate: '2026-04-12T03:59:59.999Z' },
      ];
      for (const attempt of attempts) {
        const res = await createFor({ companyId: company.id, ...attempt });
        expect(res.status, JSON.stringify(attempt)).toBe(400);
        expect(res.body).toEqual({ success: false, error: 'Overlapping pay period' });
      }
    });

    it('allows touching periods (23:59:59.999 then 00:00 the next day)', async () => {
      const company = await newCompanyA();
      const middle = await createFor({ companyId: company.id, periodType: 'WEEKLY', startDate: '2026-04-05' });
      const after = await createFor({ companyId: company.id, periodType: 'WEEKLY', startDate: '2026-04-12' });
      const before = await createFor({ companyId: company.id, periodType: 'WEEKLY', startDate: '2026-03-29' });
      expect([middle.status, after.status, before.status]).toEqual([201, 201, 201]);
      expect(before.body.data.endDate).toBe('2026-04-05T03:59:59.999Z');
      expect(middle.body.data.startDate).toBe('2026-04-05T04:00:00.000Z');
      expect(middle.body.data.endDate).toBe('2026-04-12T03:59:59.999Z');
      expect(after.body.data.startDate).toBe('2026-04-12T04:00:00.000Z');
    });

    it('allows the same dates in another company', async () => {
      const one = await newCompanyA();
      const two = await newCompanyA();
      expect((await createFor({ companyId: one.id, periodType: 'WEEKLY', startDate: '2026-04-05' })).status).toBe(201);
      expect((await createFor({ companyId: two.id, periodType: 'WEEKLY', startDate: '2026-04-05' })).status).toBe(201);
    });
  });

  it('links the company’s unassigned entries whose clockIn it covers, and only those', async () => {
    const { company, employee: e1 } = await freshCompany(t.db, w.orgA.id);
    const e2 = await createEmployee(t.db, { companyId: company.id });
    const other = await freshCompany(t.db, w.orgA.id);
    const earlier = await createPayPeriod(t.db, {
      companyId: company.id,
      startDate: new Date('2026-01-04T05:00:00.000Z'),
      endDate: new Date('2026-01-11T04:59:59.999Z'),
    });
    const hour = 3_600_000;
    const at = (iso: string, hours: number | null) => ({
      clockIn: new Date(iso),
      clockOut: hours === null ? null : new Date(new Date(iso).getTime() + hours * hour),
    });
    // The period will be 2026-05-03T04:00:00.000Z .. 2026-05-10T03:59:59.999Z.
    const atStart = await createTimeEntry(t.db, { employeeId: e1.id, companyId: company.id, ...at('2026-05-03T04:00:00.000Z', 1) });
    const inside = await createTimeEntry(t.db, { employeeId: e1.id, companyId: company.id, ...at('2026-05-05T14:00:00.000Z', 8) });
    const atEnd = await createTimeEntry(t.db, { employeeId: e2.id, companyId: company.id, ...at('2026-05-10T03:59:59.999Z', null) });
    const before = await createTimeEntry(t.db, { employeeId: e2.id, companyId: company.id, ...at('2026-05-03T03:59:59.000Z', 0.1) });
    const alreadyLinked = await createTimeEntry(t.db, {
      employeeId: e2.id,
      companyId: company.id,
      payPeriodId: earlier.id,
      ...at('2026-05-06T14:00:00.000Z', 8),
    });
    const otherCompany = await createTimeEntry(t.db, {
      employeeId: other.employee.id,
      companyId: other.company.id,
      ...at('2026-05-05T14:00:00.000Z', 8),
    });

    const res = await createFor({ companyId: company.id, periodType: 'WEEKLY', startDate: '2026-05-03' });
    expect(res.status).toBe(201);
    const periodId = res.body.data.id;
    const ids = [atStart, inside, atEnd, before, alreadyLinked, otherCompany].map((entry) => entry.id);
    const rows = await t.db.select({ id: timeEntries.id, payPeriodId: timeEntries.payPeriodId }).from(timeEntries).where(inArray(timeEntries.id, ids));
    const linkOf = Object.fromEntries(rows.map((row) => [row.id, row.payPeriodId]));
    expect(linkOf[atStart.id]).toBe(periodId);
    expect(linkOf[inside.id]).toBe(periodId);
    expect(linkOf[atEnd.id]).toBe(periodId);
    expect(linkOf[before.id]).toBeNull();
    expect(linkOf[alreadyLinked.id]).toBe(earlier.id);
    expect(linkOf[otherCompany.id]).toBeNull();

    const list = await w.api.get(URL, { token: w.tokenA, query: { companyId: company.id } });
    const created = list.body.data.items.find((item: any) => item.id === periodId);
    expect(created._count.timeEntries).toBe(3);
  });

  it('audit-logs pay_period.create', async () => {
    const company = await newCompanyA();
    const res = await createFor({ companyId: company.id, periodType: 'BI_WEEKLY', startDate: '2026-08-02' });
    expect(res.status).toBe(201);
    const [row] = await auditRows(t.db, 'pay_period.create', res.body.data.id);
    expect(row).toMatchObject({ actorType: 'admin', actorId: w.adminA.id, bookkeeperOrgId: w.orgA.id, entityType: 'pay_period' });
    expect((row!.details as any).after.startDate).toBe('2026-08-02T04:00:00.000Z');
  });

  it('ignores fields the endpoint does not list (status, locked, id)', async () => {
    const company = await newCompanyA();
    const id = randomUUID();
    const res = await createFor({
      companyId: company.id,
      periodType: 'WEEKLY',
      startDate: '2026-09-06',
      status: 'PAID',
      locked: true,
      id,
      exportedBy: 'mallory',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'OPEN', locked: false, exportedBy: null });
    expect(res.body.data.id).not.toBe(id);
  });

  describe('bad input', () => {
    it.each([
      ['an impossible date', { startDate: '2026-02-30' }, 'startDate: must be a valid date'],
      ['an impossible time', { startDate: '2026-04-05T25:00:00Z' }, 'startDate: must be a valid date'],
      ['free text', { startDate: 'April 5th' }, 'startDate: must be a valid date'],
      ['a year before 1970', { startDate: '1969-12-31' }, 'startDate: must be a valid date'],
      ['a missing startDate', { startDate: undefined }, 'startDate: is required'],
      ['an impossible endDate', { endDate: '2026-02-29' }, 'endDate: must be a valid date'],
      ['endDate before startDate', { endDate: '2026-04-04' }, 'endDate: must not be before startDate'],
      ['an impossible payDate', { payDate: '2026-13-01' }, 'payDate: must be a valid date'],
      ['an unknown periodType', { periodType: 'DAILY' }, 'periodType: must be one of WEEKLY, BI_WEEKLY, SEMI_MONTHLY, MONTHLY'],
      ['a missing periodType', { periodType: undefined }, 'periodType: is required'],
      ['a number for startDate', { startDate: 20260405 }, 'startDate: must be a string'],
      ['a missing companyId', { companyId: undefined }, 'companyId: is required'],
    ])('rejects %s with 400 Validation failed', async (_name, change, message) => {
      const company = await newCompanyA();
      const body: Record<string, unknown> = { companyId: company.id, periodType: 'WEEKLY', startDate: '2026-04-05', ...change };
      for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
      const res = await createFor(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error: 'Validation failed', message });
    });
  });

  describe('companies and tenants', () => {
    it('answers 404 Company not found for an unknown or non-UUID companyId', async () => {
      for (const companyId of [randomUUID(), 'not-a-uuid']) {
        const res = await createFor({ companyId, periodType: 'WEEKLY', startDate: '2026-04-05' });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ success: false, error: 'Company not found' });
      }
    });

    it('answers 403 Access denied for another organization’s company, before any date check', async () => {
      for (const startDate of ['2026-04-05', '2026-02-30']) {
        const res = await createFor({ companyId: w.companyB.id, periodType: 'WEEKLY', startDate });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ success: false, error: 'Access denied' });
      }
    });

    it('lets a SUPER_ADMIN create a period for any organization’s company', async () => {
      const { company } = await freshCompany(t.db, w.orgB.id);
      const res = await createFor({ companyId: company.id, periodType: 'MONTHLY', startDate: '2026-04-01' }, w.superToken);
      expect(res.status).toBe(201);
      expect(res.body.data.companyId).toBe(company.id);
    });

    it('answers 401 without a token and 403 to an employee token', async () => {
      const company = await newCompanyA();
      const body = { companyId: company.id, periodType: 'WEEKLY', startDate: '2026-04-05' };
      const anonymous = await w.api.post(URL, body);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ success: false, error: 'Authentication required' });
      const employee = await w.api.post(URL, body, { token: w.employeeTokenB });
      expect(employee.status).toBe(403);
      expect(employee.body.error).toBe('Access denied. Required role: admin');
    });
  });
});
