// The envelope (docs/api.md §2) on every response, and the request rules (§5, §14),
// through a probe route that uses the shared plumbing exactly as the real routes do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { Errors } from '../../src/core/errors.ts';
import { envelope, errorResponses } from '../../src/http/schemas.ts';
import { openDatabase } from '../../src/db/open.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { request } from '../helpers/http.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    routes: (app) => {
      const Body = Type.Object(
        {
          name: Type.String({ minLength: 1, maxLength: 255 }),
          count: Type.Optional(Type.Integer({ minimum: 0 })),
          flag: Type.Optional(Type.Boolean()),
          kind: Type.Optional(Type.Enum(['A', 'B'])),
        },
        { additionalProperties: false },
      );
      app.post(
        '/api/v1/probe',
        { schema: { body: Body, response: { 200: envelope(Type.Object({}, { additionalProperties: true })), ...errorResponses() } } },
        async (req) => ({ success: true as const, data: req.body as Record<string, unknown> }),
      );
      app.post('/api/v1/probe/labelled', { config: { validationError: 'Invalid login data' }, schema: { body: Body } }, async () => ({ success: true }));
      app.get('/api/v1/probe/crash', { config: { failureError: 'Failed to fetch probes' } }, async () => {
        throw new Error('secret internals: select * from admin_users where password_hash = $1');
      });
      app.get('/api/v1/probe/app-error', async () => {
        throw Errors.businessRule('Already clocked in', undefined, { openTimeEntry: { id: 'x' } });
      });
    },
  });
});
afterAll(async () => t.close());

describe('the response envelope', () => {
  it('answers an unknown route with 404 Not found', async () => {
    const res = await request(t.app, 'GET', '/api/v1/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: 'Not found' });
  });

  it('answers malformed JSON with 400 Invalid JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/probe', headers: { 'content-type': 'application/json' }, payload: '{"name": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'Invalid JSON' });
  });

  it('answers an empty JSON body with 400 Invalid JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/probe', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'Invalid JSON' });
  });

  it('answers a body over 100 KiB with 413 Payload too large', async () => {
    const res = await request(t.app, 'POST', '/api/v1/probe', { body: { name: 'x'.repeat(101 * 1024) } });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, error: 'Payload too large' });
  });

  it('answers a body that is not JSON with 415 Unsupported media type', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/probe', headers: { 'content-type': 'text/plain' }, payload: 'name=x' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, error: 'Unsupported media type' });
    const form = await t.app.inject({ method: 'POST', url: '/api/v1/probe', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'name=x' });
    expect(form.statusCode).toBe(415);
  });

  it('types JSON bodies strictly: no string-to-number or string-to-boolean coercion', async () => {
    const res = await request(t.app, 'POST', '/api/v1/probe', { body: { name: 'a', count: '5', flag: 'true' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Validation failed', message: 'count: must be an integer, flag: must be a boolean' });
    const numberAsString = await request(t.app, 'POST', '/api/v1/probe', { body: { name: 5 } });
    expect(numberAsString.body.message).toBe('name: must be a string');
  });

  it('formats validation messages as "field: reason, field: reason"', async () => {
    const res = await request(t.app, 'POST', '/api/v1/probe', { body: { count: -1, kind: 'C' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('name: is required, count: must be >= 0, kind: must be one of A, B');
  });

  it("uses the route's own validation label where it has one", async () => {
    const res = await request(t.app, 'POST', '/api/v1/probe/labelled', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Invalid login data', message: 'name: is required' });
  });

  it('trims strings, so a blank required string is rejected', async () => {
    const blank = await request(t.app, 'POST', '/api/v1/probe', { body: { name: '   ' } });
    expect(blank.body.message).toBe('name: must not be empty');
    const padded = await request(t.app, 'POST', '/api/v1/probe', { body: { name: '  Ada  ' } });
    expect(padded.body.data.name).toBe('Ada');
  });

  it('drops unknown body fields', async () => {
    const res = await request(t.app, 'POST', '/api/v1/probe', { body: { name: 'a', id: 'forced', active: false } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ name: 'a' });
  });

  it.each(['{"__proto__": {"admin": true}, "name": "a"}', '{"name": "a", "constructor": {"prototype": {"x": 1}}}', '{"name":"a","nested":{"constructor":1}}'])(
    'refuses prototype-pollution keys with a 400: %s',
    async (payload) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/probe', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    },
  );

  it('answers an unexpected failure with a 500 in the envelope, the route label, and no internals', async () => {
    const res = await request(t.app, 'GET', '/api/v1/probe/crash');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, error: 'Failed to fetch probes' });
    expect(res.raw).not.toMatch(/select|password|stack|internals/i);
  });

  it('carries data on an error when the catalogue supplies it', async () => {
    const res = await request(t.app, 'GET', '/api/v1/probe/app-error');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Already clocked in', data: { openTimeEntry: { id: 'x' } } });
  });

  it('sends the security headers', async () => {
    const res = await request(t.app, 'GET', '/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const api = await request(t.app, 'GET', '/api/v1/nothing-here');
    expect(api.headers['cache-control']).toBe('no-store');
  });

  it('echoes a sane X-Request-Id and replaces an unsafe one', async () => {
    const kept = await request(t.app, 'GET', '/health', { headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await request(t.app, 'GET', '/health', { headers: { 'x-request-id': 'bad id\nwith newline' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /health and GET /ready', () => {
  it('answers 200 in the envelope while the database answers', async () => {
    expect((await request(t.app, 'GET', '/health')).body).toEqual({ success: true, data: { status: 'ok' } });
    const ready = await request(t.app, 'GET', '/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ success: true, data: { status: 'ready' } });
  });

  it('turns /ready into 503 when PostgreSQL is unreachable, while /health stays 200', async () => {
    // Port 1 on loopback: nothing listens, so every connection is refused.
    const database = await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/none', connectionTimeoutMs: 500 });
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'y'.repeat(40), DATA_DIR: t.config.dataDir, LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database, logger: false });
    try {
      const started = Date.now();
      const ready = await request(app, 'GET', '/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ success: false, error: 'Service unavailable' });
      expect(ready.headers['retry-after']).toBeDefined();
      expect(Date.now() - started).toBeLessThan(5000);
      expect((await request(app, 'GET', '/health')).status).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
