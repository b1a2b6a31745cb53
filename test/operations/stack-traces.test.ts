// src/stack-traces.ts on a real esbuild bundle run by a real node process (not this worker: it
// replaces Error.prepareStackTrace, which the test workers share). The bundle is built with
// scripts/build.mjs's options (scripts/service-bundle.mjs): ESM, a map without the sources' text.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_BUNDLE_OPTIONS } from '../../scripts/service-bundle.mjs';

const STACK_TRACES = fileURLToPath(new URL('../../src/stack-traces.ts', import.meta.url));

let dir: string;
let thrower: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'payclock-stack-'));
  thrower = join(dir, 'thrower.ts');
  // The error is made on line 4, column 10 of thrower.ts.
  writeFileSync(
    thrower,
    ['// a module of the "service"', 'export function failDeep(reason: string): Error {', '  const note: string = `failed: ${reason}`;', '  return new Error(note);', '}', ''].join('\n'),
  );
  writeFileSync(
    join(dir, 'entry.ts'),
    [
      `import { mapBundleStackTraces } from ${JSON.stringify(STACK_TRACES)};`,
      `import { failDeep } from './thrower.ts';`,
      'mapBundleStackTraces(import.meta.url);',
      `process.stdout.write(failDeep('boom').stack ?? '');`,
      `process.stdout.write('\\n---\\n' + (new TypeError('plain').stack ?? ''));`,
    ].join('\n'),
  );
  await build({ ...SERVICE_BUNDLE_OPTIONS, entryPoints: { entry: join(dir, 'entry.ts') }, outdir: join(dir, 'dist') });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const runBundle = () => execFileSync(process.execPath, [join(dir, 'dist', 'entry.js')], { encoding: 'utf8' });

describe('stack traces of the bundle', () => {
  it("name the source file, line and column of the bundle's own frames", () => {
    const [mapped, plain] = runBundle().split('\n---\n');
    const lines = mapped!.split('\n');
    expect(lines[0]).toBe('Error: failed: boom');
    expect(lines[1]).toBe(`    at failDeep (${thrower}:4:10)`);
    // The caller's frame (the entry module's top level) is mapped too, to entry.ts.
    expect(lines[2]).toMatch(new RegExp(`^    at .*${join(dir, 'entry.ts').replace(/[.]/g, '\\.')}:4:\\d+\\)?$`));
    expect(mapped).not.toContain('entry.js:');
    // Frames outside the bundle read as Node writes them.
    expect(mapped).toMatch(/\n {4}at .*node:internal\/modules\//);
    expect(plain!.split('\n')[0]).toBe('TypeError: plain');
  });

  it('are left as Node writes them when the bundle has no map beside it', () => {
    rmSync(join(dir, 'dist', 'entry.js.map'));
    const [unmapped] = runBundle().split('\n---\n');
    const lines = unmapped!.split('\n');
    expect(lines[0]).toBe('Error: failed: boom');
    expect(lines[1]).toMatch(new RegExp(`^    at failDeep \\(file://${join(dir, 'dist', 'entry.js').replace(/[.]/g, '\\.')}:\\d+:\\d+\\)$`));
    expect(unmapped).not.toContain('.ts:');
  });
});
