// GET /metrics (docs/api.md §15): Prometheus text from our own registry, only when METRICS_TOKEN is set
// and only with `Authorization: Bearer <METRICS_TOKEN>`; requests are counted and timed by route
// pattern (never the raw URL) and status, with the pool, rate-limit rejections, password hashes and
// process metrics.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from '../../src/http/metrics.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { request } from '../helpers/http.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;
let disabled: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  disabled = await createTestApp({ database: t.database });
});
afterAll(async () => {
  await disabled.close();
  await t.close();
});

const scrape = async () => {
  const res = await request(t.app, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return res;
};

describe('GET /metrics', () => {
  it('is 404 Not found when METRICS_TOKEN is not set', async () => {
    const res = await request(disabled.app, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: 'Not found' });
  });

  it.each([
    ['no Authorization header', undefined],
    ['a wrong token', `Bearer ${TOKEN}x`],
    ['a prefix of the token', `Bearer ${TOKEN.slice(0, 20)}`],
    ['the token without the Bearer scheme', TOKEN],
  ])('answers 401 Authentication required to %s', async (_case, authorization) => {
    const res = await request(t.app, 'GET', '/metrics', authorization ? { headers: { authorization } } : {});
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: 'Authentication required' });
    expect(res.raw).not.toContain('http_requests_total');
  });

  it('serves Prometheus text with request counts and latency by route pattern and status', async () => {
    const id = randomUUID();
    expect((await request(t.app, 'GET', `/api/v1/admin/companies/${id}`)).status).toBe(401);
    expect((await request(t.app, 'GET', '/health')).status).toBe(200);
    expect((await request(t.app, 'GET', `/no/such/${id}`)).status).toBe(404);

    const res = await scrape();
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.raw;
    expect(text).toMatch(/^# TYPE http_requests_total counter$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/v1\/admin\/companies\/:id",status="401"\} [1-9]\d*$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/health",status="200"\} [1-9]\d*$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="unmatched",status="404"\} [1-9]\d*$/m);
    expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.05",method="GET",route="\/health",status="200"\} \d+$/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/health",status="200"\} [1-9]\d*$/m);
    // Raw URLs would make one series per id.
    expect(text).not.toContain(id);
    // The app's hasher (test/auth/sign-in-hashes.test.ts reads it while sign-ins run).
    expect(text).toMatch(/^# TYPE password_hashes gauge$/m);
    expect(text).toMatch(/^password_hashes\{state="running"\} \d+$/m);
    expect(text).toMatch(/^password_hashes\{state="waiting"\} \d+$/m);
    // Default process metrics.
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });

  it('counts every 429 in rate_limit_rejections_total by route', async () => {
    const remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.9`;
    let last = 0;
    for (let i = 0; i < 7; i++) {
      last = (await request(t.app, 'POST', '/api/v1/auth/login', { body: { email: 'nobody@example.com', password: 'wrong password' }, remoteAddress })).status;
    }
    expect(last).toBe(429);
    const text = (await scrape()).raw;
    expect(text).toMatch(/^# TYPE rate_limit_rejections_total counter$/m);
    expect(text).toMatch(/^rate_limit_rejections_total\{limit="\/api\/v1\/auth\/login"\} [2-9]\d*$/m);
  });

  it('reports the database pool by state when the database has a pool (PostgreSQL), nothing on PGlite', async () => {
    const text = (await scrape()).raw;
    expect(text).toMatch(/^# TYPE db_pool_connections gauge$/m);
    if (t.database.engine === 'postgres') {
      for (const state of ['in_use', 'idle', 'waiting']) expect(text).toMatch(new RegExp(`^db_pool_connections\\{state="${state}"\\} \\d+$`, 'm'));
    } else {
      expect(text).not.toMatch(/^db_pool_connections\{/m);
    }
  });
});

describe('createMetrics', () => {
  it('collects db_pool_connections from poolStats(): in_use = total - idle, waiting as reported', async () => {
    const own = createMetrics({ defaultMetrics: false });
    const forget = own.observeDatabase({ poolStats: () => ({ total: 7, idle: 2, waiting: 3 }) });
    const text = await own.registry.metrics();
    expect(text).toMatch(/^db_pool_connections\{state="in_use"\} 5$/m);
    expect(text).toMatch(/^db_pool_connections\{state="idle"\} 2$/m);
    expect(text).toMatch(/^db_pool_connections\{state="waiting"\} 3$/m);
    forget();
    expect(await own.registry.metrics()).not.toMatch(/^db_pool_connections\{/m);
  });

  it('sums password_hashes over the hashers it observes, until each is forgotten', async () => {
    const own = createMetrics({ defaultMetrics: false });
    const forgetFirst = own.observeHasher({ running: 1, waiting: 4 });
    own.observeHasher({ running: 2, waiting: 0 });
    let text = await own.registry.metrics();
    expect(text).toMatch(/^password_hashes\{state="running"\} 3$/m);
    expect(text).toMatch(/^password_hashes\{state="waiting"\} 4$/m);
    forgetFirst();
    text = await own.registry.metrics();
    expect(text).toMatch(/^password_hashes\{state="running"\} 2$/m);
    expect(text).toMatch(/^password_hashes\{state="waiting"\} 0$/m);
  });

  it('lets other code count rejections of its own limits', async () => {
    const own = createMetrics({ defaultMetrics: false });
    own.rateLimitRejections.inc({ limit: 'login' });
    own.rateLimitRejections.inc({ limit: 'login' });
    expect(await own.registry.metrics()).toMatch(/^rate_limit_rejections_total\{limit="login"\} 2$/m);
  });
});
