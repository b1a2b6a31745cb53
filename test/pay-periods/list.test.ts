// GET /api/v1/admin/pay-periods (docs/api.md §7, §9).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAdmin, createCompany, createEmployee, createOrg, createPayPeriod, createTimeEntry } from '../helpers/factories.ts';
import { adminToken } from '../helpers/http.ts';
import { createWorld, URL, type World } from './fixtures.ts';
import { expectPage, expectPayPeriodListItem, STATUSES } from './shapes.ts';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(async () => t.close());

/** A fresh organization of its own, so that its list holds exactly what the test puts there. */
async function freshTenant(role: 'ADMIN' | 'SUPER_ADMIN' = 'ADMIN') {
  const org = await createOrg(t.db);
  const admin = await createAdmin(t.db, { bookkeeperOrgId: org.id, role });
  return { org, token: await adminToken(t.tokens, admin) };
}

/** A week starting on `day` (a UTC date), as a factory-made period. */
function week(companyId: string, day: string, values: Record<string, unknown> = {}) {
  const start = new Date(`${day}T05:00:00.000Z`);
  return createPayPeriod(t.db, { companyId, startDate: start, endDate: new Date(start.getTime() + 7 * 86_400_000 - 1), ...values });
}

describe('GET /api/v1/admin/pay-periods', () => {
  it('lists the organization’s periods newest start first, with company and _count.timeEntries', async () => {
    const { org, token } = await freshTenant();
    const c1 = await createCompany(t.db, { bookkeeperOrgId: org.id });
    const c2 = await createCompany(t.db, { bookkeeperOrgId: org.id });
    const employee = await createEmployee(t.db, { companyId: c1.id });
    const january = await week(c1.id, '2026-01-04');
    const march = await week(c1.id, '2026-03-01');
    const february = await week(c2.id, '2026-02-01');
    const marchToo = await week(c2.id, '2026-03-01');
    for (const day of ['2026-03-02', '2026-03-03']) {
      await createTimeEntry(t.db, {
        employeeId: employee.id,
        companyId: c1.id,
        payPeriodId: march.id,
        clockIn: new Date(`${day}T14:00:00.000Z`),
        clockOut: new Date(`${day}T22:00:00.000Z`),
        totalHours: 8,
        regularHours: 8,
        overtimeHours: 0,
      });
    }
    await week(w.companyB.id, '2026-05-03'); // another organization's: never listed

    const res = await w.api.get(URL, { token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expectPage(res.body.data, { total: 4, page: 1, pageSize: 20 });
    const items = res.body.data.items;
    items.forEach(expectPayPeriodListItem);
    // Same start: the id decides, so pages never shuffle.
    const [firstMarch, secondMarch] = [march, marchToo].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(items.map((item: any) => item.id)).toEqual([firstMarch!.id, secondMarch!.id, february.id, january.id]);
    const byId = Object.fromEntries(items.map((item: any) => [item.id, item]));
    expect(byId[march.id]._count).toEqual({ timeEntries: 2 });
    expect(byId[january.id]._count).toEqual({ timeEntries: 0 });
    expect(byId[february.id].company).toEqual({ id: c2.id, name: c2.name });
    expect(byId[march.id]).toMatchObject({ startDate: '2026-03-01T05:00:00.000Z', endDate: '2026-03-08T04:59:59.999Z', status: 'OPEN', locked: false });
  });

  it('filters by each of the five statuses', async () => {
    const { org, token } = await freshTenant();
    const company = await createCompany(t.db, { bookkeeperOrgId: org.id });
    const ids: Record<string, string> = {};
    for (const [index, status] of STATUSES.entries()) {
      ids[status] = (await week(company.id, `2026-0${index + 1}-04`, { status })).id;
    }
    for (const status of STATUSES) {
      const res = await w.api.get(URL, { token, query: { status } });
      expect(res.status, status).toBe(200);
      expectPage(res.body.data, { total: 1, page: 1, pageSize: 20 });
      expect(res.body.data.items[0]).toMatchObject({ id: ids[status], status });
    }
  });

  it('rejects an unknown status and bad pagination with 400 Validation failed', async () => {
    for (const query of [{ status: 'DONE' }, { status: 'open' }, { pageSize: 101 }, { page: 0 }, { pageSize: 'many' }]) {
      const res = await w.api.get(URL, { token: w.tokenA, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error).toBe('Validation failed');
      expect(res.body.message).toMatch(/^(status|page|pageSize): /);
    }
  });

  it('filters by companyId, alone and with status', async () => {
    const { org, token } = await freshTenant();
    const c1 = await createCompany(t.db, { bookkeeperOrgId: org.id });
    const c2 = await createCompany(t.db, { bookkeeperOrgId: org.id });
    const open = await week(c1.id, '2026-01-04');
    const paid = await week(c1.id, '2026-01-11', { status: 'PAID' });
    await week(c2.id, '2026-01-04');

    const all = await w.api.get(URL, { token, query: { companyId: c1.id } });
    expect(all.status).toBe(200);
    expect(all.body.data.items.map((item: any) => item.id)).toEqual([paid.id, open.id]);
    const onlyPaid = await w.api.get(URL, { token, query: { companyId: c1.id, status: 'PAID' } });
    expect(onlyPaid.body.data.items.map((item: any) => item.id)).toEqual([paid.id]);
    const onlyClosed = await w.api.get(URL, { token, query: { companyId: c1.id, status: 'CLOSED' } });
    expectPage(onlyClosed.body.data, { total: 0, page: 1, pageSize: 20 });
    expect(onlyClosed.body.data.items).toEqual([]);
  });

  it('answers 403 Access denied for another organization’s companyId', async () => {
    const res = await w.api.get(URL, { token: w.tokenA, query: { companyId: w.companyB.id } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'Access denied' });
  });

  it('answers 404 Company not found for an unknown or non-UUID companyId', async () => {
    for (const companyId of [randomUUID(), 'nope']) {
      const res = await w.api.get(URL, { token: w.tokenA, query: { companyId } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'Company not found' });
    }
  });

  it('shows a SUPER_ADMIN its own organization without companyId, and any company with it', async () => {
    const { org, token } = await freshTenant('SUPER_ADMIN');
    const own = await createCompany(t.db, { bookkeeperOrgId: org.id });
    const mine = await week(own.id, '2026-01-04');
    const theirs = await week(w.companyB.id, '2027-01-03');

    const plain = await w.api.get(URL, { token });
    expect(plain.status).toBe(200);
    expectPage(plain.body.data, { total: 1, page: 1, pageSize: 20 });
    expect(plain.body.data.items[0].id).toBe(mine.id);

    const named = await w.api.get(URL, { token, query: { companyId: w.companyB.id } });
    expect(named.status).toBe(200);
    expect(named.body.data.items.map((item: any) => item.id)).toContain(theirs.id);
  });

  it('pages with page and pageSize (defaults 1 and 20)', async () => {
    const { org, token } = await freshTenant();
    const company = await createCompany(t.db, { bookkeeperOrgId: org.id });
    const periods = [];
    for (const day of ['2026-01-04', '2026-01-11', '2026-01-18']) periods.push(await week(company.id, day));

    const first = await w.api.get(URL, { token, query: { pageSize: 2 } });
    expectPage(first.body.data, { total: 3, page: 1, pageSize: 2 });
    expect(first.body.data.items.map((item: any) => item.id)).toEqual([periods[2]!.id, periods[1]!.id]);
    const second = await w.api.get(URL, { token, query: { pageSize: 2, page: 2 } });
    expectPage(second.body.data, { total: 3, page: 2, pageSize: 2 });
    expect(second.body.data.items.map((item: any) => item.id)).toEqual([periods[0]!.id]);
    const beyond = await w.api.get(URL, { token, query: { page: 5 } });
    expectPage(beyond.body.data, { total: 3, page: 5, pageSize: 20 });
    expect(beyond.body.data.items).toEqual([]);
  });

  it('answers 401 without a token and 403 to an employee token', async () => {
    expect((await w.api.get(URL)).status).toBe(401);
    const res = await w.api.get(URL, { token: w.employeeTokenB });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Access denied. Required role: admin');
  });
});
