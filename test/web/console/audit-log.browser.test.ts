// The Audit log page in headless Chromium against the real service: readable actions and
// actors, links to the record's page, a correction's before/after in the organization's zone,
// filters (action, actor, dates) in the URL that survive a reload, the API's date problem next
// to the field, the empty state, and Spanish. axe and a screenshot for each state.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../../src/core/audit.ts';
import { adminUsers } from '../../../src/db/schema.ts';
import { createAdmin, createCompany, createEmployee, unique } from '../../helpers/factories.ts';
import { adminToken, client } from '../../helpers/http.ts';
import { checkPage, startConsoleHarness, tenantWithAdmin, type ConsoleHarness } from './harness.ts';
import { openSignedIn } from './signed-in.ts';

let h: ConsoleHarness;
let tenant: Awaited<ReturnType<typeof tenantWithAdmin>>;
let other: Awaited<ReturnType<typeof createAdmin>>;
let employeeId: string;
let periodId: string;

beforeAll(async () => {
  h = await startConsoleHarness();
  tenant = await tenantWithAdmin(h);
  other = await createAdmin(h.t.db, { bookkeeperOrgId: tenant.org.id, firstName: 'Otto', lastName: 'Other' });
  const api = client(h.t.app);
  const token = await adminToken(h.t.tokens, tenant.admin);
  const company = await createCompany(h.t.db, { bookkeeperOrgId: tenant.org.id, name: 'Acme Plumbing' });
  const employee = await createEmployee(h.t.db, { companyId: company.id, firstName: 'Ana', lastName: 'Alvarez' });
  employeeId = employee.id;
  const period = await api.post('/api/v1/admin/pay-periods', { companyId: company.id, periodType: 'WEEKLY', startDate: '2026-03-01' }, { token });
  expect(period.status).toBe(201);
  periodId = period.body.data.id;
  const created = await api.post('/api/v1/admin/time-entries', { employeeId, clockIn: '2026-03-02T08:00:00-05:00', clockOut: '2026-03-02T17:00:00-05:00' }, { token });
  expect(created.status).toBe(201);
  // The correction: the shift ended at 6:15 PM, not 5:00 PM (New York time).
  const corrected = await api.put(`/api/v1/admin/time-entries/${created.body.data.id}`, { clockOut: '2026-03-02T18:15:00-05:00' }, { token });
  expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
  // Another admin of the organization acts too.
  const otherToken = await adminToken(h.t.tokens, other);
  expect((await api.post('/api/v1/admin/companies', { name: 'Beacon Cafe' }, { token: otherToken })).status).toBe(201);
}, 180_000);
afterAll(async () => h?.close());

const signedIn = (path: string, locale?: string) => openSignedIn(h, tenant.admin, path, locale);

const bodyRows = (page: Page) => page.locator('.audit-table > tbody > tr:not(.audit-changes)');

describe('the Audit log page', () => {
  it('shows who did what to which record, and a correction’s changes in the organization’s time', async () => {
    const { context, page, problems } = await signedIn('/admin/audit-log');
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await page.getByRole('table', { name: 'Audit log entries' }).waitFor();
    // Newest first: this session's sign-in heads the list.
    await expect.poll(() => bodyRows(page).first().locator('td').nth(2).innerText()).toBe('Signed in');
    await page.getByRole('cell', { name: 'Company added', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Otto Other', exact: true }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Open pay period' }).first().getAttribute('href')).toBe(`/admin/pay-periods/${periodId}`);
    // The table fits the page: nothing to scroll sideways at 1440 pixels.
    expect(await page.locator('.audit-table').evaluate((table) => table.scrollWidth <= table.parentElement!.clientWidth)).toBe(true);
    await checkPage(page, 'audit-log');

    await page.getByLabel('Action').selectOption({ label: 'Time entry corrected' });
    await page.waitForURL(/action=time_entry\.update/);
    await expect.poll(() => bodyRows(page).count()).toBe(1);
    const row = bodyRows(page).first();
    expect(await row.locator('td').nth(1).innerText()).toBe('Bea Booker (you)');
    expect(await row.getByRole('link', { name: 'Open employee' }).getAttribute('href')).toBe(`/admin/employees/${employeeId}`);

    const show = page.getByRole('button', { name: /^Show changes: Time entry corrected, / });
    await show.click();
    const diff = page.getByRole('table', { name: 'Changes: Time entry corrected' });
    await diff.waitFor();
    expect(await page.getByRole('button', { name: /^Hide changes: / }).getAttribute('aria-expanded')).toBe('true');
    const clockOut = diff.getByRole('row', { name: /^Clock out Mar/ });
    expect(await clockOut.locator('td').allInnerTexts()).toEqual(['Mar 2, 2026, 5:00 PM', 'Mar 2, 2026, 6:15 PM']);
    expect(await diff.getByRole('row', { name: /^Total hours/ }).locator('td').allInnerTexts()).toEqual(['9.00', '10.25']);
    // Unchanged fields and bookkeeping (updatedAt) are left out.
    expect(await diff.getByRole('row', { name: /^Clock in/ }).count()).toBe(0);
    expect(await diff.getByText('updatedAt').count()).toBe(0);
    // The whole list: the received time that only follows the corrected clock out is left out too.
    expect(await diff.locator('tbody th').allInnerTexts()).toEqual(['Clock out', 'Total hours', 'Regular hours']);
    await checkPage(page, 'audit-log-changes');

    // The filter is the URL: a reload keeps it, the back button removes it.
    await page.reload();
    await page.getByRole('button', { name: /^Show changes: Time entry corrected, / }).waitFor();
    expect(await page.getByLabel('Action').inputValue()).toBe('time_entry.update');
    await page.goBack();
    await page.getByRole('cell', { name: 'Company added', exact: true }).waitFor();
    expect(await page.getByLabel('Action').inputValue()).toBe('');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('filters by actor and dates, and says what is wrong with the dates next to the field', async () => {
    const { context, page } = await signedIn('/admin/audit-log');
    // The Who list names an administrator alone; the email only tells namesakes apart.
    await page.getByLabel('Who').selectOption({ label: 'Otto Other' });
    await page.waitForURL(new RegExp(`actorId=${other.id}`));
    await expect.poll(() => bodyRows(page).count()).toBe(1);
    expect(await bodyRows(page).first().locator('td').nth(2).innerText()).toBe('Company added');

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    await page.getByLabel('From').fill(today);
    await page.getByLabel('To').fill('2020-01-01');
    await page.getByText('The end date must be on or after the start date.').waitFor();
    expect(await page.getByLabel('To').getAttribute('aria-invalid')).toBe('true');
    await checkPage(page, 'audit-log-date-error');

    await page.getByLabel('To').fill(today);
    await page.waitForURL(new RegExp(`endDate=${today}`));
    await expect.poll(() => bodyRows(page).count()).toBe(1);
    await page.reload();
    expect(await page.getByLabel('Who').inputValue()).toBe(other.id);
    expect(await page.getByLabel('From').inputValue()).toBe(today);

    await page.getByLabel('From').fill('2020-01-01');
    await page.getByLabel('To').fill('2020-01-31');
    await page.getByText('No audit entries match these filters.').waitFor();
    await checkPage(page, 'audit-log-empty');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL(/\/admin\/audit-log$/);
    await page.getByRole('cell', { name: 'Signed in', exact: true }).first().waitFor();
    await context.close();
  });

  it('pages through a long log, the page in the URL', async () => {
    const busy = await tenantWithAdmin(h);
    for (let i = 0; i < 30; i++) {
      await recordAudit(h.t.db, { ip: null, userAgent: null }, {
        action: 'company.update',
        actorType: 'admin',
        actorId: busy.admin.id,
        bookkeeperOrgId: busy.org.id,
        entityType: 'company',
        entityId: randomUUID(),
        details: { before: { name: `Old name ${i}` }, after: { name: `New name ${i}` } },
      });
    }
    // Rows written within one millisecond tie on created_at, and the page then orders them by
    // id, at random: a second apart in the order written, the oldest is surely the last row
    // (CI once waited 30 s for it).
    await h.t.db.execute(sql`update audit_logs set created_at = created_at - make_interval(secs => 30 - substring(details -> 'before' ->> 'name' from 10)::int)
                              where bookkeeper_org_id = ${busy.org.id}::uuid and action = 'company.update'`);
    const { context, page } = await openSignedIn(h, busy.admin, '/admin/audit-log?action=company.update');
    await page.getByText('Page 1 of 2 · 30 in all').waitFor();
    expect(await bodyRows(page).count()).toBe(25);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL(/page=2/);
    await page.getByText('Page 2 of 2 · 30 in all').waitFor();
    expect(await bodyRows(page).count()).toBe(5);
    await page.reload();
    await page.getByText('Page 2 of 2 · 30 in all').waitFor();
    // The oldest change is last: its name's before and after.
    await page.getByRole('button', { name: /^Show changes: / }).last().click();
    await page.getByRole('row', { name: 'Name Old name 0 New name 0' }).waitFor();
    await page.goBack();
    await page.getByText('Page 1 of 2 · 30 in all').waitFor();
    await context.close();
  });

  it('reads in Spanish, the changes included', async () => {
    const { context, page } = await signedIn('/admin/audit-log?action=time_entry.update', 'es-MX');
    await page.getByRole('heading', { name: 'Registro de auditoría' }).waitFor();
    await page.getByRole('cell', { name: 'Registro de horas corregido', exact: true }).waitFor();
    await page.getByRole('button', { name: /^Ver cambios: Registro de horas corregido, / }).click();
    const diff = page.getByRole('table', { name: 'Cambios: Registro de horas corregido' });
    const clockOut = diff.getByRole('row', { name: /^Salida \d/ });
    await clockOut.waitFor();
    const texts = await clockOut.locator('td').allInnerTexts();
    expect(texts[0]).toMatch(/^2 mar 2026, 5:00\s?p\.\s?m\.$/);
    expect(await page.getByLabel('Acción').inputValue()).toBe('time_entry.update');
    await checkPage(page, 'audit-log-es');
    await context.close();
  });

  // Last in the file: the namesake and the hundred others stay in the organization's list.
  it('tells two administrators with one name apart by their emails, past the first 100 by name', async () => {
    const twin = await createAdmin(h.t.db, { bookkeeperOrgId: tenant.org.id, firstName: 'Otto', lastName: 'Other' });
    // 100 more administrators whose last names sort first: Booker and Other are then on the second page of 100.
    const fillers = Array.from({ length: 100 }, (_, n) => ({ bookkeeperOrgId: tenant.org.id, email: `${unique('filler')}@example.com`, passwordHash: twin.passwordHash, firstName: 'Fil', lastName: `Aaa ${String(n).padStart(3, '0')}` }));
    await h.t.db.insert(adminUsers).values(fillers);
    const { context, page } = await signedIn('/admin/audit-log');
    await page.getByRole('cell', { name: `Otto Other (${other.email})`, exact: true }).first().waitFor();
    const choices = await page.getByLabel('Who').locator('option').allInnerTexts();
    expect(choices).toEqual(expect.arrayContaining([`Otto Other (${other.email})`, `Otto Other (${twin.email})`, 'Bea Booker']));
    expect(choices).not.toContain('Otto Other');
    await context.close();
  });
});
