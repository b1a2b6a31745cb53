// Limits across instances (docs/api.md §11): with REDIS_URL two instances share one atomic counter,
// so 50 parallel logins from one IP admit exactly 5; without it each instance counts alone
// (documented per-instance behaviour). An unreachable Redis fails closed with 503.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { MemoryRateLimitStore, ipSubject } from '../../src/http/rate-limit.ts';
import { RedisRateLimitStore } from '../../src/http/redis-rate-limit.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant, uniquePhone } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';
import { randomIp } from './support.ts';

const LOGIN = '/api/v1/auth/login';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** `PING` over a plain socket (like `redis-cli ping`, without needing redis-cli installed). */
function redisAnswers(): Promise<boolean> {
  const url = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port || 6379) });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}
const hasRedis = await redisAnswers();

/** 50 logins with the right password, in parallel, from one IP, alternating between the instances. */
async function burst(apps: TestApp[], credentials: { email: string; password: string }) {
  const ip = randomIp();
  const results = await Promise.all(
    Array.from({ length: 50 }, (_, i) => client(apps[i % apps.length]!.app).post(LOGIN, credentials, { remoteAddress: ip })),
  );
  return results.map((res) => res.status);
}

describe.skipIf(!hasRedis)('two instances sharing Redis (REDIS_URL)', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await createTestApp({ env: { REDIS_URL } });
    two = await createTestApp({ env: { REDIS_URL }, database: one.database });
    // Connect both clients first: the burst measures the limit, not the first connection.
    for (const instance of [one, two]) {
      await client(instance.app).post(LOGIN, { email: 'warm-up@example.com', password: 'x' }, { remoteAddress: randomIp() });
    }
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('admits exactly 5 of 50 parallel logins from one IP; the other 45 get 429 Too many login attempts', async () => {
    const { admin } = await createTenant(one.db);
    const statuses = await burst([one, two], { email: admin.email, password: admin.password });
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(45);
  });

  it('shares the per-phone verify limit too: 5 failures spread over both instances block the phone on both', async () => {
    const { employee } = await createTenant(one.db);
    for (let i = 0; i < 5; i++) {
      const api = client((i % 2 ? two : one).app);
      expect((await api.post('/api/v1/auth/employee/verify', { phone: employee.phone, pin: String(7000 + i) }, { remoteAddress: randomIp() })).status).toBe(401);
    }
    for (const instance of [one, two]) {
      const res = await client(instance.app).post('/api/v1/auth/employee/verify', { phone: employee.phone, pin: employee.pin }, { remoteAddress: randomIp() });
      expect(res.status).toBe(429);
      expect(res.body.error).toBe('Too many verification attempts');
    }
  });
});

describe.skipIf(!hasRedis)('RedisRateLimitStore', () => {
  it('counts atomically under one window and gives back released attempts', async () => {
    const clock = new ManualClock();
    const store = new RedisRateLimitStore({ url: REDIS_URL, clock, keyPrefix: `payclock-test:${uniquePhone()}:` });
    try {
      const hits = await Promise.all(Array.from({ length: 20 }, () => store.hit('k', 3, 60_000)));
      expect(hits.filter((hit) => hit.allowed)).toHaveLength(3);
      expect(Math.max(...hits.map((hit) => hit.count))).toBe(3);
      for (const hit of hits) {
        expect(hit.resetAt.getTime()).toBeGreaterThan(clock.now().getTime() + 59_000);
        expect(hit.resetAt.getTime()).toBeLessThanOrEqual(clock.now().getTime() + 60_000);
      }
      await store.release('k');
      expect((await store.hit('k', 3, 60_000)).allowed).toBe(true);
      expect((await store.hit('k', 3, 60_000)).allowed).toBe(false);
      const short = await store.hit('short', 1, 50);
      expect(short.allowed).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect((await store.hit('short', 1, 50)).allowed).toBe(true);
    } finally {
      await store.close();
    }
  });
});

describe('two instances without Redis (in-process counters)', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await createTestApp();
    two = await createTestApp({ database: one.database });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('admits 5 per instance: 10 of 50 parallel logins from one IP across two instances (set REDIS_URL when running several)', async () => {
    const { admin } = await createTenant(one.db);
    const statuses = await burst([one, two], { email: admin.email, password: admin.password });
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
  });
});

describe('Redis unreachable', () => {
  let down: TestApp;
  beforeAll(async () => {
    // Port 1 (tcpmux) is never a Redis: connections are refused at once.
    down = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
  });
  afterAll(async () => down?.close());

  it('fails closed: login answers 503 Service unavailable with Retry-After, never unlimited', async () => {
    const { admin } = await createTenant(down.db);
    for (let i = 0; i < 7; i++) {
      const res = await client(down.app).post(LOGIN, { email: admin.email, password: admin.password }, { remoteAddress: randomIp() });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ success: false, error: 'Service unavailable', message: 'Please retry shortly' });
      expect(res.headers['retry-after']).toBe('5');
    }
  });

  it('fails closed for employee verify too', async () => {
    const { employee } = await createTenant(down.db);
    const res = await client(down.app).post('/api/v1/auth/employee/verify', { phone: employee.phone, pin: employee.pin }, { remoteAddress: randomIp() });
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('Service unavailable');
  });
});

describe('MemoryRateLimitStore', () => {
  it('starts a new window after windowMs and never counts past the limit', async () => {
    const clock = new ManualClock(new Date('2026-03-01T12:00:00.000Z'));
    const store = new MemoryRateLimitStore(clock);
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push(await store.hit('k', 2, 1_000));
    expect(hits.map((hit) => [hit.count, hit.allowed])).toEqual([[1, true], [2, true], [2, false], [2, false]]);
    expect(hits[3]!.resetAt.toISOString()).toBe('2026-03-01T12:00:01.000Z');
    clock.advance(1_000);
    expect(await store.hit('k', 2, 1_000)).toEqual({ count: 1, allowed: true, resetAt: new Date('2026-03-01T12:00:02.000Z') });
  });

  it('bounds its memory: the oldest windows go first', async () => {
    const clock = new ManualClock();
    const store = new MemoryRateLimitStore(clock, 3);
    for (const key of ['a', 'b', 'c', 'd']) await store.hit(key, 1, 60_000);
    expect((await store.hit('d', 1, 60_000)).allowed).toBe(false);
    expect((await store.hit('a', 1, 60_000)).allowed).toBe(true); // 'a' was dropped
  });
});

describe('ipSubject', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('counts %s as %s', (ip, subject) => {
    expect(ipSubject(ip)).toBe(subject);
  });
});
