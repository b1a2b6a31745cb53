// The employee app and the kiosk end to end: headless Chromium against the real service (the
// built app in dist/web, the API on the embedded database), one server and one browser for the
// file. Each screen is checked by axe-core run inside the page (no serious or critical
// violation, English and Spanish) and saved as a screenshot at phone and tablet size.
import type { AddressInfo } from 'node:net';
import { and, eq, isNull } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeTimesheets, payPeriods, timeEntries } from '../../src/db/schema.ts';
import { axeViolations } from '../helpers/axe.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { launchBrowser, saveScreenshot, VIEWPORTS, type Viewport } from '../helpers/browser.ts';
import { createCompany, createEmployee, createOrg, createPayPeriod, createTimeEntry, type EmployeeRow } from '../helpers/factories.ts';

const TABLET: Viewport = { width: 1024, height: 768 };
const DAY = 24 * 3600 * 1000;
/** On how many lines each date of the status line's pay period ("Nov 26", "Dec 2, 2026") lies. */
const DATE_LINES = `(() => {
  const node = [...document.querySelector('[data-testid=timesheet-state] p').childNodes].find((n) => n.nodeType === 3 && /\\d/.test(n.textContent));
  const text = node.textContent;
  const dash = text.indexOf('\u2013');
  // "Nov 26" in English, "26 de nov" in Spanish.
  const month = /[A-Z][a-z]{2}\\s\\d/;
  const start = month.test(text) ? text.search(month) : text.search(/\\d/);
  return [[start, dash - 1], [dash + 2, text.length]].map(([from, to]) => {
    const range = document.createRange();
    range.setStart(node, from);
    range.setEnd(node, to);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
})()`;
/** On how many lines the date of each day of My hours' table lies ("Nov 10" of "Tue, Nov 10"). */
const DAY_DATE_LINES = `[...document.querySelectorAll('.hours tbody th')].map((th) => {
  const date = th.querySelector('.day-date');
  return date ? new Set([...date.getClientRects()].map((rect) => Math.round(rect.top))).size : 0;
})`;
/** How far My hours' table scrolls sideways inside its box: 0 when every column is in view. */
const TABLE_SCROLL = "(() => { const wrap = document.querySelector('.hours .table-wrap'); return wrap.scrollWidth - wrap.clientWidth; })()";

let t: TestApp;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** A company in New York with a pay period around today and one employee. */
async function tenant() {
  const org = await createOrg(t.db, { timezone: 'America/New_York' });
  const company = await createCompany(t.db, { bookkeeperOrgId: org.id, name: 'Harbor Bakery' });
  const period = await createPayPeriod(t.db, { companyId: company.id, startDate: new Date(Date.now() - 3 * DAY), endDate: new Date(Date.now() + 3 * DAY) });
  const employee = await createEmployee(t.db, { companyId: company.id, firstName: 'Rosa', lastName: 'Diaz' });
  return { org, company, employee, period };
}

interface Session {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

async function open(path: string, options: { viewport?: Viewport; locale?: string } = {}): Promise<Session> {
  const context = await browser.newContext({ viewport: options.viewport ?? VIEWPORTS.phone, locale: options.locale ?? 'en-US' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(origin + path);
  return { context, page, problems };
}

/** axe clean, and a screenshot at phone and tablet size. */
async function checkScreen(page: Page, name: string): Promise<void> {
  expect(await axeViolations(page), name).toEqual([]);
  const original = page.viewportSize();
  for (const [size, viewport] of [['phone', VIEWPORTS.phone], ['tablet', TABLET]] as const) {
    await page.setViewportSize(viewport);
    await saveScreenshot(page, `web-${name}-${size}`, { fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

async function signIn(page: Page, employee: EmployeeRow & { pin: string }, labels = { phone: 'Phone', pin: 'PIN', submit: 'Sign in' }) {
  await page.getByLabel(labels.phone).fill(employee.phone);
  // The PIN through the on-screen keypad, as a kiosk user would.
  await page.getByLabel(labels.pin).focus();
  for (const digit of employee.pin) await page.getByRole('button', { name: digit, exact: true }).click();
  await page.getByRole('button', { name: labels.submit }).click();
}

describe('the employee app at / in headless Chromium', () => {
  it('signs in, clocks in and out, shows the hours, submits the timesheet and signs out', async () => {
    const { company, employee, period } = await tenant();
    const colleague = await createEmployee(t.db, { companyId: company.id, firstName: 'Ana', lastName: 'Ruiz' });
    await createTimeEntry(t.db, { employeeId: colleague.id, companyId: company.id, payPeriodId: period.id, clockIn: new Date(Date.now() - DAY), clockOut: new Date(Date.now() - DAY + 3600_000) });
    const { context, page, problems } = await open('/');
    const response = await page.goto(origin + '/');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");

    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await checkScreen(page, 'sign-in');
    await signIn(page, employee);

    await page.getByText('Hello, Rosa Diaz').waitFor();
    await page.getByText('Company: Harbor Bakery').waitFor();
    await page.getByRole('button', { name: 'Clock in' }).waitFor();
    await checkScreen(page, 'home-clocked-out');

    await page.getByLabel('Job code (optional)').fill('J-100');
    // A double tap is one intent: one key, one entry.
    await page.getByRole('button', { name: 'Clock in' }).dblclick();
    await page.getByText(/^Clocked in at /).waitFor();
    await checkScreen(page, 'confirm-clock-in');
    await page.getByRole('button', { name: 'OK' }).click();

    await page.getByRole('button', { name: 'Clock out' }).waitFor();
    const [openEntry] = await t.db.select().from(timeEntries).where(eq(timeEntries.employeeId, employee.id));
    expect(openEntry?.jobCode).toBe('J-100');
    await expect(page.getByText(/^0:00:0\d$/).isVisible()).resolves.toBe(true);
    expect(await page.getByText(/clocked in for over 12 hours/).count()).toBe(0);
    await checkScreen(page, 'home-clocked-in');

    await page.getByLabel('Break minutes').fill('0');
    await page.getByLabel('Notes (optional)').fill('Closed the shop');
    await page.getByRole('button', { name: 'Clock out' }).click();
    await page.getByText(/^Clocked out at /).waitFor();
    await page.getByText(/Regular 0\.\d\d\sh · Overtime 0\.00\sh/).waitFor();
    await checkScreen(page, 'confirm-clock-out');
    await page.getByRole('button', { name: 'OK' }).click();

    const entries = await t.db.select().from(timeEntries).where(eq(timeEntries.employeeId, employee.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.clockOut).not.toBeNull();
    expect(entries[0]?.notes).toBe('Closed the shop');

    await page.getByRole('button', { name: 'My hours' }).click();
    await page.getByRole('heading', { name: 'My hours' }).waitFor();
    await page.getByText('Timesheet status: not submitted').waitFor();
    expect(await page.getByRole('table').getByRole('row').count()).toBe(2);
    // The chart shows once the period has hours: a shift of under a minute has 0.00 h, and no chart.
    const total = await page.getByRole('definition').last().innerText();
    expect(await page.getByRole('img', { name: /regular/ }).count()).toBe(/^0\.00\sh$/.test(total) ? 0 : 1);
    await checkScreen(page, 'my-hours');

    // The week view's state is that of the pay period covering today, named with its dates.
    await page.getByText(/^Timesheet status: not submitted for the pay period \w{3}\s\d+\s–\s(\w{3}\s)?\d+,\s\d{4}$/).waitFor();
    // On a phone the range may break at its dash, never inside a date ("Nov" over "26").
    for (const lang of ['en', 'es']) {
      if (lang === 'es') await page.getByLabel('Language').selectOption('es');
      await page.getByText(lang === 'es' ? /del periodo de pago/ : /for the pay period/).waitFor();
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await page.evaluate<number[]>(DATE_LINES), `${lang} at ${width} px`).toEqual([1, 1]);
      }
    }
    await page.getByLabel('Idioma').selectOption('en');
    await page.setViewportSize(VIEWPORTS.phone);
    await page.getByRole('button', { name: 'Submit timesheet' }).click();
    await page.getByText('Timesheet submitted.').waitFor();
    await page.getByText('Timesheet status: submitted, waiting for review').waitFor();
    // The employee's own submit: the pay period stays open, so the colleague can still submit theirs.
    const [after] = await t.db.select().from(payPeriods).where(eq(payPeriods.id, period.id));
    expect(after?.status).toBe('OPEN');
    const sheets = await t.db.select().from(employeeTimesheets).where(eq(employeeTimesheets.payPeriodId, period.id));
    expect(sheets.map((row) => [row.employeeId, row.status])).toEqual([[employee.id, 'SUBMITTED']]);
    // Submitting again is explained in words, not as a raw label.
    await page.getByRole('button', { name: 'Submit timesheet' }).click();
    await page.getByText('This timesheet has already been submitted.').waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect((await context.cookies()).find((c) => c.name === 'auth-token')?.value ?? '').toBe('');
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it('shows the week so far on the home screen: regular and overtime hours, and the distance to overtime', async () => {
    // An organization whose overtime starts after 37.5 hours a week.
    const org = await createOrg(t.db, { timezone: 'America/New_York', overtimeThreshold: 37.5 });
    const company = await createCompany(t.db, { bookkeeperOrgId: org.id, name: 'Harbor Bakery' });
    const period = await createPayPeriod(t.db, { companyId: company.id, startDate: new Date(Date.now() - 3 * DAY), endDate: new Date(Date.now() + 3 * DAY) });
    const employee = await createEmployee(t.db, { companyId: company.id, firstName: 'Rosa', lastName: 'Diaz' });
    // One closed shift seconds ago, so it falls in the current workweek whatever the day (its
    // hours are set, not measured).
    const justNow = new Date(Math.floor((Date.now() - 20_000) / 1000) * 1000);
    const shift = await createTimeEntry(t.db, { employeeId: employee.id, companyId: company.id, payPeriodId: period.id, clockIn: justNow, clockOut: new Date(justNow.getTime() + 10_000), totalHours: 30, regularHours: 30, overtimeHours: 0 });
    const { context, page } = await open('/');
    await signIn(page, employee);
    const week = page.getByRole('region', { name: 'This week' });
    await week.waitFor();
    expect(await week.getByRole('definition').allInnerTexts()).toEqual(['30.00\u00a0h', '0.00\u00a0h']);
    await week.getByText('7.50\u00a0h until overtime (after 37.5\u00a0h a week).').waitFor();
    // Clocked in: the figures are the service's (the open shift is not in them yet); the line
    // under them counts the shift so far and says when overtime starts if Rosa stays.
    await page.getByRole('button', { name: 'Clock in' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    await week.getByText(/^7\.(50|49)\sh until overtime, counting this shift so far: overtime from \d{1,2}:\d{2}\s[AP]M if you stay clocked in \(after 37\.5\sh a week\)\.$/).waitFor();
    expect(await week.getByRole('definition').allInnerTexts()).toEqual(['30.00\u00a0h', '0.00\u00a0h']);
    await checkScreen(page, 'home-week');
    // Past the threshold before this shift, in Spanish: all of the shift is overtime.
    await t.db.update(timeEntries).set({ totalHours: 40, regularHours: 37.5, overtimeHours: 2.5 }).where(eq(timeEntries.id, shift.id));
    await page.getByLabel('Language').selectOption('es');
    await page.reload();
    const semana = page.getByRole('region', { name: 'Esta semana' });
    await semana.getByText(/^Ya pasó de 37\.5\sh esta semana: las horas siguientes son extra\. Todo este turno son horas extra\.$/).waitFor();
    expect(await semana.getByRole('definition').allInnerTexts()).toEqual(['37.50\u00a0h', '2.50\u00a0h']);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  }, 120_000);

  it('counts the open shift in the week so far, and says when it reaches overtime', async () => {
    const org = await createOrg(t.db, { timezone: 'America/New_York', overtimeThreshold: 37.5 });
    const company = await createCompany(t.db, { bookkeeperOrgId: org.id, name: 'Harbor Bakery' });
    const employee = await createEmployee(t.db, { companyId: company.id, firstName: 'Rosa', lastName: 'Diaz' });
    // 37 hours closed seconds ago, in the current workweek whatever the day (hours set, not measured).
    const justNow = new Date(Math.floor((Date.now() - 20_000) / 1000) * 1000);
    await createTimeEntry(t.db, { employeeId: employee.id, companyId: company.id, clockIn: justNow, clockOut: new Date(justNow.getTime() + 10_000), totalHours: 37, regularHours: 37, overtimeHours: 0 });
    const { context, page, problems } = await open('/');
    // The page's clock, so that an hour of the shift passes in a moment.
    await page.clock.install();
    await page.reload();
    await signIn(page, employee);
    await page.getByRole('button', { name: 'Clock in' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    const [openShift] = await t.db.select({ clockIn: timeEntries.clockIn }).from(timeEntries).where(and(eq(timeEntries.employeeId, employee.id), isNull(timeEntries.clockOut)));
    // Overtime starts half an hour into the shift: 37 + 0.5 = 37.5 h.
    const overtimeFrom = (lang: string) => new Intl.DateTimeFormat(lang, { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' }).format(new Date(openShift!.clockIn.getTime() + 30 * 60_000));
    const week = page.getByRole('region', { name: 'This week' });
    await week.getByText(`0.50\u00a0h until overtime, counting this shift so far: overtime from ${overtimeFrom('en-US')} if you stay clocked in (after 37.5\u00a0h a week).`).waitFor();
    await page.clock.fastForward(60 * 60_000);
    await week.getByText(`This shift took you past 37.5\u00a0h this week at ${overtimeFrom('en-US')}: the rest of it is overtime.`).waitFor();
    // The service's figures still wait for the clock out.
    expect(await week.getByRole('definition').allInnerTexts()).toEqual(['37.00\u00a0h', '0.00\u00a0h']);
    await checkScreen(page, 'home-week-overtime');
    await page.getByLabel('Language').selectOption('es');
    // "a la 1:05" but "a las 3:05": the article agrees with the hour.
    const spanishAt = overtimeFrom('es-US').startsWith('1:') ? 'a la' : 'a las';
    await page.getByRole('region', { name: 'Esta semana' }).getByText(`Con este turno pasó de 37.5\u00a0h esta semana ${spanishAt} ${overtimeFrom('es-US')}: el resto del turno son horas extra.`).waitFor();
    await checkScreen(page, 'home-week-overtime-es');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('explains Open time entries before submitting while still clocked in', async () => {
    const { employee } = await tenant();
    const { context, page } = await open('/');
    await signIn(page, employee);
    await page.getByRole('button', { name: 'Clock in' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'My hours' }).click();
    // Said before any try: Submit is off, and the reason stands under it as its description.
    await page.getByText('You are still clocked in. Clock out first, then submit your timesheet.').waitFor();
    const submit = page.getByRole('button', { name: 'Submit timesheet' });
    expect(await submit.isDisabled()).toBe(true);
    expect(await submit.getAttribute('aria-describedby')).toBe('submit-result');
    // Once clocked out, it is on again.
    await page.getByRole('button', { name: 'Home' }).click();
    await page.getByRole('button', { name: 'Clock out' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'My hours' }).click();
    await expect.poll(() => submit.isDisabled()).toBe(false);
    await context.close();
  }, 120_000);

  it('names the day of a clock in made on an earlier day, also once midnight passes on an open screen, in English and Spanish', async () => {
    const { company, employee, period } = await tenant();
    const zone = 'America/New_York';
    // Clocked in at 10:00 yesterday or the day before, in New York, still open. The page's clock
    // starts at 23:59 that day, so the status line first reads the time alone, then the day.
    const morning = DateTime.fromMillis(Date.now() - 30 * 3600_000, { zone }).set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
    const clockIn = morning.toJSDate();
    await createTimeEntry(t.db, { employeeId: employee.id, companyId: company.id, payPeriodId: period.id, clockIn, clockOut: null });
    const day = (locale: string) => new Intl.DateTimeFormat(locale, { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric' }).format(clockIn);
    const time = (locale: string) => new Intl.DateTimeFormat(locale, { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(clockIn);
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, locale: 'en-US' });
    const page = await context.newPage();
    await page.clock.install({ time: morning.set({ hour: 23, minute: 59 }).toJSDate() });
    await page.goto(origin + '/');
    await signIn(page, employee);
    const status = page.getByRole('heading', { name: /^Clocked in / });
    await expect.poll(() => status.innerText()).toBe(`Clocked in at ${time('en-US')}`);
    await page.clock.runFor(2 * 60_000);
    await expect.poll(() => status.innerText()).toBe(`Clocked in on ${day('en-US')} at ${time('en-US')}`);
    // Open for 14 hours: most often a forgotten clock out, which the employee is told how to mend.
    await page.getByText('You have been clocked in for over 12 hours. If you forgot to clock out, clock out now and write in the notes when you left; your manager will correct the time.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'web-home-long-shift-phone', { fullPage: true });
    await page.getByLabel('Language').selectOption('es');
    expect(await page.getByRole('heading', { name: /^Entrada marcada / }).innerText()).toBe(`Entrada marcada el ${day('es-US')} a las ${time('es-US')}`);
    await page.getByText(/^Lleva más de 12 horas con la entrada marcada\. Si olvidó marcar la salida, márquela ahora/).waitFor();
    await context.close();
  }, 120_000);

  it('shows a 429 in plain words with a live countdown from Retry-After', async () => {
    const { employee } = await tenant();
    // The phone's five failures are spent through the API.
    for (let i = 0; i < 5; i++) {
      // From another address: the browser's own sign-ins share 127.0.0.1's per-IP budget.
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/employee/verify', payload: { phone: employee.phone, pin: '9999' }, remoteAddress: '10.20.30.40' });
      expect(response.statusCode).toBe(401);
    }
    const { context, page } = await open('/');
    await signIn(page, employee);
    // The phone's window is 15 minutes, so the wait reads as minutes and seconds, not "899 seconds".
    const message = page.getByText(/^Too many tries\. You can try again in \d+\smin( \d+\ss)?\.$/);
    await message.waitFor();
    const secondsLeft = async () => {
      const [, minutes, seconds] = /(\d+)\smin(?: (\d+)\ss)?/.exec(await message.innerText())!;
      return Number(minutes) * 60 + Number(seconds ?? 0);
    };
    const first = await secondsLeft();
    expect(first).toBeGreaterThan(60);
    await expect(page.getByRole('button', { name: 'Sign in' }).isDisabled()).resolves.toBe(true);
    // The number goes down while the page stays open (polled from here: the page's CSP forbids eval).
    let later = first;
    for (let i = 0; i < 50 && later === first; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      later = await secondsLeft();
    }
    expect(later).toBeLessThan(first);
    await checkScreen(page, 'sign-in-429');
    await context.close();
  }, 120_000);

  it('keeps punches made offline on the phone and sends each once, at the times they were made, when the connection returns', async () => {
    const { employee } = await tenant();
    const { context, page } = await open('/');
    await signIn(page, employee);
    await page.getByRole('button', { name: 'Clock in' }).waitFor();

    // The phone's clock says when each punch was made: 20 and 5 minutes before the service hears
    // of them, so the entry's times can only be the phone's, and the gap marks them as offline.
    const clockInAt = new Date(Date.now() - 20 * 60_000);
    const clockOutAt = new Date(Date.now() - 5 * 60_000);
    await context.setOffline(true);
    await page.getByText('You are offline. You can still clock in and out: this device keeps each one and sends it when the connection returns.').waitFor();
    await page.clock.setFixedTime(clockInAt);
    await page.getByRole('button', { name: 'Clock in' }).click();
    await page.getByText(/^Saved on this device at /).waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Saved on this device, not yet sent: 1 clock in.').waitFor();
    await page.clock.setFixedTime(clockOutAt);
    await page.getByRole('button', { name: 'Clock out' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Saved on this device, not yet sent: 1 clock in and 1 clock out.').waitFor();
    await checkScreen(page, 'offline-queued');
    expect(await t.db.select().from(timeEntries).where(eq(timeEntries.employeeId, employee.id))).toEqual([]);

    await context.setOffline(false);
    await page.getByTestId('queue-count').waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByRole('button', { name: 'Clock in' }).waitFor();
    const entries = await t.db.select().from(timeEntries).where(eq(timeEntries.employeeId, employee.id));
    // Exactly one entry, closed: the clock in and the clock out were each applied once, at the
    // moments they were made on the phone, not when they arrived.
    const seconds = (at: Date | null | undefined) => (at ? Math.floor(at.getTime() / 1000) : null);
    expect(entries).toHaveLength(1);
    expect(seconds(entries[0]?.clockIn)).toBe(seconds(clockInAt));
    expect(seconds(entries[0]?.clockOut)).toBe(seconds(clockOutAt));

    // My hours marks both punches as made offline, in words.
    await page.getByRole('button', { name: 'My hours' }).click();
    const rows = page.getByRole('table').getByRole('row');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(1).getByText('Offline', { exact: true }).count()).toBe(2);
    await checkScreen(page, 'my-hours-offline-punch');
    await context.close();
  }, 120_000);

  it('lists the pay periods newest first, shows each state and rejection reason, and explains refused submits', async () => {
    const { company, employee, period } = await tenant();
    const rejected = await createPayPeriod(t.db, { companyId: company.id, startDate: new Date(Date.now() - 17 * DAY), endDate: new Date(Date.now() - 4 * DAY) });
    const locked = await createPayPeriod(t.db, { companyId: company.id, startDate: new Date(Date.now() - 31 * DAY), endDate: new Date(Date.now() - 18 * DAY), locked: true });
    for (const p of [rejected, locked]) {
      await createTimeEntry(t.db, { employeeId: employee.id, companyId: company.id, payPeriodId: p.id, clockIn: new Date(p.startDate.getTime() + DAY), clockOut: new Date(p.startDate.getTime() + DAY + 8 * 3600_000), totalHours: 8, regularHours: 8, overtimeHours: 0 });
    }
    await t.db.insert(employeeTimesheets).values({ payPeriodId: rejected.id, employeeId: employee.id, status: 'REJECTED', submittedAt: new Date(), decidedAt: new Date(), rejectionReason: 'Friday is missing its break.' });

    const { context, page } = await open('/');
    await signIn(page, employee);
    await page.getByRole('button', { name: 'My hours' }).click();
    const picker = page.getByLabel('Period');
    await picker.waitFor();
    const options = picker.locator('option');
    await options.nth(3).waitFor({ state: 'attached' });
    // This week first (the default), then the employee's pay periods, newest first.
    expect(await picker.inputValue()).toBe('week');
    const values = [];
    for (let i = 0; i < (await options.count()); i++) values.push(await options.nth(i).getAttribute('value'));
    expect(values).toEqual(['week', period.id, rejected.id, locked.id]);
    expect(await options.allTextContents()).toEqual(['This week', ...[period, rejected, locked].map(() => expect.stringMatching(/^Pay period \w{3} \d+\s–\s(\w{3} )?\d+, \d{4}$/))]);

    // No hours yet in the current period: said up front, and Submit is off.
    await page.getByText('There are no hours in this pay period yet, so there is nothing to submit.').waitFor();
    expect(await page.getByRole('button', { name: 'Submit timesheet' }).isDisabled()).toBe(true);

    await picker.selectOption(rejected.id);
    await page.getByText('Timesheet status: sent back for changes').waitFor();
    await page.getByText('Reason it was sent back: Friday is missing its break.').waitFor();
    expect(await page.getByRole('table').getByRole('row').count()).toBe(2);
    await checkScreen(page, 'my-hours-rejected');
    await page.getByLabel('Language').selectOption('es');
    await page.getByText('Estado de la hoja de horas: devuelta para corregir').waitFor();
    await page.getByText('Motivo de la devolución: Friday is missing its break.').waitFor();
    await checkScreen(page, 'my-hours-rejected-es');
    await page.getByLabel('Idioma').selectOption('en');
    // A rejected timesheet can be submitted again; the reason is cleared.
    await page.getByRole('button', { name: 'Submit timesheet' }).click();
    await page.getByText('Timesheet submitted.').waitFor();
    await page.getByText('Timesheet status: submitted, waiting for review').waitFor();
    await expect(page.getByText(/Reason it was sent back/).count()).resolves.toBe(0);

    await picker.selectOption(locked.id);
    await page.getByText('Timesheet status: not submitted').waitFor();
    await page.getByRole('button', { name: 'Submit timesheet' }).click();
    await page.getByText('That pay period is closed for changes. Please talk to your manager.').waitFor();
    const states = await t.db.select().from(employeeTimesheets).where(eq(employeeTimesheets.employeeId, employee.id));
    expect(states.map((row) => [row.payPeriodId, row.status])).toEqual([[rejected.id, 'SUBMITTED']]);
    await context.close();
  }, 180_000);

  it('speaks Spanish to a Spanish browser, and the switch changes the language on the spot', async () => {
    const { employee } = await tenant();
    const { context, page } = await open('/', { locale: 'es-MX' });
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    expect(await page.evaluate<string>('document.documentElement.lang')).toBe('es');
    // On a phone the keypad's longest Spanish word, "Borrar todo", keeps to one line like the digits.
    const lines = (name: string) => page.getByRole('button', { name, exact: true }).evaluate((key) => {
      const text = key.ownerDocument.createRange();
      text.selectNodeContents(key);
      return new Set([...text.getClientRects()].map((box) => Math.round(box.top))).size;
    });
    expect([await lines('Borrar todo'), await lines('Borrar'), await lines('1')]).toEqual([1, 1, 1]);
    await checkScreen(page, 'sign-in-es');
    await signIn(page, employee, { phone: 'Teléfono', pin: 'PIN', submit: 'Entrar' });
    await page.getByRole('button', { name: 'Marcar entrada' }).waitFor();
    await checkScreen(page, 'home-es');
    await page.getByRole('button', { name: 'Mis horas' }).click();
    await page.getByRole('button', { name: 'Enviar hoja de horas' }).waitFor();
    // No hours yet this week: the words say so, and no empty chart stands above them.
    await page.getByText('No hay horas en este periodo.').waitFor();
    expect(await page.locator('figure.chart').count()).toBe(0);
    await checkScreen(page, 'my-hours-es');
    await page.getByLabel('Idioma').selectOption('en');
    await page.getByRole('button', { name: 'Submit timesheet' }).waitFor();
    await context.close();
  }, 120_000);

  it('offers one large button per company after a correct PIN only, and a tap signs in at that company', async () => {
    const { org, employee } = await tenant();
    const second = await createCompany(t.db, { bookkeeperOrgId: org.id, name: 'Avenue Cleaners' });
    await createEmployee(t.db, { companyId: second.id, phone: employee.phone, firstName: 'Rosa', lastName: 'Diaz' });
    const { context, page, problems } = await open('/');
    // A wrong PIN names no company.
    await signIn(page, { ...employee, pin: '0000' });
    await page.getByText('That phone number and PIN do not match. Check them and try again.').waitFor();
    await expect(page.getByRole('button', { name: 'Avenue Cleaners' }).count()).resolves.toBe(0);

    await page.getByLabel('PIN').fill(employee.pin);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Your phone number is on file at more than one company. Which one are you working for?' }).waitFor();
    // By name, sorted; no field asks for an id.
    const choices = page.getByRole('list').getByRole('button');
    expect(await choices.allInnerTexts()).toEqual(['Avenue Cleaners', 'Harbor Bakery']);
    await expect(page.getByRole('textbox').count()).resolves.toBe(0);
    const box = await page.getByRole('button', { name: 'Avenue Cleaners' }).boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(48);
    await checkScreen(page, 'sign-in-choose-company');
    await page.getByLabel('Language').selectOption('es');
    await page.getByRole('heading', { name: /¿Para cuál está trabajando\?$/ }).waitFor();
    await checkScreen(page, 'sign-in-choose-company-es');
    await page.getByLabel('Idioma').selectOption('en');

    // Back returns to the form; the chooser comes again with the PIN, and the keyboard can choose.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByLabel('PIN').fill(employee.pin);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Harbor Bakery' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Company: Harbor Bakery').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('labels every day of a 14-day pay period readably on the chart at 390 and 320 px', async () => {
    const { company, employee } = await tenant();
    // Fourteen New York days from midnight, and shifts from 21:00 local: each one ends after
    // midnight whatever the hour the test runs at (it read the clock's hour before, so its shifts
    // ended after midnight only when it ran between 06:00 and 15:00 UTC).
    const zone = 'America/New_York';
    const firstDay = DateTime.now().setZone(zone).minus({ days: 20 }).startOf('day');
    const fortnight = await createPayPeriod(t.db, { companyId: company.id, startDate: firstDay.toJSDate(), endDate: firstDay.plus({ days: 14 }).minus({ milliseconds: 1 }).toJSDate() });
    const entryIds: string[] = [];
    for (const offset of [1, 2, 5, 9, 12]) {
      const clockIn = firstDay.plus({ days: offset }).set({ hour: 21 }).toJSDate();
      const { id } = await createTimeEntry(t.db, { employeeId: employee.id, companyId: company.id, payPeriodId: fortnight.id, clockIn, clockOut: new Date(clockIn.getTime() + 9 * 3600_000), totalHours: 9, regularHours: 9, overtimeHours: 0 });
      entryIds.push(id);
    }
    // One sign-in (the browser's sign-ins share one per-IP budget); the width and language change on the page.
    const { context, page } = await open('/');
    await signIn(page, employee);
    await page.getByRole('button', { name: 'My hours' }).click();
    await page.getByLabel('Period').selectOption(fortnight.id);
    for (const [viewport, lang] of [[VIEWPORTS.phone, 'en'], [{ width: 320, height: 640 }, 'en'], [{ width: 320, height: 640 }, 'es']] as const) {
      await page.setViewportSize(viewport);
      if (lang === 'es') await page.getByLabel('Language').selectOption('es');
      const labels = page.locator('.chart-days li');
      await expect.poll(() => labels.count()).toBe(14);
      // Each label at least 12 px, and no two overlap.
      const boxes = await page.evaluate<Array<{ left: number; right: number; size: number; text: string }>>(
        "[...document.querySelectorAll('.chart-days li')].map((li) => { const spans = [...li.querySelectorAll('span')]; const r = spans.reduce((a, s) => { const b = s.getBoundingClientRect(); return { left: Math.min(a.left, b.left), right: Math.max(a.right, b.right) }; }, { left: Infinity, right: -Infinity }); return { ...r, size: parseFloat(getComputedStyle(li).fontSize), text: li.textContent }; })",
      );
      // Each day's label stands under that day's bar.
      const offsets = await page.evaluate<number[]>(
        "[...document.querySelectorAll('.chart svg g')].map((g, i) => { const bar = g.querySelector('rect').getBoundingClientRect(); const li = document.querySelectorAll('.chart-days li')[i].getBoundingClientRect(); return Math.abs((bar.left + bar.right) / 2 - (li.left + li.right) / 2); })",
      );
      expect(Math.max(...offsets)).toBeLessThan(2);
      // The bars stand on the days of the entries, in the organization's zone.
      const barDays = await page.evaluate<string[]>(
        "[...document.querySelectorAll('.chart svg g')].map((g, i) => g.querySelector('rect').getAttribute('height') !== '0' ? document.querySelectorAll('.chart-days li')[i].textContent : null).filter(Boolean)",
      );
      const entryDays = (await page.getByRole('table').getByRole('rowheader').allInnerTexts()).map((text) => text.match(/\d+/)![0]);
      expect(barDays.map((text) => text.match(/\d+$/)![0])).toEqual(entryDays);
      for (const [i, box] of boxes.entries()) {
        expect(box.size).toBeGreaterThanOrEqual(12);
        expect(box.text).toMatch(/^\D+\d{1,2}$/);
        if (i > 0) expect(box.left).toBeGreaterThanOrEqual(boxes[i - 1]!.right);
      }
      await page.getByRole('img', { name: lang === 'es' ? /normales/ : /regular/ }).waitFor();
      // Every clock-in and clock-out time stays on one line ("4:58" over "PM" read as two values).
      const wrappedTimes = await page.evaluate<string[]>(
        "[...document.querySelectorAll('td.time')].filter((td) => { const r = document.createRange(); r.selectNodeContents(td.firstChild); return r.getClientRects().length !== 1; }).map((td) => td.textContent)",
      );
      expect(await page.locator('td.time').count()).toBe(10);
      expect(wrappedTimes).toEqual([]);
      // These shifts end after midnight: each clock out names its day, the one after its row's.
      if (lang === 'en') {
        const WEEK = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
        const rowDays = (await page.getByRole('table').getByRole('rowheader').allInnerTexts()).map((text) => text.slice(0, 3));
        expect(await page.locator('td.time .later-day').allInnerTexts()).toEqual(rowDays.map((day) => WEEK[(WEEK.indexOf(day) + 1) % 7]));
      }
      // A day may break after its weekday, never inside its date ("10 de" over "nov").
      expect(await page.evaluate<number[]>(DAY_DATE_LINES)).toEqual([1, 1, 1, 1, 1]);
      expect(await page.evaluate<number>(TABLE_SCROLL)).toBe(0);
      expect(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await saveScreenshot(page, `web-my-hours-14-days-${viewport.width}-${lang}`, { fullPage: true });
    }
    // With no break in view the table has no Break column; one entry's break brings it back, and at
    // 320 px in Spanish its five columns still fit (the times may wrap then).
    expect(await page.getByRole('columnheader').allInnerTexts()).toEqual(['Día', 'Entrada', 'Salida', 'Horas']);
    await t.db.update(timeEntries).set({ breakMinutes: 30, totalHours: 8.5, regularHours: 8.5 }).where(eq(timeEntries.id, entryIds[0]!));
    await page.reload();
    await page.getByRole('button', { name: 'Mis horas' }).click();
    await page.getByLabel('Periodo').selectOption(fortnight.id);
    await page.getByRole('cell', { name: '30 min' }).waitFor();
    expect(await page.getByRole('columnheader').allInnerTexts()).toEqual(['Día', 'Entrada', 'Salida', 'Descanso', 'Horas']);
    expect(await page.getByRole('cell', { name: '0 min', exact: true }).count()).toBe(4);
    expect(await page.evaluate<number>(TABLE_SCROLL)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'web-my-hours-break-320-es', { fullPage: true });
    await context.close();
  }, 180_000);

  it('fits a 320 px wide screen and 200% zoom without sideways scrolling', async () => {
    const { employee } = await tenant();
    // 640 px at 200% zoom is the same CSS width as 320 px.
    const { context, page } = await open('/', { viewport: { width: 320, height: 640 } });
    await signIn(page, employee);
    await page.getByRole('button', { name: 'Clock in' }).waitFor();
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(overflow).toBe(0);
    await saveScreenshot(page, 'web-home-320', { fullPage: true });
    await context.close();
  }, 120_000);
});

describe('the kiosk at /kiosk in headless Chromium', () => {
  it("shows the organization's time before anyone signs in when its link names the zone", async () => {
    const { company } = await tenant();
    // A device in Auckland, a fixed moment: 15:30 UTC is 10:30 AM in New York, 4:30 AM in Auckland.
    const context = await browser.newContext({ viewport: TABLET, locale: 'en-US', timezoneId: 'Pacific/Auckland' });
    const page = await context.newPage();
    await page.clock.setFixedTime(new Date('2026-03-04T15:30:00Z'));
    const clock = page.locator('.big-clock time');
    await page.goto(`${origin}/kiosk?company=${company.id}&zone=America%2FNew_York`);
    await expect.poll(() => clock.innerText()).toMatch(/^10:30\sAM$/);
    // A zone that does not exist is ignored: the device's time.
    await page.goto(`${origin}/kiosk?company=${company.id}&zone=Mars%2FOlympus`);
    await expect.poll(() => clock.innerText()).toMatch(/^4:30\sAM$/);
    // The link names the company too: the kiosk says whose it is before anyone signs in.
    await page.goto(`${origin}/kiosk?company=${company.id}&name=Harbor+Bakery`);
    await page.getByRole('heading', { name: 'Clock in or out at Harbor Bakery', exact: true }).waitFor();
    // A name without a company to bind is not shown.
    await page.goto(`${origin}/kiosk?name=Harbor+Bakery`);
    await page.getByRole('heading', { name: 'Clock in or out', exact: true }).waitFor();
    await context.close();
  }, 120_000);

  it('binds a company, confirms a punch for 5 s, returns to sign-in, and signs out after 30 s idle', async () => {
    const { company, employee } = await tenant();
    // A device set to another zone than the organization's (New York).
    const context = await browser.newContext({ viewport: TABLET, locale: 'en-US', timezoneId: 'Pacific/Auckland' });
    const page = await context.newPage();
    await page.clock.install();
    // Opened as the console's link opens it, without the zone.
    await page.goto(`${origin}/kiosk?company=${company.id}&name=Harbor+Bakery`);
    await page.getByRole('heading', { name: 'Clock in or out at Harbor Bakery', exact: true }).waitFor();
    await checkScreen(page, 'kiosk-sign-in');
    await signIn(page, employee);
    await page.getByRole('button', { name: 'Clock in' }).click();
    await page.getByText(/^Clocked in at /).waitFor();
    await checkScreen(page, 'kiosk-confirmation');
    // The token was never stored: no cookie, nothing in storage.
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate<string>('JSON.stringify(localStorage) + JSON.stringify(sessionStorage)')).not.toMatch(/eyJ/);
    await page.clock.fastForward(5_500);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // The sign-in told the kiosk its company's name, which it keeps for the next person, even over
    // a name edited into its link.
    await page.goto(`${origin}/kiosk?company=${company.id}&name=Another+Shop`);
    await page.getByRole('heading', { name: `Clock in or out at ${company.name}`, exact: true }).waitFor();

    await signIn(page, employee);
    await page.getByRole('button', { name: 'Clock out' }).waitFor();
    // The kiosk shows the week so far too, in the organization's rule (40 h by default).
    await page.getByRole('region', { name: 'This week' }).getByText(/^40\.00\sh until overtime, counting this shift so far \(after 40\sh a week\)\.$/).waitFor();
    await checkScreen(page, 'kiosk-home');
    await page.clock.fastForward(31_000);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await expect(page.getByRole('button', { name: 'Clock out' }).count()).resolves.toBe(0);

    await context.setOffline(true);
    await page.getByText(/^No connection\. The kiosk cannot sign anyone in/).waitFor();
    // The banner says no one can sign in, and the button agrees until the connection returns.
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isDisabled()).toBe(true);
    await checkScreen(page, 'kiosk-offline');
    await context.setOffline(false);
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isDisabled()).toBe(false);

    // Reloaded, the kiosk still shows the organization's time before anyone signs in: a sign-in
    // told it the zone, and it kept it (the device's own zone is half a day away).
    await page.reload();
    await page.getByRole('heading', { name: 'Clock in or out' }).waitFor();
    const clockText = () => page.locator('.big-clock time').innerText();
    const timeIn = (zone: string) => page.evaluate((z) => new Intl.DateTimeFormat('en-US', { timeZone: z, hour: 'numeric', minute: '2-digit' }).format(new Date()), zone);
    expect(await timeIn('America/New_York')).not.toBe(await timeIn('Pacific/Auckland'));
    await expect.poll(async () => (await clockText()) === (await timeIn('America/New_York'))).toBe(true);
    await context.close();
  }, 180_000);
});
