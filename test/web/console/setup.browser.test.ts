// The first run in headless Chromium: on a service with no administrator, /admin offers
// "Create the first administrator"; the form shows the service's validation next to its fields,
// creates the organization and its SUPER_ADMIN, and lands in the signed-in console. A second
// visit offers sign-in only, and the API answers 404. English and Spanish, axe on each state.
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import { launchBrowser } from '../../helpers/browser.ts';
import { openEmptyDatabase } from '../../setup/empty-database.ts';
import { checkPage, openConsole, type ConsoleHarness } from './harness.ts';

let h: ConsoleHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The console on a database of its own with no admin in it (a new PostgreSQL database under TEST_DATABASE_URL). */
async function emptyConsole(): Promise<ConsoleHarness> {
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
  return h;
}

describe('the first run at /admin', () => {
  it('creates the first administrator through the form and lands in the console; a second visit only offers sign-in', async () => {
    const harness = await emptyConsole();
    const { context, page, problems } = await openConsole(harness);
    await page.getByRole('heading', { name: 'Create the first administrator' }).waitFor();
    // The time zone starts as the browser's own.
    const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(await page.getByLabel('Time zone').inputValue()).toBe(browserZone);
    await checkPage(page, 'first-run');

    // The service's refusals appear next to their fields.
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Time zone').fill('Mars/Olympus');
    await page.getByRole('button', { name: 'Create administrator' }).click();
    await page.getByText('Some fields need attention. Check the messages next to them.').waitFor();
    await page.getByText('Enter a valid email address, like name@example.com.').waitFor();
    await page.getByText('Use at least 8 characters.').waitFor();
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await checkPage(page, 'first-run-problems');

    await page.getByLabel('Email').fill('owner@firm.example');
    await page.getByLabel('Password', { exact: true }).fill('a long passphrase');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Organization').fill('Lovelace Bookkeeping');
    await page.getByLabel('Time zone').fill('America/Chicago');
    await page.getByRole('button', { name: 'Create administrator' }).click();
    // Signed in by the answer's cookie: the shell with Organizations (a SUPER_ADMIN's page).
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Organizations' }).waitFor();
    await page.waitForURL(/\/admin\/pay-periods$/);
    await page.getByText('Lovelace Bookkeeping').first().waitFor();
    const me = await (await context.request.get(harness.origin + '/api/v1/auth/me')).json();
    expect(me.data.user).toMatchObject({ email: 'owner@firm.example', role: 'SUPER_ADMIN', bookkeeperOrg: { timezone: 'America/Chicago' } });
    expect(problems).toEqual([]);
    await context.close();

    // A new visitor gets the sign-in form, and the service no longer takes a first admin.
    const second = await openConsole(harness);
    await second.page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await second.page.getByRole('heading', { name: 'Create the first administrator' }).count()).toBe(0);
    const again = await second.context.request.post(harness.origin + '/api/v1/setup/first-admin', {
      data: { email: 'late@firm.example', password: 'a long passphrase', firstName: 'L', lastName: 'Ate', organizationName: 'Late' },
    });
    expect(again.status()).toBe(404);
    await second.context.close();
  });

  it('reads in Spanish, and says so plainly when another person finished first', async () => {
    const harness = await emptyConsole();
    const { context, page } = await openConsole(harness, '/admin', { locale: 'es-MX' });
    await page.getByRole('heading', { name: 'Crear el primer administrador' }).waitFor();
    for (const label of ['Correo electrónico', 'Nombre', 'Apellidos', 'Organización', 'Zona horaria']) {
      await expect(page.getByLabel(label, { exact: true }).isVisible()).resolves.toBe(true);
    }
    await checkPage(page, 'first-run-es');

    // Someone else completes the first run while this form is open.
    const other = await context.request.post(harness.origin + '/api/v1/setup/first-admin', {
      data: { email: 'first@firm.example', password: 'a long passphrase', firstName: 'Primera', lastName: 'Persona', organizationName: 'Firma' },
    });
    expect(other.status()).toBe(201);
    await context.clearCookies();
    await page.getByLabel('Correo electrónico').fill('second@firm.example');
    await page.getByLabel('Contraseña', { exact: true }).fill('a long passphrase');
    await page.getByLabel('Nombre', { exact: true }).fill('Segunda');
    await page.getByLabel('Apellidos').fill('Persona');
    await page.getByLabel('Organización').fill('Otra firma');
    await page.getByRole('button', { name: 'Crear administrador' }).click();
    await page.getByText('Otra persona acaba de crear el primer administrador. Inicie sesión.').waitFor();
    await checkPage(page, 'first-run-taken-es');
    await page.getByRole('button', { name: 'Ir a iniciar sesión' }).click();
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await context.close();
  });
});
