/* global process, performance */
// Builds the employee app (web/) with Vite into dist/web, only when its inputs changed: a
// SHA-256 over web/ (sources, public files, config), package-lock.json and this script is
// kept in dist/web/.build-hash, so a warm `npm start` skips Vite entirely.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_SOURCE_DIR = join(ROOT, 'web');
export const WEB_OUT_DIR = join(ROOT, 'dist', 'web');
const HASH_FILE = join(WEB_OUT_DIR, '.build-hash');

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : listFiles(path);
    // Unit tests beside the sources do not change the build.
    return /\.test\.tsx?$/.test(entry.name) ? [] : [path];
  });
}

/** The content hash of everything the web build reads. */
export function webSourceHash() {
  const hash = createHash('sha256');
  const inputs = [...listFiles(WEB_SOURCE_DIR), join(ROOT, 'package-lock.json'), fileURLToPath(import.meta.url)].sort();
  for (const file of inputs) {
    hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** Runs Vite when dist/web is missing or stale; answers whether it built. */
export async function buildWebApp({ force = false, log = true } = {}) {
  const hash = webSourceHash();
  if (!force && existsSync(HASH_FILE) && readFileSync(HASH_FILE, 'utf8') === hash && existsSync(join(WEB_OUT_DIR, 'index.html'))) {
    return false;
  }
  const started = performance.now();
  const { build } = await import('vite');
  // Vite follows an inherited NODE_ENV (vitest sets `test`), which would ship React's development
  // build; the app is always built for production.
  const inherited = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(WEB_SOURCE_DIR, 'vite.config.ts'), mode: 'production', logLevel: 'warn' });
  } finally {
    if (inherited === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = inherited;
  }
  writeFileSync(HASH_FILE, hash);
  if (log) process.stdout.write(`built the employee app in ${Math.round(performance.now() - started)} ms\n`);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildWebApp({ force: process.argv.includes('--force') });
}
