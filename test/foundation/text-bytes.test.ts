// queryTextBytes (src/db/text-bytes.ts) on the suite's engine (PGlite by default, PostgreSQL
// with TEST_DATABASE_URL, where each part is written as its row arrives): the parts in order
// with the caller's room around them, no rows, a declared total that undercounts, a statement
// that fails after its first rows (the pooled connection is not lost), and a request's held
// transaction.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgErrorCode } from '../../src/db/errors.ts';
import { openDatabase, queryRows, type Database } from '../../src/db/open.ts';
import { queryTextBytes, type Room } from '../../src/db/text-bytes.ts';
import { holdTransaction, runInTransactionScope } from '../../src/db/transaction-scope.ts';
import { openTestDatabase } from '../helpers/app.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

const ROOM: Room = { before: 3, after: 2 };
const PARTS = ['{"a":"ñ', '日本', '😀"}'];

/** A statement of TextPartRow rows: `parts` in order, each declaring `declared` bytes in all (the true total by default). */
const partsStatement = (parts: string[], declared?: number) => sql`
  select part, coalesce(${declared ?? null}::bigint, sum(octet_length(part)) over ()) as document_bytes
  from jsonb_array_elements_text(${JSON.stringify(parts)}::jsonb) with ordinality as p(part, n)
  order by n`;

describe('queryTextBytes', () => {
  it('joins the parts as UTF-8 in order, with the room around them filled with spaces', async () => {
    const bytes = await queryTextBytes(database.db, 'text_bytes_test_parts', partsStatement(PARTS), ROOM);
    expect(bytes?.toString('utf8')).toBe(`   ${PARTS.join('')}  `);
    expect(bytes?.length).toBe(ROOM.before + Buffer.byteLength(PARTS.join('')) + ROOM.after);
  });

  it('runs again as the same prepared statement with other values', async () => {
    const bytes = await queryTextBytes(database.db, 'text_bytes_test_parts', partsStatement(['x', 'y']), ROOM);
    expect(bytes?.toString('utf8')).toBe('   xy  ');
  });

  it('is undefined when the statement returns no row', async () => {
    expect(await queryTextBytes(database.db, 'text_bytes_test_parts', partsStatement([]), ROOM)).toBeUndefined();
  });

  it('still answers every byte when the declared total undercounts', async () => {
    const bytes = await queryTextBytes(database.db, 'text_bytes_test_short', partsStatement(PARTS, 2), { before: 0, after: 1 });
    expect(bytes?.toString('utf8')).toBe(`${PARTS.join('')} `);
  });

  it('rejects with the database error when the statement fails after its first rows, and the pool still answers', async () => {
    const failing = sql`
      select case when n < 3 then 'part' else (1 / (n - n))::text end as part, 12 as document_bytes
      from generate_series(1, 3) n`;
    const failure: unknown = await queryTextBytes(database.db, 'text_bytes_test_failing', failing, ROOM).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(pgErrorCode(failure)).toBe('22012'); // division_by_zero
    // More calls than the pool has connections: none was kept by the failure.
    for (let i = 0; i < 8; i++) {
      const bytes = await queryTextBytes(database.db, 'text_bytes_test_parts', partsStatement(['ok']), ROOM);
      expect(bytes?.toString('utf8')).toBe('   ok  ');
    }
    const stats = database.poolStats();
    if (stats) expect(stats.waiting).toBe(0);
  });

  it('runs on the held transaction inside its scope (it sees what the transaction wrote)', async () => {
    const held = await holdTransaction(database.db);
    try {
      await held.tx.execute(sql`create temporary table text_bytes_scope (part text, n int) on commit drop`);
      await held.tx.execute(sql`insert into text_bytes_scope values ('in ', 1), ('scope', 2)`);
      const bytes = await runInTransactionScope(held, () =>
        queryTextBytes(
          database.db,
          'text_bytes_test_scope',
          sql`select part, sum(octet_length(part)) over () as document_bytes from text_bytes_scope order by n`,
          ROOM,
        ),
      );
      expect(bytes?.toString('utf8')).toBe('   in scope  ');
    } finally {
      await held.rollback();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, prepares the statement under its name on the pooled connection', async () => {
    const single = await openDatabase({ url: process.env.TEST_DATABASE_URL!, poolMax: 1 });
    try {
      await queryTextBytes(single.db, 'text_bytes_test_named', partsStatement(['a']), ROOM);
      const prepared = await queryRows<{ name: string }>(single.db, sql`select name from pg_prepared_statements`);
      expect(prepared.map((row) => row.name)).toContain('text_bytes_test_named');
    } finally {
      await single.close();
    }
  });
});
