// npm run bench:clock [-- --scale small --seconds 6 --runs 3 --warmup 2 --cpu-prof DIR --alloc-prof DIR]
// The clock cycle alone, side by side in one run: the real server, the framework-free
// baseline that sends the same SQL (bench/minimal-clock-server.ts), and pgbench's textbook
// clock transaction, at the same 64 connections, each on a fresh block of employees. With
// --cpu-prof the real server writes a V8 CPU profile of its run into DIR; with --alloc-prof, a
// profile of what it allocated (bench/allocation-sampler.mjs). bench/profile-summary.ts reads both.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { dropDatabase, recreateDatabase } from './bench-database.ts';
import { SecretHasher } from '../src/core/hashing.ts';
import { TokenService } from '../src/core/tokens.ts';
import { openDatabase } from '../src/db/open.ts';
import { clockCycleLoad, measure, type LoadOptions, type LoadResult } from './load.ts';
import { runPgbench, textbookClockCycleScript } from './pgbench.ts';
import { BENCH_PASSWORD, BENCH_PIN, growTimeEntries, loadScenarioIds, SCALES, seedBase } from './seed.ts';
import { startMinimalClockServer } from './minimal-baseline.ts';
import { startServer } from './server.ts';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: 'small' },
    seconds: { type: 'string', default: '6' },
    warmup: { type: 'string', default: '2' },
    runs: { type: 'string', default: '3' },
    connections: { type: 'string', default: '64' },
    'pool-max': { type: 'string', default: '16' },
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    database: { type: 'string', default: 'payclock_bench_clock' },
    'cpu-prof': { type: 'string' },
    'alloc-prof': { type: 'string' },
    // For a checkout that predates the baseline server (a before/after comparison).
    'skip-minimal': { type: 'boolean', default: false },
  },
});

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(args.seconds);
const WARMUP = Number(args.warmup);
const RUNS = Number(args.runs);
const CONNECTIONS = Number(args.connections);
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const DB_NAME = /^[a-z_][a-z0-9_]*$/.test(args.database!) ? args.database! : 'payclock_bench_clock';
const scale = SCALES[args.scale!];
if (!scale) throw new Error(`unknown --scale ${args.scale}`);
const log = (message: string) => process.stdout.write(`[bench:clock] ${message}\n`);

function clockOptions(url: string, perConnection: string[], sampleRss: () => number): LoadOptions {
  return { ...clockCycleLoad(url, perConnection), connections: CONNECTIONS, seconds: SECONDS, sampleRss };
}

const summarize = (r: LoadResult & { runs: number[] }) => ({ reqPerSec: Math.round(r.reqPerSec), p50: r.p50, p99: r.p99, non2xx: r.non2xx, errors: r.errors, maxRssMiB: Math.round(r.maxRssMiB), runs: r.runs });

async function main(): Promise<void> {
  const now = new Date();
  const dbUrl = await recreateDatabase(args.url!, DB_NAME);
  const database = await openDatabase({ url: dbUrl, poolMax: 4, statementTimeoutMs: 0 });
  await database.migrate();
  const hasher = new SecretHasher();
  await seedBase(database.db, scale!, { pin: await hasher.hash(BENCH_PIN), password: await hasher.hash(BENCH_PASSWORD) }, now);
  log(`entries: ${await growTimeEntries(database.db, scale!.employees, scale!.timeEntries, now)}`);
  const ids = await loadScenarioIds(database.db);
  await database.close();
  const tokens = new TokenService(new TextEncoder().encode(JWT_SECRET), 86_400);
  let block = 0;
  const blockTokens = () => {
    const first = block++ * CONNECTIONS;
    return Promise.all(
      Array.from({ length: CONNECTIONS }, (_, i) => {
        const employee = ids.employees[(first + i) % ids.employees.length]!;
        return tokens.sign({ userId: employee.id, type: 'employee', companyId: employee.companyId }, new Date());
      }),
    );
  };

  const profileDir = args['cpu-prof'] ? resolve(args['cpu-prof']) : undefined;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const allocationDir = args['alloc-prof'] ? resolve(args['alloc-prof']) : undefined;
  const server = await startServer(
    { JWT_SECRET, DATABASE_URL: dbUrl, DB_POOL_MAX: args['pool-max']!, ...(allocationDir ? { PAYCLOCK_ALLOC_PROF_DIR: allocationDir } : {}) },
    {
      nodeArgs: [
        ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
        ...(allocationDir ? ['--import', join(ROOT, 'bench/allocation-sampler.mjs')] : []),
      ],
    },
  );
  const service = summarize(await measure(clockOptions(server.url, await blockTokens(), () => server.rssMiB()), RUNS, WARMUP));
  await server.stop();
  log(`service: ${JSON.stringify(service)}`);

  let minimal = summarize({ reqPerSec: NaN, p50: NaN, p99: NaN, requests: 0, non2xx: 0, errors: 0, maxRssMiB: 0, runs: [] });
  if (!args['skip-minimal']) {
    const minimalServer = await startMinimalClockServer({ JWT_SECRET, DATABASE_URL: dbUrl, POOL_MAX: args['pool-max']! });
    minimal = summarize(await measure(clockOptions(minimalServer.url, await blockTokens(), () => 0), RUNS, WARMUP));
    await minimalServer.stop();
    log(`minimal node:http + pg: ${JSON.stringify(minimal)}`);
  }

  // A failing baseline (another user took PostgreSQL's connections, say) is reported, not fatal.
  const pgbenchRuns: Array<{ tps: number; latencyAvgMs: number; failed: number }> = [];
  const textbookBlock = block++;
  for (let i = 0; i < RUNS; i++) {
    try {
      pgbenchRuns.push(
        await runPgbench({
          url: dbUrl,
          script: textbookClockCycleScript(),
          scriptPath: join(tmpdir(), 'payclock-clock-textbook.sql'),
          clients: CONNECTIONS,
          seconds: SECONDS,
          offset: (textbookBlock + i) * CONNECTIONS,
          employees: scale!.employees,
        }),
      );
    } catch (error) {
      log(`textbook pgbench run failed: ${(error instanceof Error ? error.message : String(error)).split('\n').find((line) => /error/i.test(line)) ?? error}`);
    }
    block++;
  }
  if (pgbenchRuns.length === 0) pgbenchRuns.push({ tps: NaN, latencyAvgMs: NaN, failed: -1 });
  const textbook = pgbenchRuns.sort((a, b) => a.tps - b.tps)[Math.floor(pgbenchRuns.length / 2)]!;
  const textbookOps = textbook.tps * 2;
  const report = {
    startedAt: now.toISOString(),
    scale: args.scale,
    connections: CONNECTIONS,
    seconds: SECONDS,
    runs: RUNS,
    service,
    minimal,
    textbookPgbench: { opsPerSec: Math.round(textbookOps), latencyAvgMs: textbook.latencyAvgMs, runs: pgbenchRuns.map((r) => Math.round(r.tps * 2)) },
    ratios: { serviceVsTextbook: round(service.reqPerSec / textbookOps), serviceVsMinimal: round(service.reqPerSec / minimal.reqPerSec), minimalVsTextbook: round(minimal.reqPerSec / textbookOps) },
    loadAverage: (await import('node:os')).loadavg().map(round),
  };
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  const file = join(ROOT, 'bench/results', `clock-${args.scale}-${report.startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2));
  process.stdout.write(
    [
      '',
      '| clock cycle, 64 connections | ops/s | p50 ms | p99 ms | non-2xx | runs |',
      '|---|---|---|---|---|---|',
      `| payclock (Fastify) | ${service.reqPerSec} | ${service.p50} | ${service.p99} | ${service.non2xx} | ${service.runs.join(', ')} |`,
      `| minimal node:http + pg, same SQL | ${minimal.reqPerSec} | ${minimal.p50} | ${minimal.p99} | ${minimal.non2xx} | ${minimal.runs.join(', ')} |`,
      `| pgbench textbook transaction (×2 ops) | ${Math.round(textbookOps)} | | avg ${textbook.latencyAvgMs} | ${textbook.failed} failed | ${report.textbookPgbench.runs.join(', ')} |`,
      '',
      `service / textbook: ${report.ratios.serviceVsTextbook}; service / minimal: ${report.ratios.serviceVsMinimal}; minimal / textbook: ${report.ratios.minimalVsTextbook}; load average ${report.loadAverage.join(' ')}`,
      `results: ${file}`,
      '',
    ].join('\n'),
  );
  await dropDatabase(args.url!, DB_NAME);
}

const round = (value: number) => Math.round(value * 100) / 100;

main().catch((error: unknown) => {
  process.stderr.write(`bench:clock failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
