// Answers whose JSON the database built (json_build_object): the largest reads, where
// serializing thousands of rows in Node.js cost more than the query (BENCHMARKS.md). Fastify
// sends bytes with a JSON content type as they are, so the route's response schema still
// documents the answer (and the tests check the answer against it) but is not used to
// serialize it.
import type { FastifyReply } from 'fastify';

const ENVELOPE_START = Buffer.from('{"success":true,"data":');
const ENVELOPE_END = 0x7d; // }

/**
 * `{"success":true,"data":<data>}`, where `dataParts` joined are already JSON text, sent as
 * bytes. The parts are written once into one buffer outside the JavaScript heap: joined into
 * one string instead, the answer would be a megabyte-sized object that the collector promotes
 * and Node.js flattens again on the way out (src/modules/pay-periods/pay-periods.repository.ts).
 */
export function sendDataJson<Reply>(reply: Reply, dataParts: readonly string[]): Reply {
  let length = ENVELOPE_START.length + 1;
  for (const part of dataParts) length += Buffer.byteLength(part);
  const body = Buffer.allocUnsafeSlow(length);
  let written = ENVELOPE_START.copy(body, 0);
  for (const part of dataParts) written += body.write(part, written);
  body[written] = ENVELOPE_END;
  (reply as unknown as FastifyReply).type('application/json; charset=utf-8').send(body);
  return reply;
}
