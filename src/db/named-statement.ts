// Named prepared statements whose SQL text is fixed: the hot paths' statements (the caller
// checks, the punches, the timesheet, the search boxes; docs/architecture.md §3).
//
// PostgreSQL parses and plans such a statement once per connection, but Drizzle used to build
// and render its text again on every call: the `sql` template's chunks walked and escaped, and a
// prepared-query object made for one use. That was 5-10% of a read's Node.js CPU (BENCHMARKS.md,
// "Statements rendered once"). Here the text is rendered once, with a Drizzle placeholder where
// each value goes; a call passes only its values, and each database session keeps one prepared
// query per statement.
import { fillPlaceholders, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './db.ts';

/** A statement's values by name (an interface or an object type): each is one parameter of the statement. */
export type StatementValues = object;

/** The placeholders a statement's builder puts where its values go: `v.userId`, `v.at`, … */
export type Slots<V extends StatementValues> = { readonly [K in keyof V & string]: Placeholder<K, V[K]> };

/** What a statement uses of Drizzle's database object (its `execute` does the same, unnamed). */
interface DrizzleSession {
  prepareQuery(query: RenderedQuery, fields: undefined, name: string, arrayMode: boolean): PreparedQuery;
}
interface PreparedQuery {
  execute(values: Record<string, unknown>): Promise<unknown>;
}
interface RenderedQuery {
  sql: string;
  params: unknown[];
}

/** Every statement renders with PostgreSQL's dialect, which both drivers (pg, PGlite) use. */
const dialect = new PgDialect();

export class NamedStatement<V extends StatementValues, Row> {
  #rendered: RenderedQuery | undefined;
  /**
   * One prepared query per session: the pool's, PGlite's, or a transaction's. The session is
   * read through the handle at each call, so a request's held transaction gets its own
   * (src/db/transaction-scope.ts); a finished transaction's is collected with it.
   */
  readonly #prepared = new WeakMap<DrizzleSession, PreparedQuery>();

  constructor(
    /** The prepared statement's name on each connection: one name, one text. */
    readonly name: string,
    private readonly build: (values: Slots<V>) => SQL,
  ) {}

  /** The text, with `$n` for each value; the parameters are placeholders (filled by `query`). */
  get rendered(): RenderedQuery {
    return (this.#rendered ??= dialect.sqlToQuery(this.build(slots<V>())));
  }

  /** The rows of one call, sent as the named prepared statement `name` with these values. */
  async rows(db: Db, values: V): Promise<Row[]> {
    const session = Reflect.get(db, 'session') as DrizzleSession;
    let prepared = this.#prepared.get(session);
    if (!prepared) {
      prepared = session.prepareQuery(this.rendered, undefined, this.name, false);
      this.#prepared.set(session, prepared);
    }
    const result = (await prepared.execute(values as Record<string, unknown>)) as { rows: Row[] };
    return result.rows;
  }

  /** The text and one call's parameters in order, for a driver used without Drizzle (bench/minimal-clock-server.ts). */
  query(values: V): RenderedQuery {
    const { sql: text, params } = this.rendered;
    return { sql: text, params: fillPlaceholders(params, values as Record<string, unknown>) };
  }
}

/** A statement named `name`, built once from `build` with a placeholder for each value. */
export function namedStatement<V extends StatementValues, Row>(name: string, build: (values: Slots<V>) => SQL): NamedStatement<V, Row> {
  return new NamedStatement<V, Row>(name, build);
}

/** Placeholders named after the keys the builder reads. */
function slots<V extends StatementValues>(): Slots<V> {
  return new Proxy({} as Slots<V>, { get: (_target, key) => sql.placeholder(String(key)) });
}
