// The console's frame in headless Chromium: sign-in with the cookie session, a wrong password in
// plain words, the navigation (Organizations only for a SUPER_ADMIN), URLs that survive a reload
// and the back button, Spanish, and sign-out that ends the session on the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, openConsole, signInAs, startConsoleHarness, tenantWithAdmin, type ConsoleHarness } from './harness.ts';

let h: ConsoleHarness;
beforeAll(async () => {
  h = await startConsoleHarness();
}, 120_000);
afterAll(async () => h?.close());

const NAV = ['Pay periods', 'On the clock', 'Companies', 'Employees', 'Reports', 'Audit log', 'Users', 'Settings'];

describe('the console shell at /admin', () => {
  it('signs in, shows the navigation, keeps the page in the URL and signs out', async () => {
    const { admin, org } = await tenantWithAdmin(h);
    const { context, page, problems } = await openConsole(h);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await checkPage(page, 'sign-in');

    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('That email and password do not match. Check them and try again.').waitFor();

    await signInAs(page, admin);
    await page.waitForURL(/\/admin\/pay-periods$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of NAV) await expect(nav.getByRole('link', { name }).isVisible()).resolves.toBe(true);
    expect(await nav.getByRole('link', { name: 'Organizations' }).count()).toBe(0);
    await page.getByText(org.name).first().waitFor();
    expect(await nav.getByRole('link', { name: 'Pay periods' }).getAttribute('aria-current')).toBe('page');

    // The URL names the page: a reload and the back button both land where they should.
    await nav.getByRole('link', { name: 'Companies' }).click();
    await page.waitForURL(/\/admin\/companies$/);
    expect(await nav.getByRole('link', { name: 'Companies' }).getAttribute('aria-current')).toBe('page');
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Companies' }).waitFor();
    expect(page.url()).toMatch(/\/admin\/companies$/);
    await page.goBack();
    await page.waitForURL(/\/admin\/pay-periods$/);

    // Keyboard: the skip link is the first stop and moves focus to the page.
    await page.keyboard.press('Tab');
    expect(await page.evaluate<string>('document.activeElement.textContent')).toBe('Skip to content');

    // An unknown console path says so and links home.
    await page.goto(h.origin + '/admin/nowhere');
    await page.getByText('There is no page here.').waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const me = await context.request.get(h.origin + '/api/v1/auth/me');
    expect(me.status()).toBe(401);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('offers Organizations to a SUPER_ADMIN, and reads in Spanish', async () => {
    const { admin } = await tenantWithAdmin(h, {}, { role: 'SUPER_ADMIN' });
    const { context, page } = await openConsole(h, '/admin', { locale: 'es-MX' });
    await signInAs(page, admin, { email: 'Correo electrónico', password: 'Contraseña', submit: 'Entrar' });
    const nav = page.getByRole('navigation', { name: 'Principal' });
    for (const name of ['Periodos de pago', 'En turno', 'Empresas', 'Empleados', 'Informes', 'Registro de auditoría', 'Usuarios', 'Configuración', 'Organizaciones']) {
      await expect(nav.getByRole('link', { name }).isVisible()).resolves.toBe(true);
    }
    await checkPage(page, 'shell-es');
    await context.close();
  });

  it('counts down a 429 from Retry-After on the sign-in form', async () => {
    const { admin } = await tenantWithAdmin(h);
    const { context, page } = await openConsole(h);
    // The login limit: 5 attempts per address in the window, so the sixth is refused.
    for (let i = 0; i < 5; i++) await context.request.post(h.origin + '/api/v1/auth/login', { data: { email: admin.email, password: 'wrong' } });
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The window is 15 minutes, so the wait reads as minutes and seconds and counts down live.
    const message = page.getByText(/^Too many sign-in attempts\. You can try again in \d+\smin( \d+\ss)?\.$/);
    await message.waitFor();
    const secondsLeft = async () => {
      const [, minutes, seconds] = /(\d+)\smin(?: (\d+)\ss)?/.exec((await message.textContent())!)!;
      return Number(minutes) * 60 + Number(seconds ?? 0);
    };
    const first = await secondsLeft();
    expect(first).toBeGreaterThan(60);
    await page.waitForTimeout(2100);
    expect(await secondsLeft()).toBeLessThan(first);
    expect(await page.getByRole('button', { name: 'Sign in' }).isDisabled()).toBe(true);
    await checkPage(page, 'sign-in-429');
    await context.close();
  });
});
