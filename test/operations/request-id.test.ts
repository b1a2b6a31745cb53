// Request ids (docs/api.md §14): every answer carries X-Request-Id; a caller's sane id is kept, anything
// else (too long, spaces, newlines that would forge log lines) is replaced by a fresh UUID.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { request } from '../helpers/http.ts';

let t: TestApp;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('X-Request-Id', () => {
  it('is generated (a UUID) when the caller sends none, and differs per request', async () => {
    const first = await request(t.app, 'GET', '/health');
    const second = await request(t.app, 'GET', '/health');
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('keeps a sane incoming id and echoes it, on errors too', async () => {
    expect((await request(t.app, 'GET', '/health', { headers: { 'x-request-id': 'edge-7f3a:42.b_c' } })).headers['x-request-id']).toBe('edge-7f3a:42.b_c');
    const notFound = await request(t.app, 'GET', '/api/v1/nowhere', { headers: { 'x-request-id': 'trace-404' } });
    expect(notFound.status).toBe(404);
    expect(notFound.headers['x-request-id']).toBe('trace-404');
    const unauthenticated = await request(t.app, 'GET', '/api/v1/admin/companies', { headers: { 'x-request-id': 'trace-401' } });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers['x-request-id']).toBe('trace-401');
  });

  it.each([
    ['with a space', 'two words'],
    ['with markup', '<script>'],
    ['longer than 128 characters', 'a'.repeat(129)],
    ['with a JSON quote', 'id"injected'],
  ])('replaces an id %s by a generated UUID', async (_case, incoming) => {
    const res = await request(t.app, 'GET', '/health', { headers: { 'x-request-id': incoming } });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('replaces an id with a line break (a forged log line) by a generated UUID', async () => {
    // Node refuses to send a raw newline in a header; a tab is the control character that gets through.
    const res = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'abc\tdef' } });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });
});
