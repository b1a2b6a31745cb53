// The whole story in headless Chromium, on a service that starts with no administrator: the
// first run creates the first admin; the bookkeeper adds a company, two employees and a pay
// period through the screens; the employees clock and submit through the API; the bookkeeper
// corrects an entry and sees the overtime change, rejects one timesheet, approves the other,
// locks the period and downloads the export, whose IIF hours equal the review's totals. A
// second tenant's bookkeeper sees none of it.
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { DateTime } from 'luxon';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import { launchBrowser } from '../../helpers/browser.ts';
import { createAdmin, createOrg, uniquePhone } from '../../helpers/factories.ts';
import { openEmptyDatabase } from '../../setup/empty-database.ts';
import { checkPage, openConsole, signInAs, type ConsoleHarness } from './harness.ts';

const ZONE = 'America/New_York';
let h: ConsoleHarness;

beforeAll(async () => {
  const database = await openEmptyDatabase();
  const t = await createTestApp({ database });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await launchBrowser();
  h = {
    t,
    browser,
    origin: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
    async close() {
      await browser.close();
      await t.close();
      await database.close();
    },
  };
}, 120_000);
afterAll(async () => h?.close());

/** Minutes per payroll item of an IIF file's TIMEACT rows (DURATION is H:MM). */
function iifMinutes(text: string): Record<string, number> {
  const rows = text.split('\r\n').map((line) => line.split('\t'));
  const header = rows.find((row) => row[0] === '!TIMEACT')!;
  const [item, duration] = [header.indexOf('PITEM'), header.indexOf('DURATION')];
  const minutes: Record<string, number> = {};
  for (const row of rows.filter((r) => r[0] === 'TIMEACT')) {
    const [hh, mm] = row[duration]!.split(':').map(Number);
    minutes[row[item]!] = (minutes[row[item]!] ?? 0) + hh! * 60 + mm!;
  }
  return minutes;
}

async function addEmployee(page: Page, firstName: string, lastName: string, phone: string, pin: string) {
  await page.getByRole('button', { name: 'Add employee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an employee' });
  await dialog.getByLabel('Company', { exact: true }).selectOption({ label: 'Harbor Bakery' });
  await dialog.getByLabel('First name').fill(firstName);
  await dialog.getByLabel('Last name').fill(lastName);
  await dialog.getByLabel('Phone').fill(phone);
  await dialog.getByLabel('PIN', { exact: true }).fill(pin);
  await dialog.getByLabel('Pay rate (US$)').fill('20.00');
  await dialog.getByRole('button', { name: 'Add employee' }).click();
  await page.getByRole('status').filter({ hasText: `${firstName} ${lastName} added.` }).waitFor();
}

describe('from first run to an exported pay period', () => {
  it('walks the bookkeeper’s whole story through the console, and a second tenant sees none of it', async () => {
    const { context, page, problems } = await openConsole(h);
    const api = context.request;
    // Cookie-authenticated changes made outside the page carry the console's own origin.
    const sameOrigin = { origin: h.origin };

    // 1. First run.
    await page.getByRole('heading', { name: 'Create the first administrator' }).waitFor();
    await page.getByLabel('Email').fill('owner@harbor-books.example');
    await page.getByLabel('Password', { exact: true }).fill('a long passphrase');
    await page.getByLabel('First name').fill('Bea');
    await page.getByLabel('Last name').fill('Booker');
    await page.getByLabel('Organization').fill('Harbor Books');
    await page.getByLabel('Time zone').fill(ZONE);
    await page.getByRole('button', { name: 'Create administrator' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Pay periods' }).waitFor();

    // 2. A company (paid every two weeks, the default) and two employees.
    await nav.getByRole('link', { name: 'Companies' }).click();
    await page.getByRole('button', { name: 'Add company' }).click();
    const companyDialog = page.getByRole('dialog', { name: 'Add a company' });
    await companyDialog.getByLabel('Name', { exact: true }).fill('Harbor Bakery');
    await companyDialog.getByLabel('Industry').selectOption({ index: 1 });
    await companyDialog.getByRole('button', { name: 'Add company' }).click();
    await page.getByRole('status').filter({ hasText: 'Company “Harbor Bakery” added.' }).waitFor();
    await checkPage(page, 'story-companies');

    await nav.getByRole('link', { name: 'Employees' }).click();
    const rosa = { phone: uniquePhone(), pin: '4821' };
    const ana = { phone: uniquePhone(), pin: '7315' };
    await addEmployee(page, 'Rosa', 'Diaz', rosa.phone, rosa.pin);
    await addEmployee(page, 'Ana', 'Ruiz', ana.phone, ana.pin);
    await checkPage(page, 'story-employees');

    // 3. A pay period of two weeks: last week (Sunday to Saturday, New York) and this one.
    const today = DateTime.now().setZone(ZONE).startOf('day');
    const lastSunday = today.minus({ days: (today.weekday % 7) + 7 });
    await nav.getByRole('link', { name: 'Pay periods' }).click();
    await page.getByRole('button', { name: 'New pay period' }).click();
    const form = page.getByRole('form', { name: 'New pay period' });
    await form.getByLabel('Company').selectOption({ label: 'Harbor Bakery' });
    await form.getByLabel('Start date').fill(lastSunday.toISODate()!);
    await form.getByRole('button', { name: 'Create pay period' }).click();
    await page.getByRole('status').getByText(/created for Harbor Bakery\./).waitFor();

    const periods = (await (await api.get(`${h.origin}/api/v1/admin/pay-periods`)).json()).data.items as Array<{ id: string; startDate: string; endDate: string }>;
    expect(periods).toHaveLength(1);
    const period = periods[0]!;
    expect(DateTime.fromISO(period.startDate, { zone: ZONE }).toISODate()).toBe(lastSunday.toISODate());
    expect(DateTime.fromISO(period.endDate, { zone: ZONE }).toISODate()).toBe(lastSunday.plus({ days: 13 }).toISODate());

    // 4. Last week's shifts, entered by the bookkeeper through the API: Rosa five 9-hour days
    // (45 h: 5 h of overtime), Ana two 8-hour days.
    const employees = (await (await api.get(`${h.origin}/api/v1/admin/employees`)).json()).data.items as Array<{ id: string; firstName: string }>;
    const idOf = (name: string) => employees.find((e) => e.firstName === name)!.id;
    const shift = async (employeeId: string, day: DateTime, hours: number) => {
      const clockIn = day.set({ hour: 9 });
      const res = await api.post(`${h.origin}/api/v1/admin/time-entries`, {
        headers: sameOrigin,
        data: { employeeId, clockIn: clockIn.toUTC().toISO(), clockOut: clockIn.plus({ hours }).toUTC().toISO(), breakMinutes: 0 },
      });
      expect(res.status(), await res.text()).toBe(201);
    };
    for (let weekday = 1; weekday <= 5; weekday++) await shift(idOf('Rosa'), lastSunday.plus({ days: weekday }), 9);
    for (const weekday of [1, 2]) await shift(idOf('Ana'), lastSunday.plus({ days: weekday }), 8);

    // 5. The employees clock through the API: Rosa signs in with her PIN and punches a
    // half-hour (her clock in saved offline 30 minutes ago), then both submit.
    const verify = async (who: { phone: string; pin: string }) => {
      const res = await h.t.app.inject({ method: 'POST', url: '/api/v1/auth/employee/verify', payload: who });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.token as string;
    };
    const punch = async (token: string, payload: Record<string, unknown>) => {
      const res = await h.t.app.inject({ method: 'POST', url: '/api/v1/employee/timesheet/entry', headers: { authorization: `Bearer ${token}` }, payload });
      expect(res.statusCode, res.body).toBe(200);
    };
    const rosaToken = await verify(rosa);
    await punch(rosaToken, { action: 'clock_in', occurredAt: new Date(Date.now() - 30 * 60_000).toISOString() });
    await punch(rosaToken, { action: 'clock_out' });
    for (const token of [rosaToken, await verify(ana)]) {
      const res = await h.t.app.inject({ method: 'POST', url: `/api/v1/employee/timesheets/${period.id}/submit`, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, res.body).toBe(200);
    }

    // 6. The review page, from the list.
    await page.reload();
    await page.getByRole('link', { name: /Nov|Dec|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct/ }).first().click();
    await page.waitForURL(new RegExp(`/admin/pay-periods/${period.id}$`));
    await page.getByRole('heading', { level: 1, name: /Harbor Bakery/ }).waitFor();
    const counts = page.getByRole('region', { name: 'Timesheets by state' });
    await counts.getByRole('listitem').filter({ hasText: /^2Submitted$/ }).waitFor();
    await checkPage(page, 'story-review-submitted');

    // 7. Rosa's Tuesday was two hours shorter: the correction brings her overtime from 5 to 3.
    await page.getByRole('link', { name: 'Rosa Diaz' }).click();
    await page.getByRole('heading', { level: 1, name: 'Rosa Diaz’s entries' }).waitFor();
    const tuesday = lastSunday.plus({ days: 2 }).setLocale('en-US').toFormat('ccc, LLL d');
    const correct = new RegExp(`^Edit the entry of ${tuesday}, 9:00\\sAM$`);
    await page.getByRole('button', { name: correct }).click();
    const edit = page.getByRole('dialog', { name: correct });
    await edit.getByLabel('Clock out').fill(lastSunday.plus({ days: 2 }).set({ hour: 16 }).toFormat("yyyy-MM-dd'T'HH:mm"));
    await edit.getByLabel('Notes').fill('Left at 4 pm');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').getByText('Entry corrected. Overtime this week is now 3.00 h.').waitFor();
    // Two weeks in one table: each has its heading row and its totals, and their columns line up
    // (every entry's Hours cell starts at the same x).
    const entries = page.getByRole('table', { name: 'Entries by week' });
    expect(await entries.locator('.entries-week-head').allInnerTexts()).toEqual([
      `Week of ${lastSunday.setLocale('en-US').toFormat('cccc, LLLL d')}`,
      `Week of ${lastSunday.plus({ days: 7 }).setLocale('en-US').toFormat('cccc, LLLL d')}`,
    ]);
    expect(await entries.locator('tr.entries-total').count()).toBe(2);
    const hoursColumnLefts = await page.evaluate<number[]>(
      `[...document.querySelectorAll('tbody tr:not(.entries-total)')].flatMap((row) => {
        const hours = row.querySelectorAll('td.num')[1];
        return hours ? [Math.round(hours.getBoundingClientRect().left)] : [];
      })`,
    );
    expect(hoursColumnLefts.length).toBeGreaterThan(5);
    expect(new Set(hoursColumnLefts).size).toBe(1);
    await checkPage(page, 'story-entries-corrected');

    // 8. Reject Ana's timesheet with a reason, approve Rosa's.
    await page.getByRole('link', { name: /Back to the pay period review/ }).click();
    await page.getByRole('heading', { level: 1, name: /Harbor Bakery/ }).waitFor();
    const row = (name: string) => page.getByRole('row', { name: new RegExp(name) });
    await row('Ana Ruiz').getByRole('button', { name: 'Reject' }).click();
    const reject = page.getByRole('dialog', { name: 'Reject Ana Ruiz’s timesheet?' });
    await reject.getByLabel('Reason').fill('Wednesday is missing; please add it and submit again.');
    await reject.getByRole('button', { name: 'Reject timesheet' }).click();
    await page.getByRole('status').getByText('Rejected Ana Ruiz’s timesheet.', { exact: false }).waitFor();
    await row('Rosa Diaz').getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('status').getByText('Approved Rosa Diaz’s timesheet.').waitFor();
    await counts.getByRole('listitem').filter({ hasText: /^1Approved$/ }).waitFor();
    await counts.getByRole('listitem').filter({ hasText: /^1Rejected$/ }).waitFor();

    // The review's totals are the API's: Rosa 40 + 3 overtime + her half hour, Ana 16.
    const totals = (await (await api.get(`${h.origin}/api/v1/admin/pay-periods/${period.id}/timesheets`)).json()).data.totals as { regularHours: number; overtimeHours: number; totalHours: number };
    expect(totals.overtimeHours).toBe(3);
    expect(totals.regularHours).toBeCloseTo(56.5, 2);
    const totalsRegion = page.getByRole('region', { name: 'Period totals' });
    await totalsRegion.getByText('56.50').waitFor();
    await totalsRegion.getByText('3.00').waitFor();

    // 9. Lock the period on its own page: the export advises it until then.
    const exportPanel = page.getByRole('region', { name: 'Export for payroll' });
    await exportPanel.getByText(/^Lock the pay period first/).waitFor();
    await page.getByRole('button', { name: 'Lock pay period' }).click();
    await page.getByRole('dialog', { name: /^Lock pay period/ }).getByRole('button', { name: 'Lock' }).click();
    await page.getByRole('status').getByText(/is now locked\./).waitFor();
    await page.getByText('This pay period is locked', { exact: false }).waitFor();
    expect(await exportPanel.getByText(/^Lock the pay period first/).count()).toBe(0);

    // 10. Export: both files download, and the IIF's hours are the review's totals.
    const downloads: Download[] = [];
    page.on('download', (download) => downloads.push(download));
    await exportPanel.getByRole('button', { name: 'Export' }).click();
    await expect.poll(() => downloads.length, { timeout: 15_000 }).toBe(2);
    const iif = await readFile((await downloads.find((d) => d.suggestedFilename().endsWith('.iif'))!.path())!, 'utf8');
    const minutes = Object.values(iifMinutes(iif)).sort((a, b) => a - b);
    expect(minutes).toEqual([Math.round(totals.overtimeHours * 60), Math.round(totals.regularHours * 60)]);
    await exportPanel.getByText(/^You last exported it on /).waitFor();
    await checkPage(page, 'story-review-exported');
    expect(problems).toEqual([]);
    await context.close();

    // A second tenant's bookkeeper sees none of it.
    const otherOrg = await createOrg(h.t.db, { timezone: ZONE });
    const other = await createAdmin(h.t.db, { bookkeeperOrgId: otherOrg.id });
    const second = await openConsole(h);
    await signInAs(second.page, other);
    await second.page.getByRole('heading', { name: 'Pay periods', level: 1 }).waitFor();
    await second.page.getByRole('main').getByText(/no pay periods/i).first().waitFor();
    expect(await second.page.getByText('Harbor Bakery').count()).toBe(0);
    await second.page.goto(`${h.origin}/admin/pay-periods/${period.id}`);
    await second.page.getByRole('alert').first().waitFor();
    expect(await second.page.getByText('Harbor Bakery').count()).toBe(0);
    expect((await second.context.request.get(`${h.origin}/api/v1/admin/pay-periods/${period.id}`)).status()).toBe(403);
    await second.page.goto(`${h.origin}/admin/companies`);
    await second.page.getByRole('heading', { name: 'Companies', level: 1 }).waitFor();
    await second.page.getByRole('main').locator('.state, table').first().waitFor();
    expect(await second.page.getByText('Harbor Bakery').count()).toBe(0);
    await second.context.close();
  }, 180_000);
});
