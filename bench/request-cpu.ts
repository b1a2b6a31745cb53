// node --import tsx bench/request-cpu.ts [--requests 3000] [--reads week,report,…] [--profile DIR]   (BENCH_DATABASE=name)
// Node's own CPU per request of each read, without sockets: the app is built in this process
// (as `npm start` builds it, production logging) on a fresh PostgreSQL database seeded like
// `npm run bench --scale small`, and driven through `app.inject`, one request at a time.
// `process.cpuUsage` counts every thread of the process (the garbage collector's too), so
// "node CPU" is what the service costs the machine per request, apart from PostgreSQL. Its
// complement, wall minus CPU, is mostly the database's time. BENCHMARKS.md uses it to bound
// what a read can reach against pgbench replaying its SQL on the same two cores. Last, one
// round trip alone (`select 1`), the floor under each of a read's statements.
// The hours report runs a fiftieth of --requests after 20 to warm up. --reads picks reads by key
// (default: all). The pay period's get-one is not here: `app.inject` makes its own string of each
// 1.6 MB answer, which costs Node.js more than the service does. bench/ab-reads.ts measures it
// over HTTP.
// --profile DIR writes a V8 CPU profile of each read's measured requests alone
// (DIR/<n>-<read>.cpuprofile, for bench/profile-summary.ts); the figures then include the
// profiler's own cost, so compare them only with other profiled runs.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { SecretHasher } from '../src/core/hashing.ts';
import { TokenService } from '../src/core/tokens.ts';
import { openDatabase } from '../src/db/open.ts';
import { dropDatabase, recreateDatabase } from './bench-database.ts';
import { EMPLOYEE_SEARCH, hoursReportPath, ORG_SEARCH } from './read-paths.ts';
import { BENCH_PASSWORD, BENCH_PIN, growTimeEntries, loadScenarioIds, SCALES, seedBase, seedBusyPeriod, seedSearchEmployees } from './seed.ts';

const { values: args } = parseArgs({
  options: { requests: { type: 'string', default: '3000' }, reads: { type: 'string' }, profile: { type: 'string' } },
});
const REQUESTS = Number(args.requests);
const PROFILE_DIR = args.profile;
// Enough for V8 to have compiled the hot paths: with 100 the figures were twice these.
const WARMUP = 1000;
const HEAVY = { warmup: 20, share: 50 };
const SERVER = 'postgres://postgres@127.0.0.1:5432';
const NAME = process.env.BENCH_DATABASE ?? 'payclock_bench_request_cpu';
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

const url = await recreateDatabase(SERVER, NAME);
const database = await openDatabase({ url, poolMax: 16, statementTimeoutMs: 0 });
try {
  await database.migrate();
  const now = new Date();
  const scale = SCALES.small!;
  const hasher = new SecretHasher();
  const hashes = { pin: await hasher.hash(BENCH_PIN), password: await hasher.hash(BENCH_PASSWORD) };
  await seedBase(database.db, scale, hashes, now);
  const busy = await seedBusyPeriod(database.db, now, hashes.pin);
  await seedSearchEmployees(database.db, scale, 100_000, hashes.pin);
  await growTimeEntries(database.db, scale.employees, scale.timeEntries, now);
  const ids = await loadScenarioIds(database.db);

  const tokens = new TokenService(new TextEncoder().encode(JWT_SECRET), 86_400);
  const admin = ids.admins[0]!;
  const employee = ids.employees[0]!;
  const adminToken = await tokens.sign({ userId: admin.id, type: 'admin', bookkeeperOrgId: admin.bookkeeperOrgId, email: admin.email }, now);
  const employeeToken = await tokens.sign({ userId: employee.id, type: 'employee', companyId: employee.companyId }, now);
  const busyToken = await tokens.sign({ userId: busy.employees[0]!.id, type: 'employee', companyId: busy.companyId }, now);

  const config = loadConfig({ JWT_SECRET, DATABASE_URL: url, NODE_ENV: 'production', LOG_LEVEL: 'warn' });
  const app = await buildApp({ config, database });
  await app.ready();
  const allReads: Record<string, { name: string; path: string; token: string; heavy?: true }> = {
    health: { name: 'health (no auth, no SQL)', path: '/health', token: adminToken },
    week: { name: 'timesheet, current week', path: '/api/v1/employee/timesheet', token: employeeToken },
    period: { name: 'timesheet, busy pay period', path: `/api/v1/employee/timesheet?payPeriodId=${busy.id}`, token: busyToken },
    orgs: { name: 'organization search', path: ORG_SEARCH, token: adminToken },
    employees: { name: 'employee search', path: EMPLOYEE_SEARCH, token: adminToken },
    report: { name: 'hours report', path: hoursReportPath(now), token: adminToken, heavy: true },
  };
  const reads = (args.reads ?? Object.keys(allReads).join(',')).split(',').map((key) => {
    const read = allReads[key.trim()];
    if (!read) throw new Error(`--reads: unknown read '${key}' (${Object.keys(allReads).join(', ')})`);
    return read;
  });
  process.stdout.write(`requests of each read: ${REQUESTS} after ${WARMUP} to warm up (hours report: ${REQUESTS / HEAVY.share} after ${HEAVY.warmup}); load ${readFileSync('/proc/loadavg', 'utf8').trim()}\n`);
  process.stdout.write('| read | bytes | wall ms/request | node CPU ms/request | wall − CPU |\n|---|---|---|---|---|\n');
  const profiler = PROFILE_DIR ? new Session() : undefined;
  if (profiler && PROFILE_DIR) {
    mkdirSync(PROFILE_DIR, { recursive: true });
    profiler.connect();
    await profiler.post('Profiler.enable');
  }
  for (const [index, read] of reads.entries()) {
    let bytes = 0;
    const send = async () => {
      const response = await app.inject({ method: 'GET', url: read.path, headers: { authorization: `Bearer ${read.token}` } });
      if (response.statusCode !== 200) throw new Error(`${read.name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      bytes = response.rawPayload.length;
    };
    const [warmup, requests] = read.heavy ? [HEAVY.warmup, Math.max(1, Math.round(REQUESTS / HEAVY.share))] : [WARMUP, REQUESTS];
    for (let i = 0; i < warmup; i++) await send();
    await profiler?.post('Profiler.start');
    const cpuBefore = process.cpuUsage();
    const startedAt = performance.now();
    for (let i = 0; i < requests; i++) await send();
    const wall = (performance.now() - startedAt) / requests;
    const used = process.cpuUsage(cpuBefore);
    if (profiler && PROFILE_DIR) {
      const { profile } = await profiler.post('Profiler.stop');
      const slug = read.name.replace(/\W+/g, '-').replace(/-$/, '');
      writeFileSync(join(PROFILE_DIR, `${index + 1}-${slug}.cpuprofile`), JSON.stringify(profile));
    }
    const cpu = (used.user + used.system) / 1000 / requests;
    process.stdout.write(`| ${read.name} | ${bytes} | ${wall.toFixed(2)} | ${cpu.toFixed(2)} | ${(wall - cpu).toFixed(2)} |\n`);
  }
  profiler?.disconnect();
  await app.close();

  // One round trip alone: a prepared `select 1` on one connection, over TCP and over the Unix
  // socket (where the machine has it), the floor under every statement a read sends.
  process.stdout.write('\n| one prepared `select 1` | wall µs | Node user µs | Node system µs |\n|---|---|---|---|\n');
  for (const host of ['127.0.0.1', '/var/run/postgresql']) {
    const client = new pg.Client({ host, user: 'postgres', database: NAME });
    try {
      await client.connect();
    } catch {
      continue; // no Unix socket here
    }
    const selectOne = () => client.query({ name: 'select_one', text: 'select 1' });
    for (let i = 0; i < WARMUP; i++) await selectOne();
    const cpuBefore = process.cpuUsage();
    const startedAt = performance.now();
    for (let i = 0; i < REQUESTS; i++) await selectOne();
    const wall = ((performance.now() - startedAt) * 1000) / REQUESTS;
    const used = process.cpuUsage(cpuBefore);
    process.stdout.write(`| ${host} | ${wall.toFixed(0)} | ${(used.user / REQUESTS).toFixed(0)} | ${(used.system / REQUESTS).toFixed(0)} |\n`);
    await client.end();
  }
} finally {
  await database.close();
  await dropDatabase(SERVER, NAME);
}
