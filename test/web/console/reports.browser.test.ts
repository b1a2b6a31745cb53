// The Reports page in headless Chromium against the real service: the hours report by each
// grouping with totals equal to the API's JSON, a company's pay period as the range, one
// employee's report from a quick range (and from the employee's page), the CSV download byte for
// byte, range errors in words next to the fields, choices that survive a reload, and Spanish. axe
// and a screenshot for each state.
import { readFile } from 'node:fs/promises';
import { DateTime } from 'luxon';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createEmployee } from '../../helpers/factories.ts';
import { saveScreenshot, VIEWPORTS } from '../../helpers/browser.ts';
import { adminToken, client } from '../../helpers/http.ts';
import { checkPage, startConsoleHarness, tenantWithAdmin, type ConsoleHarness } from './harness.ts';
import { openSignedIn } from './signed-in.ts';

let h: ConsoleHarness;
let tenant: Awaited<ReturnType<typeof tenantWithAdmin>>;
let companyA: { id: string; name: string };
let periodId: string;
let ana: { id: string };

// The first week of March 2026 in New York (Sunday to Saturday), before the clocks change.
const RANGE = { startDate: '2026-03-01', endDate: '2026-03-07' };

beforeAll(async () => {
  h = await startConsoleHarness();
  // The default weekly overtime threshold: 40 hours.
  tenant = await tenantWithAdmin(h);
  const api = client(h.t.app);
  const token = await adminToken(h.t.tokens, tenant.admin);
  companyA = await createCompany(h.t.db, { bookkeeperOrgId: tenant.org.id, name: 'Acme Plumbing' });
  const companyB = await createCompany(h.t.db, { bookkeeperOrgId: tenant.org.id, name: 'Beacon Cafe' });
  const period = await api.post('/api/v1/admin/pay-periods', { companyId: companyA.id, periodType: 'WEEKLY', startDate: RANGE.startDate }, { token });
  expect(period.status).toBe(201);
  periodId = period.body.data.id;
  ana = await createEmployee(h.t.db, { companyId: companyA.id, firstName: 'Ana', lastName: 'Alvarez', payRate: 25 });
  const ben = await createEmployee(h.t.db, { companyId: companyA.id, firstName: 'Ben', lastName: 'Brooks', payRate: 30 });
  const cy = await createEmployee(h.t.db, { companyId: companyB.id, firstName: 'Cy', lastName: 'Chen', payRate: 18.5 });
  const entry = async (employeeId: string, day: string, from: string, to: string, jobCode?: string) => {
    const answer = await api.post(
      '/api/v1/admin/time-entries',
      { employeeId, clockIn: `2026-03-${day}T${from}:00-05:00`, clockOut: `2026-03-${day}T${to}:00-05:00`, ...(jobCode && { jobCode }) },
      { token },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  };
  // Ana works 10 hours a day Monday to Friday: 50 hours, 10 of them overtime.
  for (const day of ['02', '03', '04', '05', '06']) await entry(ana.id, day, '08:00', '18:00', 'J-100');
  await entry(ben.id, '03', '09:00', '13:30', 'J-200');
  await entry(cy.id, '04', '07:00', '15:00');
  // Ana also worked two hours a week ago, on the same weekday as today: in last week, whenever the test runs.
  const weekAgo = DateTime.now().setZone('America/New_York').minus({ weeks: 1 }).set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
  const lastWeek = await api.post(
    '/api/v1/admin/time-entries',
    { employeeId: ana.id, clockIn: weekAgo.toISO(), clockOut: weekAgo.plus({ hours: 2 }).toISO(), jobCode: 'J-100' },
    { token },
  );
  expect(lastWeek.status, JSON.stringify(lastWeek.body)).toBe(201);
  // Someone who has left still has a past to report.
  await createEmployee(h.t.db, { companyId: companyA.id, firstName: 'Zed', lastName: 'Zamora', active: false });
}, 180_000);
afterAll(async () => h?.close());

const signedIn = (path: string, locale?: string) => openSignedIn(h, tenant.admin, path, locale);

/** The API's answer for the same choices, on the page's own cookie session. */
async function apiReport(context: BrowserContext, query: Record<string, string>) {
  const answer = await context.request.get(`${h.origin}/api/v1/admin/reports/hours?${new URLSearchParams(query)}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()).data as {
    rows: { label: string; entries: number; regularHours: number; overtimeHours: number; totalHours: number; pay: { total: number } }[];
    totals: { entries: number; regularHours: number; overtimeHours: number; totalHours: number; pay: { total: number } };
  };
}

const hours = (n: number, locale = 'en-US') => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
const money = (n: number, locale = 'en-US') => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(n);

async function cells(page: Page, selector: string): Promise<string[]> {
  return (await page.locator(selector).allInnerTexts()).map((text) => text.trim());
}

/** The table's rows and totals say what the API's JSON says. */
async function expectTableMatches(page: Page, report: Awaited<ReturnType<typeof apiReport>>, locale = 'en-US') {
  await expect.poll(() => page.locator('.report-table tbody tr').count()).toBe(report.rows.length);
  const totals = await cells(page, '.report-table tfoot td');
  expect(totals.slice(0, 5)).toEqual([
    String(report.totals.entries),
    hours(report.totals.regularHours, locale),
    hours(report.totals.overtimeHours, locale),
    hours(report.totals.totalHours, locale),
    money(report.totals.pay.total, locale),
  ]);
  for (const [index, row] of report.rows.entries()) {
    const rowCells = await cells(page, `.report-table tbody tr:nth-child(${index + 1}) td`);
    expect(rowCells.slice(0, 5)).toEqual([String(row.entries), hours(row.regularHours, locale), hours(row.overtimeHours, locale), hours(row.totalHours, locale), money(row.pay.total, locale)]);
  }
}

describe('the Reports page', () => {
  it('shows the report by each grouping with the API’s totals, and keeps the choices in the URL', async () => {
    const { context, page, problems } = await signedIn(`/admin/reports?startDate=${RANGE.startDate}&endDate=${RANGE.endDate}`);
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    await page.getByRole('table', { name: 'Hours by employee' }).waitFor();
    const byEmployee = await apiReport(context, { ...RANGE, groupBy: 'employee' });
    expect(byEmployee.totals).toMatchObject({ entries: 7, regularHours: 52.5, overtimeHours: 10, totalHours: 62.5 });
    await expectTableMatches(page, byEmployee);
    await page.getByRole('rowheader', { name: 'Alvarez, Ana' }).waitFor();
    await page.getByRole('figure', { name: 'Hours by employee: regular and overtime' }).waitFor();
    await page.getByText(/^Alvarez, Ana \(E-\w+\): 40\.00 regular hours, 10\.00 overtime hours$/).waitFor({ state: 'attached' });
    await checkPage(page, 'reports-employee');

    const names = { day: 'Day', week: 'Week (Sun–Sat)', jobCode: 'Job code' } as const;
    const captions = { day: 'Hours by day', week: 'Hours by week', jobCode: 'Hours by job code' } as const;
    for (const groupBy of ['day', 'week', 'jobCode'] as const) {
      await page.getByLabel('Group by').selectOption({ label: names[groupBy] });
      await page.waitForURL(new RegExp(`groupBy=${groupBy}`));
      await page.getByRole('table', { name: captions[groupBy] }).waitFor();
      await page.getByRole('figure', { name: `${captions[groupBy]}: regular and overtime` }).waitFor();
      await expectTableMatches(page, await apiReport(context, { ...RANGE, groupBy }));
      await checkPage(page, `reports-${groupBy}`);
    }
    // Dates read in the person's language; a missing job code is said in words.
    await page.getByRole('rowheader', { name: 'No job code' }).waitFor();
    await page.getByLabel('Group by').selectOption({ label: 'Day' });
    await page.getByRole('rowheader', { name: 'Mon, Mar 2, 2026' }).waitFor();

    // A reload and the back button keep the choices: they are the URL.
    await page.reload();
    await page.getByRole('table', { name: 'Hours by day' }).waitFor();
    expect(await page.getByLabel('Group by').inputValue()).toBe('day');
    expect(await page.getByLabel('From').inputValue()).toBe(RANGE.startDate);
    await page.goBack();
    await page.getByRole('table', { name: 'Hours by job code' }).waitFor();

    // A row leads on: a week to its days, a day to its people, a person to their page.
    await page.getByLabel('Group by').selectOption({ label: 'Week (Sun–Sat)' });
    await page.getByRole('link', { name: 'Week of Mar 1, 2026' }).click();
    await page.waitForURL((url) => url.searchParams.get('groupBy') === 'day' && url.searchParams.get('startDate') === '2026-03-01' && url.searchParams.get('endDate') === '2026-03-07');
    await page.getByRole('link', { name: 'Wed, Mar 4, 2026' }).click();
    await page.waitForURL((url) => !url.searchParams.has('groupBy') && url.searchParams.get('startDate') === '2026-03-04' && url.searchParams.get('endDate') === '2026-03-04');
    await page.getByRole('table', { name: 'Hours by employee' }).waitFor();
    await expectTableMatches(page, await apiReport(context, { startDate: '2026-03-04', endDate: '2026-03-04', groupBy: 'employee' }));
    expect(await page.locator('.report-table tbody th').allInnerTexts()).toEqual([expect.stringMatching(/^Alvarez, Ana/), expect.stringMatching(/^Chen, Cy/)]);
    await page.getByRole('link', { name: /^Alvarez, Ana/ }).click();
    await page.waitForURL(new RegExp(`/admin/employees/${ana.id}$`));
    // A job code leads nowhere: the report has no filter for it.
    await page.goto(`${h.origin}/admin/reports?startDate=${RANGE.startDate}&endDate=${RANGE.endDate}&groupBy=jobCode`);
    await page.getByRole('rowheader', { name: 'J-100' }).waitFor();
    expect(await page.locator('.report-table tbody th a').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('reports a company’s pay period, and downloads the API’s CSV', async () => {
    const { context, page, problems } = await signedIn('/admin/reports');
    await page.getByLabel('Company').selectOption({ label: 'Acme Plumbing' });
    const period = page.getByLabel('Pay period');
    await expect.poll(() => period.locator('option').count()).toBe(2);
    await period.selectOption({ index: 1 });
    await page.waitForURL(new RegExp(`payPeriodId=${periodId}`));
    expect(await page.getByLabel('From').isDisabled()).toBe(true);
    // The period's own dates are the ones shown.
    await expect.poll(() => page.getByLabel('From').inputValue()).toBe('2026-03-01');
    expect(await page.getByLabel('To').inputValue()).toBe('2026-03-07');
    const report = await apiReport(context, { companyId: companyA.id, payPeriodId: periodId });
    expect(report.totals.entries).toBe(6);
    await expectTableMatches(page, report);
    await checkPage(page, 'reports-pay-period');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    // The API's own name for the file: grouping and the range's bounds (as UTC dates).
    expect(download.suggestedFilename()).toMatch(/^hours-employee-2026-03-01-2026-03-0[78]\.csv$/);
    const saved = await readFile((await download.path())!, 'utf8');
    const direct = await context.request.get(`${h.origin}/api/v1/admin/reports/hours?companyId=${companyA.id}&payPeriodId=${periodId}&format=csv`);
    expect(saved).toBe(await direct.text());
    expect(saved.startsWith('\uFEFFKey,Label,Entries')).toBe(true);
    expect(saved).toContain('"Alvarez, Ana');
    await page.getByRole('status').filter({ hasText: `Downloaded ${download.suggestedFilename()}.` }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reports one employee of a company over a quick range, and opens from the employee’s page', async () => {
    const { context, page, problems } = await signedIn('/admin/reports');
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    const employee = page.getByLabel('Employee', { exact: true });
    const dates = page.getByLabel('Dates');
    const today = DateTime.now().setZone('America/New_York').startOf('day');
    // Without dates in the URL the report is this month so far, and the quick range says so
    // (on a Sunday the 1st, this week so far is the same day, and it is named first).
    expect(await dates.inputValue()).toBe(today.day === 1 && today.weekday === 7 ? 'thisWeek' : 'thisMonth');
    // An employee is a company's: the choice waits for the company.
    expect(await employee.isDisabled()).toBe(true);
    expect(await employee.getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`).innerText())).toBe('Pick a company to choose one of its employees.');

    await page.getByLabel('Company').selectOption({ label: 'Acme Plumbing' });
    await expect.poll(() => employee.locator('option').allInnerTexts()).toEqual([
      'All employees',
      expect.stringMatching(/^Alvarez, Ana \(E-\w+\)$/),
      expect.stringMatching(/^Brooks, Ben \(E-\w+\)$/),
      expect.stringMatching(/^Zamora, Zed \(E-\w+\) \(inactive\)$/),
    ]);
    await employee.selectOption({ value: ana.id });
    await page.waitForURL(new RegExp(`employeeId=${ana.id}`));

    // Last week, Sunday to Saturday in New York: Ana's one entry of two hours.
    const sunday = today.minus({ days: today.weekday % 7 });
    const lastWeek = { startDate: sunday.minus({ weeks: 1 }).toISODate()!, endDate: sunday.minus({ days: 1 }).toISODate()! };
    await dates.selectOption({ label: 'Last week' });
    await page.waitForURL(new RegExp(`startDate=${lastWeek.startDate}&endDate=${lastWeek.endDate}`));
    expect(await page.getByLabel('From').inputValue()).toBe(lastWeek.startDate);
    expect(await page.getByLabel('To').inputValue()).toBe(lastWeek.endDate);
    await page.getByText(/^1 closed entry of Ana Alvarez from .+, in Eastern Time \(New York\)\.$/).waitFor();
    const report = await apiReport(context, { companyId: companyA.id, employeeId: ana.id, ...lastWeek });
    expect(report.totals).toMatchObject({ entries: 1, totalHours: 2 });
    await expectTableMatches(page, report);
    await checkPage(page, 'reports-one-employee');

    // Dates typed by hand are "Custom dates"; a pay period's are the period's, and a quick range leaves the period.
    await page.getByLabel('From').fill(RANGE.startDate);
    await page.getByLabel('To').fill(RANGE.endDate);
    await expect.poll(() => dates.inputValue()).toBe('custom');
    await page.getByText(/^5 closed entries of Ana Alvarez from Mar 1\s*–\s*7, 2026/).waitFor();
    await page.getByLabel('Pay period').selectOption({ index: 1 });
    await page.waitForURL(new RegExp(`payPeriodId=${periodId}`));
    await expect.poll(() => dates.inputValue()).toBe('period');
    expect(await dates.locator('option:checked').innerText()).toBe('The pay period’s dates');
    await dates.selectOption({ label: 'Last week' });
    await page.waitForURL((url) => !url.searchParams.has('payPeriodId') && url.searchParams.get('startDate') === lastWeek.startDate);
    expect(await page.getByLabel('Pay period').inputValue()).toBe('');

    // A CSV of one employee is the API's for that employee.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const saved = await readFile((await download.path())!, 'utf8');
    const direct = await context.request.get(`${h.origin}/api/v1/admin/reports/hours?${new URLSearchParams({ companyId: companyA.id, employeeId: ana.id, ...lastWeek, format: 'csv' })}`);
    expect(saved).toBe(await direct.text());
    expect(saved).not.toContain('Brooks');

    // Another company drops the employee, who is not one of its people.
    await page.getByLabel('Company').selectOption({ label: 'Beacon Cafe' });
    await page.waitForURL((url) => !url.searchParams.has('employeeId'));
    expect(await employee.inputValue()).toBe('');

    // The employee's own page opens their year so far, week by week.
    await page.goto(`${h.origin}/admin/employees/${ana.id}`);
    await page.getByRole('link', { name: 'Hours report' }).click();
    await page.waitForURL(/\/admin\/reports\?/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      groupBy: 'week',
      companyId: companyA.id,
      employeeId: ana.id,
      startDate: `${today.year}-01-01`,
      endDate: today.toISODate(),
    });
    await page.getByRole('table', { name: 'Hours by week' }).waitFor();
    // On the 1st of January the year so far is also this month so far (and maybe this week), named first.
    if (today.ordinal > 1) expect(await dates.inputValue()).toBe('thisYear');
    await expect.poll(() => employee.inputValue()).toBe(ana.id);
    await expectTableMatches(page, await apiReport(context, Object.fromEntries(url.searchParams)));
    // On a phone the seven choices stack and the page does not scroll sideways.
    await page.setViewportSize(VIEWPORTS.phone);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
    await saveScreenshot(page, 'console-reports-one-employee-phone', { fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('says what is wrong with a range next to the date fields', async () => {
    const { context, page } = await signedIn(`/admin/reports?startDate=2026-03-07&endDate=2026-03-01`);
    const order = page.getByText('The end date must be on or after the start date.');
    await order.waitFor();
    expect(await page.getByLabel('To').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('table').count()).toBe(0);
    await checkPage(page, 'reports-range-error');

    await page.getByLabel('From').fill('2025-01-01');
    await page.getByText('A report covers at most 366 days. Choose a shorter range.').waitFor();
    await page.waitForURL(/startDate=2025-01-01/);
    await page.getByLabel('To').fill('2025-12-31');
    await page.getByText(/^No closed time entries from .*, in Eastern Time \(New York\)\.$/).waitFor();
    expect(await page.locator('.report-summary').count()).toBe(0);
    expect(await page.getByLabel('To').getAttribute('aria-invalid')).toBeNull();
    // Nothing to download: the button is off, and its description is the empty message.
    const download = page.getByRole('button', { name: 'Download CSV' });
    expect(await download.isDisabled()).toBe(true);
    expect(await download.getAttribute('aria-describedby')).toBe(await page.locator('.state-empty').getAttribute('id'));
    await checkPage(page, 'reports-empty');
    await context.close();
  });

  it('reads in Spanish, with amounts in Spanish style', async () => {
    const { context, page } = await signedIn(`/admin/reports?startDate=${RANGE.startDate}&endDate=${RANGE.endDate}&groupBy=week`, 'es-MX');
    await page.getByRole('heading', { name: 'Informes' }).waitFor();
    await page.getByRole('table', { name: 'Horas por semana' }).waitFor();
    await expectTableMatches(page, await apiReport(context, { ...RANGE, groupBy: 'week' }), 'es-US');
    await page.getByRole('rowheader', { name: 'Totales' }).waitFor();
    await page.getByRole('rowheader', { name: /^Semana del 1 mar 2026$/ }).waitFor();
    await page.getByRole('button', { name: 'Descargar CSV' }).waitFor();
    expect(await page.getByLabel('Agrupar por').inputValue()).toBe('week');
    expect(await page.getByLabel('Fechas').locator('option').allInnerTexts()).toEqual([
      'Esta semana',
      'La semana pasada',
      'Este mes',
      'El mes pasado',
      'Este año',
      'El año pasado',
      'Fechas personalizadas',
    ]);
    expect(await page.getByLabel('Fechas').inputValue()).toBe('custom');
    await page.getByText('Elija una empresa para escoger a uno de sus empleados.').waitFor();
    await checkPage(page, 'reports-es');
    await context.close();
  });
});
