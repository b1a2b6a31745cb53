// The shared browser helper: Chromium comes from the npm package (or CHROMIUM_PATH, and then only
// from there), several processes may unpack it at once, pages open at the viewport asked for,
// only loopback is reachable, and screenshots land in test/artifacts/.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, launchBrowser, newPage, resolveChromium, saveScreenshot, VIEWPORTS } from '../helpers/browser.ts';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'resolve-chromium.fixture.ts');
const REPO_ROOT = join(dirname(FIXTURE), '..', '..');
const PACKAGED_VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', '@sparticuz', 'chromium', 'package.json'), 'utf8')) as { version: string }).version;

async function resolveInChildProcess(cacheDir: string): Promise<{ executablePath: string; version: string }> {
  const env = { ...process.env };
  delete env.CHROMIUM_PATH;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', FIXTURE, cacheDir], { cwd: REPO_ROOT, env });
  return JSON.parse(stdout) as { executablePath: string; version: string };
}

describe('resolveChromium', () => {
  it('unpacks one working Chromium when two processes resolve it at the same time, leaving no staging copy', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'payclock-chromium-race-'));
    try {
      const [first, second] = await Promise.all([resolveInChildProcess(cacheDir), resolveInChildProcess(cacheDir)]);
      const expected = join(cacheDir, PACKAGED_VERSION, 'chromium');
      expect(first.executablePath).toBe(expected);
      expect(second.executablePath).toBe(expected);
      // Each process ran the binary right after resolving it: neither got a half-written file.
      expect(first.version).toMatch(/^Chromium \d+\./);
      expect(second.version).toBe(first.version);
      expect(readdirSync(cacheDir)).toEqual([PACKAGED_VERSION]);
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('uses CHROMIUM_PATH as given, and fails rather than fall back when it names no executable', async () => {
    const previous = process.env.CHROMIUM_PATH;
    try {
      process.env.CHROMIUM_PATH = '/nonexistent/chromium';
      await expect(resolveChromium()).rejects.toThrow('CHROMIUM_PATH=/nonexistent/chromium is not an executable file');
      process.env.CHROMIUM_PATH = process.execPath;
      await expect(resolveChromium()).resolves.toEqual({ executablePath: process.execPath, env: {} });
    } finally {
      if (previous === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = previous;
    }
  });

  it('without CHROMIUM_PATH, takes the packaged build from its cache, never a Chromium installed on the system', async () => {
    if (process.env.CHROMIUM_PATH) return; // the developer chose a binary; the rule above covers it
    const binary = await resolveChromium();
    expect(binary.executablePath).toMatch(new RegExp(`/node_modules/\\.cache/payclock-chromium/${PACKAGED_VERSION.replace(/\./g, '\\.')}/chromium$`));
    expect(readFileSync(binary.env.FONTCONFIG_FILE!, 'utf8')).toContain(join(dirname(binary.executablePath), 'fonts', 'fonts'));
  }, 120_000);
});

describe('launchBrowser, newPage and saveScreenshot', () => {
  let browser: Browser;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>helper</title><h1>Zeiterfassung ÄÖÜ</h1><p id="width"></p><script>width.textContent = String(innerWidth)</script>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('opens a page at the viewport asked for, reaches loopback, and saves its screenshot to test/artifacts/', async () => {
    const page = await newPage(browser, VIEWPORTS.phone);
    const response = await page.goto(`${origin}/`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('#width').innerText()).resolves.toBe(String(VIEWPORTS.phone.width));
    await expect(page.locator('h1').innerText()).resolves.toBe('Zeiterfassung ÄÖÜ');

    const path = await saveScreenshot(page, 'browser-helper');
    expect(path).toBe(join(ARTIFACTS_DIR, 'browser-helper.png'));
    const png = readFileSync(path);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // The IHDR chunk holds the image's width and height.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([VIEWPORTS.phone.width, VIEWPORTS.phone.height]);
    await page.context().close();
  }, 60_000);

  it('gives each page its own cookies', async () => {
    const first = await newPage(browser);
    const second = await newPage(browser);
    await first.context().addCookies([{ name: 'auth-token', value: 'one', url: origin }]);
    expect(await first.context().cookies(origin)).toHaveLength(1);
    expect(await second.context().cookies(origin)).toEqual([]);
    await first.context().close();
    await second.context().close();
  });

  it('fails a request for any host but loopback on this machine, through the unreachable proxy', async () => {
    const page = await newPage(browser);
    await expect(page.goto('http://example.com/', { timeout: 15_000 })).rejects.toThrow(/ERR_PROXY_CONNECTION_FAILED/);
    await page.context().close();
  }, 30_000);

  it('refuses a screenshot name that is not a plain file name', async () => {
    const page = await newPage(browser);
    await expect(saveScreenshot(page, '../escape')).rejects.toThrow('must be a plain file name');
    await page.context().close();
  });
});
