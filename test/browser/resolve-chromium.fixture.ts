// Run as its own process by chromium-helper.test.ts: resolves Chromium into the cache directory
// given as the first argument, runs the result at once, and prints both as JSON.
import { execFileSync } from 'node:child_process';
import { resolveChromium } from '../helpers/browser.ts';

const cacheDir = process.argv[2];
if (!cacheDir) throw new Error('usage: resolve-chromium.fixture.ts <cache dir>');
const { executablePath } = await resolveChromium({ cacheDir });
const version = execFileSync(executablePath, ['--version'], { encoding: 'utf8' }).trim();
process.stdout.write(JSON.stringify({ executablePath, version }));
