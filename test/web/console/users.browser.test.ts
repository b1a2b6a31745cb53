// Users in headless Chromium: the list (search, active filter, pages in the URL), add with the
// service's refusals next to the fields (`Email already in use` on the email), edit, reset
// password, deactivate after a confirmation; an ADMIN cannot grant SUPER_ADMIN and is told why;
// a SUPER_ADMIN chooses the organization. English and Spanish, axe on every state.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers, bookkeeperOrgs } from '../../../src/db/schema.ts';
import { TEST_HASHER } from '../../helpers/app.ts';
import { createAdmin, createOrg, unique } from '../../helpers/factories.ts';
import { checkPage, openConsole, signInAs, startConsoleHarness, tenantWithAdmin, type ConsoleHarness } from './harness.ts';

let h: ConsoleHarness;
beforeAll(async () => {
  h = await startConsoleHarness();
}, 120_000);
afterAll(async () => h?.close());

const userRow = async (email: string) => (await h.t.db.select().from(adminUsers).where(eq(adminUsers.email, email)))[0];

describe('Users', () => {
  it('lists, adds (with refusals beside the fields), edits, resets a password and deactivates after confirming', { timeout: 90_000 }, async () => {
    const { admin, org } = await tenantWithAdmin(h);
    const taken = await createAdmin(h.t.db, { bookkeeperOrgId: org.id, firstName: 'Carl', lastName: 'Taken' });
    for (let i = 0; i < 21; i++) await createAdmin(h.t.db, { bookkeeperOrgId: org.id, firstName: `Zed${String(i).padStart(2, '0')}`, lastName: 'Zulu' });
    const { context, page, problems } = await openConsole(h, '/admin/users');
    await signInAs(page, admin);
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.getByRole('row', { name: /Bea Booker/ }).waitFor();
    await page.getByText('Page 1 of 2 · 23 in all').waitFor();
    await checkPage(page, 'users');

    // Pages and search live in the URL.
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL(/page=2/);
    await page.getByLabel('Search by name or email').fill('taken');
    await page.waitForURL(/search=taken/);
    await page.getByText('1 result', { exact: true }).waitFor();
    expect(await page.getByRole('row').count()).toBe(2);
    await page.getByLabel('Search by name or email').fill('');
    await page.waitForURL((url) => !url.search.includes('search='));

    // An ADMIN cannot grant SUPER_ADMIN, and the form says why.
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a user' });
    await dialog.waitFor();
    expect(await dialog.getByRole('option', { name: 'Super administrator' }).isDisabled()).toBe(true);
    await dialog.getByText('Only a super administrator can grant the super administrator role.').waitFor();
    expect(await dialog.getByLabel('Organization').count()).toBe(0);
    // A new user has no other sessions to end: the hint says only what the password needs.
    await dialog.getByText('At least 8 characters.', { exact: true }).waitFor();
    expect(await dialog.getByText(/other sessions/).count()).toBe(0);
    // The four required fields are marked (an asterisk beside the label) and required for assistive technology.
    for (const label of ['Email', 'Password', 'First name', 'Last name']) {
      expect(await dialog.getByLabel(label, { exact: true }).getAttribute('required'), label).toBe('');
    }
    expect(await dialog.locator('.required-mark').count()).toBe(4);

    await dialog.getByLabel('Email').fill(taken.email);
    await dialog.getByLabel('Password').fill('short');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await dialog.getByText('Use at least 8 characters.').waitFor();
    await dialog.getByText('Fill in this field.').first().waitFor();
    // "Some fields need attention": the three fields with a problem are outlined in red.
    expect(await page.evaluate<string[]>(`[...document.querySelectorAll('dialog[open] [aria-invalid="true"]')].map((field) => getComputedStyle(field).borderTopColor)`)).toEqual(['rgb(185, 28, 28)', 'rgb(185, 28, 28)', 'rgb(185, 28, 28)']);
    await checkPage(page, 'users-add-problems');
    await dialog.getByLabel('Password').fill('a long passphrase');
    await dialog.getByLabel('First name').fill('Dana');
    await dialog.getByLabel('Last name').fill('New');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await dialog.getByText('Another user already has this email.').waitFor();
    expect(await dialog.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel('Email').fill('dana.new@example.com');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await page.getByRole('status').getByText('Dana New added.').waitFor();
    expect(await userRow('dana.new@example.com')).toMatchObject({ role: 'ADMIN', bookkeeperOrgId: org.id, active: true });

    // Edit.
    await page.getByRole('button', { name: 'Edit Dana New' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Dana New' });
    await edit.getByLabel('Last name').fill('Newer');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Changes to Dana Newer saved.').waitFor();

    // Reset password: the new one signs in.
    await page.getByRole('button', { name: 'Reset password for Dana Newer' }).click();
    const reset = page.getByRole('dialog', { name: 'Reset Dana Newer’s password' });
    await reset.getByLabel('New password').fill('brand new passphrase');
    await checkPage(page, 'users-reset');
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Dana Newer’s password was changed.').waitFor();
    const dana = await userRow('dana.new@example.com');
    expect(await TEST_HASHER.verify(dana!.passwordHash, 'brand new passphrase')).toBe(true);

    // Deactivate: a confirmation first; Cancel changes nothing.
    await page.getByRole('button', { name: 'Deactivate Dana Newer' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate Dana Newer?' });
    await confirm.waitFor();
    await checkPage(page, 'users-deactivate');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect((await userRow('dana.new@example.com'))!.active).toBe(true);
    await page.getByRole('button', { name: 'Deactivate Dana Newer' }).click();
    await confirm.getByRole('button', { name: 'Deactivate user' }).click();
    await page.getByText('Dana Newer deactivated.').waitFor();
    expect((await userRow('dana.new@example.com'))!.active).toBe(false);
    // Active users only, by default; All shows the inactive one with its status in words.
    expect(await page.getByRole('row', { name: /Dana Newer/ }).count()).toBe(0);
    // The same filter and words as the companies and employees lists.
    expect(await page.getByLabel('Show').locator('option').allTextContents()).toEqual(['Active only', 'Active and inactive']);
    await page.getByLabel('Show').selectOption('all');
    await page.waitForURL(/active=all/);
    await page.getByRole('row', { name: /Dana Newer.*Inactive/ }).waitFor();
    // Nobody deactivates themselves from here.
    expect(await page.getByRole('button', { name: 'Deactivate Bea Booker' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lets a SUPER_ADMIN grant SUPER_ADMIN in another organization, in Spanish', async () => {
    const { admin } = await tenantWithAdmin(h, {}, { role: 'SUPER_ADMIN' });
    // A long name without a place to break (no line break before a digit after a hyphen).
    const other = await createOrg(h.t.db, { name: `Aaa Other ${randomUUID()}` });
    // Past the API's largest page of organizations, the ones after the 100th by name are offered too.
    const fillers = Array.from({ length: 100 }, () => unique('Org filler'));
    await h.t.db.insert(bookkeeperOrgs).values(fillers.map((name) => ({ name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-') })));
    const last = await createOrg(h.t.db, { name: unique('Zzzz Last') });
    const { context, page } = await openConsole(h, '/admin/users', { locale: 'es-MX' });
    await signInAs(page, admin, { email: 'Correo electrónico', password: 'Contraseña', submit: 'Entrar' });
    await page.getByRole('heading', { name: 'Usuarios' }).waitFor();
    await page.getByRole('button', { name: 'Añadir usuario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Añadir un usuario' });
    await dialog.getByLabel('Correo electrónico').fill('super.two@example.com');
    await dialog.getByLabel('Contraseña').fill('a long passphrase');
    await dialog.getByLabel('Nombre').fill('Sara');
    await dialog.getByLabel('Apellidos').fill('Súper');
    await dialog.getByLabel('Rol').selectOption('SUPER_ADMIN');
    await dialog.getByLabel('Organización').getByRole('option', { name: last.name }).waitFor({ state: 'attached', timeout: 10_000 });
    await dialog.getByLabel('Organización').selectOption({ label: other.name });
    await checkPage(page, 'users-add-es');
    await dialog.getByRole('button', { name: 'Añadir usuario' }).click();
    await page.getByText('Se añadió a Sara Súper.').waitFor();
    expect(await userRow('super.two@example.com')).toMatchObject({ role: 'SUPER_ADMIN', bookkeeperOrgId: other.id });
    await page.getByRole('columnheader', { name: 'Organización' }).waitFor();
    await checkPage(page, 'users-es');
    // The email reads under the name (searched: a super admin's list spans every organization,
    // whose other rows differ from run to run).
    await page.getByLabel('Buscar por nombre o correo').fill('super.two');
    await page.getByText('1 resultado', { exact: true }).waitFor();
    await page.getByRole('row', { name: /Sara Súper super\.two@example\.com/ }).waitFor();
    // Seven columns fit at 1440 px in Spanish: none slides under the held actions column.
    expect(await page.locator('.data-table').evaluate((table) => table.scrollWidth - table.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });
});
