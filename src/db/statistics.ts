// The planner's statistics on the embedded engine (docs/architecture.md §3, "Plans kept for the
// session"). PostgreSQL's autovacuum analyzes a table again once about a tenth of it changed,
// and every plan kept from before is then made again. PGlite runs no autovacuum: its tables
// were never analyzed, and a plan its one session kept while they were small (a named
// statement's, a plpgsql function's) stayed that plan however large they grew. A batch of 64
// clock outs planned on a fresh database took 18 ms, 68 ms once 2,000 other employees were on
// shift over 50,000 past entries (its UPDATE still read the whole table, as planned while the
// table was small), and 8 ms once they were analyzed (BENCHMARKS.md, "Plans made on a fresh
// database").
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './open.ts';

/** How often the embedded engine's service looks for tables that grew (src/main.ts). */
export const STATISTICS_CHECK_INTERVAL_MS = 60_000;

/**
 * Analyzes every table of the schema whose file grew past its size at its last ANALYZE by a
 * tenth and 8 pages (autovacuum's rule, by size: a file's size is known without reading it;
 * a never-analyzed table counts as 0 pages). Returns the tables it analyzed, quoted.
 */
export async function analyzeGrownTables(db: Db): Promise<string[]> {
  const grown = await queryRows<{ name: string }>(
    db,
    sql`select format('%I', c.relname) as name
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = current_schema() and c.relkind = 'r'
           and pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.1 + 8
         order by c.relname`,
  );
  const names = grown.map((row) => row.name);
  // The names are PostgreSQL's own, quoted by format('%I').
  if (names.length > 0) await db.execute(sql.raw(`analyze ${names.join(', ')}`));
  return names;
}
