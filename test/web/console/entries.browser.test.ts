// One employee's entries in a pay period, in headless Chromium against the real service: a week
// of five 9-hour shifts (so overtime exists), a correction that shortens one and shows the
// overtime the service reallocated, an entry added (after an overlap refused next to its field),
// one deleted after confirming, the edit history with before and after, and a locked period in
// Spanish with the edit buttons disabled and the reason stated, and the timesheet printed with
// lines to sign. axe and a screenshot at each state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createEmployee, createPayPeriod } from '../../helpers/factories.ts';
import { adminToken, client } from '../../helpers/http.ts';
import { checkPage, openConsole, signInAs, startConsoleHarness, tenantWithAdmin, type ConsoleHarness } from './harness.ts';

let h: ConsoleHarness;
beforeAll(async () => {
  h = await startConsoleHarness();
}, 120_000);
afterAll(async () => h?.close());

/**
 * A New York organization, its admin, and an employee with a WEEKLY period of 1–7 March 2026
 * holding five shifts Mon–Fri 09:00–18:00 local (EST, 14:00–23:00 UTC) made through the API:
 * 45 hours, of which Friday's last 5 are overtime (docs/time-rules.md §8).
 */
async function seedWeek(firstName: string) {
  const { org, admin } = await tenantWithAdmin(h);
  const company = await createCompany(h.t.db, { bookkeeperOrgId: org.id });
  const employee = await createEmployee(h.t.db, { companyId: company.id, firstName, lastName: 'Ruiz', employeeNumber: `E-${firstName}` });
  const period = await createPayPeriod(h.t.db, {
    companyId: company.id,
    startDate: new Date('2026-03-01T05:00:00.000Z'),
    endDate: new Date('2026-03-08T04:59:59.999Z'),
  });
  const token = await adminToken(h.t.tokens, admin);
  const api = client(h.t.app);
  for (const day of [2, 3, 4, 5, 6]) {
    const res = await api.post(
      '/api/v1/admin/time-entries',
      { employeeId: employee.id, clockIn: `2026-03-0${day}T14:00:00.000Z`, clockOut: `2026-03-0${day}T23:00:00.000Z`, jobCode: 'J-100' },
      { token },
    );
    expect(res.status).toBe(201);
  }
  const path = `/admin/pay-periods/${period.id}/employees/${employee.id}`;
  const timesheet = async () => (await api.get(`/api/v1/admin/pay-periods/${period.id}/timesheets/${employee.id}`, { token })).body.data;
  return { admin, employee, period, token, api, path, timesheet };
}

describe('an employee\'s entries in a pay period', () => {
  it('corrects, adds and deletes entries, shows the recomputed overtime and the edit history', async () => {
    const seed = await seedWeek('Ana');
    const { context, page, problems } = await openConsole(h, seed.path);
    page.setDefaultTimeout(20_000);
    await signInAs(page, seed.admin);
    await page.getByRole('heading', { level: 1, name: 'Ana Ruiz’s entries' }).waitFor();
    const summary = page.getByRole('region', { name: 'Totals of the pay period' });
    await summary.getByText('Not submitted').waitFor();
    expect(await summary.getByRole('definition').allTextContents()).toEqual(['45.00', '40.00', '5.00', '5', 'Edited']);
    await page.getByText('Pay period Mar 1 – 7, 2026').waitFor();
    const table = page.getByRole('table', { name: 'Entries by week' });
    await table.getByRole('rowheader', { name: 'Week of Sunday, March 1' }).waitFor();
    // One week: its totals are the period's, given once, in the footer.
    expect(await table.locator('tfoot').innerText()).toMatch(/Pay period total\s+45\.00\s+40\.00\s+5\.00/);
    expect(await table.getByText('Week total').count()).toBe(0);
    await page.getByRole('link', { name: /Back to the pay period review/ }).waitFor();
    await checkPage(page, 'entries');

    // Shorten Tuesday to 7 hours: 43 in the week, so Friday's overtime drops to 3 (§9).
    await page.getByRole('button', { name: /^Edit the entry of Tue, Mar 3, 9:00\sAM$/ }).click();
    const edit = page.getByRole('dialog', { name: /^Edit the entry of Tue, Mar 3, 9:00\sAM$/ });
    await edit.waitFor();
    expect(await edit.getByLabel('Clock in').inputValue()).toBe('2026-03-03T09:00');
    expect(await edit.getByLabel('Clock out').inputValue()).toBe('2026-03-03T18:00');
    await checkPage(page, 'entries-edit');
    await edit.getByLabel('Clock out').fill('2026-03-03T16:00');
    await edit.getByLabel('Notes').fill('Left early, per the supervisor');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').getByText('Entry corrected. Overtime this week is now 3.00 h.').waitFor();
    expect(await edit.isVisible()).toBe(false);
    const afterCorrection = await seed.timesheet();
    expect(afterCorrection.totals).toMatchObject({ totalHours: 43, regularHours: 40, overtimeHours: 3 });
    expect(await summary.getByRole('definition').first().innerText()).toBe('43.00');

    // A clock in in the future is refused, in words, next to the field; nothing changes.
    await page.getByRole('button', { name: /^Edit the entry of Wed, Mar 4, 9:00\sAM$/ }).click();
    const wednesday = page.getByRole('dialog', { name: /^Edit the entry of Wed, Mar 4, 9:00\sAM$/ });
    await wednesday.getByLabel('Clock in').fill('2099-03-04T09:00');
    await wednesday.getByLabel('Clock out').fill('2099-03-04T17:00');
    await wednesday.getByRole('button', { name: 'Save changes' }).click();
    await wednesday.getByText('Must not be in the future.').first().waitFor();
    expect(await wednesday.getByLabel('Clock in').getAttribute('aria-invalid')).toBe('true');
    // Escape dismisses the dialog and gives focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await wednesday.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate<string | null>('document.activeElement?.getAttribute("aria-label")')).toMatch(/^Edit the entry of Wed, Mar 4, 9:00\sAM$/);
    expect((await seed.timesheet()).totals.totalHours).toBe(43);

    // Add: first over Monday's shift (refused as an overlap), then on Saturday.
    await page.getByRole('button', { name: 'Add entry' }).click();
    const add = page.getByRole('dialog', { name: 'Add an entry' });
    await add.getByLabel('Clock in').fill('2026-03-02T10:00');
    await add.getByLabel('Clock out').fill('2026-03-02T12:00');
    await add.getByLabel('Job code').fill('J-200');
    await add.getByRole('button', { name: 'Save entry' }).click();
    await add.getByText('Overlapping time entry: this employee already has an entry at that time.').waitFor();
    await checkPage(page, 'entries-add-overlap');
    // Saturday night across the spring-forward change: 8 hours on the clock, 7 worked (§6), all
    // overtime in the week of its clock in (§8): 43 + 7 = 50, so 10 overtime hours.
    await add.getByLabel('Clock in').fill('2026-03-07T22:00');
    await add.getByLabel('Clock out').fill('2026-03-08T06:00');
    await add.getByLabel('Break (minutes)').fill('0');
    await add.getByRole('button', { name: 'Save entry' }).click();
    await page.getByText('Entry added for Saturday, March 7. Overtime that week is now 10.00 h.').waitFor();
    // It ends on Sunday, and says so under its clock out.
    const saturday = page.getByRole('row', { name: /Sat, Mar 7/ });
    expect(await saturday.innerText()).toMatch(/10:00\sPM\s+6:00\sAM\s+Sun\s+0 min\s+7\.00\s+0\.00\s+7\.00\s+J-200/);
    const added = (await seed.timesheet()).timeEntries.find((entry: { jobCode: string }) => entry.jobCode === 'J-200');
    expect(added).toMatchObject({ clockIn: '2026-03-08T03:00:00.000Z', clockOut: '2026-03-08T10:00:00.000Z', totalHours: 7, overtimeHours: 7 });

    // The history of Tuesday's entry: created through the API, then corrected in this page.
    await page.getByRole('button', { name: /^Edit history of the entry of Tue, Mar 3, 9:00\sAM$/ }).click();
    const history = page.getByRole('dialog', { name: /^Edit history of the entry of Tue, Mar 3, 9:00\sAM$/ });
    await history.getByRole('heading', { name: /^Corrected · Bea Booker, / }).waitFor();
    await history.getByRole('heading', { name: /^Created · Bea Booker, / }).waitFor();
    const corrected = history.getByRole('listitem').first().getByRole('table');
    expect(await corrected.getByRole('row', { name: /^Clock out/ }).innerText()).toMatch(/Clock out\s+Tue, Mar 3, 6:00\sPM\s+Tue, Mar 3, 4:00\sPM/);
    expect(await corrected.getByRole('row', { name: /^Total hours/ }).innerText()).toMatch(/Total hours\s+9\.00\s+7\.00/);
    expect(await corrected.getByRole('row', { name: /^Notes/ }).innerText()).toMatch(/Notes\s+—\s+Left early, per the supervisor/);
    // The two changes' tables share their column widths: Before and After line up.
    const columnLefts = async (item: number) =>
      Promise.all(['Before', 'After'].map(async (name) => Math.round((await history.getByRole('listitem').nth(item).getByRole('columnheader', { name }).boundingBox())!.x)));
    expect(await columnLefts(1)).toEqual(await columnLefts(0));
    await checkPage(page, 'entries-history');
    // The list scrolls inside the dialog; its title and its Close button stay in view.
    const viewport = page.viewportSize()!;
    for (const part of [history.getByRole('heading', { level: 2 }), history.getByRole('button', { name: 'Close' })]) {
      const box = (await part.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    }
    await history.getByRole('button', { name: 'Close' }).click();

    // Delete Saturday's entry after confirming: the week's overtime is 3 again.
    await page.getByRole('button', { name: /^Delete the entry of Sat, Mar 7, 10:00\sPM$/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this entry?' });
    await confirm.getByText(/Saturday, March 7, 10:00\sPM to 6:00\sAM/).waitFor();
    await confirm.getByRole('button', { name: 'Delete entry' }).click();
    await page.getByText('Entry of Saturday, March 7 deleted. Overtime that week is now 3.00 h.').waitFor();
    expect(await page.getByRole('row', { name: /Sat, Mar 7/ }).count()).toBe(0);
    const final = await seed.timesheet();
    expect(final.timeEntries).toHaveLength(5);
    expect(final.totals).toMatchObject({ totalHours: 43, overtimeHours: 3 });

    // Print timesheet opens the browser's printing (recorded here instead of the print dialog).
    await page.evaluate('window.print = () => { document.body.dataset.printed = String(Number(document.body.dataset.printed ?? 0) + 1); }');
    await page.getByRole('button', { name: 'Print timesheet' }).click();
    expect(await page.evaluate<string | undefined>('document.body.dataset.printed')).toBe('1');
    // On paper: the timesheet without the console around it, and lines to sign.
    const signatures = page.getByRole('region', { name: 'Signatures' });
    expect(await signatures.isVisible()).toBe(false);
    await page.emulateMedia({ media: 'print' });
    expect(await signatures.isVisible()).toBe(true);
    expect(await signatures.innerText()).toMatch(/^Printed .+ 20\d\d, .+; later corrections are not on this copy\.\s+I confirm that the hours above are correct\.\s+Employee signature\s+Date\s+Approved by\s+Date$/);
    expect(await page.getByText(/^Entry of Saturday, March 7 deleted\./).isVisible()).toBe(false);
    for (const gone of [page.getByRole('navigation', { name: 'Main' }), page.getByRole('button', { name: 'Add entry' }), page.getByRole('columnheader', { name: 'Actions' })]) {
      expect(await gone.isVisible()).toBe(false);
    }
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Day', 'In', 'Out', 'Break', 'Hours', 'Regular', 'Overtime', 'Job / task', 'Notes', 'Flags']);
    await page.screenshot({ path: 'test/artifacts/console-entries-print.png', fullPage: true });
    const pdf = await page.pdf({ format: 'Letter' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await page.emulateMedia({ media: 'screen' });

    // Every timesheet of the period at once, from the review page: Cruz's too, not Dee's (no entries).
    const cruz = await createEmployee(h.t.db, { companyId: seed.employee.companyId, firstName: 'Cruz', lastName: 'Ruiz' });
    await createEmployee(h.t.db, { companyId: seed.employee.companyId, firstName: 'Dee', lastName: 'Ruiz' });
    const cruzShift = await seed.api.post('/api/v1/admin/time-entries', { employeeId: cruz.id, clockIn: '2026-03-04T14:00:00.000Z', clockOut: '2026-03-04T20:00:00.000Z' }, { token: seed.token });
    expect(cruzShift.status).toBe(201);
    await page.goto(`${h.origin}/admin/pay-periods/${seed.period.id}`);
    await page.getByRole('link', { name: 'Print timesheets' }).click();
    await page.waitForURL(new RegExp(`/admin/pay-periods/${seed.period.id}/print$`));
    const companyName = (await seed.api.get(`/api/v1/admin/companies/${seed.employee.companyId}`, { token: seed.token })).body.data.name as string;
    await page.getByRole('heading', { level: 1, name: `Timesheets: ${companyName}, Mar 1 – 7, 2026` }).waitFor();
    await page.getByText('2 timesheets with entries, one to a printed page with lines to sign. Employees without entries are left out.').waitFor();
    const sheets = page.locator('.print-sheet');
    expect(await sheets.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(['Ana Ruiz', 'Cruz Ruiz']);
    // Each sheet names the company, as each lands on its own page.
    expect(await sheets.locator('.print-sheet-company').allInnerTexts()).toEqual([companyName, companyName]);
    // Read-only: no edit buttons, and each sheet's own totals.
    expect(await sheets.getByRole('button').count()).toBe(0);
    expect(await sheets.nth(1).getByRole('table').locator('tfoot').innerText()).toMatch(/Pay period total\s+6\.00\s+6\.00\s+0\.00/);
    await checkPage(page, 'entries-print-all');
    await page.evaluate('window.print = () => { document.body.dataset.printed = String(Number(document.body.dataset.printed ?? 0) + 1); }');
    await page.getByRole('button', { name: 'Print all' }).click();
    expect(await page.evaluate<string | undefined>('document.body.dataset.printed')).toBe('1');
    // On paper, one timesheet to a page, each with its lines to sign.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('region', { name: 'Signatures' }).count()).toBe(2);
    for (const signatures of await page.getByRole('region', { name: 'Signatures' }).all()) expect(await signatures.isVisible()).toBe(true);
    const printed = await page.pdf({ format: 'Letter' });
    expect(printed.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(2);
    await page.screenshot({ path: 'test/artifacts/console-entries-print-all-paper.png', fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it('reads in Spanish, shows a rejection reason, and disables editing in a locked period with the reason', async () => {
    const seed = await seedWeek('Beto');
    const approve = await seed.api.post(`/api/v1/admin/pay-periods/${seed.period.id}/timesheets/${seed.employee.id}/approve`, {}, { token: seed.token });
    expect(approve.status).toBe(200);
    const reject = await seed.api.post(
      `/api/v1/admin/pay-periods/${seed.period.id}/timesheets/${seed.employee.id}/reject`,
      { reason: 'El martes no tiene la salida correcta.' },
      { token: seed.token },
    );
    expect(reject.status).toBe(200);

    const { context, page, problems } = await openConsole(h, seed.path, { locale: 'es-MX' });
    page.setDefaultTimeout(20_000);
    await signInAs(page, seed.admin, { email: 'Correo electrónico', password: 'Contraseña', submit: 'Entrar' });
    await page.getByRole('heading', { level: 1, name: 'Registros de Beto Ruiz' }).waitFor();
    await page.getByText('Motivo del rechazo: El martes no tiene la salida correcta.').waitFor();
    await page.getByRole('table', { name: 'Registros por semana' }).getByRole('rowheader', { name: 'Semana del domingo, 1 de marzo' }).waitFor();
    await page.getByRole('button', { name: /^Corregir el registro: mar, 3 de mar, 9:00/ }).click();
    const edit = page.getByRole('dialog', { name: /^Corregir el registro: mar, 3 de mar, 9:00/ });
    await edit.getByLabel('Salida').waitFor();
    await checkPage(page, 'entries-edit-es');
    await edit.getByRole('button', { name: 'Cancelar' }).click();

    const lock = await seed.api.put(`/api/v1/admin/pay-periods/${seed.period.id}`, { locked: true }, { token: seed.token });
    expect(lock.status).toBe(200);
    await page.reload();
    await page.getByText(/Este periodo de pago está bloqueado: sus registros no se pueden añadir, corregir ni eliminar\./).waitFor();
    expect(await page.getByRole('button', { name: 'Añadir registro' }).isDisabled()).toBe(true);
    // Beside the timesheet's state, the badge says whose lock it is.
    expect(await page.getByRole('region', { name: 'Totales del periodo de pago' }).locator('.entries-badges').innerText()).toMatch(/^Hoja de horas:\s+Rechazada\s*Periodo bloqueado$/);
    const correct = page.getByRole('button', { name: /^Corregir el registro: / });
    expect(await correct.count()).toBe(5);
    for (const button of await correct.all()) expect(await button.isDisabled()).toBe(true);
    for (const button of await page.getByRole('button', { name: /^Eliminar el registro: / }).all()) expect(await button.isDisabled()).toBe(true);
    // The reason is tied to the disabled buttons, so a screen reader hears why.
    const describedBy = (await correct.first().getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toMatch(/bloqueado/);
    // History stays available in a locked period.
    expect(await page.getByRole('button', { name: /^Historial de cambios del registro: / }).first().isEnabled()).toBe(true);
    await checkPage(page, 'entries-locked-es');
    // A locked period still prints, in Spanish, with its lines to sign.
    expect(await page.getByRole('button', { name: 'Imprimir hoja de horas' }).isEnabled()).toBe(true);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('region', { name: 'Firmas' }).innerText()).toMatch(/^Impreso el .+ 20\d\d, .+ [ap]\.\s?m\.; las correcciones posteriores no aparecen en esta copia\.\s+Confirmo que las horas anteriores son correctas\.\s+Firma del empleado\s+Fecha\s+Aprobado por\s+Fecha$/);
    await page.screenshot({ path: 'test/artifacts/console-entries-print-es.png', fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
