// Fastify logs every request twice at info ("incoming request", "request completed"). On the
// hottest routes (a route whose config says `quietSuccessLog`: the clock in/out) a success is
// routine and its two lines cost CPU on every punch, so they go to debug; a refusal or an
// error is still logged at info/error like everywhere else (docs/architecture.md §3).
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

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
