// What a transaction has read of a table so far, from the counts both engines keep for the
// session (pg_stat_get_xact_*). They report them only when a transaction ends, so two readings
// inside one transaction differ by exactly what ran between them.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/db/open.ts';

/** Rows `table`'s indexes returned, and with `'table and indexes'` also its sequential scans. */
export async function rowsReadSoFar(tx: Db, table: string, of: 'indexes' | 'table and indexes'): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select coalesce(sum(pg_stat_get_xact_tuples_returned(r.oid)), 0)::int as n
          from (select indexrelid as oid from pg_index where indrelid = ${table}::regclass
                union all select ${table}::regclass::oid where ${of === 'table and indexes'}) r`,
  );
  return row!.n;
}
