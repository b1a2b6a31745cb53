// The console's companies page in headless Chromium against the real service: add with a refusal
// shown next to its field, edit, a debounced search kept in the URL across a reload, pages,
// deactivate after a confirmation (and back via Edit), the links to employees, pay periods and
// the kiosk, Spanish, axe and a screenshot of every state.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../../src/db/schema.ts';
import { createCompany, createEmployee, unique } from '../../helpers/factories.ts';
import { saveScreenshot, VIEWPORTS } from '../../helpers/browser.ts';
import { checkPage, openConsole, signInAs, startConsoleHarness, tenantWithAdmin, type ConsoleHarness } from './harness.ts';

let h: ConsoleHarness;
beforeAll(async () => {
  h = await startConsoleHarness();
}, 120_000);
afterAll(async () => h?.close());

async function companyRow(id: string) {
  const [row] = await h.t.db.select().from(companies).where(eq(companies.id, id));
  return row!;
}

describe('the companies page', () => {
  it('adds a company after showing a refusal on its field, then edits it', async () => {
    const { admin, org } = await tenantWithAdmin(h);
    const { context, page, problems } = await openConsole(h, '/admin/companies');
    page.setDefaultTimeout(10_000);
    await signInAs(page, admin);
    await page.getByText('No active companies. Show the inactive ones too, or add a company.').waitFor();
    await checkPage(page, 'companies-empty');

    await page.getByRole('button', { name: 'Add company' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a company' });
    const name = unique('Acme Plumbing');
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Industry').selectOption({ label: 'Construction' });
    await dialog.getByLabel('Pay period type').selectOption({ label: 'Weekly' });
    await dialog.getByLabel('Email').fill('not an email');
    await dialog.getByLabel('Phone').fill('(212) 555-0100');
    await dialog.getByLabel('City').fill('New York');
    await dialog.getByLabel('State').fill('NY');
    await dialog.getByLabel('ZIP code').fill('10001');
    await dialog.getByRole('button', { name: 'Add company' }).click();
    // The service's `email: must be a valid email`, in words, tied to the field.
    const email = dialog.getByLabel('Email');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await email.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Enter a valid email address, like name@example.com.');
    await checkPage(page, 'companies-create-error');
    expect(await page.locator('[role=dialog] >> text=Acme').count()).toBe(0);

    await email.fill('office@acme.example');
    await dialog.getByRole('button', { name: 'Add company' }).click();
    await page.getByRole('status').filter({ hasText: `Company “${name}” added.` }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.waitFor();
    expect(await row.textContent()).toContain('Weekly');
    expect(await row.textContent()).toContain('Construction');
    const [created] = await h.t.db.select().from(companies).where(eq(companies.name, name));
    expect(created).toMatchObject({ bookkeeperOrgId: org.id, email: 'office@acme.example', payPeriodType: 'WEEKLY', city: 'New York', zipCode: '10001' });
    await checkPage(page, 'companies-list');

    // Links from the row: its employees, its pay periods and its kiosk (which is told the company's
    // name and the organization's zone, so it says whose it is and tells the right time before
    // anyone signs in).
    expect(await row.getByRole('link', { name: `employees of ${name}` }).getAttribute('href')).toBe(`/admin/employees?companyId=${created!.id}`);
    expect(await row.getByRole('link', { name: `Pay periods for ${name}` }).getAttribute('href')).toBe(`/admin/pay-periods?companyId=${created!.id}`);
    const kiosk = new URL((await row.getByRole('link', { name: `Open kiosk for ${name}` }).getAttribute('href'))!, h.origin);
    expect(kiosk.pathname).toBe('/kiosk');
    expect(Object.fromEntries(kiosk.searchParams)).toEqual({ company: created!.id, name, zone: 'America/New_York' });

    // Edit: a refusal (name emptied) next to the field, then a real change.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    expect(await edit.getByLabel('Name', { exact: true }).inputValue()).toBe(name);
    await edit.getByLabel('Name', { exact: true }).fill('   ');
    await edit.getByRole('button', { name: 'Save company' }).click();
    await edit.getByText('Fill in this field.').waitFor();
    await checkPage(page, 'companies-edit-error');
    const renamed = `${name} & Heating`;
    await edit.getByLabel('Name', { exact: true }).fill(renamed);
    await edit.getByLabel('Regular hours payroll item').fill('Hourly (regular)');
    await edit.getByRole('button', { name: 'Save company' }).click();
    await page.getByRole('status').filter({ hasText: `Company “${renamed}” saved.` }).waitFor();
    // Focus is back on the row's Edit button, where the keyboard user left off.
    expect(await page.evaluate<string | null>('document.activeElement.textContent')).toBe(`Edit ${renamed}`);
    expect(await companyRow(created!.id)).toMatchObject({ name: renamed, qbRegularPayrollItem: 'Hourly (regular)', email: 'office@acme.example' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('searches after typing stops, keeps the search and page in the URL, and pages through', async () => {
    const { admin, org } = await tenantWithAdmin(h);
    const tag = unique('zz').toLowerCase();
    for (let i = 1; i <= 23; i++) await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: `Bakery ${tag} ${String(i).padStart(2, '0')}` });
    await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: 'Zebra Cleaning' });
    const { context, page, problems } = await openConsole(h, '/admin/companies');
    page.setDefaultTimeout(10_000);
    await signInAs(page, admin);
    await page.getByText('Page 1 of 2 · 24 in all').waitFor();

    // Debounced: several keystrokes, one search, and the URL is replaced rather than pushed.
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/admin/companies?')) requests.push(request.url());
    });
    await page.getByLabel('Search by name or email').pressSequentially('zebra', { delay: 40 });
    await page.getByText('1 result', { exact: true }).waitFor();
    expect(requests.filter((url) => url.includes('search=')).map((url) => new URL(url).searchParams.get('search'))).toEqual(['zebra']);
    expect(new URL(page.url()).searchParams.get('search')).toBe('zebra');
    await page.reload();
    await page.getByRole('row', { name: /Zebra Cleaning/ }).waitFor();
    expect(await page.getByLabel('Search by name or email').inputValue()).toBe('zebra');
    await page.getByLabel('Search by name or email').fill('no such company');
    await page.getByText('No company matches “no such company”.').waitFor();

    await page.goto(`${h.origin}/admin/companies`);
    await page.getByText('Page 1 of 2 · 24 in all').waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Page 2 of 2 · 24 in all').waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(await page.getByRole('row', { name: /Zebra Cleaning/ }).count()).toBe(1);
    await page.goBack();
    await page.getByText('Page 1 of 2 · 24 in all').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('deactivates a company after a confirmation, shows it with the inactive ones, and makes it active again', async () => {
    const { admin, org } = await tenantWithAdmin(h);
    const company = await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: unique('Delta Dental') });
    await createEmployee(h.t.db, { companyId: company.id });
    await createEmployee(h.t.db, { companyId: company.id });
    const { context, page } = await openConsole(h, '/admin/companies');
    page.setDefaultTimeout(10_000);
    await signInAs(page, admin);
    const row = page.getByRole('row', { name: new RegExp(company.name) });
    expect(await row.getByRole('link', { name: `employees of ${company.name}` }).textContent()).toMatch(/^2/);

    await row.getByRole('button', { name: `Deactivate ${company.name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Deactivate ${company.name}?` });
    await confirm.waitFor();
    await checkPage(page, 'companies-deactivate-confirm');
    // Cancel changes nothing.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect((await companyRow(company.id)).active).toBe(true);

    await row.getByRole('button', { name: `Deactivate ${company.name}` }).click();
    await confirm.getByRole('button', { name: 'Deactivate company' }).click();
    await page.getByRole('status').filter({ hasText: `Company “${company.name}” deactivated.` }).waitFor();
    expect((await companyRow(company.id)).active).toBe(false);
    await page.getByText('No active companies. Show the inactive ones too, or add a company.').waitFor();

    await page.getByLabel('Show').selectOption({ label: 'Active and inactive' });
    expect(new URL(page.url()).searchParams.get('active')).toBe('all');
    await row.getByText('Inactive').waitFor();
    await row.getByRole('button', { name: `Edit ${company.name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${company.name}` });
    await edit.getByLabel('Active (its employees can clock in)').check();
    await edit.getByRole('button', { name: 'Save company' }).click();
    await row.getByText('Active', { exact: true }).waitFor();
    expect((await companyRow(company.id)).active).toBe(true);
    await context.close();
  });

  it('reads in Spanish, with the refusals in Spanish too', async () => {
    const { admin, org } = await tenantWithAdmin(h);
    await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: unique('Panadería'), payPeriodType: 'SEMI_MONTHLY', city: 'Miami', state: 'FL' });
    const { context, page } = await openConsole(h, '/admin/companies', { locale: 'es-MX' });
    page.setDefaultTimeout(10_000);
    await signInAs(page, admin, { email: 'Correo electrónico', password: 'Contraseña', submit: 'Entrar' });
    await page.getByRole('heading', { name: 'Empresas', level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'Dos veces al mes' }).waitFor();
    await page.getByText('1 resultado', { exact: true }).waitFor();
    // A company is "activa" (feminine), in the badge and in the filter.
    await page.getByRole('cell', { name: 'Activa', exact: true }).waitFor();
    expect(await page.getByLabel('Mostrar').locator('option:checked').innerText()).toBe('Solo activas');
    // Every column fits at 1440 px: none slides under the held actions column.
    expect(await page.locator('.data-table').evaluate((table) => table.scrollWidth <= table.parentElement!.clientWidth)).toBe(true);
    await checkPage(page, 'companies-list-es');

    await page.getByRole('button', { name: 'Añadir empresa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Añadir una empresa' });
    await dialog.getByRole('button', { name: 'Añadir empresa' }).click();
    await dialog.getByText('Complete este campo.').waitFor();
    await dialog.getByText('Algunos campos necesitan atención. Revise los mensajes junto a ellos.').waitFor();
    await checkPage(page, 'companies-create-error-es');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    // On a phone the table scrolls in its frame, and the page itself does not scroll sideways.
    await page.setViewportSize(VIEWPORTS.phone);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
    await saveScreenshot(page, 'console-companies-list-es-phone', { fullPage: true });
    await context.close();
  });
});
