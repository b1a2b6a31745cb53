// Importing employees from a spreadsheet, in headless Chromium against the real service: the
// template, a file's rows checked before anything is sent, the ready rows added through the API
// with the service's refusals on their rows, the file of the rows to fix, Stop, a run stopped by a
// lost connection and finished by pressing Add again without a second employee, a Spanish Excel
// file (semicolons, Windows-1252), the file's own problems, PINs made up for rows without one and
// their printed slips, leaving before they are printed asking first (a link, Sign out, the back
// button), axe and a screenshot of every state.
import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../../../src/db/schema.ts';
import { createCompany, createEmployee, unique, uniquePhone } from '../../helpers/factories.ts';
import { request } from '../../helpers/http.ts';
import { saveScreenshot } from '../../helpers/browser.ts';
import { checkPage, openConsole, signInAs, startConsoleHarness, tenantWithAdmin, type ConsoleHarness } from './harness.ts';

let h: ConsoleHarness;
beforeAll(async () => {
  h = await startConsoleHarness();
}, 120_000);
afterAll(async () => h?.close());

const verify = (phone: string, pin: string) => request(h.t.app, 'POST', '/api/v1/auth/employee/verify', { body: { phone, pin } });
/** `+12125550147` as people type it: `(212) 555-0147`. */
const typed = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;
const csvFile = (name: string, text: string, encoding: BufferEncoding = 'utf8') => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text, encoding) });
const companyEmployees = (companyId: string) => h.t.db.select().from(employees).where(eq(employees.companyId, companyId));

describe('importing employees', () => {
  it('checks every row, adds the ready ones, shows the service’s refusals on their rows and downloads the rows to fix', async () => {
    const { admin, org } = await tenantWithAdmin(h);
    const company = await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: unique('Sunrise Bakery') });
    const taken = await createEmployee(h.t.db, { companyId: company.id, firstName: 'Tess', lastName: 'Taken' });
    const { context, page, problems } = await openConsole(h, `/admin/employees?companyId=${company.id}`);
    page.setDefaultTimeout(10_000);
    await signInAs(page, admin);
    await page.getByRole('link', { name: 'Import from a spreadsheet' }).click();
    await page.getByRole('heading', { name: 'Import employees' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/employees/import');
    const companyField = page.getByLabel('Company', { exact: true });
    await expect.poll(() => companyField.locator('option:checked').textContent()).toBe(company.name);

    // The template names the columns as the forms do, and reads back as every column.
    const [template] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download a blank template' }).click()]);
    expect(template.suggestedFilename()).toBe('employees-template.csv');
    expect(await readFile((await template.path())!, 'utf8')).toBe('\uFEFFFirst name,Last name,Phone,PIN,Email,Employee number,Job title,Pay rate (US$),Pay type,Name in QuickBooks\r\n');

    const [ana, cy, ed, flo] = [uniquePhone(), uniquePhone(), uniquePhone(), uniquePhone()];
    const text = [
      'First name,Last name,Phone,PIN,Employee number,Job title,Pay rate,Pay type,Department',
      `Ana,Lopez,${typed(ana)},0482,E-1,Baker,22.50,Hourly,Kitchen`,
      `Bo,Diaz,${typed(taken.phone)},5150,E-2,Driver,18,,Delivery`,
      `Cy,Ng,${typed(cy)},482,E-3,,19,,`,
      `Di,Ok,${typed(ana)},7305,E-4,,19,,`,
      `Ed,Fox,${typed(ed)},1234,E-5,,twenty,,`,
      `Flo,"Reyes, Jr.",${typed(flo)},98765,E-6,Manager,"52,000",Salary,Office`,
      ',,,,,,,,',
    ].join('\r\n');
    await page.getByLabel('Spreadsheet (CSV)').setInputFiles(csvFile('bakery staff.csv', text));
    const table = page.getByRole('table', { name: 'The spreadsheet’s employees' });
    await table.waitFor();
    const tile = (label: string) => page.locator('.tile').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');
    const row = (name: string) => table.getByRole('row', { name: new RegExp(name) });
    // The rows are planned once the company's employees are read.
    await row('Lopez, Ana').getByText('To add').waitFor();
    expect(await tile('Rows').textContent()).toBe('6');
    expect(await tile('To add').textContent()).toBe('3');
    expect(await tile('To update').textContent()).toBe('0');
    expect(await tile('Unchanged').textContent()).toBe('0');
    expect(await tile('To fix in the spreadsheet').textContent()).toBe('3');
    await page.getByText('Columns left out: Department.').waitFor();
    expect(await row('Lopez, Ana').textContent()).toContain('To add');
    expect(await row('Ng, Cy').textContent()).toContain('If it began with 0, the spreadsheet dropped it');
    expect(await row('Ok, Di').textContent()).toContain('Same phone as row 2.');
    expect(await row('Fox, Ed').textContent()).toContain('The pay rate is not an amount, like 22.50.');
    expect(await row('Reyes, Jr., Flo').textContent()).toContain('$52,000.00Salary');
    // No PIN is on the screen.
    expect(await table.textContent()).not.toContain('0482');
    // Nothing was sent before Add.
    expect(await companyEmployees(company.id)).toHaveLength(1);
    await checkPage(page, 'employee-import-preview');

    await page.getByRole('button', { name: 'Add 3 employees' }).click();
    await page.getByRole('status').filter({ hasText: 'Added: 2. Updated: 0. Refused: 1.' }).waitFor();
    expect(await row('Diaz, Bo').textContent()).toContain('RefusedAnother employee of this company has this phone number.');
    expect(await tile('To add').textContent()).toBe('0');
    expect(await page.getByRole('button', { name: /^Add \d/ }).count()).toBe(0);
    // The company stays the one the employees were added to.
    expect(await companyField.isDisabled()).toBe(true);

    const added = await companyEmployees(company.id);
    expect(added.map((employee) => employee.lastName).sort()).toEqual(['Lopez', 'Reyes, Jr.', 'Taken']);
    expect(added.find((employee) => employee.lastName === 'Lopez')).toMatchObject({ phone: ana, employeeNumber: 'E-1', jobTitle: 'Baker', payRate: 22.5, payType: 'HOURLY' });
    expect(added.find((employee) => employee.firstName === 'Flo')).toMatchObject({ phone: flo, payRate: 52000, payType: 'SALARY' });
    // The PIN with its leading zero is the one that signs in.
    expect((await verify(ana, '0482')).status).toBe(200);
    const anaLink = row('Lopez, Ana').getByRole('link', { name: 'Lopez, Ana' });
    expect(await anaLink.getAttribute('href')).toBe(`/admin/employees/${added.find((employee) => employee.phone === ana)!.id}`);
    await checkPage(page, 'employee-import-done');

    // The PIN slips: on paper only, one for each employee added, with the PIN the file gave.
    const slips = page.locator('.pin-slip');
    expect(await slips.count()).toBe(2);
    expect(await slips.first().isVisible()).toBe(false);
    await page.emulateMedia({ media: 'print' });
    expect(await slips.allTextContents()).toEqual([
      `Your payclock sign-inAna Lopez${company.name}Phone number${typed(ana)}PIN0482Clock in and out on your phone at ${h.origin}/, or at the kiosk at work.Keep your PIN to yourself. Your manager can set a new one.`,
      `Your payclock sign-inFlo Reyes, Jr.${company.name}Phone number${typed(flo)}PIN98765Clock in and out on your phone at ${h.origin}/, or at the kiosk at work.Keep your PIN to yourself. Your manager can set a new one.`,
    ]);
    expect(await table.isVisible()).toBe(false);
    await saveScreenshot(page, 'console-employee-import-slips', { fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    const [left] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the rows to fix' }).click()]);
    expect(left.suggestedFilename()).toBe('employees-to-fix.csv');
    const leftText = await readFile((await left.path())!, 'utf8');
    expect(leftText.split('\r\n')).toEqual([
      '\uFEFFFirst name,Last name,Phone,PIN,Employee number,Job title,Pay rate,Pay type,Department,Problem',
      `Bo,Diaz,${typed(taken.phone)},5150,E-2,Driver,18,,Delivery,Another employee of this company has this phone number.`,
      `Cy,Ng,${typed(cy)},482,E-3,,19,,,"The PIN must be 4 to 8 digits. If it began with 0, the spreadsheet dropped it: format the PIN column as text and type the PIN again."`,
      `Di,Ok,${typed(ana)},7305,E-4,,19,,,Same phone as row 2.`,
      `Ed,Fox,${typed(ed)},1234,E-5,,twenty,,,"The pay rate is not an amount, like 22.50."`,
      '',
    ]);

    // Fixed in that file, it imports: its Problem column is left out.
    const fixed = leftText.replace(`${typed(taken.phone)},5150`, `${typed(uniquePhone())},5150`).replace(',482,', ',0482,').replace(`Di,Ok,${typed(ana)}`, `Di,Ok,${typed(uniquePhone())}`).replace('twenty', '20');
    await page.getByRole('button', { name: 'Choose another file' }).click();
    expect(await companyField.isDisabled()).toBe(false);
    await page.getByLabel('Spreadsheet (CSV)').setInputFiles(csvFile('employees-to-fix.csv', fixed));
    await page.getByText('Columns left out: Department and Problem.').waitFor();
    // Stop during the first row: it is answered, and nothing after it is sent until Add.
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    await page.route('**/api/v1/admin/employees', async (route) => {
      await firstHeld;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Add 4 employees' }).click();
    await page.getByRole('status').filter({ hasText: 'Saving 0 of 4…' }).waitFor();
    expect(await page.getByRole('progressbar', { name: 'Rows saved so far' }).getAttribute('max')).toBe('4');
    await page.getByRole('button', { name: 'Stop' }).click();
    releaseFirst();
    await page.getByRole('status').filter({ hasText: 'Stopped. The rows not saved yet were not sent; the button sends them.' }).waitFor();
    expect(await companyEmployees(company.id)).toHaveLength(4);
    await page.getByRole('button', { name: 'Add 3 employees' }).click();
    await page.getByRole('status').filter({ hasText: 'Added: 4. Updated: 0. Refused: 0.' }).waitFor();
    expect(await companyEmployees(company.id)).toHaveLength(7);
    await page.getByRole('link', { name: `See ${company.name}’s employees` }).click();
    await page.getByRole('row', { name: /Ng, Cy/ }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('stops at a lost connection and finishes when Add is pressed again, without a second employee; in Spanish, from a Spanish Excel file', async () => {
    const { admin, org } = await tenantWithAdmin(h);
    const company = await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: unique('Panadería') });
    const { context, page, problems } = await openConsole(h, `/admin/employees/import?companyId=${company.id}`);
    page.setDefaultTimeout(10_000);
    await signInAs(page, admin);
    await page.getByLabel('Language').selectOption({ label: 'Español' });
    await page.getByRole('heading', { name: 'Importar empleados' }).waitFor();

    // The second employee's request is lost once, after the service has added them: its answer never arrives.
    let posts = 0;
    await page.route('**/api/v1/admin/employees', async (route) => {
      if (route.request().method() !== 'POST' || ++posts !== 2) return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    const phones = [uniquePhone(), uniquePhone(), uniquePhone(), uniquePhone()];
    // Excel in Spanish saves "CSV" with semicolons, decimal commas and the Windows-1252 code page.
    // Luz's address is the service's to refuse, in the person's language.
    const text = [
      'Nombre;Apellidos;Teléfono;PIN;Número de empleado;Puesto;Tarifa;Tipo de pago;Correo',
      `José;Muñoz;${typed(phones[0]!)};4821;1;Panadero;22,50;Por horas;`,
      `Begoña;Ibáñez;${typed(phones[1]!)};5150;2;Cajera;19,75;por horas;`,
      `Íñigo;Peña;${typed(phones[2]!)};7305;3;Gerente;52.000,00;Salario;`,
      `Luz;Mora;${typed(phones[3]!)};8642;4;;;;luz@`,
    ].join('\r\n');
    await page.getByLabel('Hoja de cálculo (CSV)').setInputFiles(csvFile('plantilla.csv', text, 'latin1'));
    const table = page.getByRole('table', { name: 'Los empleados de la hoja de cálculo' });
    await table.getByRole('row', { name: /Muñoz, José/ }).waitFor();
    expect(await table.getByRole('row', { name: /Peña, Íñigo/ }).textContent()).toContain('$52,000.00Salario');
    await checkPage(page, 'employee-import-es');
    // Nothing on the page (the hidden file input included) makes it wider than the window.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBe(1440);

    await page.getByRole('button', { name: 'Añadir 4 empleados' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Se detuvo' });
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      'Se detuvo: No se puede conectar con payclock. Revise su conexión. Las filas que aún no se guardaron no se enviaron; el botón las envía.',
    );
    expect(await table.getByRole('row', { name: /Muñoz, José/ }).textContent()).toContain('Añadido');
    // The service added Begoña before the answer was lost: read again, the company has her, so her
    // row is up to date rather than sent again.
    await table.getByRole('row', { name: /Ibáñez, Begoña/ }).getByText('Al día').waitFor();
    expect(await table.getByRole('row', { name: /Peña, Íñigo/ }).textContent()).toContain('Por añadir');
    await checkPage(page, 'employee-import-halted');

    await page.getByRole('button', { name: 'Añadir 2 empleados' }).click();
    await page.getByRole('status').filter({ hasText: 'Añadidos: 2. Actualizados: 0. Rechazados: 1.' }).waitFor();
    expect(posts).toBe(4);
    expect(await table.getByRole('row', { name: /Mora, Luz/ }).textContent()).toContain(
      'RechazadoCorreo electrónico: Escriba un correo electrónico válido, como nombre@ejemplo.com.',
    );
    const added = await companyEmployees(company.id);
    expect(added.map((employee) => `${employee.firstName} ${employee.lastName}`).sort()).toEqual(['Begoña Ibáñez', 'José Muñoz', 'Íñigo Peña']);
    expect(added.find((employee) => employee.firstName === 'Íñigo')).toMatchObject({ payRate: 52000, payType: 'SALARY', employeeNumber: '3' });
    expect(added.find((employee) => employee.firstName === 'Begoña')).toMatchObject({ payRate: 19.75, payType: 'HOURLY' });
    expect(problems.filter((problem) => !/ERR_CONNECTION_RESET|Failed to fetch/.test(problem))).toEqual([]);
    await context.close();
  });

  it('says what is wrong with a file that cannot be imported, and asks for the company', async () => {
    const { admin, org } = await tenantWithAdmin(h);
    const company = await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: unique('Harbor Cafe') });
    const { context, page, problems } = await openConsole(h, '/admin/employees', { viewport: { width: 390, height: 844 } });
    page.setDefaultTimeout(10_000);
    await signInAs(page, admin);
    await page.getByRole('link', { name: 'Import from a spreadsheet' }).click();
    await page.getByRole('heading', { name: 'Import employees' }).waitFor();
    const file = page.getByLabel('Spreadsheet (CSV)');
    const alert = page.locator('.state-error[role="alert"]');
    // The file button is the page's, in its language, and the keyboard reaches the file input after the company.
    await page.getByText('No file chosen').waitFor();
    expect(await page.locator('.file-picker label').textContent()).toBe('Choose a file');
    await page.getByLabel('Company', { exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate<string | null>('document.activeElement?.getAttribute("type")')).toBe('file');

    await file.setInputFiles(csvFile('names.csv', 'Name,Phone\nAna Lopez,2125550147\n'));
    await page.locator('.file-name').getByText('names.csv').waitFor();
    await alert.getByText('The first row has no column for First name and Last name. It must name the columns, as the template does.').waitFor();
    await checkPage(page, 'employee-import-missing-phone');
    await file.setInputFiles(csvFile('empty.csv', 'First name,Last name,Phone,PIN\r\n,,,\r\n'));
    await alert.getByText('The file has no employees: every row after the row of column names is empty.').waitFor();
    const many = ['First name,Last name,Phone,PIN', ...Array.from({ length: 1001 }, (_, i) => `A${i},B,212555${String(i).padStart(4, '0')},1234`)].join('\n');
    await file.setInputFiles(csvFile('many.csv', many));
    await alert.getByText('The file has 1,001 employees. Import at most 1,000 at a time.').waitFor();

    // A good file without a company: the company field says so, and nothing is sent. It has no
    // PIN column, so a PIN is made up, and the printed slip is how the employee learns it.
    const phone = uniquePhone();
    await file.setInputFiles(csvFile('one.csv', `First name,Last name,Phone\nAna,Lopez,${phone.slice(2)}\n`));
    await page.getByRole('button', { name: 'Add 1 employee' }).click();
    expect(await alert.count()).toBe(0);
    const companyField = page.getByLabel('Company', { exact: true });
    await expect.poll(() => companyField.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Choose a company.').waitFor();
    expect(await companyEmployees(company.id)).toHaveLength(0);
    await companyField.selectOption({ label: company.name });
    await page.getByRole('button', { name: 'Add 1 employee' }).click();
    await page.getByRole('status').filter({ hasText: 'Added: 1. Updated: 0. Refused: 0.' }).waitFor();
    expect(new URL(page.url()).searchParams.get('companyId')).toBe(company.id);
    expect(await h.t.db.select().from(employees).where(and(eq(employees.companyId, company.id), eq(employees.firstName, 'Ana')))).toHaveLength(1);
    await checkPage(page, 'employee-import-phone');
    await page.getByText('PIN made up: it is on the slip.').waitFor();
    // Until the slip is printed, leaving the page asks first: the made-up PIN is nowhere else.
    const leavingAsks = () => page.evaluate<boolean>("(() => { const leaving = new Event('beforeunload', { cancelable: true }); window.dispatchEvent(leaving); return leaving.defaultPrevented; })()");
    expect(await leavingAsks()).toBe(true);
    // So does going to another console page; staying keeps the page and its PIN.
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: 'All employees' }).click();
    await expect.poll(() => asked).toBe('Leave this page? The PINs made up for the employees added are not printed yet, and they cannot be shown again.');
    expect(new URL(page.url()).pathname).toBe('/admin/employees/import');
    await page.getByText('PIN made up: it is on the slip.').waitFor();
    // Signing out asks before the session ends: kept, the bookkeeper is still signed in here.
    asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => asked).toMatch(/^Leave this page\?/);
    expect(new URL(page.url()).pathname).toBe('/admin/employees/import');
    await page.getByText('PIN made up: it is on the slip.').waitFor();
    expect((await request(h.t.app, 'GET', '/api/v1/admin/companies', { headers: { cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ') } })).status).toBe(200);
    // So does the back button, back to the Employees page this one was opened from: kept, the
    // page and its URL are still the import's.
    asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.goBack({ waitUntil: 'commit' });
    await expect.poll(() => asked).toMatch(/^Leave this page\?/);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/employees/import');
    await page.getByText('PIN made up: it is on the slip.').waitFor();
    expect(new URL(page.url()).searchParams.get('companyId')).toBe(company.id);
    // Print PIN slips prints the page, which on paper is the slip alone.
    await page.evaluate('window.print = () => { window.printed = (window.printed ?? 0) + 1; }');
    await page.getByRole('button', { name: 'Print PIN slips' }).click();
    expect(await page.evaluate<number>('window.printed')).toBe(1);
    expect(await leavingAsks()).toBe(false);
    await page.emulateMedia({ media: 'print' });
    const slipPin = (await page.locator('.pin-slip-pin').textContent())!;
    expect(slipPin).toMatch(/^\d{6}$/);
    expect(await page.locator('.pin-slip').textContent()).toContain(`Phone number${typed(phone)}`);
    expect((await verify(phone, slipPin)).status).toBe(200);
    await saveScreenshot(page, 'console-employee-import-slip-phone', { fullPage: true });
    const pdf = await page.pdf({ format: 'Letter' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await page.emulateMedia({ media: 'screen' });
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBe(390);
    // Printed, the page is left without a question (a dialog would be dismissed, and the page would
    // stay), by the back button too.
    await page.goBack({ waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Employees', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/employees');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('downloads the whole filtered employee list as CSV in the import’s columns, past the first page of 100', async () => {
    const { admin, org } = await tenantWithAdmin(h);
    const company = await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: unique('Big Diner') });
    const other = await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: unique('Other') });
    for (let i = 0; i < 104; i++) await createEmployee(h.t.db, { companyId: company.id, firstName: `W${String(i).padStart(3, '0')}`, lastName: 'Staff', payRate: 18.5 });
    const gone = await createEmployee(h.t.db, { companyId: company.id, firstName: 'Gone', lastName: 'Staff', active: false });
    await createEmployee(h.t.db, { companyId: other.id, firstName: 'Elsewhere' });
    const { context, page, problems } = await openConsole(h, `/admin/employees?companyId=${company.id}`);
    page.setDefaultTimeout(10_000);
    await signInAs(page, admin);
    await page.getByText('Page 1 of 6 · 104 in all').waitFor();

    const download = async () => {
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^(Download CSV|Descargar CSV)$/ }).click()]);
      return { name: file.suggestedFilename(), lines: (await readFile((await file.path())!, 'utf8')).split('\r\n').filter(Boolean) };
    };
    const active = await download();
    expect(active.name).toBe('employees.csv');
    expect(active.lines).toHaveLength(105);
    expect(active.lines[0]).toBe('\uFEFFFirst name,Last name,Phone,Email,Employee number,Job title,Pay rate (US$),Pay type,Name in QuickBooks,Company,Status');
    expect(active.lines.filter((line) => line.startsWith('W103,Staff,'))).toHaveLength(1);
    expect(active.lines.join('\n')).not.toMatch(/Gone|Elsewhere/);
    await page.getByRole('status').filter({ hasText: 'Downloaded employees.csv: 104 employees.' }).waitFor();

    await page.getByLabel('Show').selectOption({ label: 'Active and inactive' });
    await page.getByText('Page 1 of 6 · 105 in all').waitFor();
    await page.getByLabel('Language').selectOption({ label: 'Español' });
    const all = await download();
    expect(all.name).toBe('empleados.csv');
    expect(all.lines).toHaveLength(106);
    expect(all.lines[0]).toBe('\uFEFFNombre,Apellidos,Teléfono,Correo electrónico,Número de empleado,Puesto,Tarifa (US$),Tipo de pago,Nombre en QuickBooks,Empresa,Estado');
    expect(all.lines).toContain(`Gone,Staff,${typed(gone.phone)},,${gone.employeeNumber},Technician,25.00,Por horas,,${company.name},Inactivo`);
    await page.getByRole('status').filter({ hasText: 'Se descargó empleados.csv: 105 empleados.' }).waitFor();
    await checkPage(page, 'employees-downloaded-es');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('updates the employees the company already has: only the cells with a value, never the PIN', async () => {
    const { admin, org } = await tenantWithAdmin(h);
    const company = await createCompany(h.t.db, { bookkeeperOrgId: org.id, name: unique('Corner Shop') });
    const ana = await createEmployee(h.t.db, { companyId: company.id, firstName: 'Ana', lastName: 'Lopez', employeeNumber: 'E-1', jobTitle: 'Baker', payRate: 18.5 });
    const bo = await createEmployee(h.t.db, { companyId: company.id, firstName: 'Bo', lastName: 'Diaz', employeeNumber: 'E-2', jobTitle: 'Driver', payRate: 17 });
    const cy = await createEmployee(h.t.db, { companyId: company.id, firstName: 'Cy', lastName: 'Ng', employeeNumber: 'E-3', payRate: 16, active: false });
    const dee = uniquePhone();
    const { context, page, problems } = await openConsole(h, `/admin/employees/import?companyId=${company.id}`);
    page.setDefaultTimeout(10_000);
    await signInAs(page, admin);
    const text = [
      'Employee number,First name,Last name,Phone,Pay rate,Job title,PIN',
      `E-1,Ana,Lopez,${typed(ana.phone)},19.25,Head baker,`,
      `E-2,Bo,Diaz,${typed(bo.phone)},,,`,
      // Found by phone; its PIN would be refused for a new employee, and is not used for one already there.
      `,Cy,Ng,${typed(cy.phone)},21,,123`,
      `E-9,Dee,Ray,${typed(dee)},17,,`,
    ].join('\n');
    // While the company's employees are read, the rows are not counted yet, and the page says why.
    let releaseStaff = () => {};
    const staffHeld = new Promise<void>((resolve) => (releaseStaff = resolve));
    await page.route('**/api/v1/admin/employees?*', async (route) => {
      await staffHeld;
      await route.continue();
    });
    await page.getByLabel('Spreadsheet (CSV)').setInputFiles(csvFile('raises.csv', text));
    const table = page.getByRole('table', { name: 'The spreadsheet’s employees' });
    const row = (name: string) => table.getByRole('row', { name: new RegExp(name) });
    const tile = (label: string) => page.locator('.tile').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');
    await page.getByRole('status').filter({ hasText: `Checking which employees ${company.name} already has…` }).waitFor();
    expect(await tile('To update').textContent()).toBe('…');
    expect(await page.getByRole('button', { name: /^(Add|Update) / }).count()).toBe(0);
    releaseStaff();
    await row('Lopez, Ana').getByText('To update').waitFor();
    expect(await Promise.all(['To add', 'To update', 'Unchanged', 'To fix in the spreadsheet'].map(async (label) => tile(label).textContent()))).toEqual(['1', '2', '1', '0']);
    expect(await row('Lopez, Ana').locator('.import-result').textContent()).toBe('To updateJob title: Baker → Head bakerPay rate (US$): $18.50 → $19.25');
    expect(await row('Diaz, Bo').locator('.import-result').textContent()).toBe('Up to date');
    expect(await row('Ng, Cy').locator('.import-result').textContent()).toBe('To updatePay rate (US$): $16.00 → $21.00');
    expect(await row('Ray, Dee').locator('.import-result').textContent()).toBe('To add');
    // The names of employees already there open their pages.
    expect(await row('Lopez, Ana').getByRole('link', { name: 'Lopez, Ana' }).getAttribute('href')).toBe(`/admin/employees/${ana.id}`);
    await checkPage(page, 'employee-import-update');

    await page.getByRole('button', { name: 'Add 1, update 2' }).click();
    await page.getByRole('status').filter({ hasText: 'Added: 1. Updated: 2. Refused: 0.' }).waitFor();
    expect(await row('Lopez, Ana').locator('.import-result').textContent()).toBe('UpdatedJob title: Baker → Head bakerPay rate (US$): $18.50 → $19.25');
    expect(await page.getByRole('button', { name: /^(Add|Update) / }).count()).toBe(0);
    const stored = new Map((await companyEmployees(company.id)).map((employee) => [employee.firstName, employee]));
    expect(stored.get('Ana')).toMatchObject({ payRate: 19.25, jobTitle: 'Head baker', phone: ana.phone, pinHash: ana.pinHash });
    expect(stored.get('Bo')).toMatchObject({ payRate: 17, jobTitle: 'Driver', updatedAt: bo.updatedAt });
    expect(stored.get('Cy')).toMatchObject({ payRate: 21, employeeNumber: 'E-3', active: false, pinHash: cy.pinHash });
    expect(stored.get('Dee')).toMatchObject({ employeeNumber: 'E-9', payRate: 17, phone: dee });
    // Only the new employee has a slip.
    expect(await page.locator('.pin-slip-name').allTextContents()).toEqual(['Dee Ray']);
    await checkPage(page, 'employee-import-updated');
    expect(problems).toEqual([]);
    await context.close();
  });
});
