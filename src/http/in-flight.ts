// Closing the app waits for every request still running, those whose client has gone included.
// Fastify's own close waits for open connections only: a request whose client disconnected
// (a closed tab, a kiosk's timeout, a load test's end) keeps running its handler, and the
// shutdown closed the database under it ("Cannot use a pool after calling end", logged as an
// error). Here a request counts from onRequest until its answer has passed the onSend hooks,
// where the last database work of a request happens (the idempotency commit, src/http/idempotency.ts),
// and onClose waits for the count to reach zero before main.ts closes the database (docs/api.md §13).
// The same count, less the sign-ins, tells the hasher when other requests are running, so that
// sign-ins hash one at a time then (src/core/hashing.ts, docs/architecture.md §3).
import type { FastifyRequest } from 'fastify';
import { PLUGIN, sharedPlugin } from './plugin.ts';

/** How long close waits for requests still running; main.ts forces an exit at 25 s. */
export const DRAIN_TIMEOUT_MS = 20_000;

export class InFlightRequests {
  /** Each request counted, and whether it is a sign-in. */
  private readonly counted = new WeakMap<FastifyRequest, boolean>();
  private running = 0;
  private signIns = 0;
  private waiters: Array<() => void> = [];

  get count(): number {
    return this.running;
  }

  /** Requests running other than sign-ins: while there are any, sign-ins hash one at a time (src/core/hashing.ts). */
  get othersThanSignIns(): number {
    return this.running - this.signIns;
  }

  enter(request: FastifyRequest): void {
    if (this.counted.has(request)) return;
    const signIn = request.routeOptions?.config?.signIn === true;
    this.counted.set(request, signIn);
    this.running += 1;
    if (signIn) this.signIns += 1;
  }

  /** Idempotent per request: onSend and onResponse both call it. */
  leave(request: FastifyRequest): void {
    const signIn = this.counted.get(request);
    if (signIn === undefined) return;
    this.counted.delete(request);
    this.running -= 1;
    if (signIn) this.signIns -= 1;
    if (this.running === 0) for (const wake of this.waiters.splice(0)) wake();
  }

  /** Resolves true once nothing is running, false if `timeoutMs` passes first. */
  async drained(timeoutMs: number): Promise<boolean> {
    if (this.running === 0) return true;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((wake) => wake !== done);
        resolve(false);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.push(done);
    });
  }
}

export const inFlightPlugin = sharedPlugin(PLUGIN.inFlight, [PLUGIN.idempotency], (app) => {
  const inFlight = new InFlightRequests();
  app.decorate('inFlight', inFlight);
  // Callback style: no promise per hook on the hot routes.
  app.addHook('onRequest', (request, _reply, done) => {
    inFlight.enter(request);
    done();
  });
  // Registered after the idempotency plugin, so this runs after its onSend (Fastify runs hooks
  // in the order they were added): by then the request has touched the database for the last time.
  app.addHook('onSend', (request, _reply, payload, done) => {
    inFlight.leave(request);
    done(null, payload);
  });
  // An answer that bypassed onSend (a hijacked reply) still leaves here; a client that went
  // away gets no onResponse, but its answer still passes onSend.
  app.addHook('onResponse', (request, _reply, done) => {
    inFlight.leave(request);
    done();
  });
  app.addHook('onClose', async () => {
    const drained = await inFlight.drained(DRAIN_TIMEOUT_MS);
    if (!drained) app.log.warn({ running: inFlight.count }, 'closing with requests still running');
  });
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A sign-in: its cost is argon2id (src/core/hashing.ts), whose hashes give way to the other requests. */
    signIn?: boolean;
  }
  interface FastifyInstance {
    /** Requests between onRequest and their answer's onSend (src/http/in-flight.ts). */
    inFlight: InFlightRequests;
  }
}
