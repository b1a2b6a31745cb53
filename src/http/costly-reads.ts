// A few costly reads at once: the pay period's get-one (an answer of megabytes) and the hours
// report (a year of an organization's entries in one statement). More wait their turn in Node.js,
// where a request whose client has left can be dropped before its statement starts; past
// `maxQueued` they get 503 with Retry-After (src/core/concurrency-limit.ts).
import { availableParallelism } from 'node:os';
import type { FastifyReply } from 'fastify';
import { ConcurrencyLimit } from '../core/concurrency-limit.ts';
import { Errors } from '../core/errors.ts';
import { clientGone } from './request-meta.ts';

/**
 * One limit per kind of read, two per core. A get-one holds the driver's parts, their bytes on
 * the way out and the client's socket buffers; 64 at once took the server past 300 MiB, while
 * the database, which builds them, is busy with a few. A report is one long statement: the
 * database runs two per core as fast as 64, and the rest would wait for a pooled connection
 * where nothing notices that their clients left (BENCHMARKS.md, "Costly reads drop the requests
 * whose clients left").
 */
export function costlyReadLimit(): ConcurrencyLimit {
  return new ConcurrencyLimit(COSTLY_READS_AT_ONCE, 256);
}

/** Costly reads of one kind that run at once: two per core. */
export const COSTLY_READS_AT_ONCE = Math.max(2, availableParallelism() * 2);

/**
 * Takes a slot of `limit` for this request until its answer is sent (or the client is gone).
 * A client that left while waiting for a slot gets nothing built for it: without this check a
 * burst of abandoned requests (a closed tab, a load test's end) kept the database busy long
 * after their clients had gone, and every later request waited behind them.
 */
export async function holdUntilSent(limit: ConcurrencyLimit, reply: unknown): Promise<void> {
  const release = await limit.acquire();
  if (clientGone(reply as FastifyReply)) {
    release();
    throw Errors.serviceUnavailable(1);
  }
  (reply as FastifyReply).raw.once('close', release);
}
