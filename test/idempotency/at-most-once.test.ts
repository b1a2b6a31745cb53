// A key's first request runs at most once: the write and the stored answer commit in one
// transaction, a retry while the first is running is a 409 however long it runs, and a first
// request that failed before committing leaves nothing (neither its write nor the key).
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { ManualClock } from '../../src/clock.ts';
import { idempotencyKeys, industries, timeEntries } from '../../src/db/schema.ts';
import { envelope, errorResponses } from '../../src/http/schemas.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant, createTimeEntry, unique } from '../helpers/factories.ts';
import { adminToken, client } from '../helpers/http.ts';
import { ENTRY, employeeTenant } from '../timesheet/fixtures.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const MINUTE = 60_000;
const clock = new ManualClock(new Date('2026-03-04T15:00:00.000Z'));
let t: TestApp;
let api: ReturnType<typeof client>;

/** Invocations of the probe routes, per tag. */
const calls = new Map<string, number>();
const count = (tag: string) => calls.set(tag, (calls.get(tag) ?? 0) + 1).get(tag)!;

/** Per tag: the slow probe says when it has written, and waits for the test to let it finish. */
const slow = new Map<string, { written: () => void; release: Promise<void> }>();

const probeSchema = {
  body: Type.Object({ tag: Type.String() }),
  response: { 201: envelope(Type.Object({}, { additionalProperties: true })), ...errorResponses(401, 403) },
};

/** The probes write through the app's own database handle, as services do with ctx.db. */
function registerProbes(app: TestApp['app'], db: () => TestApp['db']) {
  app.post<{ Body: { tag: string } }>('/api/v1/admin/probe-slow-write', { config: { auth: 'admin' }, schema: probeSchema }, async (request, reply) => {
    const { tag } = request.body;
    const call = count(tag);
    await db().insert(industries).values({ name: `${tag}-${call}` });
    const gate = slow.get(tag);
    if (gate) {
      gate.written();
      await gate.release;
    }
    return reply.code(201).send({ success: true, data: { tag, call } });
  });
  app.post<{ Body: { tag: string } }>(
    '/api/v1/admin/probe-write-then-fail',
    { config: { auth: 'admin', failureError: 'Failed to probe' }, schema: probeSchema },
    async (request, reply) => {
      const { tag } = request.body;
      const call = count(tag);
      await db().insert(industries).values({ name: `${tag}-${call}` });
      if (call === 1) throw new Error('failure after the write');
      return reply.code(201).send({ success: true, data: { tag, call } });
    },
  );
}

beforeAll(async () => {
  t = await createTestApp({ clock, routes: (app) => registerProbes(app, () => t.db) });
  api = client(t.app);
});
afterAll(async () => t.close());

const withKey = (token: string, key: string) => ({ token, headers: { 'idempotency-key': key } });

async function writesOf(tag: string) {
  return t.db.select().from(industries).where(sql`${industries.name} like ${`${tag}-%`}`);
}
async function keyRows(key: string) {
  return t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
}

/** Holds the slow probe of `tag` after its write until release() is called. */
function holdSlowProbe(tag: string) {
  let written!: () => void;
  let release!: () => void;
  const hasWritten = new Promise<void>((resolve) => (written = resolve));
  slow.set(tag, { written, release: new Promise<void>((resolve) => (release = resolve)) });
  return { hasWritten, release };
}

function expectInProgress(res: { status: number; body: any; headers: Record<string, unknown> }) {
  expect(res.status).toBe(409);
  expect(res.body).toMatchObject({ success: false, error: 'Request in progress' });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('a first request that runs long', () => {
  it('answers every retry 409 with Retry-After for far longer than a minute, then replays; the write happens once', async () => {
    const { admin } = await createTenant(t.db);
    const token = await adminToken(t.tokens, admin);
    const tag = unique('slow');
    const key = unique('key');
    const probe = holdSlowProbe(tag);
    const first = api.post('/api/v1/admin/probe-slow-write', { tag }, withKey(token, key));
    await probe.hasWritten;
    // Ten minutes of the service's clock pass while the first request is still running.
    for (let minute = 0; minute < 10; minute++) {
      clock.advance(MINUTE + 1_000);
      expectInProgress(await api.post('/api/v1/admin/probe-slow-write', { tag }, withKey(token, key)));
    }
    probe.release();
    const answer = await first;
    expect(answer.status).toBe(201);
    const replay = await api.post('/api/v1/admin/probe-slow-write', { tag }, withKey(token, key));
    expect(replay.status).toBe(201);
    expect(replay.raw).toBe(answer.raw);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(calls.get(tag)).toBe(1);
    expect(await writesOf(tag)).toHaveLength(1);
  });

  // A second instance has its own memory: only the database lock stops it. (On PGlite a second
  // instance cannot share the one connection while the first holds it in its transaction.)
  it.skipIf(!onPostgres)('answers 409 on another instance sharing the database too, for as long as the first runs', async () => {
    const other = await createTestApp({ clock, database: t.database, routes: (app) => registerProbes(app, () => t.db) });
    try {
      const { admin } = await createTenant(t.db);
      const token = await adminToken(t.tokens, admin);
      const tag = unique('slow2');
      const key = unique('key');
      const probe = holdSlowProbe(tag);
      const first = api.post('/api/v1/admin/probe-slow-write', { tag }, withKey(token, key));
      await probe.hasWritten;
      for (let minute = 0; minute < 5; minute++) {
        clock.advance(2 * MINUTE);
        expectInProgress(await client(other.app).post('/api/v1/admin/probe-slow-write', { tag }, withKey(token, key)));
      }
      probe.release();
      const answer = await first;
      const replay = await client(other.app).post('/api/v1/admin/probe-slow-write', { tag }, withKey(token, key));
      expect(replay.raw).toBe(answer.raw);
      expect(calls.get(tag)).toBe(1);
      expect(await writesOf(tag)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});

describe('a client that goes away mid-request', () => {
  it('still has its request settled: committed once, the connection given back, the retry replayed', async () => {
    const { admin } = await createTenant(t.db);
    const token = await adminToken(t.tokens, admin);
    const tag = unique('gone');
    const key = unique('key');
    const probe = holdSlowProbe(tag);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = JSON.stringify({ tag });
    const sent = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v1/admin/probe-slow-write',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'idempotency-key': key },
    });
    sent.on('error', () => {});
    sent.end(body);
    await probe.hasWritten;
    sent.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    probe.release();
    let retry = await api.post('/api/v1/admin/probe-slow-write', { tag }, withKey(token, key));
    for (let attempt = 0; retry.status === 409 && attempt < 50; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      retry = await api.post('/api/v1/admin/probe-slow-write', { tag }, withKey(token, key));
    }
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.data.call).toBe(1);
    expect(await writesOf(tag)).toHaveLength(1);
    const pool = t.database.poolStats();
    if (pool) expect(pool.total - pool.idle).toBe(0);
  });
});

describe('a first request that fails before committing', () => {
  it('keeps neither the write nor the key after a 5xx that follows the write; the retry runs once', async () => {
    const { admin } = await createTenant(t.db);
    const token = await adminToken(t.tokens, admin);
    const tag = unique('fail');
    const key = unique('key');
    const first = await api.post('/api/v1/admin/probe-write-then-fail', { tag }, withKey(token, key));
    expect(first.status).toBe(500);
    expect(first.body).toEqual({ success: false, error: 'Failed to probe' });
    expect(await writesOf(tag)).toHaveLength(0);
    expect(await keyRows(key)).toHaveLength(0);
    const retry = await api.post('/api/v1/admin/probe-write-then-fail', { tag }, withKey(token, key));
    expect(retry.status).toBe(201);
    const replay = await api.post('/api/v1/admin/probe-write-then-fail', { tag }, withKey(token, key));
    expect(replay.raw).toBe(retry.raw);
    expect((await writesOf(tag)).map((row) => row.name)).toEqual([`${tag}-2`]);
  });

  it('answers an error, not the 2xx, when the COMMIT of the clock in and its answer fails; nothing is kept, the retry runs once', async () => {
    // A deferred constraint trigger raises at COMMIT, once the answer is stored, for these keys only.
    const prefix = unique('fail-commit').replace(/[^a-z0-9-]/gi, '');
    const trigger = `fail_answer_${prefix.replace(/-/g, '_')}`.slice(0, 60);
    await t.db.execute(
      sql.raw(`create function ${trigger}() returns trigger language plpgsql as $$ begin raise exception 'injected commit failure'; end $$`),
    );
    await t.db.execute(
      sql.raw(`create constraint trigger ${trigger} after insert or update on idempotency_keys deferrable initially deferred
               for each row when (new.status_code is not null and new.key like '${prefix}%') execute function ${trigger}()`),
    );
    const { employee, token } = await employeeTenant(t.db, t.tokens);
    const key = `${prefix}-1`;
    try {
      const first = await api.post(ENTRY, { action: 'clock_in' }, withKey(token, key));
      expect(first.status).toBe(500);
      expect(first.body.success).toBe(false);
      expect(first.raw).not.toContain('injected');
      expect(await t.db.select().from(timeEntries).where(eq(timeEntries.employeeId, employee.id))).toHaveLength(0);
      expect(await keyRows(key)).toHaveLength(0);
    } finally {
      await t.db.execute(sql.raw(`drop trigger ${trigger} on idempotency_keys`));
      await t.db.execute(sql.raw(`drop function ${trigger}()`));
    }
    const retry = await api.post(ENTRY, { action: 'clock_in' }, withKey(token, key));
    expect(retry.status).toBe(200);
    const replay = await api.post(ENTRY, { action: 'clock_in' }, withKey(token, key));
    expect(replay.raw).toBe(retry.raw);
    const entries = await t.db.select().from(timeEntries).where(eq(timeEntries.employeeId, employee.id));
    expect(entries.map((entry) => entry.id)).toEqual([retry.body.data.timeEntry.id]);
    const [stored] = await keyRows(key);
    expect(stored!.statusCode).toBe(200);
  });
});

describe('a refused clock in with a key', () => {
  it('answers 400 Overlapping time entry (the constraint does not break the request transaction) and replays it', async () => {
    const { company, employee, token } = await employeeTenant(t.db, t.tokens);
    const now = clock.now().getTime();
    await createTimeEntry(t.db, { employeeId: employee.id, companyId: company.id, clockIn: new Date(now - 2 * 3_600_000), clockOut: new Date(now + 3_600_000) });
    const key = unique('key');
    const first = await api.post(ENTRY, { action: 'clock_in' }, withKey(token, key));
    expect(first.status).toBe(400);
    expect(first.body.error).toBe('Overlapping time entry');
    const replay = await api.post(ENTRY, { action: 'clock_in' }, withKey(token, key));
    expect(replay.raw).toBe(first.raw);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const stored = await t.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.actorId, employee.id)));
    expect(stored[0]!.statusCode).toBe(400);
  });
});
