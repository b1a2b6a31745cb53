// Answers whose JSON the database built (json_build_object / json_agg): the largest reads,
// where serializing thousands of rows in Node.js cost more than the query (BENCHMARKS.md).
// Fastify sends a string with a JSON content type as it is, so the route's response schema
// still documents the answer (and the tests check the answer against it) but is not used to
// serialize it.
import { availableParallelism } from 'node:os';
import type { FastifyReply } from 'fastify';
import { ConcurrencyLimit } from '../core/concurrency-limit.ts';
import { Errors } from '../core/errors.ts';
import { clientGone } from './request-meta.ts';

/** `{"success":true,"data":<dataJson>}` with `dataJson` already JSON text. */
export function sendDataJson<Reply>(reply: Reply, dataJson: string): Reply {
  (reply as unknown as FastifyReply).type('application/json; charset=utf-8').send(`{"success":true,"data":${dataJson}}`);
  return reply;
}

/**
 * A few megabyte-sized answers in flight at once. Each holds the driver's receive buffer, the
 * JSON string and its bytes on the way out (~5 MB for a 2,000-entry pay period); 64 at once
 * took the server past 300 MiB, while the database, which builds them, is busy with a few.
 * More wait their turn; past `maxQueued` they get 503 with Retry-After.
 */
export function largeAnswerLimit(): ConcurrencyLimit {
  return new ConcurrencyLimit(Math.max(2, availableParallelism() * 2), 256);
}

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
