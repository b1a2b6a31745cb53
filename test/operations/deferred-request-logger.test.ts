// The request's logger built on its first line (src/http/request-log.ts), on a real pino logger
// with the production configuration: it writes what pino's own child would write, at the
// levels that child would, and builds nothing for a request that writes nothing.
import type { Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { DeferredRequestLogger, deferredRequestLogger } from '../../src/http/request-log.ts';
import { TEST_JWT_SECRET } from '../helpers/app.ts';
import { captureLogs } from '../helpers/log-capture.ts';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  step?: string;
  password?: string;
  body?: { pin?: string };
}

/** A pino logger of the production configuration at `level`, its lines, and the children built from it. */
const productionLogger = (level: string) => captureLogs<Line>(loadConfig({ NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: level }));

describe('the deferred request logger', () => {
  it('builds no child while nothing it is given reaches an enabled level', () => {
    const { logger, lines, children } = productionLogger('info');
    const log = deferredRequestLogger(logger, { reqId: 'quiet' }, {});
    expect(log).toBeInstanceOf(DeferredRequestLogger);
    log.debug({ step: 'one' }, 'incoming request');
    log.trace('detail');
    log.silent('never');
    expect(children.length).toBe(0);
    expect(lines).toEqual([]);
    expect(log.level).toBe('info');
  });

  it('writes through one child, with the request id and the redaction, from the first line on', () => {
    const { logger, lines, children } = productionLogger('info');
    const log = deferredRequestLogger(logger, { reqId: 'loud' }, {});
    log.info({ step: 'one', password: 'hunter2' }, 'first');
    log.warn({ body: { pin: '1234' } }, 'second');
    log.error('third %s', 'formatted');
    expect(children.length).toBe(1);
    expect(lines.map(({ level, msg, reqId, step, password, body }) => ({ level, msg, reqId, step, password, body }))).toEqual([
      { level: 30, msg: 'first', reqId: 'loud', step: 'one', password: '[redacted]', body: undefined },
      { level: 40, msg: 'second', reqId: 'loud', step: undefined, password: undefined, body: { pin: '[redacted]' } },
      { level: 50, msg: 'third formatted', reqId: 'loud', step: undefined, password: undefined, body: undefined },
    ]);
  });

  it('takes a level of its own, as a child would, without changing its parent', () => {
    const { logger, lines } = productionLogger('info');
    const log = deferredRequestLogger(logger, { reqId: 'chatty' }, {});
    log.level = 'debug';
    log.debug('now written');
    logger.debug('the parent still at info');
    expect(log.level).toBe('debug');
    expect(logger.level).toBe('info');
    expect(lines.map(({ level, msg, reqId }) => [level, msg, reqId])).toEqual([[20, 'now written', 'chatty']]);
  });

  it('gives children that carry its bindings and theirs', () => {
    const { logger, lines } = productionLogger('info');
    const log = deferredRequestLogger(logger, { reqId: 'parent' }, {});
    log.child({ step: 'nested' }).info('from the child');
    expect(lines.map(({ msg, reqId, step }) => [msg, reqId, step])).toEqual([['from the child', 'parent', 'nested']]);
  });

  it('builds the child at once for a route with a level of its own, or a logger that cannot tell its levels', () => {
    const { logger, children } = productionLogger('info');
    const routeLevel = deferredRequestLogger(logger, { reqId: 'route' }, { level: 'warn' });
    expect(routeLevel).not.toBeInstanceOf(DeferredRequestLogger);
    expect([children.length, routeLevel.level]).toEqual([1, 'warn']);

    const levelless = { ...logger, isLevelEnabled: undefined, child: () => levelless } as unknown as Logger;
    expect(deferredRequestLogger(levelless, { reqId: 'plain' }, {})).toBe(levelless);
  });
});
