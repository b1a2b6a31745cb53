// The console's employee list and an employee's page in headless Chromium against the real
// service: add with the company-wide conflicts on their fields, the company filter, a debounced
// search and the page in the URL, deactivate after a confirmation, the details form, a PIN
// reset the employee then signs in with, the recent entries in the organization's time zone,
// the kiosk link, Spanish, axe and a screenshot of every state.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, payPeriods } from '../../../src/db/schema.ts';
import { createCompany, createEmployee, createPayPeriod, createTimeEntry, reloadEmployee, unique, uniquePhone } from '../../helpers/factories.ts';
import { request } from '../../helpers/http.ts';
import { formatPhone } from '../../../web/src/console/people/format.ts';
import { saveScreenshot, VIEWPORTS } from '../../helpers/browser.ts';
import { checkPage, DESK, openConsole, signInAs, startConsoleHarness, tenantWithAdmin, type ConsoleHarness } from './harness.ts';

let h: ConsoleHarness;
beforeAll(async () => {
  h = await startConsoleHarness();
}, 120_000);
afterAll(async () => h?.close());

const verify = (phone: string, pin: string) => request(h.t.app, 'POST', '/api/v1/auth/employee/verify', { body: { phone, pin } });

describe('the employees page', () => {
  it('adds an employee, with a phone or number already used in the company shown on its field', async () => {
    const { admin, org } = await tenantWithAdmin(h);
    const company = await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: unique('Acme') });
    const taken = await createEmployee(h.t.db, { companyId: company.id, employeeNumber: 'E-7' });
    const { context, page, problems } = await openConsole(h, `/admin/employees?companyId=${company.id}`);
    page.setDefaultTimeout(10_000);
    // The company choices answer only after the list has shown: until then the filter says it is
    // loading, keeping the URL's company, rather than showing "All companies" over a filtered list.
    let releaseChoices = () => {};
    const choicesHeld = new Promise<void>((resolve) => (releaseChoices = resolve));
    await page.route('**/api/v1/admin/companies?*', async (route) => {
      await choicesHeld;
      await route.continue();
    });
    await signInAs(page, admin);
    await page.getByRole('row', { name: new RegExp(taken.lastName) }).waitFor();
    const companyFilter = page.getByLabel('Company', { exact: true });
    expect(await companyFilter.inputValue()).toBe(company.id);
    expect(await companyFilter.locator('option:checked').textContent()).toBe('Loading…');
    await checkPage(page, 'employees-choices-loading');
    releaseChoices();
    await expect.poll(() => companyFilter.locator('option:checked').textContent()).toBe(company.name);
    expect(await companyFilter.inputValue()).toBe(company.id);

    await page.getByRole('button', { name: 'Add employee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an employee' });
    expect(await dialog.getByLabel('Company', { exact: true }).inputValue()).toBe(company.id);
    expect(await dialog.getByLabel('Company', { exact: true }).locator('option:checked').textContent()).toBe(company.name);
    const lastName = unique('Lopez');
    await dialog.getByLabel('First name').fill('Maria');
    await dialog.getByLabel('Last name').fill(lastName);
    await dialog.getByLabel('Phone').fill(taken.phone);
    await dialog.getByLabel('PIN', { exact: true }).fill('4821');
    await dialog.getByLabel('Employee number').fill('E-7');
    await dialog.getByLabel('Job title').fill('Plumber');
    await dialog.getByLabel('Pay rate (US$)').fill('32.50');
    await dialog.getByRole('button', { name: 'Add employee' }).click();
    const phone = dialog.getByLabel('Phone');
    await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
    const phoneProblem = page.locator(`[id="${(await phone.getAttribute('aria-describedby'))!.split(' ').pop()}"]`);
    expect(await phoneProblem.textContent()).toBe('Another employee of this company has this phone number.');
    await checkPage(page, 'employees-create-error');

    const newPhone = uniquePhone();
    await phone.fill(newPhone);
    await dialog.getByRole('button', { name: 'Add employee' }).click();
    await dialog.getByText('Another employee of this company has this number.').waitFor();
    expect(await dialog.getByLabel('Employee number').getAttribute('aria-invalid')).toBe('true');
    expect(await phone.getAttribute('aria-invalid')).toBeNull();

    await dialog.getByLabel('Employee number').fill('E-8');
    await dialog.getByRole('button', { name: 'Add employee' }).click();
    await page.getByRole('status').filter({ hasText: `Maria ${lastName} added.` }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(lastName) });
    expect(await row.textContent()).toContain('$32.50/h');
    const [created] = await h.t.db.select().from(employees).where(eq(employees.lastName, lastName));
    expect(created).toMatchObject({ companyId: company.id, firstName: 'Maria', employeeNumber: 'E-8', jobTitle: 'Plumber', payRate: 32.5, payType: 'HOURLY', phone: newPhone });
    // The PIN typed in the form is the one that works.
    expect((await verify(newPhone, '4821')).status).toBe(200);
    await checkPage(page, 'employees-list');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('filters by company, searches after typing stops (kept in the URL), pages, and deactivates after a confirmation', async () => {
    const { admin, org } = await tenantWithAdmin(h);
    const north = await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: unique('North') });
    const south = await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: unique('South') });
    for (let i = 1; i <= 22; i++) await createEmployee(h.t.db, { companyId: north.id, lastName: `Norris ${String(i).padStart(2, '0')}` });
    const southerner = await createEmployee(h.t.db, { companyId: south.id, firstName: 'Sam', lastName: unique('Quintero') });
    const { context, page } = await openConsole(h, '/admin/employees');
    page.setDefaultTimeout(10_000);
    await signInAs(page, admin);
    await page.getByText('Page 1 of 2 · 23 in all').waitFor();

    await page.getByLabel('Company', { exact: true }).selectOption({ label: south.name });
    await page.getByText('1 result', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('companyId')).toBe(south.id);
    await page.getByLabel('Company', { exact: true }).selectOption({ label: north.name });
    await page.getByText('Page 1 of 2 · 22 in all').waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Page 2 of 2 · 22 in all').waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.getByRole('link', { name: 'Norris 22, Eve' }).waitFor();

    await page.goto(`${h.origin}/admin/employees`);
    const searches: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/v1/admin/employees' && url.searchParams.has('search')) searches.push(url.searchParams.get('search')!);
    });
    await page.getByLabel('Search by name, email or number').pressSequentially('quint', { delay: 40 });
    await page.getByText('1 result', { exact: true }).waitFor();
    expect(searches).toEqual(['quint']);
    await page.reload();
    const row = page.getByRole('row', { name: new RegExp(southerner.lastName) });
    await row.waitFor();
    expect(new URL(page.url()).searchParams.get('search')).toBe('quint');

    await row.getByRole('button', { name: `Deactivate Sam ${southerner.lastName}` }).click();
    const confirm = page.getByRole('dialog', { name: `Deactivate Sam ${southerner.lastName}?` });
    await checkPage(page, 'employees-deactivate-confirm');
    await confirm.getByRole('button', { name: 'Deactivate employee' }).click();
    await page.getByRole('status').filter({ hasText: `Sam ${southerner.lastName} deactivated.` }).waitFor();
    expect((await reloadEmployee(h.t.db, southerner.id))!.active).toBe(false);
    await page.getByText('No employee matches “quint”.').waitFor();
    await page.getByLabel('Show').selectOption({ label: 'Active and inactive' });
    await row.getByText('Inactive').waitFor();
    await page.getByLabel('Search by name, email or number').fill('');
    await page.getByLabel('Company', { exact: true }).selectOption({ label: south.name });
    await page.getByLabel('Show').selectOption({ label: 'Active only' });
    await page.getByText('No active employees here. Show the inactive ones too, or add an employee.').waitFor();
    await context.close();
  });
});

describe("an employee's page", () => {
  it('edits the details, resets the PIN (typed, then generated) so the employee signs in with it, and shows the recent entries', async () => {
    const { admin, org } = await tenantWithAdmin(h);
    const company = await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: unique('Harbor Cafe') });
    const person = await createEmployee(h.t.db, { companyId: company.id, firstName: 'Lena', lastName: unique('Ortiz'), jobTitle: 'Barista' });
    const period = await createPayPeriod(h.t.db, { companyId: company.id, startDate: new Date('2026-11-02T05:00:00Z'), endDate: new Date('2026-11-09T04:59:59.999Z'), locked: true });
    await createTimeEntry(h.t.db, {
      employeeId: person.id,
      companyId: company.id,
      payPeriodId: period.id,
      clockIn: new Date('2026-11-02T14:00:00Z'),
      clockOut: new Date('2026-11-02T23:30:00Z'),
      breakMinutes: 30,
      totalHours: 9,
      regularHours: 8,
      overtimeHours: 1,
    });
    await createTimeEntry(h.t.db, { employeeId: person.id, companyId: company.id, clockIn: new Date('2026-11-03T13:15:00Z') });

    const { context, page, problems } = await openConsole(h, `/admin/employees/${person.id}`);
    page.setDefaultTimeout(10_000);
    await signInAs(page, admin);
    await page.getByRole('heading', { name: `Lena ${person.lastName}`, level: 1 }).waitFor();
    const kiosk = new URL((await page.getByRole('link', { name: 'Open kiosk for this company' }).getAttribute('href'))!, h.origin);
    expect(kiosk.pathname).toBe('/kiosk');
    expect(Object.fromEntries(kiosk.searchParams)).toEqual({ company: company.id, name: company.name, zone: 'America/New_York' });

    // Recent entries, newest first, in New York time; the open one is marked and has no hours.
    const entries = page.getByRole('table', { name: /Lena .*’s time entries, newest first, in Eastern Time \(New York\)$/ });
    const rows = entries.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).innerText()).toMatch(/Tue, Nov 3\s+8:15 AM\s+Open\s+Clock out\s+—\s+—\s+—\s+—\s+No pay period\s+Pending/);
    expect(await rows.nth(1).innerText()).toMatch(/Mon, Nov 2\s+9:00 AM\s+6:30 PM\s+30 min\s+9\.00\s+8\.00\s+1\.00\s+Nov 2\s*–\s*8, 2026\s*Locked\s+Pending/);
    // This week: no closed hours yet; her open shift began weeks ago and counts toward its own week.
    const week = page.getByRole('region', { name: 'This week' });
    await week.getByText('On the clock since Tue, Nov 3, 8:15 AM', { exact: true }).waitFor();
    await week.getByText('40.00 h until overtime. The open shift began in an earlier week and counts toward that week.').waitFor();
    expect(await week.getByRole('definition').allInnerTexts()).toEqual(['0.00 h', '0.00 h', '0.00 h']);
    await checkPage(page, 'employee-page');

    // Details: a refusal next to its field, then a saved change.
    const details = page.getByRole('region', { name: 'Details' });
    await details.getByLabel('Email').fill('lena at cafe');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await details.getByText('Enter a valid email address, like name@example.com.').waitFor();
    expect(await details.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await checkPage(page, 'employee-details-error');
    await details.getByLabel('Email').fill('lena@cafe.example');
    await details.getByLabel('Job title').fill('Head barista');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: `Changes to Lena ${person.lastName} saved.` }).waitFor();
    expect(await reloadEmployee(h.t.db, person.id)).toMatchObject({ email: 'lena@cafe.example', jobTitle: 'Head barista' });

    // PIN typed twice: a mismatch first, then a confirmation, then the employee signs in with it.
    const pin = page.getByRole('region', { name: 'PIN' });
    await pin.getByLabel('New PIN', { exact: true }).fill('5150');
    await pin.getByLabel('Repeat the new PIN').fill('5151');
    await pin.getByRole('button', { name: 'Reset PIN' }).click();
    await pin.getByText('The two PINs are not the same.').waitFor();
    await pin.getByLabel('Repeat the new PIN').fill('5150');
    await pin.getByRole('button', { name: 'Reset PIN' }).click();
    const confirm = page.getByRole('dialog', { name: `Reset Lena ${person.lastName}’s PIN?` });
    await confirm.waitFor();
    await checkPage(page, 'employee-pin-confirm');
    expect((await verify(person.phone, '5150')).status).toBe(401);
    await confirm.getByRole('button', { name: 'Reset PIN' }).click();
    await pin.getByText(`Lena ${person.lastName}’s PIN was reset.`).waitFor();
    expect((await verify(person.phone, '5150')).status).toBe(200);

    // A generated PIN is shown once, and works.
    await pin.getByRole('button', { name: 'Generate a PIN' }).click();
    await confirm.getByRole('button', { name: 'Reset PIN' }).click();
    const shown = pin.getByRole('status');
    await shown.getByText(`Lena ${person.lastName}’s new PIN:`).waitFor();
    await shown.getByText('Give it to them now: it is not shown again.').waitFor();
    // The PIN stands alone in large digits.
    const generated = await shown.locator('.pin-value').innerText();
    expect(generated).toMatch(/^\d{6}$/);
    expect(await page.evaluate<number>("parseFloat(getComputedStyle(document.querySelector('.pin-value')).fontSize)")).toBeGreaterThanOrEqual(28);
    expect((await verify(person.phone, generated)).status).toBe(200);
    expect((await verify(person.phone, '5150')).status).toBe(401);
    await checkPage(page, 'employee-pin-generated');
    // A slip to hand over: it is in the page only while it prints.
    expect(await page.locator('.pin-slip').count()).toBe(0);
    await page.evaluate("window.print = () => { window.printedSlip = document.querySelector('body > .pin-slips-alone')?.textContent; }");
    await shown.getByRole('button', { name: 'Print a PIN slip' }).click();
    expect(await page.evaluate<string>('window.printedSlip')).toBe(
      `Your payclock sign-inLena ${person.lastName}${company.name}Phone number${formatPhone(person.phone)}PIN${generated}Clock in and out on your phone at ${h.origin}/, or at the kiosk at work.Keep your PIN to yourself. Your manager can set a new one.`,
    );
    expect(await page.locator('.pin-slip').count()).toBe(0);
    // On paper, a slip printed alone is the whole page.
    await page.emulateMedia({ media: 'print' });
    const paper = await page.evaluate<string[]>(`(() => {
      const slip = Object.assign(document.createElement('section'), { className: 'print-only pin-slips pin-slips-alone' });
      document.body.append(slip);
      const shown = [getComputedStyle(document.querySelector('#root')).display, getComputedStyle(slip).display];
      slip.remove();
      return shown;
    })()`);
    expect(paper).toEqual(['none', 'grid']);
    await page.emulateMedia({ media: 'screen' });

    // The open entry is a forgotten clock out: Clock out, set to when she left, closes it. Its week
    // is in the locked period, whose overtime it would change, so it waits for the period's unlock.
    await entries.getByRole('button', { name: 'Clock out' }).click();
    const clockOut = page.getByRole('dialog', { name: `Clock out Lena ${person.lastName}` });
    await clockOut.getByLabel('Clock out').fill('2026-11-03T17:00');
    await clockOut.getByRole('button', { name: 'Save changes' }).click();
    await clockOut.getByText('Pay period locked: this entry is in a locked pay period, or would move into one.').waitFor();
    await checkPage(page, 'employee-clock-out-locked');
    await h.t.db.update(payPeriods).set({ locked: false }).where(eq(payPeriods.id, period.id));
    await clockOut.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: `Lena ${person.lastName} is clocked out: Tue, Nov 3, 5:00 PM, 8.75 h on this shift.` }).waitFor();
    await expect.poll(() => rows.nth(0).innerText()).toMatch(/Tue, Nov 3\s+8:15 AM\s+5:00 PM\s+—\s+8\.75\s+8\.75\s+0\.00\s+No pay period\s+Pending/);
    await expect.poll(() => rows.nth(1).innerText()).toMatch(/Mon, Nov 2\s+9:00 AM\s+6:30 PM\s+30 min\s+9\.00\s+9\.00\s+0\.00\s+Nov 2\s*–\s*8, 2026\s+Pending/);
    expect(await entries.getByRole('button', { name: 'Clock out' }).count()).toBe(0);
    await week.getByText('40.00 h until overtime.', { exact: true }).waitFor();
    expect(await week.getByText(/^On the clock since/).count()).toBe(0);

    // Omar has 39.5 closed hours this week (seconds ago, hours set) and has just clocked in again:
    // half an hour to overtime, which starts 30 minutes after his clock in if he stays.
    const omar = await createEmployee(h.t.db, { companyId: company.id, firstName: 'Omar', lastName: unique('Haddad') });
    const justNow = new Date(Math.floor((Date.now() - 20_000) / 1000) * 1000);
    await createTimeEntry(h.t.db, { employeeId: omar.id, companyId: company.id, clockIn: justNow, clockOut: new Date(justNow.getTime() + 5_000), totalHours: 39.5, regularHours: 39.5, overtimeHours: 0 });
    const omarIn = new Date(justNow.getTime() + 10_000);
    await createTimeEntry(h.t.db, { employeeId: omar.id, companyId: company.id, clockIn: omarIn });
    const newYork = (at: Date, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', ...options }).format(at);
    await page.goto(`${h.origin}/admin/employees/${omar.id}`);
    await week.getByText(`On the clock since ${newYork(omarIn, { weekday: 'short', month: 'short', day: 'numeric' })}, ${newYork(omarIn, { hour: 'numeric', minute: '2-digit' })}`, { exact: true }).waitFor();
    await week
      .getByText(`Counting this shift so far, 0.50 h until overtime: from ${newYork(new Date(omarIn.getTime() + 30 * 60_000), { hour: 'numeric', minute: '2-digit' })} if they stay on the clock.`)
      .waitFor();
    expect(await week.getByRole('definition').allInnerTexts()).toEqual(['39.50 h', '39.50 h', '0.00 h']);
    await week.getByText(/ · overtime after 40 h a week$/).waitFor();
    await checkPage(page, 'employee-page-week');

    // An id that names nobody says so, with the way back.
    await page.goto(`${h.origin}/admin/employees/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('alert').filter({ hasText: 'What you are looking for does not exist, or was removed.' }).waitFor();
    await page.getByRole('link', { name: 'All employees' }).click();
    await page.waitForURL(/\/admin\/employees$/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reads in Spanish', async () => {
    const { admin, org } = await tenantWithAdmin(h);
    const company = await createCompany(h.t.db, { bookkeeperOrgId: org.id });
    const person = await createEmployee(h.t.db, { companyId: company.id, firstName: 'Ana', lastName: unique('Ruiz'), payRate: 21.5 });
    await createTimeEntry(h.t.db, { employeeId: person.id, companyId: company.id, clockIn: new Date('2026-11-03T13:15:00Z') });
    const { context, page } = await openConsole(h, '/admin/employees', { locale: 'es-MX' });
    page.setDefaultTimeout(10_000);
    await signInAs(page, admin, { email: 'Correo electrónico', password: 'Contraseña', submit: 'Entrar' });
    await page.getByRole('heading', { name: 'Empleados', level: 1 }).waitFor();
    await page.getByText('Por horas').waitFor();
    await checkPage(page, 'employees-list-es');
    // On a phone the table scrolls in its frame, and the page itself does not scroll sideways.
    await page.setViewportSize(VIEWPORTS.phone);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
    await saveScreenshot(page, 'console-employees-list-es-phone', { fullPage: true });
    await page.setViewportSize(DESK);
    await page.getByRole('button', { name: 'Añadir empleado' }).click();
    const dialog = page.getByRole('dialog', { name: 'Añadir un empleado' });
    await dialog.getByRole('button', { name: 'Añadir empleado' }).click();
    await dialog.getByText('Elija una empresa.').waitFor();
    // Every empty required field is named at once, under a banner, not one per try.
    await dialog.getByText('Algunos campos necesitan atención. Revise los mensajes junto a ellos.').waitFor();
    for (const label of ['Nombre', 'Apellidos', 'Teléfono', 'PIN']) {
      expect(await dialog.getByLabel(label, { exact: true }).getAttribute('aria-invalid'), label).toBe('true');
    }
    expect(await dialog.getByText('Complete este campo.').count()).toBe(4);
    await checkPage(page, 'employees-create-error-es');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    await page.getByRole('link', { name: `${person.lastName}, Ana` }).click();
    await page.getByRole('link', { name: 'Abrir el quiosco de esta empresa' }).waitFor();
    await page.getByRole('table', { name: /Registros de horas de Ana/ }).getByText('Abierto').waitFor();
    await page
      .getByRole('region', { name: 'Esta semana' })
      .getByText('Faltan 40.00 h para las horas extra. El turno abierto empezó en una semana anterior y cuenta para esa semana.')
      .waitFor();
    await page.getByRole('region', { name: 'Esta semana' }).getByText('En turno desde el mar, 3 de nov, a las 8:15 a.m.', { exact: true }).waitFor();
    await checkPage(page, 'employee-page-es');
    await context.close();
  });
});
