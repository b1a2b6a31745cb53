// Answers whose JSON the database built (json_build_object): the pay period's get-one, where
// serializing thousands of rows in Node.js cost more than the query, and the employee's
// timesheet and the employee search's page, where parsing and serializing again cost more of
// Node's CPU than sending the text (BENCHMARKS.md). Fastify sends bytes, or a string, with a
// JSON content type as they are, so the route's response schema still documents the answer (and
// the tests check the answer against it) but is not used to serialize it.
import type { FastifyReply } from 'fastify';
import type { Room } from '../db/text-bytes.ts';
import { AnswerBuffers } from './answer-buffers.ts';
import { COSTLY_READS_AT_ONCE } from './costly-reads.ts';

const ENVELOPE_START_TEXT = '{"success":true,"data":';
const ENVELOPE_START = Buffer.from(ENVELOPE_START_TEXT);
const ENVELOPE_END = 0x7d; // }

/**
 * The buffers of these answers: as many as the costly reads that write them at once
 * (src/http/costly-reads.ts), none over 16 MiB (a period of some 20,000 entries), none kept
 * through a quiet minute.
 */
export const answerBuffers = new AnswerBuffers({ keep: COSTLY_READS_AT_ONCE, largestBytes: 16 * 1024 * 1024, idleMs: 60_000 });

/**
 * The room `sendDataJson` needs around `data` for the envelope, in a reused buffer: ask the
 * database for it (src/db/text-bytes.ts).
 */
export const DATA_ENVELOPE_ROOM: Room = { before: ENVELOPE_START.length, after: 1, allocate: (size) => answerBuffers.take(size) };

/**
 * `{"success":true,"data":<data>}` sent as bytes, where `data` is JSON text with
 * DATA_ENVELOPE_ROOM around it: the envelope is written into that room, so the answer is
 * copied no more. One buffer outside the JavaScript heap: joined into one string instead, the
 * answer would be a megabyte-sized object that the collector promotes and Node.js flattens
 * again on the way out (src/modules/pay-periods/pay-periods.repository.ts).
 */
export function sendDataJson<Reply>(reply: Reply, data: Buffer): Reply {
  ENVELOPE_START.copy(data, 0);
  data[data.length - 1] = ENVELOPE_END;
  const fastifyReply = reply as unknown as FastifyReply;
  // 'finish': the last byte has been handed to the operating system. A response cut short never
  // finishes, and its buffer is left to the collector rather than reused while a write may hold it.
  fastifyReply.raw.once('finish', () => answerBuffers.give(data));
  fastifyReply.type('application/json; charset=utf-8').send(data);
  return reply;
}

/**
 * `{"success":true,"data":<data>}` sent as it is, where `data` is JSON text of some kilobytes
 * (the employee's timesheet, a page of the employee search): one short string, where the
 * get-one's megabytes need the buffers above.
 */
export function sendDataJsonText<Reply>(reply: Reply, data: string): Reply {
  (reply as unknown as FastifyReply).type('application/json; charset=utf-8').send(ENVELOPE_START_TEXT + data + '}');
  return reply;
}
