// How requests are logged.
//
// Fastify logs every request twice at info ("incoming request", "request completed"). On the
// hottest routes (a route whose config says `quietSuccessLog`: the clock in/out) a success is
// routine and its two lines cost CPU on every punch, so they go to debug; a refusal or an
// error is still logged at info/error like everywhere else (docs/architecture.md §3).
//
// Each request's logger is a child of the app's that carries the request id. pino passes a
// child's bindings through the redaction of docs/api.md §14, whose wildcard paths made that the
// largest single allocation of a clock punch (about 6.5 KiB of the ~50 KiB each punch
// allocated, BENCHMARKS.md), for a logger that writes nothing when the punch succeeds. So the
// child is built on its first line at an enabled level, never for a request that logs nothing.
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Log this route's 2xx at debug, not info. */
    quietSuccessLog?: boolean;
  }
}

const quiet = (request: FastifyRequest): boolean => request.routeOptions?.config?.quietSuccessLog === true;

export class HotRouteLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (!quiet(request)) return super.incomingRequest(request, reply);
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error || !quiet(request) || reply.statusCode >= 300) return super.requestCompleted(error, request, reply);
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
/** A logger that can say whether a level would be written (pino's loggers can). */
type LevelAwareLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };
type Write = (...args: unknown[]) => void;

const levelAware = (logger: FastifyBaseLogger): logger is LevelAwareLogger =>
  typeof (logger as Partial<LevelAwareLogger>).isLevelEnabled === 'function';

/**
 * Fastify's `childLoggerFactory`: the request's logger, built when it first writes. A route with
 * a level of its own, or a logger that cannot tell its levels (none in production), gets its
 * child at once, as Fastify's own factory would give it.
 */
export function deferredRequestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  if (options.level !== undefined || !levelAware(logger)) return logger.child(bindings, options);
  return new DeferredRequestLogger(logger, bindings);
}

/**
 * Writes through `parent.child(bindings)`, made on the first line at an enabled level. Its
 * methods live on the prototype, so a request that logs nothing allocates this object alone.
 */
export class DeferredRequestLogger implements FastifyBaseLogger {
  #child: LevelAwareLogger | undefined;

  constructor(
    private readonly parent: LevelAwareLogger,
    private readonly bindings: Bindings,
  ) {}

  /** The child, made now if it was not yet. */
  private get built(): LevelAwareLogger {
    return (this.#child ??= this.parent.child(this.bindings) as LevelAwareLogger);
  }

  /** Whether a line at `level` would be written: the child's level once it exists (it may have been changed). */
  private writes(level: Level): boolean {
    return (this.#child ?? this.parent).isLevelEnabled(level);
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.writes(level)) return;
    const child = this.built;
    (child[level] as Write).apply(child, args);
  }

  get level(): string {
    return (this.#child ?? this.parent).level;
  }

  set level(level: string) {
    this.built.level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.built.child(bindings, options);
  }
}
