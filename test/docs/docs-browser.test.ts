// GET /docs end to end in a real browser: headless Chromium (from the shared browser helper) opens
// the page served on loopback, the operations list renders from /docs/json, nothing is fetched
// from anywhere but the service itself, the CSP is not violated, and a screenshot is kept under
// test/artifacts/ (ignored by git) for a human to look at.
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { launchBrowser, newPage, saveScreenshot } from '../helpers/browser.ts';

let t: TestApp;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('GET /docs in headless Chromium', () => {
  it('renders the operations list from local assets only, within its CSP, and saves a screenshot', async () => {
    const page = await newPage(browser, { width: 1280, height: 1000 });
    const context = page.context();
    const requested: string[] = [];
    const problems: string[] = [];
    // Every request is recorded; anything not for the service itself is aborted, so a CDN
    // reference would both fail the assertion below and leave the page broken.
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      requested.push(url);
      if (url.startsWith(origin + '/') || url.startsWith('data:')) await route.continue();
      else await route.abort();
    });
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    const response = await page.goto(`${origin}/docs`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'none'");

    // The operations list: a tag section and an operation row, with its method.
    const login = page.locator('.opblock-summary-path[data-path="/api/v1/auth/login"]');
    await login.first().waitFor({ state: 'visible', timeout: 30_000 });
    const loginBlock = page.locator('.opblock', { has: login });
    await expect(loginBlock.first().locator('.opblock-summary-method').innerText()).resolves.toBe('POST');
    await expect(page.locator('.opblock-tag', { hasText: 'Companies' }).first().isVisible()).resolves.toBe(true);
    expect(await page.locator('.opblock').count()).toBeGreaterThan(20);
    await expect(page.locator('.info .title').first().innerText()).resolves.toContain('payclock API');

    await saveScreenshot(page, 'docs');

    const foreign = requested.filter((url) => !url.startsWith(origin + '/') && !url.startsWith('data:'));
    expect(foreign).toEqual([]);
    expect(requested).toContain(`${origin}/docs/json`);
    expect(problems.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
