// Request parsing and response headers common to every route (CONTRACT §2 and §6).
import type { FastifyInstance } from 'fastify';
import { Errors } from './errors.ts';

export const BODY_LIMIT_BYTES = 100 * 1024;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Secrets are compared as typed: a leading space in a password is part of it. */
const UNTRIMMED_FIELDS = new Set(['password', 'pin']);

export function registerRequestHooks(app: FastifyInstance): void {
  // JSON only; anything else with a body is a 415 from Fastify's content-type check.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(Errors.invalidJson('The request body is empty'), undefined);
    try {
      // The reviver sees every key, nested ones too: prototype-pollution keys are refused outright.
      done(null, JSON.parse(text, (key, value: unknown) => {
        if (FORBIDDEN_KEYS.has(key)) throw new ForbiddenKeyError(key);
        return value;
      }));
    } catch (error) {
      if (error instanceof ForbiddenKeyError) return done(Errors.validation('Validation failed', `${error.key}: is not allowed`), undefined);
      done(Errors.invalidJson(), undefined);
    }
  });

  // String fields are trimmed before validation, so `"  "` fails a required field (CONTRACT §2).
  app.addHook('preValidation', async (request) => {
    if (request.body && typeof request.body === 'object') trimStrings(request.body as Record<string, unknown>);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    if (request.url.startsWith('/api/') || request.url === '/health' || request.url === '/ready') {
      reply.header('cache-control', 'no-store');
    }
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', "default-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'");
    }
    return payload;
  });
}

class ForbiddenKeyError extends Error {
  constructor(readonly key: string) {
    super(`forbidden key ${key}`);
  }
}

function trimStrings(value: Record<string, unknown> | unknown[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      if (typeof item === 'string') value[index] = item.trim();
      else if (item && typeof item === 'object') trimStrings(item as Record<string, unknown>);
    });
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string' && !UNTRIMMED_FIELDS.has(key)) value[key] = item.trim();
    else if (item && typeof item === 'object') trimStrings(item as Record<string, unknown>);
  }
}
