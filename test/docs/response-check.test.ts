// The response check of test/helpers/http.ts: every answer an API test receives is
// compared with the OpenAPI document for its route and status. These probes prove it fails
// when documentation and behaviour drift, and passes when they agree.
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, errorResponses } from '../../src/http/schemas.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { client, request } from '../helpers/http.ts';

let t: TestApp;

const Thing = envelope(Type.Object({ name: Type.String(), count: Type.Integer() }));

beforeAll(async () => {
  t = await createTestApp({
    routes: (app) => {
      const schema = { tags: ['probe'], summary: 'probe', response: { 200: Thing, ...errorResponses(404) } };
      app.get('/api/v1/probe-check/good', { schema }, async () => ({ success: true as const, data: { name: 'a', count: 1 } }));
      // Declared 200 schema, but the handler bypasses the serializer with a wrong type.
      app.get('/api/v1/probe-check/drift', { schema }, async (_request, reply) =>
        reply.type('application/json').serializer((body: unknown) => JSON.stringify(body)).send({ success: true, data: { name: 'a', count: 'many' } }),
      );
      // Answers 409, which it does not declare.
      app.get('/api/v1/probe-check/undocumented', { schema }, async (_request, reply) =>
        (reply as unknown as { code(status: number): { send(body: unknown): unknown } }).code(409).send({ success: false, error: 'Conflict' }),
      );
      app.get('/api/v1/probe-check/:id', { schema }, async () => ({ success: true as const, data: { name: 'param', count: 2 } }));
      app.get('/api/v1/probe-check/csv', { schema: { ...schema, response: { 200: Type.String(), ...errorResponses() } } }, async (_request, reply) =>
        reply.type('text/csv').send('a,b\n'),
      );
    },
  });
});
afterAll(async () => t.close());

describe('the response check of request()/client()', () => {
  it('passes a response that matches its documented schema', async () => {
    const res = await client(t.app).get('/api/v1/probe-check/good');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ name: 'a', count: 1 });
  });

  it('prefers a static route over a parametric one, as the router does', async () => {
    const res = await request(t.app, 'GET', '/api/v1/probe-check/good?x=1');
    expect(res.body.data.name).toBe('a');
    expect((await request(t.app, 'GET', '/api/v1/probe-check/other')).body.data.name).toBe('param');
  });

  it('fails a body that does not match the schema, naming method, route, status and field', async () => {
    await expect(request(t.app, 'GET', '/api/v1/probe-check/drift')).rejects.toThrow(
      /GET \/api\/v1\/probe-check\/drift answered 200 with a body that does not match[\s\S]*\/data\/count must be integer/,
    );
  });

  it('fails a status the route does not document', async () => {
    await expect(request(t.app, 'GET', '/api/v1/probe-check/undocumented')).rejects.toThrow(
      /GET \/api\/v1\/probe-check\/undocumented answered 409, a status its OpenAPI document does not list/,
    );
  });

  it('fails a content type the route does not document for that status', async () => {
    await expect(request(t.app, 'GET', '/api/v1/probe-check/csv')).rejects.toThrow(/content-type "text\/csv"/);
  });

  it('accepts the 404 envelope of an unknown route and of a known path with another method', async () => {
    expect((await request(t.app, 'GET', '/api/v1/probe-check/a/b/c')).body).toEqual({ success: false, error: 'Not found' });
    expect((await request(t.app, 'DELETE', '/api/v1/probe-check/good')).status).toBe(404);
  });

  it('checks the plumbing statuses the document adds to every route (413, 415)', async () => {
    const tooLarge = await request(t.app, 'POST', '/api/v1/auth/login', { body: { email: 'x'.repeat(101 * 1024), password: 'p' } });
    expect(tooLarge.status).toBe(413);
    const wrongType = await request(t.app, 'POST', '/api/v1/auth/login', { headers: { 'content-type': 'text/plain' }, body: 'hello' });
    expect(wrongType.status).toBe(415);
  });
});
