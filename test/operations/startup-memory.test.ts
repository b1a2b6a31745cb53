// src/startup-memory.ts in a real node process started as `npm start` starts the server (not this
// worker, whose heap the test runner shares): the young generation grown to its largest and tens
// of MiB of dead objects, as start-up leaves them, then the one collection main.ts runs before
// the server listens.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeFlagsOf } from '../../bench/server.ts';
import manifest from '../../package.json' with { type: 'json' };

const STARTUP_MEMORY = fileURLToPath(new URL('../../src/startup-memory.ts', import.meta.url));
const MiB = 1024 * 1024;

interface Reading {
  released: boolean;
  usedBefore: number;
  usedAfter: number;
  newSpaceBefore: number;
  newSpaceAfter: number;
}

let dir: string;
let script: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'payclock-startup-memory-'));
  script = join(dir, 'startup.ts');
  writeFileSync(
    script,
    `import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';
import { releaseStartupGarbage } from ${JSON.stringify(STARTUP_MEMORY)};
const newSpace = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_size;
// Short-lived objects by the million grow the young generation, as building the app does.
let sink = 0;
for (let i = 0; i < 3_000_000; i++) sink += { i, text: 'x' + i }.text.length;
// Objects that live long enough to be promoted (allocating them runs scavenges), then die just
// before the call, as start-up's schemas and migrations do: nothing collects them in between.
let kept: object[] | null = Array.from({ length: 400_000 }, (_, i) => ({ i, text: 'kept ' + i }));
sink += kept.length;
kept = null;
const usedBefore = getHeapStatistics().used_heap_size;
const newSpaceBefore = newSpace();
const released = releaseStartupGarbage();
// sink is printed so that V8 cannot drop the loops that fill the heap.
process.stdout.write(JSON.stringify({ released, usedBefore, usedAfter: getHeapStatistics().used_heap_size, newSpaceBefore, newSpaceAfter: newSpace(), sink }));
`,
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const startFlags = nodeFlagsOf(manifest.scripts.start);

/** The start script's flags (package.json), with or without --expose-gc. */
function run(exposeGc: boolean): Reading {
  const flags = exposeGc ? startFlags : startFlags.filter((flag) => flag !== '--expose-gc');
  return JSON.parse(execFileSync(process.execPath, [...flags, '--import', 'tsx', script], { encoding: 'utf8' })) as Reading;
}

/** V8 12 (Node.js 22) and later know the `last-resort` flavour; Node.js 20's V8 (11.3) takes the call and frees next to nothing. */
const knowsLastResort = Number(process.versions.v8.split('.')[0]) >= 12;

describe("start-up's garbage", () => {
  it('is collected under the flags of npm start', () => {
    expect(startFlags).toContain('--expose-gc');
    expect(run(true).released).toBe(true);
  });

  it.runIf(knowsLastResort)('leaves neither the dead objects nor the grown young generation behind (Node.js 22 and later)', () => {
    const reading = run(true);
    // ~30 MiB of promoted objects died before the call.
    expect(reading.usedBefore - reading.usedAfter).toBeGreaterThan(10 * MiB);
    expect(reading.newSpaceBefore).toBeGreaterThanOrEqual(4 * MiB);
    expect(reading.newSpaceAfter).toBeLessThanOrEqual(reading.newSpaceBefore / 4);
  });

  it('is left to V8 when node runs without --expose-gc (tests, tsx)', () => {
    const reading = run(false);
    expect(reading.released).toBe(false);
  });
});
