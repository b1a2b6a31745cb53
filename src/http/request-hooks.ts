// Request parsing and response headers common to every route (docs/api.md §5, §14).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Errors, ValidationLabel } from '../core/errors.ts';
import { PLUGIN, sharedPlugin } from './plugin.ts';
import { validationLabel } from './validation.ts';

export const BODY_LIMIT_BYTES = 100 * 1024;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Secrets are compared as typed: a leading space in a password is part of it. */
const UNTRIMMED_FIELDS = new Set(['password', 'pin']);

export const requestHooksPlugin = sharedPlugin(PLUGIN.requestHooks, [], registerRequestHooks);

function registerRequestHooks(app: FastifyInstance): void {
  // JSON only; anything else with a body is a 415 from Fastify's content-type check.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(Errors.invalidJson('The request body is empty'), undefined);
    try {
      // The reviver sees every key, nested ones too: prototype-pollution keys are refused outright.
      done(null, JSON.parse(text, (key, value: unknown) => {
        if (FORBIDDEN_KEYS.has(key)) throw new ForbiddenKeyError(key);
        return value;
      }));
    } catch (error) {
      // The route is already known while its body is parsed: the refusal carries its own label.
      if (error instanceof ForbiddenKeyError) return done(Errors.validation(routeValidationLabel(request), `${error.key}: is not allowed`), undefined);
      done(Errors.invalidJson(), undefined);
    }
  });

  // String fields are trimmed before validation, so `"  "` fails a required field (docs/api.md §5).
  // Two inputs PostgreSQL or the stack cannot take are refused here as a 400 rather than a 500
  // later (found by test/security/fuzz.test.ts): a NUL character in a string (text columns
  // cannot hold one) and a body nested deeper than MAX_BODY_DEPTH (the walk would overflow).
  app.addHook('preValidation', async (request) => {
    const label = routeValidationLabel(request);
    const nul = findNul(request.query, '');
    if (nul) throw Errors.validation(validationLabel(label, 'querystring', [nul]), `${nul}: must not contain a NUL character`);
    if (request.body && typeof request.body === 'object') {
      if (depthExceeds(request.body, MAX_BODY_DEPTH)) throw Errors.validation(label, `body: is nested more than ${MAX_BODY_DEPTH} levels deep`);
      const bodyNul = findNul(request.body, '');
      if (bodyNul) throw Errors.validation(label, `${bodyNul}: must not contain a NUL character`);
      trimStrings(request.body as Record<string, unknown>);
    }
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

const MAX_BODY_DEPTH = 32;

/** The route's validation label (`Invalid login data`, …), `Validation failed` where it names none. */
function routeValidationLabel(request: FastifyRequest): ValidationLabel {
  return request.routeOptions?.config?.validationError ?? ValidationLabel.default;
}

/** True when the value nests objects or arrays deeper than max (iterative: no stack to overflow). */
function depthExceeds(root: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (!value || typeof value !== 'object') continue;
    if (depth > max) return true;
    for (const item of Object.values(value as Record<string, unknown>)) stack.push([item, depth + 1]);
  }
  return false;
}

/** The path of the first string holding U+0000 (`name`, `items.0`), or null. Call after depthExceeds. */
function findNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (!value || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const found = findNul(item, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return null;
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
