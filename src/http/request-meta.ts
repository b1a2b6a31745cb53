import type { FastifyRequest } from 'fastify';
import type { RequestMeta } from '../core/audit.ts';

/** The client IP (the socket's, or X-Forwarded-For's only via TRUST_PROXY) and user agent. */
export function requestMeta(request: FastifyRequest): RequestMeta {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof userAgent === 'string' ? userAgent : null };
}
