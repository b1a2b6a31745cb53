// Starting the next pay periods, in headless Chromium against the real service: each active
// company's latest period and the next one (the day after, same type, the service's end), the due
// ones ticked, the ticked ones created through the API, a period someone else created meanwhile
// refused on its row, a lost answer sent again without a second period, a company without periods, Spanish, axe and a screenshot of every state.
import { asc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payPeriods } from '../../../src/db/schema.ts';
import { createCompany, unique } from '../../helpers/factories.ts';
import { adminToken, request } from '../../helpers/http.ts';
import { checkPage, openConsole, signInAs, startConsoleHarness, tenantWithAdmin, type ConsoleHarness } from './harness.ts';

let h: ConsoleHarness;
beforeAll(async () => {
  h = await startConsoleHarness();
}, 120_000);
afterAll(async () => h?.close());

/** `YYYY-MM-DD` in New York, `days` from today. */
const nyDay = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(Date.now() + days * 86_400_000));
const dayAfter = (date: string) => new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const periodsOf = (companyId: string) =>
  h.t.db.select().from(payPeriods).where(eq(payPeriods.companyId, companyId)).orderBy(asc(payPeriods.startDate));

/** The query strings of the page's reads of the pay-period list from now on, but the list page's own read of its first 20. */
function periodReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === '/api/v1/admin/pay-periods' && url.searchParams.get('pageSize') !== '20') reads.push(url.search);
  });
  return reads;
}

describe('starting the next pay periods', () => {
  it('ticks the due ones, creates the ticked ones and says on its row why one was not created', async () => {
    const { admin, org } = await tenantWithAdmin(h);
    const token = await adminToken(h.t.tokens, admin);
    const create = async (companyId: string, periodType: string, startDate: string) => {
      const res = await request(h.t.app, 'POST', '/api/v1/admin/pay-periods', { token, body: { companyId, periodType, startDate } });
      expect(res.status).toBe(201);
      return res.body.data;
    };
    const weekly = await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: unique('A Weekly Diner') });
    const twice = await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: unique('B Twice Bakery') });
    const ahead = await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: unique('C Monthly Garage') });
    const fresh = await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: unique('D New Salon') });
    await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: unique('E Closed Shop'), active: false });
    // Weekly: the latest ended yesterday (an older one before it). Twice a month: the latest ends
    // within the week. Monthly: the latest runs another month, so its next is not due.
    await create(weekly.id, 'WEEKLY', nyDay(-14));
    await create(weekly.id, 'WEEKLY', nyDay(-7));
    await create(twice.id, 'SEMI_MONTHLY', '2026-11-16');
    await create(ahead.id, 'MONTHLY', nyDay(0));

    const { context, page, problems } = await openConsole(h, '/admin/pay-periods');
    page.setDefaultTimeout(10_000);
    await signInAs(page, admin);
    // The latest periods come from the organization's newest periods in one read; only the company
    // without any is read on its own.
    const reads = periodReads(page);
    await page.getByRole('link', { name: 'Start next periods' }).click();
    await page.getByRole('heading', { name: 'Start the next pay periods' }).waitFor();
    const table = page.getByRole('table', { name: 'Your companies’ next pay periods' });
    const row = (name: string) => table.getByRole('row', { name: new RegExp(name) });
    const pick = (name: string) => page.getByRole('checkbox', { name: `Start the next period of ${name}` });
    await row(weekly.name).waitFor();
    expect(await table.getByRole('row').count()).toBe(5);
    expect(await row('E Closed Shop').count()).toBe(0);
    expect(await pick(weekly.name).isChecked()).toBe(true);
    expect(await pick(ahead.name).isChecked()).toBe(false);
    expect(await row(weekly.name).textContent()).toContain('Weekly');
    expect(await row(fresh.name).textContent()).toContain('No pay period yet: create its first one with “New pay period”.');
    expect(await pick(fresh.name).count()).toBe(0);
    expect(await row(twice.name).textContent()).toMatch(/Nov 16\s–\s30, 2026 OpenDec 1\s–\s15, 2026Twice a month/);
    // The twice-a-month company is due only when its next period starts within the week.
    const twiceDue = '2026-12-01' <= nyDay(7);
    expect(await pick(twice.name).isChecked()).toBe(twiceDue);
    await checkPage(page, 'next-periods');
    expect(reads.sort()).toEqual(['?page=1&pageSize=100', `?companyId=${fresh.id}&pageSize=1`].sort());

    // Tick the monthly one too; untick the twice-a-month one.
    await pick(ahead.name).check();
    if (twiceDue) await pick(twice.name).uncheck();
    await page.getByRole('button', { name: 'Create 2 pay periods' }).waitFor();
    // Meanwhile someone else starts the weekly company's next period.
    await create(weekly.id, 'WEEKLY', dayAfter(nyDay(-1)));
    await page.getByRole('button', { name: 'Create 2 pay periods' }).click();
    await page.getByRole('status').filter({ hasText: 'Created: 1. Not created: 1.' }).waitFor();
    expect(await row(weekly.name).locator('.import-result').textContent()).toBe('Not createdOverlaps another pay period.');
    const created = row(ahead.name).getByRole('link', { name: 'Created' });
    const aheadPeriods = await periodsOf(ahead.id);
    expect(aheadPeriods).toHaveLength(2);
    expect(aheadPeriods[1]).toMatchObject({ periodType: 'MONTHLY' });
    expect(await created.getAttribute('href')).toBe(`/admin/pay-periods/${aheadPeriods[1]!.id}`);
    expect(await periodsOf(twice.id)).toHaveLength(1);
    expect(await periodsOf(weekly.id)).toHaveLength(3);
    expect(await pick(ahead.name).isDisabled()).toBe(true);
    await checkPage(page, 'next-periods-done');

    // In Spanish.
    await page.getByLabel('Language').selectOption({ label: 'Español' });
    await page.getByRole('heading', { name: 'Iniciar los siguientes periodos de pago' }).waitFor();
    const tabla = page.getByRole('table', { name: 'Los siguientes periodos de pago de sus empresas' });
    expect(await tabla.getByRole('row', { name: new RegExp(fresh.name) }).textContent()).toContain('Todavía no tiene periodos de pago');
    expect(await tabla.getByRole('row', { name: new RegExp(ahead.name) }).locator('.import-result').textContent()).toBe('Creado');
    await checkPage(page, 'next-periods-es');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends a period whose answer was lost again as the same request: one period, not the one after it too', async () => {
    const { admin, org } = await tenantWithAdmin(h);
    const token = await adminToken(h.t.tokens, admin);
    const company = await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: unique('Lost Answer Cafe') });
    expect((await request(h.t.app, 'POST', '/api/v1/admin/pay-periods', { token, body: { companyId: company.id, periodType: 'WEEKLY', startDate: nyDay(-7) } })).status).toBe(201);
    const { context, page, problems } = await openConsole(h, '/admin/pay-periods/next');
    page.setDefaultTimeout(10_000);
    await signInAs(page, admin);
    // The first request reaches the service, which creates the period; its answer never arrives.
    let posts = 0;
    await page.route('**/api/v1/admin/pay-periods', async (route) => {
      if (route.request().method() !== 'POST' || ++posts !== 1) return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Create 1 pay period' }).click();
    await page.getByRole('alert').filter({ hasText: 'Stopped: Cannot reach payclock.' }).waitFor();
    expect(await periodsOf(company.id)).toHaveLength(2);
    // The page still offers the same next period, and sending it again answers the first result.
    await page.getByRole('button', { name: 'Create 1 pay period' }).click();
    await page.getByRole('status').filter({ hasText: 'Created: 1. Not created: 0.' }).waitFor();
    expect(posts).toBe(2);
    const periods = await periodsOf(company.id);
    expect(periods).toHaveLength(2);
    expect(await page.getByRole('link', { name: 'Created' }).getAttribute('href')).toBe(`/admin/pay-periods/${periods[1]!.id}`);
    expect(problems.filter((problem) => !/ERR_CONNECTION_RESET|Failed to fetch/.test(problem))).toEqual([]);
    await context.close();
  });

  it('finds the latest periods of a firm past 100 clients in pages of its newest, not in one read per company', async () => {
    const { admin, org } = await tenantWithAdmin(h);
    const token = await adminToken(h.t.tokens, admin);
    // 130 weekly clients whose latest period ended yesterday, and one client without any period.
    const clients = [];
    for (let n = 0; n < 130; n++) clients.push(await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: `Client ${String(n).padStart(3, '0')}`, payPeriodType: 'WEEKLY' }));
    for (const client of clients) {
      const res = await request(h.t.app, 'POST', '/api/v1/admin/pay-periods', { token, body: { companyId: client.id, periodType: 'WEEKLY', startDate: nyDay(-7) } });
      expect(res.status).toBe(201);
    }
    const fresh = await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: 'Zinnia Farms' });
    const { context, page, problems } = await openConsole(h, '/admin/pay-periods');
    await signInAs(page, admin);
    const reads = periodReads(page);
    await page.getByRole('link', { name: 'Start next periods' }).click();
    // Every client is due: yesterday's end makes today the next start.
    await page.getByRole('button', { name: 'Create 130 pay periods' }).waitFor({ timeout: 20_000 });
    const table = page.getByRole('table', { name: 'Your companies’ next pay periods' });
    await table.getByRole('row', { name: /Client 129/ }).waitFor();
    expect(await table.getByRole('row', { name: /Zinnia Farms/ }).textContent()).toContain('No pay period yet');
    // Two pages of the newest periods cover the 130; only the client without any is read on its own.
    expect(reads.sort()).toEqual(['?page=1&pageSize=100', '?page=2&pageSize=100', `?companyId=${fresh.id}&pageSize=1`].sort());
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('says so when the organization has no active company', async () => {
    const { admin } = await tenantWithAdmin(h);
    const { context, page, problems } = await openConsole(h, '/admin/pay-periods/next');
    page.setDefaultTimeout(10_000);
    await signInAs(page, admin);
    await page.getByText('No active companies yet. Add one under Companies.').waitFor();
    expect(await page.getByRole('button', { name: /Create/ }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
