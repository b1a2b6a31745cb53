// A pino logger of the production configuration (redaction included: src/app.ts loggerOptions)
// whose JSON lines a test reads back, and which records the child loggers made from it.
import { Writable } from 'node:stream';
import { pino, type Bindings, type Logger, type LoggerOptions } from 'pino';
import { loggerOptions } from '../../src/app.ts';
import type { Config } from '../../src/config.ts';

export interface CapturedLogs<Line> {
  logger: Logger;
  /** Every line written so far, parsed. */
  lines: Line[];
  /** The bindings of every child logger made from `logger`, or from a child of it. */
  children: Bindings[];
}

/** Logs at `config.logLevel` into `lines` (a fresh array unless given). */
export function captureLogs<Line>(config: Config, lines: Line[] = []): CapturedLogs<Line> {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Line);
      callback();
    },
  });
  const logger = pino(loggerOptions(config) as LoggerOptions, sink);
  const children: Bindings[] = [];
  // Recorded on the logger itself, so that the children of its children count too (Fastify makes
  // one child with its serializers, and each request's logger from that): `this` is whichever
  // logger the child is made from.
  const child = logger.child;
  logger.child = function (this: Logger, bindings, options) {
    children.push(bindings);
    return child.call(this, bindings, options);
  } as Logger['child'];
  return { logger, lines, children };
}
