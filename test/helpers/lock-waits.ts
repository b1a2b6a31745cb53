// Concurrency tests on PostgreSQL: a request is started, then the test needs to know that it
// either finished or is blocked on a lock before it moves on. pg_stat_activity tells, read
// from a connection of its own: inside a transaction its statistics snapshot stays frozen.
import pg from 'pg';

/** A request in flight, and whether it has settled yet. */
export interface Tracked<T> {
  promise: Promise<T>;
  readonly settled: boolean;
}

export function tracked<T>(promise: Promise<T>): Tracked<T> {
  const state = { settled: false, promise };
  void promise.finally(() => (state.settled = true)).catch(() => undefined);
  return state;
}

export class LockWatcher {
  private constructor(private readonly client: pg.Client) {}

  static async connect(url: string): Promise<LockWatcher> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return new LockWatcher(client);
  }

  /** Resolves once `request` has settled, or a backend of this database waits on a lock while running a query matching `pattern` (ILIKE). */
  async untilSettledOrWaiting(request: Tracked<unknown>, pattern: string, timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (request.settled) return;
      const { rows } = await this.client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock' and query ilike $1`,
        [pattern],
      );
      if (rows[0]!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`nothing matching ${pattern} settled or waited on a lock within ${timeoutMs} ms`);
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}
