// namedStatement (src/db/named-statement.ts) on the suite's engine (PGlite by default,
// PostgreSQL with TEST_DATABASE_URL): the text built and rendered once, each call's values in
// their places (a value used twice, a null, a constant written into the text), a missing value
// refused before anything is sent, and the session each call runs on: a transaction's, a
// request's held transaction inside its scope, and the pool's again once it has ended.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedStatement } from '../../src/db/named-statement.ts';
import { openDatabase, queryRows, type Database, type Db } from '../../src/db/open.ts';
import { holdTransaction, runInTransactionScope } from '../../src/db/transaction-scope.ts';
import { openTestDatabase } from '../helpers/app.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table named_statement_test (id int primary key, label text)`);
  await database.db.execute(sql`insert into named_statement_test values (1, 'committed')`);
});
afterAll(async () => {
  await database.db.execute(sql`drop table named_statement_test`);
  await database.close();
});

let builds = 0;
/** Echoes its values back, one of them twice, next to a constant interpolated into the text. */
const ECHO = namedStatement<{ word: string; times: number | null }, { word: string; again: string; times: number | null; constant: number }>(
  'named_statement_test_echo',
  (v) => {
    builds++;
    return sql`select ${v.word}::text as word, ${v.word}::text as again, ${v.times}::int as times, ${41 + 1}::int as constant`;
  },
);

const LABELS = namedStatement<{ id: number }, { label: string }>(
  'named_statement_test_labels',
  (v) => sql`select label from named_statement_test where id = ${v.id}::int`,
);

const labelOf = async (db: Db, id: number) => (await LABELS.rows(db, { id }))[0]?.label ?? null;

describe('namedStatement', () => {
  it('builds its text once and fills each call with that call’s values', async () => {
    const answers = await Promise.all(
      ['ñandú', "it's", '', 'x'.repeat(500)].map((word, i) => ECHO.rows(database.db, { word, times: i === 2 ? null : i })),
    );
    expect(answers).toEqual([
      [{ word: 'ñandú', again: 'ñandú', times: 0, constant: 42 }],
      [{ word: "it's", again: "it's", times: 1, constant: 42 }],
      [{ word: '', again: '', times: null, constant: 42 }],
      [{ word: 'x'.repeat(500), again: 'x'.repeat(500), times: 3, constant: 42 }],
    ]);
    expect(await ECHO.rows(database.db, { word: 'again', times: 7 })).toEqual([{ word: 'again', again: 'again', times: 7, constant: 42 }]);
    expect(builds).toBe(1);
  });

  it('gives the text with $n and the parameters in their order for a driver used directly', () => {
    const { sql: text, params } = ECHO.query({ word: 'w', times: 2 });
    expect(text).toBe('select $1::text as word, $2::text as again, $3::int as times, $4::int as constant');
    expect(params).toEqual(['w', 'w', 2, 42]);
  });

  it('refuses a call without one of its values, before anything is sent', async () => {
    const missing = { word: 'w' } as unknown as { word: string; times: number | null };
    await expect(ECHO.rows(database.db, missing)).rejects.toThrow(/times/);
    expect(() => ECHO.query(missing)).toThrow(/times/);
  });

  it('runs on the session it is called with: a transaction sees its own writes, the pool only what was committed', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into named_statement_test values (2, 'in the transaction')`);
      expect(await labelOf(tx as unknown as Db, 2)).toBe('in the transaction');
      expect(await labelOf(tx as unknown as Db, 1)).toBe('committed');
      // The pool's connection does not see the uncommitted row (PGlite has one connection, held here).
      if (process.env.TEST_DATABASE_URL) expect(await labelOf(database.db, 2)).toBeNull();
      tx.rollback();
    }).catch((error: unknown) => {
      if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
    });
    expect(await labelOf(database.db, 2)).toBeNull();
  });

  it('runs on a request’s held transaction inside its scope, and on the pool again once it has ended', async () => {
    const held = await holdTransaction(database.db);
    try {
      await held.tx.execute(sql`insert into named_statement_test values (3, 'held')`);
      expect(await runInTransactionScope(held, () => labelOf(database.db, 3))).toBe('held');
    } finally {
      await held.rollback();
    }
    expect(await labelOf(database.db, 3)).toBeNull();
    expect(await labelOf(database.db, 1)).toBe('committed');
  });

  it.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, is prepared under its name on the pooled connection', async () => {
    const single = await openDatabase({ url: process.env.TEST_DATABASE_URL!, poolMax: 1 });
    try {
      expect(await ECHO.rows(single.db, { word: 'named', times: 1 })).toEqual([{ word: 'named', again: 'named', times: 1, constant: 42 }]);
      const prepared = await queryRows<{ name: string }>(single.db, sql`select name from pg_prepared_statements`);
      expect(prepared.map((row) => row.name)).toContain('named_statement_test_echo');
    } finally {
      await single.close();
    }
  });
});
