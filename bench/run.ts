// npm run bench [-- --engine postgres|pglite] [--scale tiny|small|default|10m] [--seconds 10] [--runs 3] [--database payclock_bench]
// Fresh database, SQL-seeded data, the real server as a child process, autocannon load, and
// pgbench baselines (the textbook transaction and the service's own captured SQL) in one run.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { dropDatabase, recreateDatabase } from './bench-database.ts';
import { openDatabase, type Database } from '../src/db/open.ts';
import { SecretHasher } from '../src/core/hashing.ts';
import { TokenService } from '../src/core/tokens.ts';
import { logOffset, readStatements, toPgbenchScript } from './capture.ts';
import { CLOCK_ENTRY, clockCycleLoad, measure, median, medianRun, readRequests, runLoad, type LoadOptions, type LoadResult } from './load.ts';
import { LOGIN_CONNECTIONS, loginBurst, loginRequests } from './login-requests.ts';
import { runPgbench, textbookClockCycleScript, type PgbenchResult } from './pgbench.ts';
import { pgliteTextbookBaseline } from './pglite-baseline.ts';
import { argon2Capacity, argon2Concurrency } from './argon2-capacity.ts';
import { sampleLoadAverage } from './load-average.ts';
import { formatReport, type BenchReport } from './report.ts';
import { formatDatabaseSettings, readDatabaseSettings } from './database-settings.ts';
import { BENCH_PASSWORD, BENCH_PIN, growTimeEntries, loadScenarioIds, SCALES, seedBase, seedBusyPeriod, seedSearchEmployees } from './seed.ts';
import { startServer, type RunningServer } from './server.ts';
import { startMinimalClockServer } from './minimal-baseline.ts';
import { EMPLOYEE_SEARCH, hoursReportPath, ORG_SEARCH, payPeriodPath } from './read-paths.ts';
import { COSTLY_READS_AT_ONCE } from '../src/http/costly-reads.ts';
import { readPunchBatches, readTimesheetReadBatches, type BatchFigures } from './batch-sizes.ts';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    scale: { type: 'string', default: 'default' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    runs: { type: 'string', default: '3' },
    connections: { type: 'string', default: '64' },
    'pool-max': { type: 'string', default: '16' },
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    // Its own name when several checkouts share one PostgreSQL: the run drops and recreates it.
    database: { type: 'string', default: 'payclock_bench' },
    // Employees of the searched organization (the issue states the search target at 100,000); 0 adds none.
    'search-employees': { type: 'string' },
  },
});

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(args.seconds);
const WARMUP = Number(args.warmup);
const RUNS = Number(args.runs);
const CONNECTIONS = Number(args.connections);
const ENGINE = args.engine === 'pglite' ? 'pglite' : 'postgres';
const chosenScale = SCALES[args.scale!];
if (!chosenScale) throw new Error(`unknown --scale ${args.scale}; one of ${Object.keys(SCALES).join(', ')}`);
const scale = chosenScale;
const SEARCH_EMPLOYEES = Number(args['search-employees'] ?? (args.scale === 'tiny' ? 0 : 100_000));
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
const DB_NAME = /^[a-z_][a-z0-9_]*$/.test(args.database!) ? args.database! : 'payclock_bench';
const GROWTH_START = 100_000;

const log = (message: string) => process.stdout.write(`[bench] ${message}\n`);

async function main(): Promise<void> {
  let failed = false;
  try {
    await runBench();
  } catch (error) {
    failed = true;
    const cause = error instanceof Error && error.cause instanceof Error ? `\ncaused by: ${error.cause.message}` : '';
    process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}${cause}\n`);
  } finally {
    // Whatever happened, the benchmark's database goes (CI runs it as a smoke test).
    if (ENGINE === 'postgres') await dropDatabase(args.url!, DB_NAME).catch(() => {});
  }
  if (failed) process.exit(1);
}

async function runBench(): Promise<void> {
  const startedAt = Date.now();
  const load = sampleLoadAverage();
  const report: BenchReport = { engine: ENGINE, scale: args.scale!, startedAt: new Date().toISOString(), connections: CONNECTIONS, scenarios: {}, baselines: {}, growth: [] };
  const now = new Date();
  const hasher = new SecretHasher();
  const hashes = { pin: await hasher.hash(BENCH_PIN), password: await hasher.hash(BENCH_PASSWORD) };
  const tokens = new TokenService(new TextEncoder().encode(JWT_SECRET), 86_400);

  // 1. A fresh database with the base data and the first growth step of entries.
  let dbUrl = '';
  let dataDir = '';
  if (ENGINE === 'postgres') {
    ensurePgbench();
    dbUrl = await recreateDatabase(args.url!, DB_NAME);
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'payclock-bench-'));
  }
  const open = () => openDatabase(ENGINE === 'postgres' ? { url: dbUrl, poolMax: 4, statementTimeoutMs: 0 } : { url: undefined, dataDir });
  let database: Database = await open();
  await database.migrate();
  report.databaseSettings = await readDatabaseSettings(database.db);
  log(`database: ${formatDatabaseSettings(report.databaseSettings)}`);
  log(`seeding ${JSON.stringify(scale)}`);
  await seedBase(database.db, scale, hashes, now);
  const busy = await seedBusyPeriod(database.db, now, hashes.pin);
  if (SEARCH_EMPLOYEES > 0) log(`employees of the searched organization: ${await seedSearchEmployees(database.db, scale, SEARCH_EMPLOYEES, hashes.pin)}`);
  const firstStep = Math.min(GROWTH_START, scale.timeEntries);
  log(`entries: ${await growTimeEntries(database.db, scale.employees, firstStep, now, scale.timeEntries)} (${Math.round((Date.now() - startedAt) / 1000)} s)`);
  const ids = await loadScenarioIds(database.db);
  const admin = ids.admins[0]!;
  const adminToken = await tokens.sign({ userId: admin.id, type: 'admin', bookkeeperOrgId: admin.bookkeeperOrgId, email: admin.email }, new Date());
  const employeeToken = (n: number) => {
    const employee = ids.employees[(n - 1) % ids.employees.length]!;
    return tokens.sign({ userId: employee.id, type: 'employee', companyId: employee.companyId }, new Date());
  };
  // Each measured clock run takes a fresh block of employees, so no employee's week fills up
  // with thousands of benchmark entries (real employees clock a few times a day).
  let clockBlock = 0;
  const clockTokens = async () => {
    const block = clockBlock++;
    return Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => employeeToken(block * CONNECTIONS + i + 1)));
  };
  // The week's timesheet reads a block of its own, which no clock run touches, and its pgbench
  // baseline replays the same block: both read the same weeks (a clock run's employees have
  // hundreds of entries this week).
  const weekBlock = clockBlock;
  const weekTokens = await clockTokens();
  if (ENGINE === 'pglite') await database.close(); // the server takes the data directory

  const serverEnv: Record<string, string> = {
    JWT_SECRET,
    METRICS_TOKEN,
    DB_POOL_MAX: args['pool-max']!,
    TRUST_PROXY: '127.0.0.1',
    ...(ENGINE === 'postgres' ? { DATABASE_URL: dbUrl } : { DATA_DIR: dataDir }),
  };

  // 2. The service's own SQL, captured from PostgreSQL's statement log (one request of each kind).
  const busyTokens = await Promise.all(busy.employees.slice(0, CONNECTIONS).map((e) => tokens.sign({ userId: e.id, type: 'employee', companyId: busy.companyId }, new Date())));
  const captured =
    ENGINE === 'postgres'
      ? await captureServiceSql(dbUrl, serverEnv, ids, employeeToken, {
          timesheetPeriod: { path: `/api/v1/employee/timesheet?payPeriodId=${busy.id}`, token: busyTokens[0]! },
          payPeriod: { path: payPeriodPath(busy.id), token: adminToken },
          hoursReport: { path: hoursReportPath(now), token: adminToken },
          orgSearch: { path: ORG_SEARCH, token: adminToken },
          employeeSearch: { path: EMPLOYEE_SEARCH, token: adminToken },
        })
      : undefined;

  // A pgbench baseline, at the same connection count unless `clients` says otherwise. One that
  // fails is reported as such; it must not cost the whole run its report. Each run takes a fresh
  // block of employees (a clock run cut off by the clock leaves its employees clocked in),
  // unless the baseline must read a given block.
  const bench = (name: string, script: string, block?: number, clients = CONNECTIONS) =>
    medianPgbench(() =>
      runPgbench({
        url: dbUrl,
        script,
        // Named after this run's database: several checkouts may run the benchmark at once.
        scriptPath: join(tmpdir(), `${DB_NAME}-${name}.sql`),
        clients,
        seconds: SECONDS,
        offset: (block ?? clockBlock++) * CONNECTIONS,
        employees: scale.employees,
      }),
    );
  // The service runs its costly reads a few at once (src/http/costly-reads.ts); their SQL at
  // that count too, beside the targets' connection count, shows what the count alone is worth.
  const costlySlots = COSTLY_READS_AT_ONCE;

  let server = await startServer(serverEnv);
  // Idle memory: the freshly started server, once its start-up garbage is collected.
  await new Promise((r) => setTimeout(r, 3_000));
  report.idleRssMiB = Math.round(server.rssMiB());
  log(`idle RSS: ${report.idleRssMiB} MiB`);
  const clockCycle = async (): Promise<LoadResult> => {
    const perConnection = await clockTokens();
    return measure(clockOptions(server, perConnection), RUNS, WARMUP);
  };

  // 3. Growth, first point; then grow to the full scale.
  if (scale.timeEntries > GROWTH_START) {
    report.growth.push({ entries: firstStep, ...summarize(await clockCycle()) });
    log(`growth @${firstStep}: ${JSON.stringify(report.growth.at(-1))}`);
    await server.stop();
    if (ENGINE === 'pglite') database = await open();
    log(`entries: ${await growTimeEntries(database.db, scale.employees, scale.timeEntries, now)}`);
    if (ENGINE === 'pglite') await database.close();
    server = await startServer(serverEnv);
  }

  // Scenario 1: the clock cycle, and how many punches each of its statements carried.
  const batchesBefore = await readPunchBatches(server.url, METRICS_TOKEN);
  const clock = await clockCycle();
  report.scenarios.clockCycle = summarize(clock);
  const batchesAfter = await readPunchBatches(server.url, METRICS_TOKEN);
  report.scenarios.punchesPerStatement = { clockIn: perStatement(batchesBefore.clock_in, batchesAfter.clock_in), clockOut: perStatement(batchesBefore.clock_out, batchesAfter.clock_out) };
  report.growth.push({ entries: scale.timeEntries, ...summarize(clock) });
  log(`clock cycle: ${JSON.stringify(report.scenarios.clockCycle)}`);
  if (ENGINE === 'postgres') report.baselines.minimalServerClockCycle = await minimalClockCycle(serverEnv, await clockTokens());

  // Scenario 2: timesheet reads, the current week and a pay period, and how many reads each of their statements carried.
  const readsBefore = await readTimesheetReadBatches(server.url, METRICS_TOKEN);
  const timesheetWeek = await measure(getOptions(server, '/api/v1/employee/timesheet', weekTokens), RUNS, WARMUP);
  report.scenarios.timesheetWeek = summarize(timesheetWeek);
  report.scenarios.timesheetPeriod = summarize(await measure(getOptions(server, `/api/v1/employee/timesheet?payPeriodId=${busy.id}`, busyTokens), RUNS, WARMUP));
  const readsAfter = await readTimesheetReadBatches(server.url, METRICS_TOKEN);
  report.scenarios.readsPerStatement = { week: perStatement(readsBefore.week, readsAfter.week), payPeriod: perStatement(readsBefore.pay_period, readsAfter.pay_period) };
  log(`timesheet: ${JSON.stringify(report.scenarios.timesheetWeek)} / ${JSON.stringify(report.scenarios.timesheetPeriod)}`);

  // Scenario 3: admin reads.
  const adminTokens = Array.from({ length: CONNECTIONS }, () => adminToken);
  report.scenarios.payPeriodGetOne = { ...summarize(await measure(getOptions(server, payPeriodPath(busy.id), adminTokens), RUNS, WARMUP)), entries: busy.entries };
  report.scenarios.orgListSearch = summarize(await measure(getOptions(server, ORG_SEARCH, adminTokens), RUNS, WARMUP));
  report.scenarios.employeeListSearch = summarize(await measure(getOptions(server, EMPLOYEE_SEARCH, adminTokens), RUNS, WARMUP));
  log(`admin reads: ${JSON.stringify([report.scenarios.payPeriodGetOne, report.scenarios.orgListSearch, report.scenarios.employeeListSearch])}`);
  report.scenarios.hoursReport = summarize(await measure(getOptions(server, hoursReportPath(now), adminTokens), RUNS, WARMUP));
  log(`hours report: ${JSON.stringify(report.scenarios.hoursReport)}`);
  if (captured) {
    // The report reads the organization's year, which every later clock run lengthens: its SQL
    // is replayed now, on the entries the service just read, once the reports still running for
    // the last run's clients have finished. Its script acts as no employee, so it takes a fixed
    // block: fresh blocks taken here moved the login burst's clock runs onto the week block's
    // employees, whose weeks the timesheet's baseline then read.
    await new Promise((r) => setTimeout(r, 3_000));
    const hours = await bench('service-hours-report', captured.hoursReport, weekBlock);
    report.baselines.serviceSqlHoursReport = { opsPerSec: round(hours.tps), latencyAvgMs: hours.latencyAvgMs, failed: hours.failed };
    const hoursAtSlots = await bench('service-hours-report-slots', captured.hoursReport, weekBlock, costlySlots);
    report.baselines[`serviceSqlHoursReportAt${costlySlots}`] = { opsPerSec: round(hoursAtSlots.tps), latencyAvgMs: hoursAtSlots.latencyAvgMs, failed: hoursAtSlots.failed };
  }

  // Scenario 4a: logins as fast as they are answered, against argon2id's own capacity on this
  // machine at the server's cost and concurrency, measured with the server idle. The two take
  // turns, a capacity run before each login run, so that the machine's drift falls on both alike
  // (measured once before the three login runs, the capacity alone swung from 132 to 169/s
  // between runs: BENCHMARKS.md, "Logins and their capacity take turns"). The target compares
  // the medians.
  const loginsAlone: LoadOptions = { url: server.url, connections: LOGIN_CONNECTIONS, seconds: SECONDS, requestsFor: loginRequests(ids.admins.map((a) => a.email)) };
  await runLoad({ ...loginsAlone, seconds: 1 });
  const capacities: number[] = [];
  const loginRuns: LoadResult[] = [];
  for (let i = 0; i < RUNS; i++) {
    capacities.push(await argon2Capacity(SECONDS));
    loginRuns.push(await runLoad(loginsAlone));
  }
  report.scenarios.logins = summarize(medianRun(loginRuns));
  report.baselines.argon2Verify = { opsPerSec: median(capacities), latencyAvgMs: NaN, failed: 0 };
  log(`logins: ${JSON.stringify(report.scenarios.logins)} vs argon2id ${median(capacities)}/s (runs ${capacities.join(', ')}) at ${argon2Concurrency} at once`);

  // Scenario 4b: 100 logins/s for 10 s while the clock cycle runs (bench/login-requests.ts).
  const burst = await loginBurst({
    url: server.url,
    seconds: Math.max(SECONDS, 10),
    logins: loginRequests(ids.admins.map((a) => a.email)),
    clock: async () => clockOptions(server, await clockTokens()),
  });
  report.scenarios.loginBurst = {
    loginsPerSec: Math.round(burst.logins.reqPerSec),
    loginP99: burst.logins.p99,
    loginNon2xx: burst.logins.non2xx,
    clockP99Quiet: burst.quiet.p99,
    clockP99DuringBurst: burst.loaded.p99,
    p99Ratio: round(burst.p99Ratio),
  };
  log(`login burst: ${JSON.stringify(report.scenarios.loginBurst)}`);

  // Scenario 5 (optional): ten million entries.
  if (args.scale === '10m') {
    await server.stop();
    log(`entries: ${await growTimeEntries(database.db, scale.employees, 10_000_000, now)}`);
    server = await startServer(serverEnv);
    report.growth.push({ entries: 10_000_000, ...summarize(await clockCycle()) });
  }
  await server.stop();

  // The other baselines (the hours report's ran after its scenario, above).
  if (ENGINE === 'postgres') {
    // One clock-cycle script run = one clock in + one clock out = two HTTP requests.
    const textbook = await bench('textbook', textbookClockCycleScript());
    report.baselines.textbookClockCycle = { opsPerSec: round(textbook.tps * 2), latencyAvgMs: textbook.latencyAvgMs, failed: textbook.failed };
    if (captured) {
      const own = await bench('service-clock', captured.clockCycle);
      report.baselines.serviceSqlClockCycle = { opsPerSec: round(own.tps * 2), latencyAvgMs: own.latencyAvgMs, failed: own.failed };
      const timesheet = await bench('service-timesheet', captured.timesheet, weekBlock);
      report.baselines.serviceSqlTimesheet = { opsPerSec: round(timesheet.tps), latencyAvgMs: timesheet.latencyAvgMs, failed: timesheet.failed };
      const period = await bench('service-period', captured.payPeriod);
      report.baselines.serviceSqlPayPeriod = { opsPerSec: round(period.tps), latencyAvgMs: period.latencyAvgMs, failed: period.failed };
      const periodAtSlots = await bench('service-period-slots', captured.payPeriod, undefined, costlySlots);
      report.baselines[`serviceSqlPayPeriodAt${costlySlots}`] = { opsPerSec: round(periodAtSlots.tps), latencyAvgMs: periodAtSlots.latencyAvgMs, failed: periodAtSlots.failed };
      const timesheetPeriod = await bench('service-timesheet-period', captured.timesheetPeriod);
      report.baselines.serviceSqlTimesheetPeriod = { opsPerSec: round(timesheetPeriod.tps), latencyAvgMs: timesheetPeriod.latencyAvgMs, failed: timesheetPeriod.failed };
      const orgSearch = await bench('service-org-search', captured.orgSearch);
      report.baselines.serviceSqlOrgSearch = { opsPerSec: round(orgSearch.tps), latencyAvgMs: orgSearch.latencyAvgMs, failed: orgSearch.failed };
      const employeeSearch = await bench('service-employee-search', captured.employeeSearch);
      report.baselines.serviceSqlEmployeeSearch = { opsPerSec: round(employeeSearch.tps), latencyAvgMs: employeeSearch.latencyAvgMs, failed: employeeSearch.failed };
      mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
      writeFileSync(
        join(ROOT, 'bench/results/captured-sql.txt'),
        Object.entries(captured)
          .map(([name, script]) => `-- ${name}\n${script}`)
          .join('\n'),
      );
    }
  } else {
    database = await open();
    const baseline = await pgliteTextbookBaseline(database.db, ids.employees.slice(-200), SECONDS);
    report.baselines.textbookClockCycle = { opsPerSec: round(baseline.opsPerSec), latencyAvgMs: baseline.latencyAvgMs, failed: 0 };
    await database.close();
  }
  if (ENGINE === 'postgres') await database.close();

  report.durationSeconds = Math.round((Date.now() - startedAt) / 1000);
  report.loadAverage1m = load.stop();
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  const file = join(ROOT, 'bench/results', `${ENGINE}-${args.scale}-${report.startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2));
  process.stdout.write(`\n${formatReport(report)}\nresults: ${file}\n`);
}

/** The same clock cycle against bench/minimal-clock-server.ts (node:http + pg, the same SQL): the framework's share. */
async function minimalClockCycle(env: Record<string, string>, perConnection: string[]) {
  const minimal = await startMinimalClockServer({ JWT_SECRET, DATABASE_URL: env.DATABASE_URL!, POOL_MAX: env.DB_POOL_MAX! });
  try {
    const result = await measure(clockOptions(minimal, perConnection), RUNS, WARMUP);
    log(`minimal node:http + pg clock cycle: ${Math.round(result.reqPerSec)} req/s, p99 ${result.p99} ms`);
    return { opsPerSec: Math.round(result.reqPerSec), latencyAvgMs: result.p50, failed: result.non2xx };
  } finally {
    await minimal.stop();
  }
}

function clockOptions(server: RunningServer, perConnection: string[]): LoadOptions {
  return { ...clockCycleLoad(server.url, perConnection), connections: CONNECTIONS, seconds: SECONDS, sampleRss: () => server.rssMiB() };
}

function getOptions(server: RunningServer, path: string, perConnection: string[]): LoadOptions {
  return {
    url: server.url,
    connections: CONNECTIONS,
    seconds: SECONDS,
    sampleRss: () => server.rssMiB(),
    requestsFor: readRequests(path, perConnection),
  };
}

type CapturedRead = 'timesheetPeriod' | 'payPeriod' | 'hoursReport' | 'orgSearch' | 'employeeSearch';

async function captureServiceSql(
  dbUrl: string,
  env: Record<string, string>,
  ids: Awaited<ReturnType<typeof loadScenarioIds>>,
  employeeToken: (n: number) => Promise<string>,
  reads: Record<CapturedRead, { path: string; token: string }>,
): Promise<Record<'clockCycle' | 'timesheet' | CapturedRead, string>> {
  const logFile = execFileSync('pg_lsclusters', ['--no-header']).toString().trim().split(/\s+/).at(-1)!;
  const admin = new pg.Client({ connectionString: dbUrl });
  await admin.connect();
  await admin.query(`alter database ${DB_NAME} set log_statement = 'all'`);
  const server = await startServer(env);
  const employee = ids.employees.at(-1)!;
  const token = await employeeToken(ids.employees.length);
  const post = (body: string) => fetch(`${server.url}${CLOCK_ENTRY}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body });
  const get = (path: string, bearer: string) => fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${bearer}` } });
  const settle = () => new Promise((r) => setTimeout(r, 300));
  try {
    // Warm the pool first, so connection set-up statements are not captured.
    await get('/ready', token);
    await settle();
    const capture = async (request: () => Promise<Response>) => {
      const offset = logOffset(logFile);
      const capturedAt = new Date();
      const response = await request();
      const text = await response.text();
      if (!response.ok) throw new Error(`capture request failed: ${response.status} ${text}`);
      await settle();
      return { statements: readStatements(logFile, offset, DB_NAME), capturedAt, body: JSON.parse(text) as unknown };
    };
    const clockIn = await capture(() => post('{"action":"clock_in"}'));
    const clockOut = await capture(() => post('{"action":"clock_out"}'));
    const timesheet = await capture(() => get('/api/v1/employee/timesheet', token));
    const entryId = (clockIn.body as { data?: { timeEntry?: { id?: string } } }).data?.timeEntry?.id;
    const idsOf = { employeeId: employee.id, companyId: employee.companyId, ...(entryId ? { entryId } : {}) };
    // The other reads are replayed as captured: every client reads what every connection of the
    // HTTP scenario reads (the same period, report or search), with no employee to stand in for.
    const asCaptured = { employeeId: '\u0000none', companyId: '\u0000none' };
    const scripts = {
      clockCycle: toPgbenchScript([...clockIn.statements, ...clockOut.statements], idsOf, clockIn.capturedAt),
      timesheet: toPgbenchScript(timesheet.statements, idsOf, timesheet.capturedAt),
    } as Record<'clockCycle' | 'timesheet' | CapturedRead, string>;
    for (const [name, read] of Object.entries(reads) as Array<[CapturedRead, { path: string; token: string }]>) {
      const captured = await capture(() => get(read.path, read.token));
      scripts[name] = toPgbenchScript(captured.statements, asCaptured, captured.capturedAt);
    }
    return scripts;
  } finally {
    await server.stop();
    await admin.query(`alter database ${DB_NAME} reset log_statement`);
    await admin.end();
  }
}

async function medianPgbench(run: () => Promise<PgbenchResult>): Promise<PgbenchResult> {
  const results: PgbenchResult[] = [];
  try {
    for (let i = 0; i < RUNS; i++) results.push(await run());
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n').find((line) => /ERROR|FATAL/.test(line)) ?? error.message : String(error);
    log(`baseline failed: ${detail.slice(0, 300)}`);
    return { tps: NaN, latencyAvgMs: NaN, transactions: 0, failed: -1 };
  }
  return results.sort((a, b) => a.tps - b.tps)[Math.floor(results.length / 2)]!;
}

/** Mean items (punches, reads) per statement between two readings of one kind (1 = every item went alone). */
const perStatement = (before: BatchFigures, after: BatchFigures): number => round((after.items - before.items) / Math.max(1, after.statements - before.statements));

function summarize(result: LoadResult & { runs?: number[] }) {
  return { reqPerSec: Math.round(result.reqPerSec), p50: result.p50, p99: result.p99, non2xx: result.non2xx, errors: result.errors, maxRssMiB: Math.round(result.maxRssMiB), runs: result.runs ?? [] };
}

const round = (value: number) => Math.round(value * 100) / 100;

function ensurePgbench(): void {
  try {
    execFileSync('pgbench', ['--version'], { stdio: 'ignore' });
  } catch {
    log('installing pgbench (postgresql-contrib)');
    execFileSync('bash', ['-c', 'apt-get update -qq && apt-get install -y -qq postgresql-contrib'], { stdio: 'inherit' });
  }
}

await main();
