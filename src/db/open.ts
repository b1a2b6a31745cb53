// One database handle over two engines: embedded PGlite (file-backed or in-memory) and
// PostgreSQL through a `pg` pool. Everything above this file sees only `Database`.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { sql, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { scopedDb } from './transaction-scope.ts';

import type { Db } from './db.ts';

export type { Db } from './db.ts';
export type Engine = 'pglite' | 'postgres';

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface Database {
  readonly engine: Engine;
  /** Runs on the request's held transaction inside one (src/db/transaction-scope.ts), else on the pool. */
  readonly db: Db;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Connection pool figures for metrics; null on PGlite, which has one in-process connection. */
  poolStats(): PoolStats | null;
}

/**
 * The committed migrations: the nearest `drizzle/` folder above this module, so the same code
 * finds it from src/db/ (tests, tsx) and from the bundled dist/ that `npm start` runs.
 */
export const MIGRATIONS_FOLDER = findMigrationsFolder(dirname(fileURLToPath(import.meta.url)));

function findMigrationsFolder(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`no drizzle/ migrations folder above ${start}`);
  }
}
/** Any fixed number: every instance takes the same advisory lock while migrating. */
const MIGRATION_LOCK_KEY = 727_274_031;

export interface OpenOptions {
  /** `undefined`: PGlite files in dataDir; `memory://`: in-memory PGlite; else postgres://. */
  url: string | undefined;
  dataDir?: string;
  poolMax?: number;
  /** Tests start from a migrated template instead of running initdb + migrations again. */
  pgliteLoadDataDir?: Blob;
  /** Longest a statement may run before PostgreSQL cancels it. */
  statementTimeoutMs?: number;
  /** How long a request waits for a pooled connection before it gets a 503. */
  connectionTimeoutMs?: number;
  /** PostgreSQL: how long a pooled connection lives before it is replaced (0: for good). */
  connectionLifetimeSeconds?: number;
}

/** How long a request waits for a pooled connection by default. */
const DEFAULT_CONNECTION_TIMEOUT_MS = 3_000;

/**
 * How long a pooled PostgreSQL connection lives by default. A session keeps the plans it made
 * for its named statements and plpgsql functions until a table's statistics change
 * (docs/architecture.md §3, "Plans kept for the session"), and where autovacuum is off nothing
 * changes them: a busy pool's sessions, which never idle out, kept for good the plans they made
 * while the tables were small. A session that starts later plans on the tables' sizes as they
 * are. 64 clock outs planned on a fresh database took 181 ms in the same session once 2,000
 * others were on shift over 50,000 past entries, and 24 ms in a new one (BENCHMARKS.md, "Plans
 * kept where autovacuum is off"). A new connection and its first statement took 4.9 ms here
 * (median of 30): a pool of 16 renews one every 37 s or so.
 */
export const DEFAULT_CONNECTION_LIFETIME_SECONDS = 600;

const connectionWaitBounds = new WeakMap<Db, number>();

/**
 * The longest a statement on `db` waits to be sent before it is refused: on PostgreSQL, the
 * pool's connection timeout; on PGlite, none (its one in-process connection has no timeout, so a
 * statement waits its turn however long). A coalesced punch or read waits for its batch no longer
 * than it would have waited alone (src/modules/timesheet/punch-writer.ts, timesheet-reader.ts).
 */
export function connectionWaitBound(db: Db): number | undefined {
  return connectionWaitBounds.get(db);
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url && /^postgres(ql)?:\/\//.test(options.url)) return openPostgres(options.url, options);
  return openPglite(options);
}

/** The extensions the migrations create (btree_gist for the no-overlap rule, pg_trgm for search). */
export async function pgliteExtensions() {
  const [{ btree_gist }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite/contrib/btree_gist'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  return { btree_gist, pg_trgm };
}

/**
 * PGlite's modules are imported here, when the embedded engine is opened: imported at start on
 * PostgreSQL too, they raised a server's idle RSS from a median of 114 to 117 MiB, against a
 * target of 120 (BENCHMARKS.md, the 2026-11-26 11:24 round, "Idle RSS").
 */
async function openPglite(options: OpenOptions): Promise<Database> {
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }, extensions] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    pgliteExtensions(),
  ]);
  let dataDir = 'memory://';
  if (options.url !== 'memory://') {
    const dir = join(options.dataDir ?? './data', 'pglite');
    mkdirSync(dir, { recursive: true });
    dataDir = dir;
  }
  const client = await PGlite.create(dataDir, {
    extensions,
    ...(options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}),
  });
  // Scoped: inside a request's held transaction, every call runs on that transaction.
  const db = scopedDb(drizzlePglite(client, { schema }) as unknown as Db);
  return {
    engine: 'pglite',
    db,
    async ping() {
      await client.query('select 1');
    },
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async close() {
      if (!client.closed) await client.close();
    },
    poolStats: () => null,
  };
}

async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  const connectionTimeoutMs = options.connectionTimeoutMs ?? DEFAULT_CONNECTION_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? 10,
    // Fail fast instead of queueing without bound when the database is away or saturated.
    connectionTimeoutMillis: connectionTimeoutMs,
    idleTimeoutMillis: 30_000,
    // Ended once idle past its lifetime (pg-pool), so that its kept plans are made again.
    maxLifetimeSeconds: options.connectionLifetimeSeconds ?? DEFAULT_CONNECTION_LIFETIME_SECONDS,
    statement_timeout: options.statementTimeoutMs ?? 10_000,
    idle_in_transaction_session_timeout: 30_000,
    application_name: 'payclock',
  });
  // An idle client losing its connection (database restart) must not crash the process;
  // the pool drops it and the next checkout connects again.
  pool.on('error', () => {});
  const db = scopedDb(drizzlePg(pool, { schema }) as unknown as Db);
  // pg reads 0 as "wait as long as it takes".
  if (connectionTimeoutMs > 0) connectionWaitBounds.set(db, connectionTimeoutMs);
  return {
    engine: 'postgres',
    db,
    async ping() {
      await pool.query('select 1');
    },
    async migrate() {
      // One client holds a session advisory lock so that instances starting together migrate once.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** Rows of a raw statement, the same on both drivers (both results carry `.rows`). */
export async function queryRows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A raw statement's text and parameters as Drizzle sends them to the driver. */
export function renderQuery(db: Db, query: SQL): { sql: string; params: unknown[] } {
  return (db as unknown as { dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } } }).dialect.sqlToQuery(query);
}
