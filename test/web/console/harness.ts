// The console's browser tests share one way to run: the real service on the embedded database
// (or TEST_DATABASE_URL) listening on a port, headless Chromium from npm, a signed-in admin per
// test (through the sign-in form, as a bookkeeper would), axe on every page, and a screenshot at
// 1440x900 under test/artifacts/console-<name>.png.
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations } from '../../helpers/axe.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { launchBrowser, saveScreenshot, type Viewport } from '../../helpers/browser.ts';
import { createAdmin, createOrg, type AdminRow, type OrgRow } from '../../helpers/factories.ts';

export const DESK: Viewport = { width: 1440, height: 900 };

export interface ConsoleHarness {
  t: TestApp;
  browser: Browser;
  origin: string;
  close(): Promise<void>;
}

export async function startConsoleHarness(): Promise<ConsoleHarness> {
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const browser = await launchBrowser();
  return {
    t,
    browser,
    origin,
    async close() {
      await browser.close();
      await t.close();
    },
  };
}

export interface ConsolePage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far (4xx answers excluded). */
  problems: string[];
}

export async function openConsole(h: ConsoleHarness, path = '/admin', options: { locale?: string; viewport?: Viewport } = {}): Promise<ConsolePage> {
  const context = await h.browser.newContext({ viewport: options.viewport ?? DESK, locale: options.locale ?? 'en-US', acceptDownloads: true });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(h.origin + path);
  return { context, page, problems };
}

/** An organization (New York by default) with one admin. */
export async function tenantWithAdmin(h: ConsoleHarness, org: Partial<OrgRow> = {}, admin: Partial<AdminRow> = {}) {
  const organization = await createOrg(h.t.db, { timezone: 'America/New_York', ...org });
  const user = await createAdmin(h.t.db, { bookkeeperOrgId: organization.id, firstName: 'Bea', lastName: 'Booker', ...admin });
  return { org: organization, admin: user };
}

/** Signs in through the console's own form and waits for the navigation to appear. */
export async function signInAs(page: Page, admin: { email: string; password: string }, labels = { email: 'Email', password: 'Password', submit: 'Sign in' }): Promise<void> {
  await page.getByLabel(labels.email).fill(admin.email);
  await page.getByLabel(labels.password).fill(admin.password);
  await page.getByRole('button', { name: labels.submit }).click();
  await page.getByRole('navigation').first().waitFor();
}

/** axe finds no serious or critical violation, and the page is saved at 1440x900 (full page). */
export async function checkPage(page: Page, name: string): Promise<void> {
  expect(await axeViolations(page), name).toEqual([]);
  await saveScreenshot(page, `console-${name}`, { fullPage: true });
}
