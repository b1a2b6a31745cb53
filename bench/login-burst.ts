// Login throughput at the real argon2id cost, and whether a burst of logins stalls the other
// requests (docs/api.md §11; BENCHMARKS.md). The app runs in this process on loopback, so its event-loop delay is
// measured directly (perf_hooks.monitorEventLoopDelay); the logins come from a child process,
// so the load generator does not share that loop. A /health probe every 20 ms shows what an
// unrelated request waits during the burst.
//
//   node --import tsx bench/login-burst.ts [--logins 400] [--concurrency 16] [--database memory://|postgres://…]
//                                          [--max-concurrent N]  (N ≥ 4 removes the hasher's bound, for comparison)
//
// Each login carries its own X-Forwarded-For (TRUST_PROXY=127.0.0.1), so the per-IP login
// limit does not turn the burst into 429s: every request pays for one argon2id verification.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/open.ts';
import { adminUsers, bookkeeperOrgs } from '../src/db/schema.ts';
import { DEFAULT_HASH_COST, SecretHasher } from '../src/core/hashing.ts';

const { values: args } = parseArgs({
  options: {
    logins: { type: 'string', default: '400' },
    concurrency: { type: 'string', default: '16' },
    database: { type: 'string', default: 'memory://' },
    /** Hashes at once (default: the hasher's own); a large value shows the unbounded behaviour. */
    'max-concurrent': { type: 'string' },
  },
});
const LOGINS = Number(args.logins);
const CONCURRENCY = Number(args.concurrency);
const PASSWORD = 'bench password 123';

/** Runs in a child process: fires the logins and reports client-side figures as JSON. */
const LOAD_SCRIPT = `
const [url, email, password, total, concurrency] = process.argv.slice(1);
const statuses = {};
const latencies = [];
let next = 0;
async function worker() {
  while (next < Number(total)) {
    const i = next++;
    const ip = '10.' + ((i >> 16) & 255) + '.' + ((i >> 8) & 255) + '.' + (i & 255);
    const started = performance.now();
    const res = await fetch(url + '/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email, password }),
    });
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  }
}
const started = performance.now();
Promise.all(Array.from({ length: Number(concurrency) }, worker)).then(() => {
  const elapsedMs = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  process.stdout.write(JSON.stringify({ elapsedMs, statuses, p50: at(0.5), p99: at(0.99) }));
});
`;

interface LoadReport {
  elapsedMs: number;
  statuses: Record<string, number>;
  p50: number;
  p99: number;
}

function runLoad(url: string, email: string): Promise<LoadReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', LOAD_SCRIPT, url, email, PASSWORD, String(LOGINS), String(CONCURRENCY)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as LoadReport) : reject(new Error(`load generator exited ${code}`))));
  });
}

const ms = (ns: number) => (ns / 1e6).toFixed(1);

async function main(): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    DATABASE_URL: args.database,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'payclock-bench-')),
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolMax: 10 });
  await database.migrate();
  const maxConcurrent = args['max-concurrent'] ? Number(args['max-concurrent']) : undefined;
  const hasher = new SecretHasher(DEFAULT_HASH_COST, maxConcurrent ? { maxConcurrent } : {});
  const app = await buildApp({ config, database, hasher, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const suffix = Math.random().toString(36).slice(2, 10);
  const [org] = await database.db.insert(bookkeeperOrgs).values({ name: `Bench ${suffix}`, slug: `bench-${suffix}` }).returning();
  const email = `bench-${suffix}@example.com`;
  const hashStarted = performance.now();
  const passwordHash = await hasher.hash(PASSWORD);
  const hashMs = performance.now() - hashStarted;
  await database.db.insert(adminUsers).values({ bookkeeperOrgId: org!.id, email, passwordHash, firstName: 'Bench', lastName: 'Admin' });

  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const idle = { p50: loop.percentile(50), p99: loop.percentile(99), max: loop.max };
  loop.reset();

  // An authenticated read needs the token check (HMAC through WebCrypto, on libuv's pool like
  // argon2) and a database query: it shows whether logins starve other users' requests.
  const login = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const probeLatencies: number[] = [];
  const meLatencies: number[] = [];
  let probing = true;
  const probeLoop = async (path: string, into: number[], headers: Record<string, string>) => {
    while (probing) {
      const started = performance.now();
      await (await fetch(`${url}${path}`, { headers })).arrayBuffer();
      into.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const probes = [probeLoop('/health', probeLatencies, {}), probeLoop('/api/v1/auth/me', meLatencies, { authorization: `Bearer ${token}` })];
  const load = await runLoad(url, email);
  probing = false;
  await Promise.all(probes);
  const burst = { p50: loop.percentile(50), p99: loop.percentile(99), max: loop.max };
  loop.disable();
  const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(0.99 * values.length))] ?? 0;
  const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(0.5 * values.length)] ?? 0;

  const lines = [
    `engine ${database.engine}; argon2id m=${DEFAULT_HASH_COST.memoryCost} KiB t=${DEFAULT_HASH_COST.timeCost} p=${DEFAULT_HASH_COST.parallelism}; one hash ${hashMs.toFixed(1)} ms; UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}`,
    `${LOGINS} logins, ${CONCURRENCY} concurrent: ${(LOGINS / (load.elapsedMs / 1000)).toFixed(1)} logins/s; statuses ${JSON.stringify(load.statuses)}; latency p50 ${load.p50.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms`,
    `event-loop delay idle: p50 ${ms(idle.p50)} ms, p99 ${ms(idle.p99)} ms, max ${ms(idle.max)} ms`,
    `event-loop delay during burst: p50 ${ms(burst.p50)} ms, p99 ${ms(burst.p99)} ms, max ${ms(burst.max)} ms`,
    `GET /health during burst: ${probeLatencies.length} probes, p50 ${p50(probeLatencies).toFixed(1)} ms, p99 ${p99(probeLatencies).toFixed(1)} ms`,
    `GET /api/v1/auth/me (token check + query) during burst: ${meLatencies.length} probes, p50 ${p50(meLatencies).toFixed(1)} ms, p99 ${p99(meLatencies).toFixed(1)} ms`,
  ];
  process.stdout.write(lines.join('\n') + '\n');
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
