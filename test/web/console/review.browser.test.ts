// The review page of a pay period in headless Chromium against the real service: counts and
// totals equal to the API's, rows with readable flags, approve one, reject one with a reason
// (visible afterwards), the submitted timesheets without flags approved at once (one refused by
// name, a flagged one left alone) and those not submitted when asked, the hours chart, the export
// (not ready explained, both files downloaded, the IIF's hours equal to the review totals, a
// second export warned), lock and pay date on the page, Spanish, and axe plus a screenshot of
// every state.
import { readFile } from 'node:fs/promises';
import type { Download } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatHours } from '../../../web/src/i18n/format.ts';
import { createCompany, createEmployee } from '../../helpers/factories.ts';
import { adminToken, client, employeeToken } from '../../helpers/http.ts';
import { VIEWPORTS } from '../../helpers/browser.ts';
import { checkPage, openConsole, signInAs, startConsoleHarness, tenantWithAdmin, type ConsoleHarness } from './harness.ts';

let h: ConsoleHarness;
beforeAll(async () => {
  h = await startConsoleHarness();
}, 120_000);
afterAll(async () => h?.close());

/** A closed week in New York (EDT, UTC-4): Sunday Oct 5 to Saturday Oct 11, 2025. */
async function reviewedWeek() {
  const tenant = await tenantWithAdmin(h);
  const company = await createCompany(h.t.db, { bookkeeperOrgId: tenant.org.id, name: 'Acme Plumbing', payPeriodType: 'WEEKLY' });
  const token = await adminToken(h.t.tokens, tenant.admin);
  const api = client(h.t.app);
  const created = await api.post('/api/v1/admin/pay-periods', { companyId: company.id, periodType: 'WEEKLY', startDate: '2025-10-05' }, { token });
  expect(created.status).toBe(201);
  const periodId: string = created.body.data.id;
  const ann = await createEmployee(h.t.db, { companyId: company.id, firstName: 'Ann', lastName: 'Alvarez', payRate: 25 });
  const ben = await createEmployee(h.t.db, { companyId: company.id, firstName: 'Ben', lastName: 'Baker', payRate: 20 });
  const cho = await createEmployee(h.t.db, { companyId: company.id, firstName: 'Cho', lastName: 'Chen', payRate: 30 });
  const dev = await createEmployee(h.t.db, { companyId: company.id, firstName: 'Dev', lastName: 'Diaz', payRate: 22 });
  const entry = async (employeeId: string, clockIn: string, clockOut: string | null) => {
    const answer = await api.post('/api/v1/admin/time-entries', { employeeId, clockIn, ...(clockOut ? { clockOut } : {}) }, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  };
  // Ann: five 9-hour days, 45 hours, 5 of them overtime. Ben: two 8-hour days. Cho: one 13-hour
  // shift (a long shift). Dev: a clock-in never closed (an open entry).
  for (const day of [6, 7, 8, 9, 10]) await entry(ann.id, `2025-10-${String(day).padStart(2, '0')}T12:00:00.000Z`, `2025-10-${String(day).padStart(2, '0')}T21:00:00.000Z`);
  for (const day of [6, 7]) await entry(ben.id, `2025-10-0${day}T13:00:00.000Z`, `2025-10-0${day}T21:00:00.000Z`);
  await entry(cho.id, '2025-10-08T10:00:00.000Z', '2025-10-08T23:00:00.000Z');
  await entry(dev.id, '2025-10-10T13:00:00.000Z', null);
  // Ben submits his timesheet, so it can be rejected.
  const submitted = await api.post(`/api/v1/employee/timesheets/${periodId}/submit`, {}, { token: await employeeToken(h.t.tokens, ben) });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const review = async () => (await api.get(`/api/v1/admin/pay-periods/${periodId}/timesheets`, { token })).body.data;
  const period = async () => (await api.get(`/api/v1/admin/pay-periods/${periodId}`, { token })).body.data;
  return { ...tenant, company, periodId, ann, ben, cho, dev, review, period };
}

const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

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

describe('the review page', () => {
  it('shows counts and totals equal to the API, approves, rejects with a reason, charts and exports', async () => {
    const s = await reviewedWeek();
    const { page, context, problems } = await openConsole(h, `/admin/pay-periods/${s.periodId}`);
    await signInAs(page, s.admin);
    await page.getByRole('heading', { name: /Acme Plumbing: Oct 5\s*–\s*11, 2025/, level: 1 }).waitFor();

    // Counts and totals are the API's.
    const before = await s.review();
    expect(before.counts).toEqual({ NOT_SUBMITTED: 3, SUBMITTED: 1, APPROVED: 0, REJECTED: 0 });
    const counts = page.getByRole('region', { name: 'Timesheets by state' });
    for (const [label, n] of [['Not submitted', 3], ['Submitted', 1], ['Approved', 0], ['Rejected', 0]] as const) {
      expect(await counts.getByRole('listitem').filter({ hasText: new RegExp(`^\\d+${label}$`) }).textContent()).toBe(`${n}${label}`);
    }
    const totals = page.getByRole('region', { name: 'Period totals' });
    expect(before.totals).toMatchObject({ regularHours: 69, overtimeHours: 5, totalHours: 74 });
    for (const [label, value] of [
      ['Regular hours', formatHours(before.totals.regularHours, 'en')],
      ['Overtime hours', formatHours(before.totals.overtimeHours, 'en')],
      ['Total hours', formatHours(before.totals.totalHours, 'en')],
      ['Pay (hourly staff)', usd(before.totals.pay.total)],
    ]) {
      await totals.getByRole('definition').filter({ hasText: value! }).first().waitFor();
      expect(await totals.textContent()).toContain(`${label}${value}`);
    }

    // One row per employee, with hours, pay and flags in words.
    const row = (name: string) => page.getByRole('row', { name: new RegExp(name) });
    const annRow = row('Ann Alvarez');
    const ann = before.timesheets.find((sheet: any) => sheet.employee.id === s.ann.id);
    expect(await annRow.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['Not submitted', '40.00', '5.00', '45.00', usd(ann.pay.total)]),
    );
    expect(await annRow.getByRole('link', { name: 'Ann Alvarez' }).getAttribute('href')).toBe(`/admin/pay-periods/${s.periodId}/employees/${s.ann.id}`);
    expect(await row('Cho Chen').textContent()).toContain('Long shift (over 12 h)');
    expect(await row('Cho Chen').textContent()).toContain('Edited by a bookkeeper');
    expect(await row('Dev Diaz').textContent()).toContain('Open entry (no clock-out)');
    // Each row's buttons say whose timesheet they decide, for a screen reader's list of buttons.
    expect(await row('Dev Diaz').getByRole('button', { name: 'Approve Dev Diaz', exact: true }).isDisabled()).toBe(true);
    expect(await row('Ann Alvarez').getByRole('button', { name: 'Reject Ann Alvarez', exact: true }).count()).toBe(1);
    // The row says why, and the button points to it for a screen reader.
    const why = row('Dev Diaz').getByText('An entry is still open: close it before approving.');
    expect(await row('Dev Diaz').getByRole('button', { name: 'Approve' }).getAttribute('aria-describedby')).toBe(await why.getAttribute('id'));
    expect(await row('Ann Alvarez').getByRole('button', { name: 'Reject' }).isDisabled()).toBe(true);
    await page.getByRole('figure').getByText('Hours per day').waitFor();
    // The whole company per day; Ann's overtime falls on Friday, past her 40th hour of the week.
    const chart = await page.getByRole('figure').getByRole('img').getAttribute('aria-label');
    expect(chart).toContain('Mon, Oct 6: 17.00 regular, 0.00 overtime');
    expect(chart).toContain('Wed, Oct 8: 22.00 regular, 0.00 overtime');
    expect(chart).toContain('Fri, Oct 10: 4.00 regular, 5.00 overtime');
    // Each day's hours are written just above its bar (regular and overtime together).
    const written = await page.evaluate<Array<{ day: string; text: string; gap: number; offset: number }>>(
      `[...document.querySelectorAll('.chart-values li')].flatMap((li, i) => {
        const value = li.querySelector('span');
        if (!value) return [];
        const bars = [...document.querySelectorAll('.chart svg g')[i].querySelectorAll('rect')].map((r) => r.getBoundingClientRect()).filter((r) => r.height > 0);
        const box = value.getBoundingClientRect();
        return [{
          day: document.querySelectorAll('.chart-days li')[i].textContent,
          text: value.textContent,
          gap: Math.min(...bars.map((r) => r.top)) - box.bottom,
          offset: Math.abs((box.left + box.right) / 2 - (bars[0].left + bars[0].right) / 2),
        }];
      })`,
    );
    expect(written.map(({ day, text }) => [day, text])).toEqual(expect.arrayContaining([['Mon6', '17.00'], ['Wed8', '22.00'], ['Fri10', '9.00']]));
    for (const value of written) {
      expect(value.gap).toBeGreaterThanOrEqual(0);
      expect(value.gap).toBeLessThan(6);
      expect(value.offset).toBeLessThan(2);
    }
    await checkPage(page, 'review-before');

    // Approve Ann.
    await annRow.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('status').getByText('Approved Ann Alvarez’s timesheet.').waitFor();
    await annRow.getByText('Approved', { exact: true }).waitFor();
    await annRow.getByText('by Bea Booker').waitFor();
    await counts.getByRole('listitem').filter({ hasText: /^\d+Approved$/ }).getByText('1', { exact: true }).waitFor();
    expect((await s.review()).timesheets.find((sheet: any) => sheet.employee.id === s.ann.id).status).toBe('APPROVED');

    // Reject Ben: the reason is required, then shown in his row.
    const benRow = row('Ben Baker');
    await benRow.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject Ben Baker’s timesheet?' });
    expect(await dialog.locator('.field:has(.required-mark) label').allTextContents()).toEqual(['Reason']);
    await dialog.getByRole('button', { name: 'Reject timesheet' }).click();
    await dialog.getByText('Write why, so the employee knows what is wrong.').waitFor();
    await checkPage(page, 'review-reject-dialog');
    const reason = 'Tuesday is missing the lunch break; please fix it and submit again.';
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: 'Reject timesheet' }).click();
    await page.getByRole('status').getByText('Rejected Ben Baker’s timesheet.', { exact: false }).waitFor();
    await benRow.getByText(`Reason: ${reason}`).waitFor();
    const after = await s.review();
    expect(after.counts).toEqual({ NOT_SUBMITTED: 2, SUBMITTED: 0, APPROVED: 1, REJECTED: 1 });
    expect(after.timesheets.find((sheet: any) => sheet.employee.id === s.ben.id).rejectionReason).toBe(reason);
    await counts.getByRole('listitem').filter({ hasText: /^\d+Rejected$/ }).getByText('1', { exact: true }).waitFor();

    // Export: an open entry stops it, in words and with the name; without it, both files download.
    const downloads: Download[] = [];
    page.on('download', (download) => downloads.push(download));
    const exportPanel = page.getByRole('region', { name: 'Export for payroll' });
    await exportPanel.getByText('Not exported yet.').waitFor();
    await exportPanel.getByRole('button', { name: 'Export' }).click();
    const notReady = exportPanel.getByRole('alert');
    await notReady.getByText('Not exported: 1 time entry is still open, so its hours are missing.').waitFor();
    expect(await notReady.textContent()).toContain('Open entries: Dev Diaz.');
    await checkPage(page, 'review-export-not-ready');
    expect(downloads).toHaveLength(0);
    await notReady.getByRole('button', { name: 'Export without the open entries' }).click();
    await expect.poll(() => downloads.length, { timeout: 10_000 }).toBe(2);
    const names = downloads.map((download) => download.suggestedFilename()).sort();
    expect(names).toEqual(['payclock-acme-plumbing-2025-10-05-2025-10-11.csv', 'payclock-acme-plumbing-2025-10-05-2025-10-11.iif']);
    const iif = await readFile((await downloads.find((d) => d.suggestedFilename().endsWith('.iif'))!.path())!, 'utf8');
    const minutes = iifMinutes(iif);
    const total = Object.values(minutes).reduce((sum, m) => sum + m, 0);
    expect(total).toBe(Math.round(after.totals.totalHours * 60));
    expect(Object.values(minutes).sort((a, b) => a - b)).toEqual([after.totals.overtimeHours * 60, after.totals.regularHours * 60]);
    const csv = await readFile((await downloads.find((d) => d.suggestedFilename().endsWith('.csv'))!.path())!, 'utf8');
    expect(csv.split('\r\n').filter((line) => line.trim() !== '')).toHaveLength(1 + 8); // a header and the 8 closed entries

    const stamped = await s.period();
    expect(stamped.exportedBy).toBe(s.admin.email);
    // The exporter reads 'you', not their own address.
    await exportPanel.getByText('You last exported it on', { exact: false }).waitFor();
    await exportPanel.getByRole('link', { name: names[1] }).waitFor();
    await checkPage(page, 'review');

    // A second export warns first; cancelling exports nothing.
    await exportPanel.getByRole('button', { name: 'Export' }).click();
    const again = page.getByRole('dialog', { name: 'Export this pay period again?' });
    await again.getByText('You already exported it on', { exact: false }).waitFor();
    await checkPage(page, 'review-export-again');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'hidden' });
    expect(downloads).toHaveLength(2);
    expect((await s.period()).exportedAt).toBe(stamped.exportedAt);

    // Dev's open entry blocks his approval: Clock out on his row closes it here, and Approve opens.
    const devRow = row('Dev Diaz');
    await devRow.getByRole('button', { name: 'Clock out Dev Diaz' }).click();
    const clockOut = page.getByRole('dialog', { name: 'Clock out Dev Diaz' });
    await clockOut.getByLabel('Clock out').fill('2025-10-10T17:30');
    await checkPage(page, 'review-clock-out');
    await clockOut.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').getByText(/^Dev Diaz is clocked out: .+, 8\.50 h on this shift\.$/).waitFor();
    await expect.poll(() => devRow.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(false);
    expect(await devRow.getByRole('button', { name: /^Clock out/ }).count()).toBe(0);
    expect((await s.review()).timesheets.find((sheet: any) => sheet.employee.id === s.dev.id).totals).toMatchObject({ openEntries: 0, totalHours: 8.5 });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('approves the submitted timesheets without flags at once, after one confirmation, and says why one was not', async () => {
    // A week from yesterday in New York, so that punches made now are in it. Employees clock in and
    // out themselves (an entry made through the admin routes is flagged as edited).
    const tenant = await tenantWithAdmin(h);
    const company = await createCompany(h.t.db, { bookkeeperOrgId: tenant.org.id, name: 'Acme Plumbing', payPeriodType: 'WEEKLY' });
    const token = await adminToken(h.t.tokens, tenant.admin);
    const api = client(h.t.app);
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(Date.now() - 86_400_000));
    const created = await api.post('/api/v1/admin/pay-periods', { companyId: company.id, periodType: 'WEEKLY', startDate: yesterday }, { token });
    expect(created.status).toBe(201);
    const periodId: string = created.body.data.id;
    const review = async () => (await api.get(`/api/v1/admin/pay-periods/${periodId}/timesheets`, { token })).body.data;
    const hire = (firstName: string, lastName: string) => createEmployee(h.t.db, { companyId: company.id, firstName, lastName, payRate: 21 });
    const workAndSubmit = async (employee: Awaited<ReturnType<typeof hire>>, { submit = true } = {}) => {
      const as = await employeeToken(h.t.tokens, employee);
      for (const action of ['clock_in', 'clock_out']) {
        const punched = await api.post('/api/v1/employee/timesheet/entry', { action }, { token: as });
        expect(punched.status, JSON.stringify(punched.body)).toBeLessThan(300);
      }
      if (!submit) return;
      const submitted = await api.post(`/api/v1/employee/timesheets/${periodId}/submit`, {}, { token: as });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    };
    // Ann works but has not submitted. Ben, Eve and Gus submit a clean timesheet. Fay's has an entry
    // a bookkeeper added, so it is flagged and left out.
    await workAndSubmit(await hire('Ann', 'Alvarez'), { submit: false });
    for (const [first, last] of [['Ben', 'Baker'], ['Eve', 'Evans']] as const) await workAndSubmit(await hire(first, last));
    const fay = await hire('Fay', 'Flores');
    const added = await api.post('/api/v1/admin/time-entries', { employeeId: fay.id, clockIn: new Date(Date.now() - 60_000).toISOString(), clockOut: new Date().toISOString() }, { token });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const faySubmitted = await api.post(`/api/v1/employee/timesheets/${periodId}/submit`, {}, { token: await employeeToken(h.t.tokens, fay) });
    expect(faySubmitted.status, JSON.stringify(faySubmitted.body)).toBe(200);
    const gus = await hire('Gus', 'Green');
    await workAndSubmit(gus);
    const s = { admin: tenant.admin, periodId, review };

    const { page, context, problems } = await openConsole(h, `/admin/pay-periods/${s.periodId}`);
    await signInAs(page, s.admin);
    const approveAll = page.getByRole('button', { name: 'Approve 3 submitted timesheets without flags' });
    await approveAll.waitFor();
    await page.getByText('1 submitted timesheet has flags: open it and approve it yourself.').waitFor();
    // On a phone the page fits the screen (its summaries two tiles a row), the button's words wrapping inside it.
    const phone = await openConsole(h, `/admin/pay-periods/${s.periodId}`, { viewport: VIEWPORTS.phone });
    await signInAs(phone.page, s.admin);
    const phoneButton = phone.page.getByRole('button', { name: 'Approve 3 submitted timesheets without flags' });
    await phoneButton.waitFor();
    expect(await phone.page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
    expect((await phoneButton.boundingBox())!.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await checkPage(phone.page, 'review-approve-ready-phone');
    await phone.context.close();
    // Meanwhile Gus's timesheet gets an open entry, which the page has not seen: the service refuses it.
    const opened = await api.post('/api/v1/admin/time-entries', { employeeId: gus.id, clockIn: new Date().toISOString() }, { token });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);

    await approveAll.click();
    const dialog = page.getByRole('dialog', { name: 'Approve 3 timesheets?' });
    await dialog.waitFor();
    expect(await dialog.getByRole('list', { name: 'Timesheets to approve' }).getByRole('listitem').allInnerTexts()).toEqual(['Ben Baker', 'Eve Evans', 'Gus Green']);
    await dialog.getByText('1 submitted timesheet has flags', { exact: false }).waitFor();
    // Ann worked and has no flag, but did not submit: she joins only when ticked.
    const withAnn = dialog.getByRole('checkbox', { name: 'Also approve 1 timesheet without flags that was not submitted:' });
    expect(await withAnn.isChecked()).toBe(false);
    expect(await dialog.getByRole('list', { name: 'Timesheets not submitted' }).getByRole('listitem').allInnerTexts()).toEqual(['Ann Alvarez']);
    await checkPage(page, 'review-approve-ready');
    await withAnn.check();
    await page.getByRole('dialog', { name: 'Approve 4 timesheets?' }).waitFor();
    // Cancel sends nothing.
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect((await s.review()).counts.APPROVED).toBe(0);

    // From the keyboard: the dialog opens with the focus inside it, and Approve is a Tab away.
    // The service's answers wait until the page has been looked at mid-run.
    let answer!: () => void;
    const answersHeld = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/timesheets/*/approve', async (route) => {
      await answersHeld;
      await route.continue();
    });
    await approveAll.focus();
    await page.keyboard.press('Enter');
    // Opened again, the dialog leaves Ann out until she is ticked again.
    await dialog.waitFor();
    expect(await withAnn.isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Approve', exact: true }).focus();
    await page.keyboard.press('Enter');
    // While it runs: its progress, Stop in place of the button, and the rows' own decisions waiting.
    await page.getByRole('progressbar', { name: 'Timesheets approved so far' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Approving 0 of 3…' }).waitFor();
    await page.getByRole('button', { name: 'Stop approving' }).waitFor();
    const fayRow = page.getByRole('row', { name: /Fay Flores/ });
    expect([await fayRow.getByRole('button', { name: 'Approve Fay Flores', exact: true }).isDisabled(), await fayRow.getByRole('button', { name: 'Reject' }).isDisabled()]).toEqual([true, true]);
    answer();
    await page.getByRole('status').filter({ hasText: 'Approved: 2. Not approved: 1.' }).waitFor();
    await page.getByRole('alert').getByText('Gus Green still has an open entry (a forgotten clock-out?). Close it before approving.').waitFor();
    await page.unroute('**/timesheets/*/approve');
    await expect.poll(() => fayRow.getByRole('button', { name: 'Approve Fay Flores', exact: true }).isDisabled()).toBe(false);
    const after = await s.review();
    const statusOf = (name: string) => after.timesheets.find((sheet: { employee: { firstName: string } }) => sheet.employee.firstName === name).status;
    expect([statusOf('Ben'), statusOf('Eve'), statusOf('Gus'), statusOf('Fay'), statusOf('Ann')]).toEqual(['APPROVED', 'APPROVED', 'SUBMITTED', 'SUBMITTED', 'NOT_SUBMITTED']);
    // Nothing is left to approve at once; the rows say so, and Fay's flag is still hers to look at.
    await page.getByRole('row', { name: /Ben Baker/ }).getByText('Approved').waitFor();
    expect(await page.getByRole('button', { name: /submitted timesheets? without flags/ }).count()).toBe(0);
    await page.getByRole('row', { name: /Fay Flores/ }).getByText('Edited by a bookkeeper').waitFor();
    await checkPage(page, 'review-approve-ready-done');

    await page.getByLabel('Language').selectOption({ label: 'Español' });
    await page.getByRole('status').filter({ hasText: 'Aprobadas: 2. Sin aprobar: 1.' }).waitFor();
    await page.getByText('1 hoja de horas enviada tiene avisos: ábrala y apruébela usted.').waitFor();
    await checkPage(page, 'review-approve-ready-es');

    // With no submitted timesheet left to approve at once, the one not submitted can be, on its own.
    await page.getByRole('button', { name: 'Aprobar 1 hoja de horas sin avisos, sin enviar' }).click();
    const alone = page.getByRole('dialog', { name: '¿Aprobar 1 hoja de horas?' });
    await alone.getByText('Estos empleados no han enviado su hoja de horas', { exact: false }).waitFor();
    expect(await alone.getByRole('list', { name: 'Hojas de horas que se aprobarán' }).getByRole('listitem').allInnerTexts()).toEqual(['Ann Alvarez']);
    expect(await alone.getByRole('checkbox').count()).toBe(0);
    await alone.getByRole('button', { name: 'Aprobar', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Aprobadas: 1. Sin aprobar: 0.' }).waitFor();
    expect((await s.review()).timesheets.find((sheet: { employee: { firstName: string } }) => sheet.employee.firstName === 'Ann').status).toBe('APPROVED');
    // The button goes once the page has read the period again after the run.
    await expect.poll(() => page.getByRole('button', { name: /^Aprobar \d+ hojas? de horas/ }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('reads in Spanish, and says a locked period pauses decisions', async () => {
    const s = await reviewedWeek();
    const token = await adminToken(h.t.tokens, s.admin);
    // Exported by another program, which set its own name (SPEC: exportedBy is any string).
    expect((await client(h.t.app).put(`/api/v1/admin/pay-periods/${s.periodId}`, { locked: true, exportedBy: 'nomina@acme.example' }, { token })).status).toBe(200);
    const { page, context } = await openConsole(h, `/admin/pay-periods/${s.periodId}`, { locale: 'es-MX' });
    await signInAs(page, s.admin, { email: 'Correo electrónico', password: 'Contraseña', submit: 'Entrar' });
    await page.getByRole('heading', { name: /Acme Plumbing: 5\s*–\s*11 de oct de 2025/, level: 1 }).waitFor();
    await page.getByText('Este periodo de pago está bloqueado', { exact: false }).waitFor();
    await page.getByRole('region', { name: 'Hojas de horas por estado' }).getByText('Sin enviar').waitFor();
    const benRow = page.getByRole('row', { name: /Ben Baker/ });
    expect(await benRow.textContent()).toContain('Enviada');
    expect(await benRow.getByRole('button', { name: 'Rechazar' }).isDisabled()).toBe(true);
    // Nothing can be approved at once while the period is locked: no button offers it.
    expect(await page.getByRole('button', { name: /hojas? de horas enviadas? sin avisos/ }).count()).toBe(0);
    expect(await page.getByRole('row', { name: /Cho Chen/ }).textContent()).toContain('Turno largo (más de 12 h)');
    const exportPanel = page.getByRole('region', { name: 'Exportar para la nómina' });
    await exportPanel.getByRole('button', { name: 'Exportar' }).waitFor();
    // A Spanish time ends in 'a.m.' or 'p.m.': no sentence puts a second period after it.
    expect(await exportPanel.getByText(/^Última exportación: el /).innerText()).toMatch(/^Última exportación: el .+, \d+:\d\d\s[ap]\.\s?m\., por nomina@acme\.example\.$/);
    await checkPage(page, 'review-es');

    // Unlocked from its own page, the period takes decisions again.
    await page.getByRole('button', { name: 'Desbloquear el periodo' }).click();
    await page.getByRole('dialog', { name: /^¿Desbloquear el periodo de pago/ }).getByRole('button', { name: 'Desbloquear' }).click();
    await page.getByRole('status').getByText(/quedó desbloqueado\.$/).waitFor();
    await expect.poll(() => benRow.getByRole('button', { name: 'Rechazar' }).isDisabled()).toBe(false);
    expect(await page.getByText('Este periodo de pago está bloqueado', { exact: false }).count()).toBe(0);
    await page.getByRole('button', { name: 'Bloquear el periodo' }).waitFor();
    expect((await client(h.t.app).get(`/api/v1/admin/pay-periods/${s.periodId}`, { token })).body.data.locked).toBe(false);
    // The pay date from the same page.
    await page.getByRole('button', { name: 'Estado y fecha de pago' }).click();
    const edit = page.getByRole('dialog', { name: /^Editar el periodo de pago/ });
    await edit.getByLabel('Fecha de pago').fill('2025-10-17');
    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(async () => (await client(h.t.app).get(`/api/v1/admin/pay-periods/${s.periodId}`, { token })).body.data.payDate).not.toBeNull();
    const payDate = page.locator('.period-facts > div').filter({ hasText: 'Fecha de pago' }).locator('dd');
    await expect.poll(() => payDate.innerText()).toMatch(/^17 .*oct.* 2025$/);

    // A period that does not exist (or is not a UUID) says so, with the way back.
    await page.goto(`${h.origin}/admin/pay-periods/not-a-period`);
    await page.getByRole('alert').getByText('Lo que busca no existe o fue eliminado.', { exact: false }).waitFor();
    await page.getByRole('link', { name: /Todos los periodos de pago/ }).waitFor();
    // Trying again cannot bring it back: no Retry is offered.
    expect(await page.getByRole('button', { name: 'Reintentar' }).count()).toBe(0);
    await checkPage(page, 'review-not-found-es');
    await context.close();
  }, 120_000);
});
