// On the clock, in headless Chromium against the real service: the people clocked in now across the
// organization's companies (not another organization's, not a closed shift), how long each has been
// on the clock, a shift open over 12 hours flagged, the company filter in the URL with its empty
// state, a forgotten clock out corrected from the row's entries link and gone from the list on
// return, another recorded from the row's own Clock out, each week so far against the overtime
// threshold (near it, past it, and another organization's rule for a SUPER_ADMIN), and the page in
// Spanish. axe and a screenshot at each state.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createEmployee, createPayPeriod, unique } from '../../helpers/factories.ts';
import { adminToken, client } from '../../helpers/http.ts';
import { saveScreenshot, VIEWPORTS } from '../../helpers/browser.ts';
import { checkPage, DESK, openConsole, signInAs, startConsoleHarness, tenantWithAdmin, type ConsoleHarness } from './harness.ts';
import { openSignedIn } from './signed-in.ts';

let h: ConsoleHarness;
beforeAll(async () => {
  h = await startConsoleHarness();
}, 120_000);
afterAll(async () => h?.close());

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** A datetime-local value ("2026-11-29T08:15") of an instant in New York, as the entry form takes it. */
function newYorkInput(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/**
 * A New York organization with two companies: Ana (Sunrise Bakery, whose pay period covers now)
 * clocked in 2 hours ago on job J-100, Ben (Harbor Cafe, no pay period) clocked in 13 hours ago,
 * and Cy, whose shift this morning is closed. Another organization's employee is clocked in too.
 */
async function seedShifts() {
  const { org, admin } = await tenantWithAdmin(h, { name: 'Lovelace Bookkeeping', slug: unique('lovelace') });
  const bakery = await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: 'Sunrise Bakery' });
  const cafe = await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: 'Harbor Cafe' });
  const quiet = await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: 'Quiet Books' });
  const period = await createPayPeriod(h.t.db, { companyId: bakery.id, startDate: new Date(Date.now() - 3 * 24 * HOUR), endDate: new Date(Date.now() + 3 * 24 * HOUR) });
  const ana = await createEmployee(h.t.db, { companyId: bakery.id, firstName: 'Ana', lastName: 'Ruiz', employeeNumber: 'E-7' });
  const ben = await createEmployee(h.t.db, { companyId: cafe.id, firstName: 'Ben', lastName: 'Okafor', employeeNumber: 'E-8' });
  const cy = await createEmployee(h.t.db, { companyId: bakery.id, firstName: 'Cy', lastName: 'Lam' });
  const token = await adminToken(h.t.tokens, admin);
  const api = client(h.t.app);
  const post = async (body: Record<string, unknown>, as = token) => {
    const res = await api.post('/api/v1/admin/time-entries', body, { token: as });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: string };
  };
  const anaShift = await post({ employeeId: ana.id, clockIn: ago(2 * HOUR), jobCode: 'J-100' });
  // On a whole minute, so the shift the test closes 4 hours later is exactly 4.00 h however long it runs.
  const benIn = new Date(Math.floor((Date.now() - 13 * HOUR) / 60_000) * 60_000);
  await post({ employeeId: ben.id, clockIn: benIn.toISOString() });
  await post({ employeeId: cy.id, clockIn: ago(6 * HOUR), clockOut: ago(5 * HOUR) });

  const other = await tenantWithAdmin(h);
  const otherCompany = await createCompany(h.t.db, { bookkeeperOrgId: other.org.id });
  const stranger = await createEmployee(h.t.db, { companyId: otherCompany.id, firstName: 'Zed', lastName: 'Stranger' });
  await post({ employeeId: stranger.id, clockIn: ago(HOUR) }, await adminToken(h.t.tokens, other.admin));
  return { admin, bakery, quiet, period, ana, anaShift, benIn, api, token };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * What the Week so far cell adds after the hours when a shift began in an earlier New York workweek
 * than now's: " week of Nov 22" (whitespace as one space), else nothing.
 */
function earlierWeekNote(clockIn: Date): string {
  const sundayOf = (at: Date) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short', year: 'numeric', month: 'numeric', day: 'numeric' })
        .formatToParts(at)
        .map((part) => [part.type, part.value]),
    );
    return new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day) - WEEKDAYS.indexOf(parts.weekday!)));
  };
  const week = sundayOf(clockIn);
  if (week.getTime() === sundayOf(new Date()).getTime()) return '';
  return ` week of ${new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(week)}`;
}

/** Whether an instant falls in the first 4 hours of a New York workweek (Sunday before 04:00 local). */
function earlyInNewYorkWeek(at: Date): boolean {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short', hour: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return part('weekday') === 'Sun' && Number(part('hour')) < 4;
}

/**
 * Two people of one company on the clock since the same whole minute, near and past the overtime
 * threshold: Dee has only this shift; Eli also has a closed 3-hour shift earlier in the same
 * workweek. The shift began 2 hours ago, or 7 when that would put it within 4 hours after the
 * week's Sunday midnight (no room for Eli's earlier shift); the organization's threshold is the
 * shift's length plus 2 hours, so Dee is under 2 hours from overtime and Eli about 1 hour past it.
 */
async function seedOvertime() {
  const shiftHours = earlyInNewYorkWeek(new Date(Date.now() - 2 * HOUR)) ? 7 : 2;
  const threshold = shiftHours + 2;
  const { org, admin } = await tenantWithAdmin(h, { name: 'Hopper Payroll', slug: unique('hopper'), overtimeThreshold: threshold });
  const diner = await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: 'Night Owl Diner' });
  const dee = await createEmployee(h.t.db, { companyId: diner.id, firstName: 'Dee', lastName: 'Novak' });
  const eli = await createEmployee(h.t.db, { companyId: diner.id, firstName: 'Eli', lastName: 'Moreau' });
  const fay = await createEmployee(h.t.db, { companyId: diner.id, firstName: 'Fay', lastName: 'Okoro' });
  const token = await adminToken(h.t.tokens, admin);
  const api = client(h.t.app);
  const post = async (body: Record<string, unknown>) => {
    const res = await api.post('/api/v1/admin/time-entries', body, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  const clockIn = Math.floor((Date.now() - shiftHours * HOUR) / 60_000) * 60_000;
  await post({ employeeId: eli.id, clockIn: new Date(clockIn - 4 * HOUR).toISOString(), clockOut: new Date(clockIn - HOUR).toISOString() });
  await post({ employeeId: dee.id, clockIn: new Date(clockIn).toISOString() });
  await post({ employeeId: eli.id, clockIn: new Date(clockIn).toISOString() });
  const clockInFay = () => post({ employeeId: fay.id, clockIn: new Date(Date.now() - 60_000).toISOString() });
  return { admin, diner, threshold, weekNote: earlierWeekNote(new Date(clockIn)), clockInFay };
}

/**
 * On a 1440 px screen every column is in view: the table does not scroll in its frame, so no column
 * is under the held actions column, and the long-shift flag reads in at most two lines.
 */
async function expectWholeTable(page: Page, longShift: string) {
  const frame = page.locator('.table-wrap');
  expect(await frame.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  const lines = await page.getByText(longShift).evaluate((badge) => {
    const range = badge.ownerDocument.createRange();
    range.selectNodeContents(badge);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBeLessThanOrEqual(2);
}

describe('on the clock', () => {
  it('lists who is clocked in now, flags a forgotten clock out, filters by company, and clocks people out', async () => {
    const seed = await seedShifts();
    const { context, page, problems } = await openSignedIn(h, seed.admin, '/admin/on-the-clock');
    page.setDefaultTimeout(20_000);
    await page.getByRole('heading', { level: 1, name: 'On the clock' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'On the clock' }).getAttribute('aria-current')).toBe('page');
    await page.getByText('2 people on the clock · 1 for over 12 hours').waitFor();
    await page.getByText(/^Updated at \d{1,2}:\d{2}\s[AP]M; the list refreshes every minute\.$/).waitFor();

    const table = page.getByRole('table', { name: 'People on the clock, times in Eastern Time (New York)' });
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    // Newest clock in first: Ana (2 hours), then Ben (13 hours, no pay period covers his clock in).
    const ana = rows.nth(0);
    // Week so far fills in when each workweek's hours report answers, after the list itself: a dash until then.
    await expect.poll(async () => (await table.locator('tbody tr td:nth-of-type(4)').allInnerTexts()).filter((text) => text === '—').length, { timeout: 20_000 }).toBe(0);
    expect(await ana.getByRole('rowheader').innerText()).toMatch(/^Ruiz, Ana\s+E-7$/);
    const anaCells = await ana.getByRole('cell').allInnerTexts();
    expect(anaCells[0]).toBe('Sunrise Bakery');
    expect(anaCells[2]).toMatch(/^2 h 0\d min$/);
    // Her week so far is this shift alone, far from the 40 h threshold: no overtime mark.
    expect(anaCells[3]!.replace(/\s+/g, ' ')).toMatch(new RegExp(`^2 h 0\\d min${earlierWeekNote(new Date(Date.now() - 2 * HOUR))}$`));
    expect(anaCells[4]).toBe('J-100');
    expect(anaCells[5]).toBe('—');
    const ben = rows.nth(1);
    expect(await ben.getByRole('rowheader').innerText()).toMatch(/^Okafor, Ben\s+E-8$/);
    const benCells = await ben.getByRole('cell').allInnerTexts();
    expect(benCells[0]).toBe('Harbor Cafe');
    expect(benCells[2]).toMatch(/^13 h 0\d min$/);
    // When his clock in was before Sunday's midnight, his week so far is that earlier week's, named.
    expect(benCells[3]!.replace(/\s+/g, ' ')).toMatch(new RegExp(`^13 h 0\\d min${earlierWeekNote(seed.benIn)}$`));
    expect(benCells[5]).toBe('Long shift (over 12 h)');
    expect(benCells[6]).toMatch(/No pay period yet$/);
    await expectWholeTable(page, 'Long shift (over 12 h)');
    await page.getByText('Overtime starts after 40 h; a shift within 4 hours of it is marked.', { exact: false }).waitFor();
    expect(await page.getByText('Okafor, Ben').count()).toBe(1);
    expect(await page.getByText('Stranger').count()).toBe(0);
    expect(await page.getByText('Lam, Cy').count()).toBe(0);
    await checkPage(page, 'on-the-clock');

    // The company filter is in the URL; a company where nobody is in says so by name.
    await page.getByLabel('Company').selectOption({ label: 'Sunrise Bakery' });
    await page.waitForURL(new RegExp(`companyId=${seed.bakery.id}`));
    await page.getByText('1 person on the clock').waitFor();
    expect(await rows.count()).toBe(1);
    await page.getByLabel('Company').selectOption({ label: 'Quiet Books' });
    await page.getByText('Nobody at Quiet Books is clocked in right now.').waitFor();
    expect(await page.getByText(/people on the clock/).count()).toBe(0);
    await checkPage(page, 'on-the-clock-empty');
    await page.getByLabel('Company').selectOption({ label: 'All companies' });
    await page.getByText('2 people on the clock · 1 for over 12 hours').waitFor();

    // Ana forgot to clock out: her row opens her entries in the pay period, where the bookkeeper adds it.
    await page.getByRole('link', { name: 'View entries of Ana Ruiz' }).click();
    await page.waitForURL(new RegExp(`/admin/pay-periods/${seed.period.id}/employees/${seed.ana.id}$`));
    await page.getByRole('heading', { level: 1, name: 'Ana Ruiz’s entries' }).waitFor();
    await page.getByRole('button', { name: /^Edit the entry of / }).click();
    const edit = page.getByRole('dialog', { name: /^Edit the entry of / });
    await edit.getByLabel('Clock out').fill(newYorkInput(new Date(Date.now() - HOUR)));
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').getByText(/^Entry corrected\./).waitFor();
    const closed = await seed.api.get(`/api/v1/admin/time-entries/${seed.anaShift.id}`, { token: seed.token });
    expect(closed.body.data.clockOut).not.toBeNull();

    await nav.getByRole('link', { name: 'On the clock' }).click();
    await page.getByText('1 person on the clock · 1 for over 12 hours').waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.nth(0).getByRole('rowheader').innerText()).toMatch(/^Okafor, Ben\s+E-8$/);

    // The refresh button reads the list again at once, from the keyboard too.
    const refresh = page.getByRole('button', { name: 'Refresh now' });
    await refresh.focus();
    const reread = page.waitForResponse((response) => /\/api\/v1\/admin\/time-entries\?.*open=true/.test(response.url()));
    await page.keyboard.press('Enter');
    expect((await reread).status()).toBe(200);
    await page.getByText('1 person on the clock · 1 for over 12 hours').waitFor();
    // The button keeps the focus through its refresh (it is never disabled).
    await expect.poll(() => page.evaluate<string | null>('document.activeElement?.textContent ?? null')).toBe('Refresh now');

    // Ben has no pay period to open: Clock out on his row offers now, which the bookkeeper changes
    // to when he really left. Escape first gives the focus back to the button.
    const clockOutBen = page.getByRole('button', { name: 'Clock out Ben Okafor' });
    await clockOutBen.click();
    const dialog = page.getByRole('dialog', { name: 'Clock out Ben Okafor' });
    const clockOutField = dialog.getByLabel('Clock out');
    expect([newYorkInput(new Date(Date.now() - 60_000)), newYorkInput(new Date())]).toContain(await clockOutField.inputValue());
    await expect.poll(() => clockOutField.evaluate((input) => input === input.ownerDocument.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate<string | null>('document.activeElement?.textContent ?? null')).toBe('Clock out Ben Okafor');
    await clockOutBen.click();
    await clockOutField.fill(newYorkInput(new Date(Date.now() - 14 * HOUR)));
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Must not be before the clock in.').waitFor();
    await checkPage(page, 'on-the-clock-clock-out');
    await clockOutField.fill(newYorkInput(new Date(seed.benIn.getTime() + 4 * HOUR)));
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').getByText(/^Ben Okafor is clocked out: .+, 4\.00 h on this shift\.$/).waitFor();
    await page.getByText('Nobody is clocked in right now.').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reads in Spanish, and says when nobody is clocked in', async () => {
    const seed = await seedShifts();
    const { context, page } = await openSignedIn(h, seed.admin, '/admin/on-the-clock', 'es-MX');
    page.setDefaultTimeout(20_000);
    await page.getByRole('heading', { level: 1, name: 'En turno' }).waitFor();
    await page.getByText('2 personas en turno · 1 desde hace más de 12 horas').waitFor();
    const table = page.getByRole('table', { name: /^Personas en turno, horas en / });
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Empleado', 'Empresa', 'Entrada', 'Tiempo en turno', 'Semana hasta ahora', 'Trabajo / tarea', 'Avisos', 'Acciones']);
    await table.getByText('Turno largo (más de 12 h)').waitFor();
    await expectWholeTable(page, 'Turno largo (más de 12 h)');
    await table.getByRole('link', { name: 'Ver registros de Ana Ruiz' }).waitFor();
    await table.getByRole('button', { name: 'Marcar salida Ben Okafor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Marcar la salida de Ben Okafor' });
    await dialog.getByLabel('Salida').waitFor();
    await checkPage(page, 'on-the-clock-clock-out-es');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await checkPage(page, 'on-the-clock-es');
    await context.close();

    // On a phone, where an owner checks who is in: the page fits the screen, the table scrolls in its frame.
    const phone = await openConsole(h, '/admin', { viewport: VIEWPORTS.phone });
    await signInAs(phone.page, seed.admin);
    await phone.page.goto(h.origin + '/admin/on-the-clock');
    await phone.page.getByText('2 people on the clock · 1 for over 12 hours').waitFor();
    expect(await phone.page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
    // Each row is a card: the time on the clock and the Clock out button are on screen, not scrolled off.
    // Each card keeps its padding on the right too: the time ends at least 12 px inside the card.
    const card = (await phone.page.locator('.table-wrap').boundingBox())!;
    // Ben's time on the clock and his week so far are the same 13 hours, in two cells of his card.
    // (The second fills in when the week's hours report answers, after the list.)
    await expect.poll(() => phone.page.getByText(/^13 h 0\d min$/).count(), { timeout: 20_000 }).toBe(2);
    const benTimes = await phone.page.getByText(/^13 h 0\d min$/).all();
    for (const visible of [...benTimes, phone.page.getByRole('button', { name: 'Clock out Ben Okafor' })]) {
      const box = (await visible.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width - 12);
    }
    await checkPage(phone.page, 'on-the-clock-phone');
    await phone.context.close();

    const { admin } = await tenantWithAdmin(h);
    const empty = await openSignedIn(h, admin, '/admin/on-the-clock');
    await empty.page.getByText('Nobody is clocked in right now.').waitFor();
    expect(await empty.page.getByRole('table').count()).toBe(0);
    await empty.context.close();
  });

  it('shows each week so far against the overtime threshold, by the rule of the company\u2019s organization', async () => {
    const seed = await seedOvertime();
    // A SUPER_ADMIN of a firm on the default 40 h, looking at the diner, sees the diner's organization's rule.
    // (The file's sixth sign-in would pass the login limit of 5, docs/api.md §11: one admin, both languages.)
    const { admin: superAdmin } = await tenantWithAdmin(h, {}, { role: 'SUPER_ADMIN' });
    const { context, page, problems } = await openSignedIn(h, superAdmin, `/admin/on-the-clock?companyId=${seed.diner.id}`);
    page.setDefaultTimeout(20_000);
    await page.getByText('2 people on the clock · 1 in overtime · 1 near overtime').waitFor();
    await page.getByText(`Overtime starts after ${seed.threshold} h; a shift within 4 hours of it is marked.`, { exact: false }).waitFor();
    const rows = page.getByRole('table', { name: /^People on the clock/ }).locator('tbody tr');
    const week = async (name: string) => (await rows.filter({ hasText: name }).getByRole('cell').allInnerTexts())[3]!.replace(/\s+/g, ' ');
    // Dee: only this shift, the threshold 2 hours after its start, so under 2 hours to go.
    expect(await week('Novak, Dee')).toMatch(new RegExp(`^${seed.threshold - 2} h 0\\d min${seed.weekNote} Overtime in 1 h 5\\d min$`));
    // Eli: 3 closed hours and this shift, about an hour past it.
    expect(await week('Moreau, Eli')).toMatch(new RegExp(`^${seed.threshold + 1} h 0\\d min${seed.weekNote} 1 h 0\\d min of overtime$`));
    await checkPage(page, 'on-the-clock-overtime');
    // On a phone the week so far and its mark stay inside each card.
    await page.setViewportSize(VIEWPORTS.phone);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
    const frame = (await page.locator('.table-wrap').boundingBox())!;
    for (const mark of [page.getByText(/^Overtime in 1 h 5\d min$/), page.getByText(/^1 h 0\d min of overtime$/)]) {
      const box = (await mark.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width - 12);
    }
    await saveScreenshot(page, 'console-on-the-clock-overtime-phone', { fullPage: true });
    await page.setViewportSize(DESK);

    // The week's hours are read again when the open shifts change, not on the list's every minute.
    await page.clock.install();
    await page.reload();
    await page.getByText('2 people on the clock · 1 in overtime · 1 near overtime').waitFor();
    const reportReads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/admin/reports/hours')) reportReads.push(request.url());
    });
    const minuteLater = async () => {
      const listRead = page.waitForResponse((response) => /\/api\/v1\/admin\/time-entries\?.*open=true/.test(response.url()));
      await page.clock.fastForward(61_000);
      expect((await listRead).status()).toBe(200);
    };
    await minuteLater();
    await page.waitForTimeout(1_000);
    expect(reportReads).toEqual([]);
    // Fay clocks in: the list's next minute has a new open entry, so the week is read again.
    await seed.clockInFay();
    await minuteLater();
    // Fay's shift is minutes old: near overtime only where the threshold is 4 h (the 2-hour seed).
    const near = seed.threshold <= 4 ? 2 : 1;
    await page.getByText(`3 people on the clock · 1 in overtime · ${near} near overtime`).waitFor();
    await expect.poll(() => reportReads.length).toBe(1);
    expect(reportReads[0]).toMatch(new RegExp(`groupBy=employee.*companyId=${seed.diner.id}|companyId=${seed.diner.id}.*groupBy=employee`));
    // Refresh now reads both at once.
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await expect.poll(() => reportReads.length).toBe(2);

    // Without the company filter the list is the SUPER_ADMIN's own organization's, where nobody is in.
    await page.getByLabel('Company').selectOption({ label: 'All companies' });
    await page.getByText('Nobody is clocked in right now.').waitFor();
    await page.getByText('Overtime starts after 40 h', { exact: false }).waitFor();
    await page.goBack();

    await page.getByLabel('Language').selectOption({ label: 'Español' });
    await page.getByText(`3 personas en turno · 1 en horas extra · ${near} cerca de las horas extra`).waitFor();
    await page.getByText(`Las horas extra empiezan después de ${seed.threshold} h`, { exact: false }).waitFor();
    await page.getByText(/^Horas extra en 1 h 5\d min$/).waitFor();
    await page.getByText(/^1 h 0\d min de horas extra$/).waitFor();
    await checkPage(page, 'on-the-clock-overtime-es');

    // Past the first 100 companies by name (a SUPER_ADMIN's view of every firm), the diner is still
    // among the choices, and its organization's rule still applies.
    const fillers = await tenantWithAdmin(h);
    for (let n = 0; n < 100; n++) await createCompany(h.t.db, { bookkeeperOrgId: fillers.org.id, name: `Aaa Filler ${String(n).padStart(3, '0')}` });
    await page.reload();
    await page.getByText(`Las horas extra empiezan después de ${seed.threshold} h`, { exact: false }).waitFor();
    await expect.poll(() => page.getByLabel('Empresa').locator('option:checked').textContent()).toBe('Night Owl Diner');
    await page.getByText(/^1 h 0\d min de horas extra$/).waitFor();

    // Eli's own page has the same week, by his organization's rule: his closed 3 hours (when they
    // are in this week) and the shift that took him past the threshold.
    await page.getByRole('link', { name: 'Moreau, Eli' }).click();
    const eliWeek = page.getByRole('region', { name: 'Esta semana' });
    await eliWeek.getByText(`horas extra después de ${seed.threshold} h por semana`, { exact: false }).waitFor();
    const closedThisWeek = seed.weekNote === '' ? '3.00 h' : '0.00 h';
    await expect.poll(() => eliWeek.getByRole('definition').allInnerTexts()).toEqual([closedThisWeek, closedThisWeek, '0.00 h']);
    expect(problems).toEqual([]);
    await context.close();
  });
});
