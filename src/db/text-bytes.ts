// Statements whose answer is text that goes out as bytes: the largest reads' JSON, which the
// database builds in ordered parts. Each part is written into one buffer as its row arrives,
// so no part outlives its row. On PostgreSQL, `pg` would otherwise keep every part of the
// statement as a string until the last row came; at 1.6 MB a document, with a few documents
// in flight, Node.js 20's collector then spent more time copying and promoting those strings
// than Node.js spent on anything else in the read (BENCHMARKS.md, "Parts written as they
// arrive"; Node.js 24's collector does not pay that cost).
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './db.ts';
import { queryRows, renderQuery } from './open.ts';

/** Free bytes that the caller wants in front of the text and behind it (an envelope of its own). */
export interface Room {
  readonly before: number;
  readonly after: number;
  /**
   * Where the buffer comes from, when the caller reuses buffers (src/http/answer-buffers.ts):
   * at least `size` bytes, possibly more. By default a new buffer of exactly `size`.
   */
  readonly allocate?: (size: number) => Buffer;
}

/**
 * The row every such statement returns, in order: a part of the text, and the UTF-8 length of
 * all the parts together, the same on every row (`sum(octet_length(part)) over ()` in a UTF-8
 * database), so the buffer is allocated once at its final size.
 */
export interface TextPartRow {
  part: string;
  document_bytes: string | number | bigint;
}

const SPACE = 0x20;

/** Writes parts one after another into one buffer, sized by the first row's declared total. */
class PartWriter {
  private bytes: Buffer | undefined;
  private end = 0;

  constructor(private readonly room: Room) {}

  write(row: TextPartRow): void {
    const length = Buffer.byteLength(row.part);
    if (this.bytes === undefined) {
      const size = this.room.before + Number(row.document_bytes) + this.room.after;
      this.bytes = this.room.allocate ? this.room.allocate(size) : Buffer.allocUnsafeSlow(size);
      this.end = this.room.before;
    }
    // A total that undercounts (a database not in UTF-8) costs a copy, never a cut answer.
    if (this.end + length + this.room.after > this.bytes.length) {
      const larger = Buffer.allocUnsafeSlow(2 * (this.end + length + this.room.after));
      this.bytes.copy(larger, 0, 0, this.end);
      this.bytes = larger;
    }
    this.end += this.bytes.write(row.part, this.end);
  }

  /** The parts with the room around them, filled with spaces until the caller writes there. */
  finish(): Buffer | undefined {
    if (this.bytes === undefined) return undefined;
    const result = this.bytes.subarray(0, this.end + this.room.after);
    result.fill(SPACE, 0, this.room.before);
    result.fill(SPACE, this.end);
    return result;
  }
}

/**
 * The parts of `query`'s rows (TextPartRow, in the statement's order) joined as UTF-8 bytes,
 * with `room` around them; `undefined` when the statement returns no row. On a PostgreSQL pool
 * the statement is the named prepared statement `name` (parsed and planned once per
 * connection) and each part is written as its row arrives. Elsewhere (PGlite, or inside a
 * request's held transaction, src/db/transaction-scope.ts) the rows are read as usual first,
 * with the same result.
 */
export async function queryTextBytes(db: Db, name: string, query: SQL, room: Room): Promise<Buffer | undefined> {
  const writer = new PartWriter(room);
  const pool: unknown = Reflect.get(db, '$client');
  if (pool instanceof pg.Pool) {
    const { sql: text, params } = renderQuery(db, query);
    await streamRows(pool, { name, text, values: params }, (row) => writer.write(row));
  } else {
    for (const row of await queryRows<TextPartRow>(db, query)) writer.write(row);
  }
  return writer.finish();
}

/**
 * Runs one statement on a pooled connection, handing each row to `onRow` as it arrives (a `pg`
 * Query with a row listener and no callback keeps no rows). As `pool.query` does, the
 * connection goes back to the pool when the statement ends, and is discarded if it failed, and
 * an error of the connection itself rejects instead of going unheard.
 */
async function streamRows(pool: pg.Pool, config: pg.QueryConfig, onRow: (row: TextPartRow) => void): Promise<void> {
  const client = await pool.connect();
  let failure: Error | undefined;
  let onConnectionError: ((error: Error) => void) | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      onConnectionError = reject;
      client.on('error', onConnectionError);
      const statement = new pg.Query<TextPartRow>(config);
      statement.on('row', (row: TextPartRow) => {
        try {
          onRow(row);
        } catch (error) {
          reject(error as Error);
        }
      });
      statement.on('error', reject);
      statement.on('end', () => resolve());
      client.query(statement);
    });
  } catch (error) {
    failure = error as Error;
    throw error;
  } finally {
    if (onConnectionError) client.removeListener('error', onConnectionError);
    client.release(failure);
  }
}
