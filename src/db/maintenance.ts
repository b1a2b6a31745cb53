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
//   of 64 employees, time_entries held 3,668-3,681 pages without VACUUM and 2,370-2,375 with this
//   check (BENCHMARKS.md, "Dead rows on the embedded engine").
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './open.ts';

/** How often the embedded engine's service looks for tables to maintain (src/main.ts). */
export const MAINTENANCE_CHECK_INTERVAL_MS = 60_000;

/**
 * Vacuums and analyzes every table of the schema that autovacuum's rules would, as far as the
 * embedded engine can tell. Returns the tables it maintained, quoted. A table is due when:
 * - its file grew past its size at its last VACUUM or ANALYZE by a tenth and 8 pages (the
 *   analyze rule, by size: a file's size is known without reading it, and the size recorded at
 *   the last count is kept in the catalog across restarts; a never-counted table counts as 0);
 * - or its dead rows passed 50 and a fifth of its rows at the last count (the vacuum rule). PGlite
 *   counts dead rows only since it opened, so this catches the rows that die without the file
 *   growing (deleted ones); the first rule catches the rest after a restart.
 * Both take `VACUUM (ANALYZE)`: a grown table's new rows include the dead versions of its clock
 * outs, and vacuuming them with the analyze costs little more than analyzing alone: a fifth to a
 * third more, side by side at 300,000 entries once a tenth more had arrived, each with a dead
 * version (BENCHMARKS.md, "Dead rows on the embedded engine").
 */
export async function maintainTables(db: Db): Promise<string[]> {
  const due = await queryRows<{ name: string }>(
    db,
    sql`select format('%I', c.relname) as name
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = current_schema() and c.relkind = 'r'
           and (pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.1 + 8
                or coalesce(pg_stat_get_dead_tuples(c.oid), 0) > 50 + 0.2 * greatest(c.reltuples, 0))
         order by c.relname`,
  );
  const names = due.map((row) => row.name);
  // The names are PostgreSQL's own, quoted by format('%I'). VACUUM cannot run in a transaction:
  // it is a statement of its own.
  if (names.length > 0) await db.execute(sql.raw(`vacuum (analyze) ${names.join(', ')}`));
  return names;
}
