// Autovacuum's two jobs, done by the service on the embedded engine (docs/architecture.md §3,
// "Plans kept for the session"). PGlite runs no autovacuum, so without this:
// - its tables were never analyzed, and a plan its one session kept while they were small (a
//   named statement's, a plpgsql function's) stayed that plan however large they grew. A batch
//   of 64 clock outs planned on a fresh database took 18 ms, 68 ms once 2,000 other employees
//   were on shift over 50,000 past entries (its UPDATE still read the whole table), and 8 ms
//   once they were analyzed (BENCHMARKS.md, "Plans made on a fresh database");
// - no dead row was ever removed. Every clock out leaves one (the entry's version before it), as
//   does every purged idempotency key and revoked token, and only the few that a later statement
//   happened to prune on its page had their space used again. After 96,000 batched punch cycles
//   of 64 employees, time_entries held 3,681 pages without VACUUM and 2,375 with this check
//   (BENCHMARKS.md, "Dead rows on the embedded engine").
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './open.ts';

/** How often the embedded engine's service looks for tables to maintain (src/main.ts). */
export const MAINTENANCE_CHECK_INTERVAL_MS = 60_000;

export interface Maintained {
  /** Tables vacuumed (and analyzed with it), quoted. */
  vacuumed: string[];
  /** Tables only analyzed, quoted. */
  analyzed: string[];
}

/**
 * Applies autovacuum's default rules to every table of the schema, by its counts and sizes:
 * - `VACUUM (ANALYZE)` once its dead rows passed 50 and a fifth of its rows at its last count
 *   (autovacuum_vacuum_threshold and _scale_factor). A never-counted table counts as 0 rows;
 * - `ANALYZE` once its file grew past its size at its last count by a tenth and 8 pages
 *   (autovacuum's analyze rule, by size: a file's size is known without reading it).
 */
export async function maintainTables(db: Db): Promise<Maintained> {
  const tables = await queryRows<{ name: string; dead: boolean; grown: boolean }>(
    db,
    sql`select format('%I', c.relname) as name,
               coalesce(pg_stat_get_dead_tuples(c.oid), 0) > 50 + 0.2 * greatest(c.reltuples, 0) as dead,
               pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.1 + 8 as grown
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = current_schema() and c.relkind = 'r'
         order by c.relname`,
  );
  const vacuumed = tables.filter((table) => table.dead).map((table) => table.name);
  const analyzed = tables.filter((table) => !table.dead && table.grown).map((table) => table.name);
  // The names are PostgreSQL's own, quoted by format('%I'). VACUUM cannot run in a transaction:
  // each is a statement of its own.
  if (vacuumed.length > 0) await db.execute(sql.raw(`vacuum (analyze) ${vacuumed.join(', ')}`));
  if (analyzed.length > 0) await db.execute(sql.raw(`analyze ${analyzed.join(', ')}`));
  return { vacuumed, analyzed };
}
