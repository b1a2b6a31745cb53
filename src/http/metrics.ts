// Prometheus metrics (GET /metrics, docs/api.md §15): request count and latency per route pattern and status, the
// database pool, rate-limit rejections, password hashes and the default process metrics, in a registry of our
// own (not prom-client's global one). GET /metrics exists only when METRICS_TOKEN is set, and
// answers only to `Authorization: Bearer <METRICS_TOKEN>`.
//
// 429 answers are counted in `rate_limit_rejections_total` automatically (label `limit` = the
// route pattern). Code that refuses work by a limit WITHOUT answering 429 records it itself:
//   import { metrics } from '../http/metrics.ts';
//   metrics.rateLimitRejections.inc({ limit: 'login' });
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { Database } from '../db/open.ts';
import { Errors } from '../core/errors.ts';
import { PLUGIN, sharedPlugin } from './plugin.ts';

export const METRICS_PATH = '/metrics';
/** The route label of requests that matched no route: raw URLs would explode the series count. */
export const UNMATCHED_ROUTE = 'unmatched';

export interface Metrics {
  readonly registry: Registry;
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly dbPoolConnections: Gauge<'state'>;
  /** Increment with the limit's name: `metrics.rateLimitRejections.inc({ limit: 'login' })`. */
  readonly rateLimitRejections: Counter<'limit'>;
  /** Punches per coalesced statement, by kind (clock_in, clock_out): src/core/coalescer.ts. */
  readonly punchBatchSize: Histogram<'kind'>;
  /** Timesheet reads per coalesced statement, by kind (week, pay_period): src/modules/timesheet/timesheet-reader.ts. */
  readonly timesheetReadBatchSize: Histogram<'kind'>;
  /** argon2id hashes by state (running, waiting): src/core/hashing.ts. */
  readonly passwordHashes: Gauge<'state'>;
  /** Adds the pool of a database to `db_pool_connections` until the returned function is called. */
  observeDatabase(database: Pick<Database, 'poolStats'>): () => void;
  /** Adds a hasher to `password_hashes` until the returned function is called. */
  observeHasher(hasher: HashSlots): () => void;
}

/** What `password_hashes` reads of a hasher (SecretHasher). */
export interface HashSlots {
  readonly running: number;
  readonly waiting: number;
}

/** A fresh set of metrics in its own registry (tests that want isolation build their own). */
export function createMetrics(options: { defaultMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  const databases = new Set<Pick<Database, 'poolStats'>>();
  const hashers = new Set<HashSlots>();
  const httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request received to response sent, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const dbPoolConnections = new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (in_use, idle, waiting = requests queued for a connection); absent on PGlite',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      let inUse = 0;
      let idle = 0;
      let waiting = 0;
      let any = false;
      for (const database of databases) {
        const stats = database.poolStats();
        if (!stats) continue;
        any = true;
        inUse += stats.total - stats.idle;
        idle += stats.idle;
        waiting += stats.waiting;
      }
      if (!any) return;
      this.set({ state: 'in_use' }, inUse);
      this.set({ state: 'idle' }, idle);
      this.set({ state: 'waiting' }, waiting);
    },
  });
  const rateLimitRejections = new Counter({
    name: 'rate_limit_rejections_total',
    help: 'Requests refused with 429 by a rate limit, by limit name',
    labelNames: ['limit'] as const,
    registers: [registry],
  });
  const punchBatchSize = new Histogram({
    name: 'punch_batch_size',
    help: 'Punches carried by one coalesced statement, by kind (1 = sent alone); see docs/architecture.md §3',
    labelNames: ['kind'] as const,
    buckets: [1, 2, 4, 8, 16, 32, 64],
    registers: [registry],
  });
  const timesheetReadBatchSize = new Histogram({
    name: 'timesheet_read_batch_size',
    help: 'Timesheet reads carried by one coalesced statement, by kind (1 = sent alone); see docs/architecture.md §3',
    labelNames: ['kind'] as const,
    buckets: [1, 2, 4, 8, 16, 32],
    registers: [registry],
  });
  const passwordHashes = new Gauge({
    name: 'password_hashes',
    help: 'argon2id hashes of passwords and PINs by state (running, waiting = queued for a slot); sign-ins hash one at a time while other requests run',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      let running = 0;
      let waiting = 0;
      for (const hasher of hashers) {
        running += hasher.running;
        waiting += hasher.waiting;
      }
      this.set({ state: 'running' }, running);
      this.set({ state: 'waiting' }, waiting);
    },
  });
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequests,
    httpDuration,
    dbPoolConnections,
    rateLimitRejections,
    punchBatchSize,
    timesheetReadBatchSize,
    passwordHashes,
    observeDatabase: observeIn(databases),
    observeHasher: observeIn(hashers),
  };
}

/** Adds an item to a gauge's set until the returned function is called. */
function observeIn<T>(observed: Set<T>): (item: T) => () => void {
  return (item) => {
    observed.add(item);
    return () => {
      observed.delete(item);
    };
  };
}

/** The process's metrics: one registry per process, as Prometheus scrapes one per process. */
export const metrics: Metrics = createMetrics();

/**
 * Records every request of `app` and serves GET /metrics, when config.metricsToken is set.
 * Without it nothing is registered: /metrics is an unknown route (404 Not found).
 */
export const metricsPlugin = sharedPlugin(PLUGIN.metrics, [PLUGIN.openApi], (app, ctx) => registerMetrics(app, ctx));

function registerMetrics(
  app: FastifyInstance,
  deps: { config: Pick<Config, 'metricsToken'>; database: Pick<Database, 'poolStats'>; hasher: HashSlots },
  target: Metrics = metrics,
): void {
  const token = deps.config.metricsToken;
  if (!token) return;
  const expected = digest(token);

  const forgetDatabase = target.observeDatabase(deps.database);
  const forgetHasher = target.observeHasher(deps.hasher);
  app.addHook('onClose', async () => {
    forgetDatabase();
    forgetHasher();
  });

  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      // The pattern (`/api/v1/admin/companies/:id`), never the raw URL.
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: String(reply.statusCode),
    };
    target.httpRequests.inc(labels);
    target.httpDuration.observe(labels, reply.elapsedTime / 1000);
    // Every 429 is a rate-limit rejection, whichever limiter answered it: counted here, once,
    // by route pattern, so the limiters need no metrics code of their own.
    if (reply.statusCode === 429) target.rateLimitRejections.inc({ limit: labels.route });
  });

  app.get(METRICS_PATH, { schema: { hide: true }, config: { auth: 'none' } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    // Compare digests: equal length, constant time, so the token cannot be guessed byte by byte.
    if (!match || !timingSafeEqual(digest(match[1] ?? ''), expected)) throw Errors.authenticationRequired();
    const body = await target.registry.metrics();
    return reply.header('cache-control', 'no-store').type(target.registry.contentType).send(body);
  });
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
