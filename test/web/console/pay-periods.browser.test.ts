// The pay-period list in headless Chromium against the real service: create with the end date
// previewed before saving (and equal to what the API stored), an overlap refused in words,
// lock and unlock behind a confirmation, edit, delete (and its refusal explained), the company
// filter in the URL, each period's timesheets at a glance, Spanish, and axe plus a screenshot of
// every state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../../src/db/schema.ts';
import { localDateString } from '../../../src/domain/dates.ts';
import { createCompany, createTimeEntry, createEmployee } from '../../helpers/factories.ts';
import { adminToken, client, employeeToken } from '../../helpers/http.ts';
import { checkPage, openConsole, signInAs, startConsoleHarness, tenantWithAdmin, type ConsoleHarness } from './harness.ts';

let h: ConsoleHarness;
beforeAll(async () => {
  h = await startConsoleHarness();
}, 120_000);
afterAll(async () => h?.close());

const ZONE = 'America/New_York';

async function setUp() {
  const tenant = await tenantWithAdmin(h);
  const company = await createCompany(h.t.db, { bookkeeperOrgId: tenant.org.id, name: 'Acme Plumbing', payPeriodType: 'BI_WEEKLY' });
  const other = await createCompany(h.t.db, { bookkeeperOrgId: tenant.org.id, name: 'Zeta Bakery', payPeriodType: 'WEEKLY' });
  const token = await adminToken(h.t.tokens, tenant.admin);
  const api = client(h.t.app);
  const period = async (id: string) => (await api.get(`/api/v1/admin/pay-periods/${id}`, { token })).body.data;
  return { ...tenant, company, other, token, api, period };
}

describe('the pay periods page', () => {
  it('creates with the previewed end date, refuses an overlap in words, locks, unlocks, edits and deletes', async () => {
    const s = await setUp();
    const { context, page, problems } = await openConsole(h);
    await signInAs(page, s.admin);
    await page.getByRole('heading', { name: 'Pay periods', level: 1 }).waitFor();
    await page.getByText('No pay periods yet.', { exact: false }).waitFor();
    await checkPage(page, 'pay-periods-empty');

    // Create: the preview names the end the service will compute, before anything is saved.
    await page.getByRole('button', { name: 'New pay period' }).click();
    const form = page.getByRole('form', { name: 'New pay period' });
    // Company and start date are required, marked as in every other form of the console.
    expect(await form.locator('.field:has(.required-mark) label').allTextContents()).toEqual(['Company', 'Start date']);
    expect(await form.getByLabel('Start date').evaluate((input) => (input as { required: boolean }).required)).toBe(true);
    await form.getByLabel('Company').selectOption({ label: 'Acme Plumbing' });
    expect(await form.getByLabel('Period type').inputValue()).toBe('BI_WEEKLY'); // the company's own type
    await form.getByLabel('Start date').fill('2026-03-01');
    await form.getByText('The end date will be Saturday, March 14, 2026, worked out from the period type.').waitFor();
    await form.getByLabel('Period type').selectOption({ label: 'Twice a month' });
    await form.getByText('The end date will be Sunday, March 15, 2026, worked out from the period type.').waitFor();
    await form.getByLabel('Pay date (optional)').fill('2026-03-20');
    // With the form open, the empty list no longer points at its hidden button.
    await page.getByText('No pay periods yet.', { exact: true }).waitFor();
    await checkPage(page, 'pay-periods-create');
    await form.getByRole('button', { name: 'Create pay period' }).click();
    await page.getByRole('status').getByText(/Pay period Mar 1\s*–\s*15, 2026 created for Acme Plumbing\./).waitFor();

    const listed = (await s.api.get('/api/v1/admin/pay-periods', { token: s.token })).body.data.items;
    expect(listed).toHaveLength(1);
    const created = listed[0];
    expect(created.periodType).toBe('SEMI_MONTHLY');
    expect(localDateString(new Date(created.endDate), ZONE)).toBe('2026-03-15');
    expect(localDateString(new Date(created.payDate), ZONE)).toBe('2026-03-20');
    const row = page.getByRole('row', { name: /Mar 1\s*–\s*15, 2026/ });
    await row.getByRole('link', { name: /Mar 1\s*–\s*15, 2026/ }).waitFor();
    expect(await row.getByRole('link').getAttribute('href')).toBe(`/admin/pay-periods/${created.id}`);
    // Its state in words; an unlocked period has no lock badge (the list names only locks).
    expect(await row.locator('.badge').allTextContents()).toEqual(['Open']);

    // An overlapping period of the same company is refused in plain words, nothing saved.
    await page.getByRole('button', { name: 'New pay period' }).click();
    await form.getByLabel('Company').selectOption({ label: 'Acme Plumbing' });
    await form.getByLabel('Start date').fill('2026-03-10');
    await form.getByRole('button', { name: 'Create pay period' }).click();
    await form.getByRole('alert').getByText('These dates overlap another pay period of this company.', { exact: false }).waitFor();
    // The earlier "created" message went when the new form opened.
    expect(await page.getByText(/created for Acme Plumbing/).count()).toBe(0);
    await checkPage(page, 'pay-periods-overlap');
    expect((await s.api.get('/api/v1/admin/pay-periods', { token: s.token })).body.data.total).toBe(1);
    await form.getByRole('button', { name: 'Cancel' }).click();

    // Lock: cancelling the confirmation changes nothing; confirming locks.
    await row.getByRole('button', { name: 'Lock' }).click();
    const lockDialog = page.getByRole('dialog', { name: /Lock pay period Mar 1\s*–\s*15, 2026\?/ });
    await lockDialog.waitFor();
    await checkPage(page, 'pay-periods-lock-dialog');
    await lockDialog.getByRole('button', { name: 'Cancel' }).click();
    await lockDialog.waitFor({ state: 'hidden' });
    expect((await s.period(created.id)).locked).toBe(false);
    // Keyboard users land back on the button that opened the dialog.
    await expect.poll(() => page.evaluate<string | undefined>('document.activeElement?.textContent')).toMatch(/^Lock Mar 1\s*–\s*15, 2026, Acme Plumbing$/);
    await row.getByRole('button', { name: 'Lock' }).click();
    await lockDialog.getByRole('button', { name: 'Lock' }).click();
    await page.getByRole('status').getByText(/is now locked\./).waitFor();
    await row.getByRole('button', { name: 'Unlock' }).waitFor();
    expect(await row.locator('.badge').allTextContents()).toEqual(['Open', 'Locked']);
    expect((await s.period(created.id)).locked).toBe(true);

    await row.getByRole('button', { name: 'Unlock' }).click();
    const unlockDialog = page.getByRole('dialog', { name: /Unlock pay period/ });
    await checkPage(page, 'pay-periods-unlock-dialog');
    await unlockDialog.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('status').getByText(/is now unlocked\./).waitFor();
    expect((await s.period(created.id)).locked).toBe(false);

    // Edit: status and pay date, what the update route allows.
    await row.getByRole('button', { name: 'Edit' }).click();
    const editDialog = page.getByRole('dialog', { name: /Edit pay period/ });
    await editDialog.getByLabel('Status').selectOption({ label: 'Approved' });
    await editDialog.getByLabel('Pay date').fill('2026-03-27');
    await checkPage(page, 'pay-periods-edit-dialog');
    await editDialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').getByText(/saved\./).waitFor();
    const edited = await s.period(created.id);
    expect(edited.status).toBe('APPROVED');
    expect(localDateString(new Date(edited.payDate), ZONE)).toBe('2026-03-27');
    // The row shows it once the list is fetched again, which may come a moment after the notice.
    await expect.poll(() => row.textContent()).toContain('Approved');

    // Delete: offered while the period has no entries; an entry arriving meanwhile is explained.
    const employee = await createEmployee(h.t.db, { companyId: s.company.id });
    await createTimeEntry(h.t.db, {
      employeeId: employee.id,
      companyId: s.company.id,
      payPeriodId: created.id,
      clockIn: new Date('2026-03-02T13:00:00Z'),
      clockOut: new Date('2026-03-02T21:00:00Z'),
    });
    await row.getByRole('button', { name: 'Delete' }).click();
    const deleteDialog = page.getByRole('dialog', { name: /Delete pay period/ });
    await deleteDialog.getByRole('button', { name: 'Delete' }).click();
    // Refused for good: the dialog is now named for the refusal, says why, no longer offers to
    // delete, nor warns that deleting is final.
    const refusedDialog = page.getByRole('dialog', { name: /^Pay period Mar 1\s–\s15, 2026 cannot be deleted$/ });
    await refusedDialog.getByRole('alert').getByText('It has time entries. Lock it instead to keep it from changing.').waitFor();
    await expect.poll(() => refusedDialog.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await refusedDialog.getByText('This cannot be undone.', { exact: false }).count()).toBe(0);
    await expect.poll(() => page.evaluate<string | undefined>('document.activeElement?.textContent')).toBe('Close');
    await checkPage(page, 'pay-periods-delete-refused');
    await refusedDialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect((await s.period(created.id)).id).toBe(created.id);

    const spare = await s.api.post('/api/v1/admin/pay-periods', { companyId: s.other.id, periodType: 'WEEKLY', startDate: '2026-04-05' }, { token: s.token });
    expect(spare.status).toBe(201);
    await page.reload();
    const spareRow = page.getByRole('row', { name: /Zeta Bakery/ });
    await spareRow.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: /Delete pay period/ }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('status').getByText(/deleted\./).waitFor();
    await spareRow.waitFor({ state: 'detached' });
    expect((await s.api.get(`/api/v1/admin/pay-periods/${spare.body.data.id}`, { token: s.token })).status).toBe(404);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('keeps the company filter in the URL, pages on the server, and reads in Spanish', async () => {
    const s = await setUp();
    // 23 weekly periods of one company and one of another: two pages of 20 for the first.
    for (let i = 0; i < 23; i++) {
      const start = new Date(Date.UTC(2025, 0, 5 + 7 * i)).toISOString().slice(0, 10);
      const made = await s.api.post('/api/v1/admin/pay-periods', { companyId: s.company.id, periodType: 'WEEKLY', startDate: start }, { token: s.token });
      expect(made.status).toBe(201);
    }
    await s.api.post('/api/v1/admin/pay-periods', { companyId: s.other.id, periodType: 'MONTHLY', startDate: '2026-01-01' }, { token: s.token });

    const { context, page } = await openConsole(h, '/admin/pay-periods', { locale: 'es-MX' });
    await signInAs(page, s.admin, { email: 'Correo electrónico', password: 'Contraseña', submit: 'Entrar' });
    await page.getByRole('heading', { name: 'Periodos de pago', level: 1 }).waitFor();
    const rows = page.getByRole('table').getByRole('row');
    await page.getByRole('cell', { name: 'Zeta Bakery', exact: true }).waitFor();
    expect(await rows.count()).toBe(21); // the header and 20 periods
    // Newest first: the other company's January 2026 period leads.
    expect(await rows.nth(1).textContent()).toContain('Zeta Bakery');
    expect(await rows.nth(1).textContent()).toContain('Mensual');
    expect(await rows.nth(1).locator('.badge').allTextContents()).toEqual(['Abierto']);

    await page.getByLabel('Empresa').selectOption({ label: 'Acme Plumbing' });
    await page.waitForURL(new RegExp(`company=${s.company.id}`));
    await page.getByText('Página 1 de 2 · 23 en total').waitFor();
    await page.getByRole('button', { name: 'Página siguiente' }).click();
    await page.waitForURL(/page=2/);
    await page.getByText('Página 2 de 2 · 23 en total').waitFor();
    expect(await rows.count()).toBe(4);
    await page.reload();
    await page.getByText('Página 2 de 2 · 23 en total').waitFor();
    expect(await page.getByLabel('Empresa').inputValue()).toBe(s.company.id);
    await page.goBack();
    await page.getByText('Página 1 de 2 · 23 en total').waitFor();
    await checkPage(page, 'pay-periods-es');

    await page.getByRole('button', { name: 'Nuevo periodo de pago' }).click();
    const form = page.getByRole('form', { name: 'Nuevo periodo de pago' });
    await form.getByLabel('Empresa').selectOption({ label: 'Zeta Bakery' });
    await form.getByLabel('Fecha de inicio').fill('2027-01-31');
    await form.getByLabel('Tipo de periodo').selectOption({ label: 'Mensual' });
    await form.getByText('La fecha de fin será el sábado, 27 de febrero de 2027, calculada según el tipo de periodo.').waitFor();
    await checkPage(page, 'pay-periods-create-es');
    await form.getByRole('button', { name: 'Crear periodo de pago' }).click();
    await page.getByRole('status').getByText(/creado para Zeta Bakery\./).waitFor();
    const stored = (await s.api.get('/api/v1/admin/pay-periods', { token: s.token, query: { companyId: s.other.id } })).body.data.items[0];
    expect(localDateString(new Date(stored.endDate), ZONE)).toBe('2027-02-27');
    await context.close();
  }, 120_000);

  it('shows each period’s timesheets: how many with hours are approved, and how many wait for review or were rejected', async () => {
    const s = await setUp();
    const made = await s.api.post('/api/v1/admin/pay-periods', { companyId: s.company.id, periodType: 'WEEKLY', startDate: '2025-10-05' }, { token: s.token });
    expect(made.status).toBe(201);
    const periodId: string = made.body.data.id;
    // A later period nobody has worked in yet.
    expect((await s.api.post('/api/v1/admin/pay-periods', { companyId: s.company.id, periodType: 'WEEKLY', startDate: '2025-10-12' }, { token: s.token })).status).toBe(201);
    const hire = (firstName: string) => createEmployee(h.t.db, { companyId: s.company.id, firstName, lastName: 'Ng' });
    const [ann, ben, cho, dev] = [await hire('Ann'), await hire('Ben'), await hire('Cho'), await hire('Dev')];
    // Eve did not work this week: she has no timesheet to approve, and is not counted.
    await hire('Eve');
    for (const [index, person] of [ann, ben, cho, dev].entries()) {
      const day = `2025-10-0${6 + index}`;
      const entry = await s.api.post('/api/v1/admin/time-entries', { employeeId: person.id, clockIn: `${day}T13:00:00.000Z`, clockOut: `${day}T21:00:00.000Z` }, { token: s.token });
      expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    }
    // Ann, Ben and Cho submit; the bookkeeper approves Ben and rejects Cho. Dev has not submitted.
    for (const person of [ann, ben, cho]) {
      const submitted = await s.api.post(`/api/v1/employee/timesheets/${periodId}/submit`, {}, { token: await employeeToken(h.t.tokens, person) });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    }
    expect((await s.api.post(`/api/v1/admin/pay-periods/${periodId}/timesheets/${ben.id}/approve`, {}, { token: s.token })).status).toBe(200);
    expect((await s.api.post(`/api/v1/admin/pay-periods/${periodId}/timesheets/${cho.id}/reject`, { reason: 'Missing lunch' }, { token: s.token })).status).toBe(200);

    const { context, page, problems } = await openConsole(h, '/admin/pay-periods');
    await signInAs(page, s.admin);
    const table = page.getByRole('table', { name: 'Pay periods, newest first' });
    await table.getByRole('rowheader').first().waitFor();
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Dates', 'Company', 'Type', 'Status', 'Timesheets', 'Pay date', 'Entries', 'Actions']);
    // Rows by their dates, in either language (the caption changes with it).
    const progress = (dates: RegExp) => page.getByRole('table').getByRole('row').filter({ has: page.getByRole('rowheader', { name: dates }) }).getByRole('cell').nth(3);
    const worked = progress(/^Oct 5\s*–\s*11, 2025$/);
    await expect.poll(() => worked.innerText()).toMatch(/^1 of 4 approved\s+1 to review\s+1 rejected$/);
    expect(await progress(/^Oct 12\s*–\s*18, 2025$/).innerText()).toBe('No hours yet');
    // Each row's buttons say which period they act on, for a screen reader's list of buttons.
    for (const action of ['Edit', 'Lock', 'Delete']) {
      expect(await table.getByRole('button', { name: new RegExp(`^${action} Oct 12\\s*–\\s*18, 2025, Acme Plumbing$`) }).count()).toBe(1);
    }
    await checkPage(page, 'pay-periods-progress');

    // Approving Ann on the review page moves the list on: nothing waits for review now.
    await page.getByRole('link', { name: /^Oct 5\s*–\s*11, 2025$/ }).click();
    await page.getByRole('row').filter({ hasText: 'Ann Ng' }).getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('status').getByText('Approved Ann Ng’s timesheet.').waitFor();
    await page.getByRole('link', { name: '← All pay periods' }).click();
    await expect.poll(() => worked.innerText()).toMatch(/^2 of 4 approved\s+1 rejected$/);

    await page.getByLabel('Language').selectOption({ label: 'Español' });
    await expect.poll(() => progress(/^5\s*–\s*11 de oct de 2025$/).innerText()).toMatch(/^2 de 4 aprobadas\s+1 rechazada$/);
    expect(await progress(/^12\s*–\s*18 de oct de 2025$/).innerText()).toBe('Sin horas aún');
    // Every column in view at 1440 px in Spanish too: the table does not scroll in its frame.
    expect(await page.locator('.table-wrap').evaluate((frame) => frame.scrollWidth - frame.clientWidth)).toBe(0);
    await checkPage(page, 'pay-periods-progress-es');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('offers a company added a moment ago in New pay period (the picker refreshes with the companies list)', async () => {
    const s = await setUp();
    const { context, page, problems } = await openConsole(h);
    await signInAs(page, s.admin);
    const form = page.getByRole('form', { name: 'New pay period' });
    await page.getByRole('button', { name: 'New pay period' }).click();
    await form.getByRole('option', { name: 'Acme Plumbing' }).waitFor({ state: 'attached' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Companies' }).click();
    await page.getByRole('button', { name: 'Add company' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a company' });
    await dialog.getByLabel('Name', { exact: true }).fill('Nova Deli');
    await dialog.getByLabel('Industry').selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Add company' }).click();
    await page.getByRole('status').filter({ hasText: 'Company “Nova Deli” added.' }).waitFor();
    // Back within the picker's minute of freshness: it must not offer the list it had before.
    await nav.getByRole('link', { name: 'Pay periods' }).click();
    await page.getByRole('button', { name: 'New pay period' }).click();
    await form.getByLabel('Company').selectOption({ label: 'Nova Deli' });
    expect(await form.getByLabel('Company').locator('option').allTextContents()).toEqual(['Choose a company', 'Acme Plumbing', 'Nova Deli', 'Zeta Bakery']);
    expect(problems).toEqual([]);
    await context.close();
  });
  it('offers every company of a firm past 100 clients, in the filters and the form, read 100 at a time', async () => {
    const s = await setUp();
    // 120 more clients, named to sort between Acme Plumbing and Zeta Bakery, then one past them all:
    // by name, Zinnia Farms is the 123rd, beyond the API's largest page.
    await h.t.db.insert(companies).values(Array.from({ length: 120 }, (_, i) => ({ bookkeeperOrgId: s.org.id, name: `Client ${String(i + 1).padStart(3, '0')}` })));
    const zinnia = await createCompany(h.t.db, { bookkeeperOrgId: s.org.id, name: 'Zinnia Farms', payPeriodType: 'WEEKLY' });
    await createCompany(h.t.db, { bookkeeperOrgId: (await tenantWithAdmin(h)).org.id, name: 'Zulu Elsewhere' });
    const { context, page, problems } = await openConsole(h);
    const reads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'GET' && url.pathname === '/api/v1/admin/companies') reads.push(url.search);
    });
    await signInAs(page, s.admin);
    await page.getByRole('heading', { name: 'Pay periods', level: 1 }).waitFor();

    const filter = page.getByLabel('Company');
    await expect.poll(() => filter.locator('option').count()).toBe(124); // All companies and the 123
    const names = await filter.locator('option').allTextContents();
    expect(names.slice(0, 3)).toEqual(['All companies', 'Acme Plumbing', 'Client 001']);
    expect(names.slice(-3)).toEqual(['Client 120', 'Zeta Bakery', 'Zinnia Farms']);
    await filter.selectOption({ label: 'Zinnia Farms' });
    await page.waitForURL(new RegExp(`company=${zinnia.id}`));

    await page.getByRole('button', { name: 'New pay period' }).click();
    const form = page.getByRole('form', { name: 'New pay period' });
    await form.getByLabel('Company').selectOption({ label: 'Zinnia Farms' });
    await form.getByLabel('Start date').fill('2026-03-01');
    await form.getByRole('button', { name: 'Create pay period' }).click();
    await page.getByRole('status').getByText(/Pay period .+ created for Zinnia Farms\./).waitFor();
    expect((await s.api.get('/api/v1/admin/pay-periods', { token: s.token, query: { companyId: zinnia.id } })).body.data.total).toBe(1);

    // The reports and the employees pages offer it too, from the same read.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.getByLabel('Company').selectOption({ label: 'Zinnia Farms' });
    await page.waitForURL(new RegExp(`companyId=${zinnia.id}`));
    await nav.getByRole('link', { name: 'Employees' }).click();
    await page.getByRole('heading', { name: 'Employees', level: 1 }).waitFor();
    expect(await page.getByLabel('Company').locator('option').last().textContent()).toBe('Zinnia Farms');

    // Two pages of 100, each read once, however many pickers showed them.
    expect(reads.sort()).toEqual(['?page=1&pageSize=100', '?page=2&pageSize=100']);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
