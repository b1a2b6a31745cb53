// The employee app's first load stays small on a phone: the JavaScript and CSS that index.html
// loads (the service worker's precache comes later), gzipped, at most 120 kB.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { WEB_OUT_DIR } from '../../scripts/build-web.mjs';

const BUDGET_BYTES = 120 * 1024;

describe('the employee app bundle (dist/web, built by the test setup)', () => {
  it('loads at most 120 kB of JS and CSS, gzipped, on first load', () => {
    const html = readFileSync(join(WEB_OUT_DIR, 'index.html'), 'utf8');
    const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    const sizes = assets.map((asset) => gzipSync(readFileSync(join(WEB_OUT_DIR, asset)), { level: 9 }).length);
    const total = sizes.reduce((a, b) => a + b, 0);
    expect(total, `first load ${assets.join(', ')} = ${total} bytes gzip`).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
