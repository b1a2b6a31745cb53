// Every statement the `pg` driver sends while recording (PostgreSQL only: PGlite has no
// driver), counted at the driver so the auth guard's queries and BEGIN/COMMIT are included.
// The round-trip tests pin how many a request costs with it (docs/architecture.md §3).
import pg from 'pg';

export interface SentStatements {
  /** The text of each statement sent since the last clear, in order. */
  readonly texts: string[];
  /** The names of the named prepared statements among them. */
  readonly names: string[];
  clear(): void;
  /** Puts the driver back as it was. */
  stop(): void;
}

export function recordSentStatements(): SentStatements {
  const original = pg.Client.prototype.query;
  const recorded: SentStatements = {
    texts: [],
    names: [],
    clear() {
      recorded.texts.length = 0;
      recorded.names.length = 0;
    },
    stop() {
      pg.Client.prototype.query = original;
    },
  };
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; name?: string } | undefined;
    recorded.texts.push(typeof first === 'string' ? first : (first?.text ?? ''));
    if (typeof first === 'object' && first?.name) recorded.names.push(first.name);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  return recorded;
}
