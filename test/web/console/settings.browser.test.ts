// Settings in headless Chromium: the organization's name, overtime and time zone, saved through
// the form; the rule that changes apply from now on is on the page; the session (and so every
// page) reads the new zone; validation next to the fields; Spanish.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookkeeperOrgs } from '../../../src/db/schema.ts';
import { checkPage, openConsole, signInAs, startConsoleHarness, tenantWithAdmin, type ConsoleHarness } from './harness.ts';

let h: ConsoleHarness;
beforeAll(async () => {
  h = await startConsoleHarness();
}, 120_000);
afterAll(async () => h?.close());

describe('Settings', () => {
  it('saves name, overtime and time zone, states the from-now-on rule, and refreshes the session', async () => {
    const { admin, org } = await tenantWithAdmin(h);
    const { context, page, problems } = await openConsole(h, '/admin/settings');
    await signInAs(page, admin);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.getByRole('heading', { name: 'Changes apply from now on' }).waitFor();
    expect(await page.getByLabel('Organization name').inputValue()).toBe(org.name);
    expect(await page.getByLabel('Time zone').inputValue()).toBe('America/New_York');
    // The stored name is what the field holds; under it, the zone as people name it.
    await page.getByText('Eastern Time (New York)', { exact: true }).waitFor();
    await checkPage(page, 'settings');

    // Bad values: said next to their fields, nothing saved.
    await page.getByLabel('Overtime after (hours per week)').fill('200');
    await page.getByLabel('Time zone').fill('Somewhere/Else');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Choose a time zone from the list.').waitFor();
    await page.getByText('Some fields need attention. Check the messages next to them.').waitFor();
    await page.getByLabel('Time zone').fill('America/Los_Angeles');
    await page.getByText('Pacific Time (Los Angeles)', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Enter a number of hours from 0 to 168.').waitFor();
    await checkPage(page, 'settings-problems');
    const [unchanged] = await h.t.db.select().from(bookkeeperOrgs).where(eq(bookkeeperOrgs.id, org.id));
    expect(unchanged!.timezone).toBe('America/New_York');

    await page.getByLabel('Organization name').fill('Renamed Books');
    await page.getByLabel('Overtime after (hours per week)').fill('37.5');
    await page.getByLabel('Overtime pay multiplier').fill('2');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved. Renamed Books now uses Pacific Time (Los Angeles), overtime after 37.5 hours at 2×.').waitFor();
    const [saved] = await h.t.db.select().from(bookkeeperOrgs).where(eq(bookkeeperOrgs.id, org.id));
    expect(saved).toMatchObject({ name: 'Renamed Books', timezone: 'America/Los_Angeles', overtimeThreshold: 37.5, overtimeMultiplier: 2 });
    // The shell's top bar reads the session: it shows the new name without a reload.
    await page.getByRole('banner').getByText('Renamed Books').waitFor();
    await checkPage(page, 'settings-saved');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reads in Spanish', async () => {
    const { admin } = await tenantWithAdmin(h);
    const { context, page } = await openConsole(h, '/admin/settings', { locale: 'es-MX' });
    await signInAs(page, admin, { email: 'Correo electrónico', password: 'Contraseña', submit: 'Entrar' });
    await page.getByRole('heading', { name: 'Configuración', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Los cambios se aplican desde ahora' }).waitFor();
    await page.getByLabel('Multiplicador de pago de horas extra').fill('1,75');
    await page.getByRole('button', { name: 'Guardar configuración' }).click();
    await page.getByText(/Configuración guardada\. .* usa ahora la hora oriental \(New York\), .*1\.75×/).waitFor();
    // The field then shows the figure as saved, in the form its hint and the confirmation use.
    await expect.poll(() => page.getByLabel('Multiplicador de pago de horas extra').inputValue()).toBe('1.75');
    await checkPage(page, 'settings-es');
    await context.close();
  });
});
