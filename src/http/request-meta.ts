import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestMeta } from '../core/audit.ts';

/** The client IP (the socket's, or X-Forwarded-For's only via TRUST_PROXY) and user agent. */
export function requestMeta(request: FastifyRequest): RequestMeta {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof userAgent === 'string' ? userAgent : null };
}

/**
 * True once the client has closed its connection: the response is destroyed, or its socket is
 * while the response has not heard of it yet (both happen, in either order).
 */
export function clientGone(reply: FastifyReply): boolean {
  return reply.raw.destroyed || reply.raw.socket?.destroyed === true;
}
