// Headless Chromium for browser tests, from the npm registry alone: the Chromium build that the
// @sparticuz/chromium dev dependency ships, or the binary named by CHROMIUM_PATH when that is set.
// Nothing is looked up on PATH or in /usr/bin, so a machine with a system Chromium runs the same
// browser as one with only Node.js.
//
// The package unpacks its brotli archives into os.tmpdir() and trusts any `chromium` file already
// there, so two vitest workers unpacking at once could launch a half-written binary. Here each
// process unpacks into a staging directory of its own and renames it into a cache directory keyed
// by the package version; the rename is atomic, so the cache entry is either absent or complete,
// and a process that loses the race just uses the winner's copy.
import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PACKAGE_DIR = join(REPO_ROOT, 'node_modules', '@sparticuz', 'chromium');
const DEFAULT_CACHE_DIR = join(REPO_ROOT, 'node_modules', '.cache', 'payclock-chromium');

/** Where screenshots go; git ignores it. */
export const ARTIFACTS_DIR = join(REPO_ROOT, 'test', 'artifacts');

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export interface Viewport {
  width: number;
  height: number;
}

export interface ChromiumBinary {
  executablePath: string;
  /** Extra environment for the browser process (the packaged build's fonts). */
  env: Record<string, string>;
}

/**
 * Every request for a host other than loopback goes to this proxy, where nothing listens, so it
 * fails at once on this machine. Chromium never sends loopback through a proxy, so the service
 * under test is reached directly.
 */
const UNREACHABLE_PROXY = 'http://127.0.0.1:9';

const BROWSER_ARGS = [
  // Root cannot use Chromium's sandbox, and the packaged build has no setuid helper for it.
  '--no-sandbox',
  // No calls home: no component, variations or safe-browsing updates, no sync, no first-run
  // pages, no reliability or hyperlink-auditing pings, no crash uploads.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-domain-reliability',
  '--no-pings',
  '--disable-breakpad',
  `--proxy-server=${UNREACHABLE_PROXY}`,
];

/** The Chromium to launch: CHROMIUM_PATH when set (and then only that), else the packaged build. */
export async function resolveChromium(options: { cacheDir?: string } = {}): Promise<ChromiumBinary> {
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) {
    try {
      accessSync(explicit, constants.X_OK);
    } catch {
      throw new Error(`CHROMIUM_PATH=${explicit} is not an executable file`);
    }
    return { executablePath: explicit, env: {} };
  }
  const dir = await unpackPackagedChromium(options.cacheDir ?? DEFAULT_CACHE_DIR);
  return { executablePath: join(dir, 'chromium'), env: { FONTCONFIG_FILE: join(dir, 'fonts.conf') } };
}

async function unpackPackagedChromium(cacheDir: string): Promise<string> {
  const version = (JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as { version: string }).version;
  const target = join(cacheDir, version);
  if (existsSync(join(target, 'chromium'))) return target;

  await mkdir(cacheDir, { recursive: true });
  const staging = await mkdtemp(join(cacheDir, `${version}.staging-`));
  try {
    // The package's own unpacker, in a child whose temporary directory is the staging one.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', "const { default: c } = await import('@sparticuz/chromium'); process.stdout.write(await c.executablePath());"],
      { cwd: REPO_ROOT, env: { ...process.env, TMPDIR: staging } },
    );
    if (stdout !== join(staging, 'chromium')) throw new Error(`@sparticuz/chromium unpacked to ${stdout}, not ${staging}`);
    await writeFile(join(staging, 'fonts.conf'), fontConfig(target));
    try {
      await rename(staging, target);
    } catch (error) {
      // Another process renamed its complete copy first: use that one.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return target;
}

/**
 * The package's own fonts.conf names serverless paths; this one names the font it ships (so text
 * renders on a machine without fonts) and then the system's fonts, if any.
 */
function fontConfig(dir: string): string {
  return `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>${join(dir, 'fonts', 'fonts')}</dir>
  <cachedir>${join(dir, 'fonts-cache')}</cachedir>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
</fontconfig>
`;
}

/**
 * A headless Chromium that reaches only loopback. Playwright gives each launch a fresh
 * user-data-dir in the temporary directory and deletes it on close(). Close it with close().
 */
export async function launchBrowser(): Promise<Browser> {
  const binary = await resolveChromium();
  return chromium.launch({
    executablePath: binary.executablePath,
    headless: true,
    chromiumSandbox: false,
    args: BROWSER_ARGS,
    env: { ...process.env, ...binary.env },
  });
}

/** A page in a context of its own (its own cookies and storage), at the given viewport. */
export async function newPage(browser: Browser, viewport: Viewport = VIEWPORTS.desktop): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

/** Saves what the page shows to test/artifacts/<name>.png and returns the file's path. */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  if (!/^[a-z0-9][a-z0-9._-]*$/i.test(name)) throw new Error(`screenshot name ${JSON.stringify(name)} must be a plain file name`);
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: options.fullPage ?? false });
  return path;
}
