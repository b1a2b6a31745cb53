// node --import tsx bench/ab-reads.ts --other DIR [--reads week,period,orgs,employees,getone,report,logins,clock,burst] [--rounds 5] [--seconds 5] [--connections 64]
// Two checkouts side by side on reads (by default the employee's timesheet reads; `orgs`,
// `employees`, `getone` and `report` are the admin's organization search, employee search, busy
// pay period and hours report of `npm run bench`; its 100,000 searched employees are seeded only
// when `employees` is asked for), on `logins` (those of `npm run bench`, on their 16
// connections) and on the clock cycle (`clock`, bench/load.ts clockCycleLoad: one block of
// employees for both checkouts, every one clocked out after each run), and on the login burst
// (`burst`: `npm run bench`'s scenario 4b, the clock cycle alone and then beside 100 logins a
// second, the ratio of its two p99s being the target): this one and DIR
// (another checkout with its node_modules, e.g. a `git worktree` of an earlier commit; a
// migration cannot be compared this way, since both run on the database this one migrated,
// but `npm run bench:clock` in each checkout can). Both servers run at once on one fresh
// PostgreSQL database seeded like `npm run bench --scale small`, warm up, and are loaded in turn
// after an ANALYZE, alternating which goes first in each round, so that the machine's drift
// falls on both alike. Prints each round (with the server's largest RSS and its CPU per
// request, every thread, from /proc) and the medians of req/s, p99 and CPU, and this checkout's
// req/s divided by the other's. With 4 MiB semi-spaces the server warmed up first measured
// slower on identical code, its collector having settled into compacting more often
// (BENCHMARKS.md, "The young generation"); with `npm start`'s 8 MiB the same code measured
// x0.93-0.97. Still, run a comparison twice, places swapped, and read the two ratios together.
// The whole `npm run bench` compares the service with its SQL; this compares one change with the
// code before it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SecretHasher } from '../src/core/hashing.ts';
import { TokenService } from '../src/core/tokens.ts';
import { openDatabase } from '../src/db/open.ts';
import { analyze, dropDatabase, recreateDatabase } from './bench-database.ts';
import { clockCycleLoad, median, readRequests, runLoad, warmUp, type LoadOptions } from './load.ts';
import { BENCH_PASSWORD, BENCH_PIN, growTimeEntries, loadScenarioIds, SCALES, seedBase, seedBusyPeriod, seedSearchEmployees } from './seed.ts';
import { startServer, type RunningServer } from './server.ts';
import { EMPLOYEE_SEARCH, hoursReportPath, ORG_SEARCH, payPeriodPath } from './read-paths.ts';
import { LOGIN_CONNECTIONS, loginBurst, loginRequests } from './login-requests.ts';

const { values: args } = parseArgs({
  options: {
    other: { type: 'string' },
    reads: { type: 'string', default: 'week,period' },
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '64' },
  },
});
if (!args.other) throw new Error('usage: ab-reads.ts --other DIR');
const OTHER = resolve(args.other);
const ROUNDS = Number(args.rounds);
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const SERVER = 'postgres://postgres@127.0.0.1:5432';
const NAME = 'payclock_bench_ab_reads';
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

const url = await recreateDatabase(SERVER, NAME);
const servers: RunningServer[] = [];
try {
  // Migrated by this checkout: the other must not need a migration this one lacks.
  const database = await openDatabase({ url, poolMax: 4, statementTimeoutMs: 0 });
  const now = new Date();
  const hasher = new SecretHasher();
  const hashes = { pin: await hasher.hash(BENCH_PIN), password: await hasher.hash(BENCH_PASSWORD) };
  await database.migrate();
  const scale = SCALES.small!;
  await seedBase(database.db, scale, hashes, now);
  const busy = await seedBusyPeriod(database.db, now, hashes.pin);
  await growTimeEntries(database.db, scale.employees, scale.timeEntries, now);
  if (args.reads!.split(',').some((key) => key.trim() === 'employees')) await seedSearchEmployees(database.db, scale, 100_000, hashes.pin);
  const ids = await loadScenarioIds(database.db);
  await database.close();

  const tokens = new TokenService(new TextEncoder().encode(JWT_SECRET), 86_400);
  const sign = (id: string, companyId: string) => tokens.sign({ userId: id, type: 'employee', companyId }, now);
  const weekTokens = await Promise.all(ids.employees.slice(0, CONNECTIONS).map((e) => sign(e.id, e.companyId)));
  const busyTokens = await Promise.all(busy.employees.slice(0, CONNECTIONS).map((e) => sign(e.id, busy.companyId)));
  const admin = ids.admins[0]!;
  const adminTokens = [await tokens.sign({ userId: admin.id, type: 'admin', bookkeeperOrgId: admin.bookkeeperOrgId, email: admin.email }, now)];
  const logins = loginRequests(ids.admins.map((a) => a.email));
  // The clock cycle's employees: a block that the week's read does not use.
  const clockTokens = await Promise.all(ids.employees.slice(CONNECTIONS, 2 * CONNECTIONS).map((e) => sign(e.id, e.companyId)));
  const reading = (requestsFor: LoadOptions['requestsFor']) => () => ({ requestsFor });
  const available: Record<string, { name: string; connections?: number; loadOf: (url: string) => Pick<LoadOptions, 'requestsFor' | 'afterRun'> }> = {
    week: { name: 'timesheet, current week', loadOf: reading(readRequests('/api/v1/employee/timesheet', weekTokens)) },
    period: { name: 'timesheet, busy pay period', loadOf: reading(readRequests(`/api/v1/employee/timesheet?payPeriodId=${busy.id}`, busyTokens)) },
    // The organization search of `npm run bench` (bench/run.ts): an ADMIN's, so one organization.
    orgs: { name: 'organization search', loadOf: reading(readRequests(ORG_SEARCH, adminTokens)) },
    employees: { name: 'employee search', loadOf: reading(readRequests(EMPLOYEE_SEARCH, adminTokens)) },
    getone: { name: 'pay-period get-one', loadOf: reading(readRequests(payPeriodPath(busy.id), adminTokens)) },
    report: { name: 'hours report', loadOf: reading(readRequests(hoursReportPath(now), adminTokens)) },
    // One sequence of addresses for every load, so no run meets the per-IP limit of one before it.
    logins: { name: 'logins', connections: LOGIN_CONNECTIONS, loadOf: reading(logins) },
    clock: { name: 'clock cycle', loadOf: (serverUrl) => clockCycleLoad(serverUrl, clockTokens) },
  };
  const keys = args.reads!.split(',').map((key) => key.trim());
  const reads = keys.filter((key) => key !== 'burst').map((key) => {
    const read = available[key];
    if (!read) throw new Error(`--reads: unknown read '${key}' (${[...Object.keys(available), 'burst'].join(', ')})`);
    return read;
  });

  const env = { JWT_SECRET, DATABASE_URL: url, DB_POOL_MAX: '16', TRUST_PROXY: '127.0.0.1' };
  const checkouts = [
    { name: 'this', server: await startServer(env, { quiet: true }) },
    { name: 'other', server: await startServer(env, { quiet: true, root: OTHER }) },
  ];
  servers.push(...checkouts.map((c) => c.server));
  const options = (server: RunningServer, read: (typeof reads)[number]): LoadOptions => ({
    ...read.loadOf(server.url),
    url: server.url,
    connections: read.connections ?? CONNECTIONS,
    seconds: SECONDS,
    sampleRss: () => server.rssMiB(),
  });
  process.stdout.write(`this: ${process.cwd()}; other: ${OTHER}; ${ROUNDS} rounds of ${SECONDS} s at ${CONNECTIONS} connections\n`);
  for (const read of reads) {
    const results: Record<string, Array<{ reqPerSec: number; p50: number; p99: number; cpuPerRequest: number }>> = { this: [], other: [] };
    // Both servers warm up, then the database is analyzed, and only then are they measured. A
    // session keeps the plans it made first, and the server that clocked first planned the
    // week-total statements while week_running_totals was empty: on the very same code it ran
    // at 0.72-0.85 of the other's rate, and at 0.99 with this ANALYZE, which makes both
    // servers plan again on the same statistics (BENCHMARKS.md, "A/B runs of the clock cycle").
    for (const checkout of checkouts) await warmUp(options(checkout.server, read), 2);
    await analyze(url);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? checkouts : [...checkouts].reverse();
      for (const checkout of order) {
        const load = options(checkout.server, read);
        await warmUp(load, 1);
        const cpuBefore = checkout.server.cpuMs();
        const result = await runLoad(load);
        const cpuPerRequest = (checkout.server.cpuMs() - cpuBefore) / (result.reqPerSec * SECONDS);
        await load.afterRun?.();
        if (result.non2xx > 0 || result.errors > 0) throw new Error(`${checkout.name}, ${read.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        results[checkout.name]!.push({ reqPerSec: result.reqPerSec, p50: result.p50, p99: result.p99, cpuPerRequest });
        process.stdout.write(`${read.name}, round ${round + 1}, ${checkout.name}: ${Math.round(result.reqPerSec)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, RSS ${Math.round(result.maxRssMiB)} MiB, server CPU ${cpuPerRequest.toFixed(2)} ms/request; load ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}\n`);
      }
    }
    const summary = (name: string) => ({
      reqPerSec: median(results[name]!.map((r) => r.reqPerSec)),
      p50: median(results[name]!.map((r) => r.p50)),
      p99: median(results[name]!.map((r) => r.p99)),
      cpuPerRequest: median(results[name]!.map((r) => r.cpuPerRequest)),
    });
    const mine = summary('this');
    const theirs = summary('other');
    process.stdout.write(
      `| ${read.name} | this ${Math.round(mine.reqPerSec)} req/s, p50 ${mine.p50} ms, p99 ${mine.p99} ms, server CPU ${mine.cpuPerRequest.toFixed(2)} ms/request | other ${Math.round(theirs.reqPerSec)} req/s, p50 ${theirs.p50} ms, p99 ${theirs.p99} ms, server CPU ${theirs.cpuPerRequest.toFixed(2)} ms/request | ×${(mine.reqPerSec / theirs.reqPerSec).toFixed(2)} |\n`,
    );
  }
  if (keys.includes('burst')) {
    const clock = available.clock!;
    for (const checkout of checkouts) await warmUp(options(checkout.server, clock), 2);
    await analyze(url);
    const ratios: Record<string, number[]> = { this: [], other: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? checkouts : [...checkouts].reverse();
      for (const checkout of order) {
        const clockLoad = options(checkout.server, clock);
        await warmUp(clockLoad, 1);
        const burst = await loginBurst({ url: checkout.server.url, seconds: SECONDS, logins, clock: () => clockLoad });
        for (const result of [burst.quiet, burst.loaded]) {
          if (result.non2xx > 0 || result.errors > 0) throw new Error(`${checkout.name}, login burst's clock cycle: ${result.non2xx} non-2xx, ${result.errors} errors`);
        }
        ratios[checkout.name]!.push(burst.p99Ratio);
        process.stdout.write(
          `login burst, round ${round + 1}, ${checkout.name}: clock ${Math.round(burst.quiet.reqPerSec)} → ${Math.round(burst.loaded.reqPerSec)} req/s, p99 ${burst.quiet.p99} → ${burst.loaded.p99} ms (×${ratios[checkout.name]!.at(-1)!.toFixed(2)}); logins ${Math.round(burst.logins.reqPerSec)}/s, p99 ${burst.logins.p99} ms, ${burst.logins.non2xx} non-2xx; load ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}\n`,
        );
      }
    }
    process.stdout.write(`| login burst, clock p99 during ÷ quiet (median) | this ×${median(ratios.this!).toFixed(2)} | other ×${median(ratios.other!).toFixed(2)} |\n`);
  }
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await dropDatabase(SERVER, NAME);
}
