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
import { openDatabase, type Database } from '../src/db/open.ts';
import { SecretHasher } from '../src/core/hashing.ts';
import { TokenService } from '../src/core/tokens.ts';
import { logOffset, readStatements, toPgbenchScript } from './capture.ts';
import { measure, type LoadOptions, type LoadRequest, type LoadResult } from './load.ts';
import { runPgbench, textbookClockCycleScript, type PgbenchResult } from './pgbench.ts';
import { pgliteTextbookBaseline } from './pglite-baseline.ts';
import { formatReport, type BenchReport } from './report.ts';
import { BENCH_PASSWORD, BENCH_PIN, growTimeEntries, loadScenarioIds, SCALES, seedBase, seedBusyPeriod } from './seed.ts';
import { startServer, type RunningServer } from './server.ts';
import { startMinimalClockServer } from './minimal-baseline.ts';

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
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const DB_NAME = /^[a-z_][a-z0-9_]*$/.test(args.database!) ? args.database! : 'payclock_bench';
const ENTRY = '/api/v1/employee/timesheet/entry';
const GROWTH_START = 100_000;
const isoDay = (instant: Date) => instant.toISOString().slice(0, 10);
/** The admin's whole organization over the past year, one row per employee. */
const hoursReportPath = (now: Date) =>
  `/api/v1/admin/reports/hours?startDate=${isoDay(new Date(now.getTime() - 365 * 86_400_000))}&endDate=${isoDay(now)}&groupBy=employee`;

const log = (message: string) => process.stdout.write(`[bench] ${message}\n`);

async function main(): Promise<void> {
  const startedAt = Date.now();
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
  log(`seeding ${JSON.stringify(scale)}`);
  await seedBase(database.db, scale, hashes, now);
  const busy = await seedBusyPeriod(database.db, now, hashes.pin);
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
  const randomTokens = await Promise.all(Array.from({ length: CONNECTIONS }, () => employeeToken(1 + Math.floor(Math.random() * scale.employees))));
  if (ENGINE === 'pglite') await database.close(); // the server takes the data directory

  const serverEnv: Record<string, string> = {
    JWT_SECRET,
    DB_POOL_MAX: args['pool-max']!,
    TRUST_PROXY: '127.0.0.1',
    ...(ENGINE === 'postgres' ? { DATABASE_URL: dbUrl } : { DATA_DIR: dataDir }),
  };

  // 2. The service's own SQL, captured from PostgreSQL's statement log (one request of each kind).
  const captured = ENGINE === 'postgres' ? await captureServiceSql(dbUrl, serverEnv, ids, busy.id, adminToken, employeeToken, hoursReportPath(now)) : undefined;

  let server = await startServer(serverEnv);
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

  // Scenario 1: the clock cycle.
  const clock = await clockCycle();
  report.scenarios.clockCycle = summarize(clock);
  report.growth.push({ entries: scale.timeEntries, ...summarize(clock) });
  log(`clock cycle: ${JSON.stringify(report.scenarios.clockCycle)}`);
  if (ENGINE === 'postgres') report.baselines.minimalServerClockCycle = await minimalClockCycle(serverEnv, await clockTokens());

  // Scenario 2: timesheet reads, the current week and a pay period.
  const timesheetWeek = await measure(getOptions(server, '/api/v1/employee/timesheet', randomTokens), RUNS, WARMUP);
  report.scenarios.timesheetWeek = summarize(timesheetWeek);
  const busyTokens = await Promise.all(busy.employees.slice(0, CONNECTIONS).map((e) => tokens.sign({ userId: e.id, type: 'employee', companyId: busy.companyId }, new Date())));
  report.scenarios.timesheetPeriod = summarize(await measure(getOptions(server, `/api/v1/employee/timesheet?payPeriodId=${busy.id}`, busyTokens), RUNS, WARMUP));
  log(`timesheet: ${JSON.stringify(report.scenarios.timesheetWeek)} / ${JSON.stringify(report.scenarios.timesheetPeriod)}`);

  // Scenario 3: admin reads.
  const adminTokens = Array.from({ length: CONNECTIONS }, () => adminToken);
  report.scenarios.payPeriodGetOne = { ...summarize(await measure(getOptions(server, `/api/v1/admin/pay-periods/${busy.id}`, adminTokens), RUNS, WARMUP)), entries: busy.entries };
  report.scenarios.orgListSearch = summarize(await measure(getOptions(server, '/api/v1/admin/bookkeeper-orgs?search=bench&pageSize=20', adminTokens), RUNS, WARMUP));
  report.scenarios.employeeListSearch = summarize(await measure(getOptions(server, '/api/v1/admin/employees?search=last12&pageSize=20', adminTokens), RUNS, WARMUP));
  log(`admin reads: ${JSON.stringify([report.scenarios.payPeriodGetOne, report.scenarios.orgListSearch, report.scenarios.employeeListSearch])}`);
  report.scenarios.hoursReport = summarize(await measure(getOptions(server, hoursReportPath(now), adminTokens), RUNS, WARMUP));
  log(`hours report: ${JSON.stringify(report.scenarios.hoursReport)}`);

  // Scenario 4: 100 logins/s for 10 s while the clock cycle runs.
  const burstSeconds = Math.max(SECONDS, 10);
  const quiet = await measure({ ...clockOptions(server, await clockTokens()), seconds: burstSeconds }, 1, 0);
  const [loaded, logins] = await Promise.all([
    measure({ ...clockOptions(server, await clockTokens()), seconds: burstSeconds }, 1, 0),
    measure(loginOptions(server, admin.email, burstSeconds), 1, 0),
  ]);
  report.scenarios.loginBurst = {
    loginsPerSec: Math.round(logins.reqPerSec),
    loginP99: logins.p99,
    loginNon2xx: logins.non2xx,
    clockP99Quiet: quiet.p99,
    clockP99DuringBurst: loaded.p99,
    p99Ratio: round(loaded.p99 / quiet.p99),
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

  // Baselines at the same connection count.
  if (ENGINE === 'postgres') {
    // A baseline that fails is reported as such; it must not cost the whole run its report.
    const bench = (name: string, script: string) =>
      medianPgbench(() =>
        runPgbench({
          url: dbUrl,
          script,
          scriptPath: join(tmpdir(), `payclock-${name}.sql`),
          clients: CONNECTIONS,
          seconds: SECONDS,
          offset: clockBlock++ * CONNECTIONS,
          employees: scale.employees,
        }),
      );
    // One clock-cycle script run = one clock in + one clock out = two HTTP requests.
    const textbook = await bench('textbook', textbookClockCycleScript());
    report.baselines.textbookClockCycle = { opsPerSec: round(textbook.tps * 2), latencyAvgMs: textbook.latencyAvgMs, failed: textbook.failed };
    if (captured) {
      const own = await bench('service-clock', captured.clockCycle);
      report.baselines.serviceSqlClockCycle = { opsPerSec: round(own.tps * 2), latencyAvgMs: own.latencyAvgMs, failed: own.failed };
      const timesheet = await bench('service-timesheet', captured.timesheet);
      report.baselines.serviceSqlTimesheet = { opsPerSec: round(timesheet.tps), latencyAvgMs: timesheet.latencyAvgMs, failed: timesheet.failed };
      const period = await bench('service-period', captured.payPeriod);
      report.baselines.serviceSqlPayPeriod = { opsPerSec: round(period.tps), latencyAvgMs: period.latencyAvgMs, failed: period.failed };
      const hours = await bench('service-hours-report', captured.hoursReport);
      report.baselines.serviceSqlHoursReport = { opsPerSec: round(hours.tps), latencyAvgMs: hours.latencyAvgMs, failed: hours.failed };
      writeFileSync(
        join(ROOT, 'bench/results/captured-sql.txt'),
        `-- clock cycle\n${captured.clockCycle}\n-- timesheet\n${captured.timesheet}\n-- pay period get-one\n${captured.payPeriod}\n-- hours report\n${captured.hoursReport}`,
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
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  const file = join(ROOT, 'bench/results', `${ENGINE}-${args.scale}-${report.startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2));
  process.stdout.write(`\n${formatReport(report)}\nresults: ${file}\n`);
  if (ENGINE === 'postgres') await dropDatabase(args.url!, DB_NAME);
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
  return {
    url: server.url,
    connections: CONNECTIONS,
    seconds: SECONDS,
    sampleRss: () => server.rssMiB(),
    requestsFor: (i) => {
      const headers = { authorization: `Bearer ${perConnection[i % perConnection.length]}`, 'content-type': 'application/json' };
      return [
        { method: 'POST', path: ENTRY, headers, body: '{"action":"clock_in"}' },
        { method: 'POST', path: ENTRY, headers, body: '{"action":"clock_out"}' },
      ];
    },
  };
}

function getOptions(server: RunningServer, path: string, perConnection: string[]): LoadOptions {
  return {
    url: server.url,
    connections: CONNECTIONS,
    seconds: SECONDS,
    sampleRss: () => server.rssMiB(),
    requestsFor: (i) => [{ method: 'GET', path, headers: { authorization: `Bearer ${perConnection[i % perConnection.length]}` } }],
  };
}

/** 100 logins a second, each from its own address (TRUST_PROXY=127.0.0.1), so the per-IP limit is not what is measured. */
function loginOptions(server: RunningServer, email: string, seconds: number): LoadOptions {
  let counter = 0;
  return {
    url: server.url,
    connections: 16,
    seconds,
    overallRate: 100,
    requestsFor: () =>
      Array.from({ length: 50 }, (): LoadRequest => {
        counter++;
        return {
          method: 'POST',
          path: '/api/v1/auth/login',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}` },
          body: JSON.stringify({ email, password: BENCH_PASSWORD }),
        };
      }),
  };
}

async function captureServiceSql(
  dbUrl: string,
  env: Record<string, string>,
  ids: Awaited<ReturnType<typeof loadScenarioIds>>,
  periodId: string,
  adminToken: string,
  employeeToken: (n: number) => Promise<string>,
  reportPath: string,
): Promise<{ clockCycle: string; timesheet: string; payPeriod: string; hoursReport: string }> {
  const logFile = execFileSync('pg_lsclusters', ['--no-header']).toString().trim().split(/\s+/).at(-1)!;
  const admin = new pg.Client({ connectionString: dbUrl });
  await admin.connect();
  await admin.query(`alter database ${DB_NAME} set log_statement = 'all'`);
  const server = await startServer(env);
  const employee = ids.employees.at(-1)!;
  const token = await employeeToken(ids.employees.length);
  const post = (body: string) => fetch(`${server.url}${ENTRY}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body });
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
    const period = await capture(() => get(`/api/v1/admin/pay-periods/${periodId}`, adminToken));
    const hoursReport = await capture(() => get(reportPath, adminToken));
    const entryId = (clockIn.body as { data?: { timeEntry?: { id?: string } } }).data?.timeEntry?.id;
    const idsOf = { employeeId: employee.id, companyId: employee.companyId, ...(entryId ? { entryId } : {}) };
    return {
      clockCycle: toPgbenchScript([...clockIn.statements, ...clockOut.statements], idsOf, clockIn.capturedAt),
      timesheet: toPgbenchScript(timesheet.statements, idsOf, timesheet.capturedAt),
      payPeriod: toPgbenchScript(period.statements, idsOf, period.capturedAt),
      hoursReport: toPgbenchScript(hoursReport.statements, idsOf, hoursReport.capturedAt),
    };
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
    const detail = error instanceof Error ? error.message.split('\n').find((line) => line.includes('ERROR')) ?? error.message : String(error);
    log(`baseline failed: ${detail.slice(0, 300)}`);
    return { tps: NaN, latencyAvgMs: NaN, transactions: 0, failed: -1 };
  }
  return results.sort((a, b) => a.tps - b.tps)[Math.floor(results.length / 2)]!;
}

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

async function recreateDatabase(baseUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: `${baseUrl}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  return `${baseUrl}/${name}`;
}

async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: `${baseUrl}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
