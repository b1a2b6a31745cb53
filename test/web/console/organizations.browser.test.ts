// Organizations in headless Chromium, as a SUPER_ADMIN: the paged list with search in the URL,
// add (refusals beside the fields), edit, deactivate after a confirmation; Spanish; and an ADMIN
// is not offered the page at all.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookkeeperOrgs } from '../../../src/db/schema.ts';
import { createOrg } from '../../helpers/factories.ts';
import { checkPage, openConsole, signInAs, startConsoleHarness, tenantWithAdmin, type ConsoleHarness } from './harness.ts';

let h: ConsoleHarness;
beforeAll(async () => {
  h = await startConsoleHarness();
}, 120_000);
afterAll(async () => h?.close());

const orgNamed = async (name: string) => (await h.t.db.select().from(bookkeeperOrgs).where(eq(bookkeeperOrgs.name, name)))[0];

describe('Organizations', () => {
  it('lists, searches, adds, edits and deactivates after confirming', { timeout: 90_000 }, async () => {
    const { admin } = await tenantWithAdmin(h, {}, { role: 'SUPER_ADMIN' });
    const tag = Date.now().toString(36);
    for (let i = 0; i < 3; i++) await createOrg(h.t.db, { name: `Firm ${tag} ${i}` });
    const { context, page, problems } = await openConsole(h, '/admin/organizations');
    await signInAs(page, admin);
    await page.getByRole('heading', { name: 'Organizations' }).waitFor();
    await page.getByRole('table').waitFor();
    await checkPage(page, 'organizations');

    await page.getByLabel('Search by name, identifier or email').fill(`Firm ${tag}`);
    await page.waitForURL(/search=Firm/);
    await page.getByText('3 results', { exact: true }).waitFor();

    // Add: the service's refusals next to the fields, then success.
    await page.getByRole('button', { name: 'Add organization' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an organization' });
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Overtime after (hours per week)').fill('-1');
    await dialog.getByRole('button', { name: 'Add organization' }).click();
    await dialog.getByText('Enter the organization’s name.').waitFor();
    await dialog.getByText('Enter a valid email address, like office@example.com.').waitFor();
    await dialog.getByText('Enter a number of hours from 0 to 168.').waitFor();
    await checkPage(page, 'organizations-add-problems');
    await dialog.getByLabel('Name').fill(`Firm ${tag} new`);
    await dialog.getByLabel('Email').fill('office@new.example');
    await dialog.getByLabel('Overtime after (hours per week)').fill('40');
    await dialog.getByLabel('Time zone').fill('America/Denver');
    await dialog.getByRole('button', { name: 'Add organization' }).click();
    await page.getByText(`Firm ${tag} new added.`).waitFor();
    expect(await orgNamed(`Firm ${tag} new`)).toMatchObject({ email: 'office@new.example', timezone: 'America/Denver', active: true });
    await page.getByText('4 results', { exact: true }).waitFor();
    // The list names the zone as people do; the stored name stays what forms take.
    expect(await page.getByRole('row', { name: new RegExp(`Firm ${tag} new`) }).innerText()).toContain('Mountain Time (Denver)');

    // Edit.
    await page.getByRole('button', { name: `Edit Firm ${tag} new` }).click();
    const edit = page.getByRole('dialog', { name: `Edit Firm ${tag} new` });
    await edit.getByLabel('Overtime pay multiplier').fill('2');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(`Changes to Firm ${tag} new saved.`).waitFor();
    expect((await orgNamed(`Firm ${tag} new`))!.overtimeMultiplier).toBe(2);

    // Deactivate after confirming.
    await page.getByRole('button', { name: `Deactivate Firm ${tag} 0` }).click();
    const confirm = page.getByRole('dialog', { name: `Deactivate Firm ${tag} 0?` });
    await confirm.waitFor();
    await checkPage(page, 'organizations-deactivate');
    await confirm.getByRole('button', { name: 'Deactivate organization' }).click();
    await page.getByText(`Firm ${tag} 0 deactivated.`).waitFor();
    expect((await orgNamed(`Firm ${tag} 0`))!.active).toBe(false);
    await page.getByLabel('Show').selectOption('all');
    await page.getByRole('row', { name: new RegExp(`Firm ${tag} 0.*Inactive`) }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reads in Spanish, and is not offered to an ADMIN', async () => {
    const { admin } = await tenantWithAdmin(h, {}, { role: 'SUPER_ADMIN' });
    const { context, page } = await openConsole(h, '/admin/organizations', { locale: 'es-MX' });
    await signInAs(page, admin, { email: 'Correo electrónico', password: 'Contraseña', submit: 'Entrar' });
    await page.getByRole('heading', { name: 'Organizaciones' }).waitFor();
    await page.getByRole('columnheader', { name: 'Empresas' }).waitFor();
    // "organización" is feminine: its filter and badge agree (activas, Activa).
    expect(await page.getByLabel('Mostrar').locator('option').allTextContents()).toEqual(['Solo activas', 'Activas e inactivas']);
    await page.locator('tbody .badge', { hasText: /^Activa$/ }).first().waitFor();
    await page.getByRole('button', { name: 'Añadir organización' }).click();
    await page.getByRole('dialog', { name: 'Añadir una organización' }).getByLabel('Zona horaria').waitFor();
    await checkPage(page, 'organizations-add-es');
    await context.close();

    const plain = await tenantWithAdmin(h);
    const second = await openConsole(h, '/admin/organizations');
    await signInAs(second.page, plain.admin);
    await second.page.getByText('There is no page here.').waitFor();
    expect(await second.page.getByRole('link', { name: 'Organizations' }).count()).toBe(0);
    await second.context.close();
  });
});
