// Start-up's garbage, given back before the server listens. Opening the database, the migrations
// and building the app (its schemas, serializers and routes) leave ~20 MiB of dead objects and a
// young generation grown to its largest. V8's memory reducer returns them once the process goes
// idle, but only if it reads the allocation rate as low: Node.js 20's did so ~16 s after start,
// while Node.js 24's kept reading start-up's rate as high and never collected, so the idle
// server held ~120 MiB for good (BENCHMARKS.md, "Start-up's garbage"). One collection told to
// reduce memory, run once, does at once on Node.js 22 and 24 what the reducer does at best.

/** V8's `gc` as `--expose-gc` installs it (the `start` script's flags, package.json). */
type ExposedGc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * One full, memory-reducing collection, now. `flavor: 'last-resort'` is the collection V8 runs
 * under memory pressure: it also shrinks the young generation and frees empty pages. Node.js
 * 20's V8 (11.3) knows no flavour and frees nothing this way (its reducer does, later); 22's
 * and 24's do. Started without `--expose-gc` (tests, `tsx`), this does nothing and says so.
 */
export function releaseStartupGarbage(): boolean {
  const gc = (globalThis as { gc?: ExposedGc }).gc;
  if (typeof gc !== 'function') return false;
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  return true;
}
