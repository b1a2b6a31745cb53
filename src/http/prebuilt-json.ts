// Answers whose JSON the database built (json_build_object / json_agg): the largest reads,
// where serializing thousands of rows in Node.js cost more than the query (BENCHMARKS.md).
// Fastify sends a string with a JSON content type as it is, so the route's response schema
// still documents the answer (and the tests check the answer against it) but is not used to
// serialize it.
import type { FastifyReply } from 'fastify';

/** `{"success":true,"data":<dataJson>}` with `dataJson` already JSON text. */
export function sendDataJson<Reply>(reply: Reply, dataJson: string): Reply {
  (reply as unknown as FastifyReply).type('application/json; charset=utf-8').send(`{"success":true,"data":${dataJson}}`);
  return reply;
}
