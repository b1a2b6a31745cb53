// docs/api.md §12: `Idempotency-Key` on the employee writes and every authenticated POST under
// /api/v1 (not /auth/*). A retry by the same user within 24 hours gets the first answer again
// and changes nothing; the same key with another body is a 422.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ManualClock } from '../../src/clock.ts';
import { payPeriods, timeEntries } from '../../src/db/schema.ts';
import { Type } from 'typebox';
import { adminOf } from '../../src/http/auth-guard.ts';
import { envelope, errorResponses } from '../../src/http/schemas.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createPayPeriod, createTenant, createTimeEntry, unique } from '../helpers/factories.ts';
import { adminToken, client } from '../helpers/http.ts';
import { ENTRY, SUBMIT, employeeTenant } from '../timesheet/fixtures.ts';

const HOUR = 3_600_000;
let t: TestApp;
let api: ReturnType<typeof client>;
const clock = new ManualClock(new Date('2026-03-04T15:00:00.000Z'));
/** Invocations of the probe routes, per test-chosen tag. */
const calls = new Map<string, number>();
const count = (tag: string) => {
  const n = (calls.get(tag) ?? 0) + 1;
  calls.set(tag, n);
  return n;
};

/** The probes document their answers like real routes; 409 and 422 are added by the idempotency hooks. */
const probeSchema = (success: number) => ({
  body: Type.Object({ tag: Type.String(), value: Type.Optional(Type.Integer()) }),
  response: { [success]: envelope(Type.Object({}, { additionalProperties: true })), ...errorResponses(401, 403) },
});

beforeAll(async () => {
  t = await createTestApp({
    clock,
    routes: (app) => {
      // A stand-in admin POST: the hooks apply to every authenticated POST, whoever writes it.
      app.post<{ Body: { tag: string; value?: number } }>('/api/v1/admin/probe-writes', { config: { auth: 'admin' }, schema: probeSchema(201) }, async (request, reply) => {
        const n = count(request.body.tag);
        return reply.code(201).send({ success: true, data: { tag: request.body.tag, call: n, by: adminOf(request).userId } });
      });
      app.post<{ Body: { tag: string } }>('/api/v1/admin/probe-flaky', { config: { auth: 'admin', failureError: 'Failed to probe' }, schema: probeSchema(200) }, async (request) => {
        if (count(request.body.tag) === 1) throw new Error('transient failure');
        return { success: true, data: { ok: true } };
      });
      app.post<{ Body: { tag: string } }>('/api/v1/auth/probe', { config: { auth: 'admin' }, schema: probeSchema(200) }, async (request) => ({
        success: true,
        data: { call: count(request.body.tag) },
      }));
    },
  });
  api = client(t.app);
});
afterAll(async () => t.close());

const key = () => unique('key');
const withKey = (token: string, k: string) => ({ token, headers: { 'idempotency-key': k } });

async function entriesOf(employeeId: string) {
  return t.db.select().from(timeEntries).where(eq(timeEntries.employeeId, employeeId));
}

describe('Idempotency-Key on POST /api/v1/employee/timesheet/entry', () => {
  it('replays the first answer to a retried clock in: same status, identical body, one entry', async () => {
    const { employee, token } = await employeeTenant(t.db, t.tokens);
    const k = key();
    const first = await api.post(ENTRY, { action: 'clock_in', jobCode: 'J1' }, withKey(token, k));
    clock.advance(5_000);
    const retry = await api.post(ENTRY, { action: 'clock_in', jobCode: 'J1' }, withKey(token, k));
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.raw).toBe(first.raw);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers['content-type']).toMatch(/^application\/json/);
    expect(await entriesOf(employee.id)).toHaveLength(1);
    // Without the key, the second clock in is a real one and is refused.
    const plain = await api.post(ENTRY, { action: 'clock_in', jobCode: 'J1' }, { token });
    expect(plain.status).toBe(400);
    expect(plain.body.error).toBe('Already clocked in');
  });

  it('answers 422 Idempotency key reused for the same key with a different body, changing nothing', async () => {
    const { employee, token } = await employeeTenant(t.db, t.tokens);
    const k = key();
    expect((await api.post(ENTRY, { action: 'clock_in' }, withKey(token, k))).status).toBe(200);
    clock.advance(HOUR);
    const other = await api.post(ENTRY, { action: 'clock_out' }, withKey(token, k));
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ success: false, error: 'Idempotency key reused' });
    const rows = await entriesOf(employee.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.clockOut).toBeNull();
  });

  it('replays a 4xx answer too: the retry does not run again even when it would now succeed', async () => {
    const { employee, token } = await employeeTenant(t.db, t.tokens);
    const k = key();
    const first = await api.post(ENTRY, { action: 'clock_out' }, withKey(token, k));
    expect(first.status).toBe(400);
    expect(first.body.error).toBe('No open time entry');
    await api.post(ENTRY, { action: 'clock_in' }, { token });
    clock.advance(HOUR);
    const retry = await api.post(ENTRY, { action: 'clock_out' }, withKey(token, k));
    expect(retry.status).toBe(400);
    expect(retry.raw).toBe(first.raw);
    expect((await entriesOf(employee.id))[0]!.clockOut).toBeNull();
  });

  it('keeps keys per user: the same key from two employees runs twice', async () => {
    const a = await employeeTenant(t.db, t.tokens);
    const b = await employeeTenant(t.db, t.tokens);
    const k = key();
    const ra = await api.post(ENTRY, { action: 'clock_in' }, withKey(a.token, k));
    const rb = await api.post(ENTRY, { action: 'clock_in' }, withKey(b.token, k));
    expect(ra.status).toBe(200);
    expect(rb.status).toBe(200);
    expect(rb.body.data.timeEntry.employeeId).toBe(b.employee.id);
  });

  it('rejects a key longer than 255 characters with 400 Validation failed', async () => {
    const { employee, token } = await employeeTenant(t.db, t.tokens);
    const res = await api.post(ENTRY, { action: 'clock_in' }, withKey(token, 'k'.repeat(256)));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'Validation failed', message: expect.stringContaining('Idempotency-Key') });
    expect(await entriesOf(employee.id)).toHaveLength(0);
    expect((await api.post(ENTRY, { action: 'clock_in' }, withKey(token, 'k'.repeat(255)))).status).toBe(200);
  });

  it('runs a request only once when two with one key arrive together', async () => {
    const { employee, token } = await employeeTenant(t.db, t.tokens);
    const k = key();
    const results = await Promise.all(Array.from({ length: 5 }, () => api.post(ENTRY, { action: 'clock_in' }, withKey(token, k))));
    for (const res of results) {
      // Either the first answer (run or replayed) or 409 Request in progress; never a second run.
      expect([200, 409]).toContain(res.status);
      if (res.status === 409) expect(res.body.error).toBe('Request in progress');
    }
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(new Set(results.filter((r) => r.status === 200).map((r) => r.body.data.timeEntry.id)).size).toBe(1);
    expect(await entriesOf(employee.id)).toHaveLength(1);
  });
});

describe('Idempotency-Key on POST /api/v1/employee/timesheet/submit', () => {
  it('replays the successful submit instead of answering Already submitted', async () => {
    const { company, employee, token } = await employeeTenant(t.db, t.tokens);
    const period = await createPayPeriod(t.db, { companyId: company.id, startDate: new Date('2026-02-01T00:00:00Z'), endDate: new Date('2026-02-07T23:59:59.999Z') });
    await createTimeEntry(t.db, { employeeId: employee.id, companyId: company.id, payPeriodId: period.id, clockIn: new Date('2026-02-02T14:00:00Z'), clockOut: new Date('2026-02-02T22:00:00Z'), totalHours: 8, regularHours: 8, overtimeHours: 0 });
    const k = key();
    const first = await api.post(SUBMIT, { payPeriodId: period.id }, withKey(token, k));
    const retry = await api.post(SUBMIT, { payPeriodId: period.id }, withKey(token, k));
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.raw).toBe(first.raw);
    const fresh = await api.post(SUBMIT, { payPeriodId: period.id }, withKey(token, key()));
    expect(fresh.status).toBe(400);
    expect(fresh.body.error).toBe('Already submitted');
    const [row] = await t.db.select().from(payPeriods).where(eq(payPeriods.id, period.id));
    expect(row!.status).toBe('SUBMITTED');
  });
});

describe('Idempotency-Key on admin POST routes', () => {
  it('replays a 201 without running the handler again', async () => {
    const { admin } = await createTenant(t.db);
    const token = await adminToken(t.tokens, admin);
    const tag = unique('tag');
    const k = key();
    const first = await api.post('/api/v1/admin/probe-writes', { tag }, withKey(token, k));
    const retry = await api.post('/api/v1/admin/probe-writes', { tag }, withKey(token, k));
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.raw).toBe(first.raw);
    expect(calls.get(tag)).toBe(1);
    // Key order in the body does not make it another request; another value does.
    expect((await api.post('/api/v1/admin/probe-writes', { value: 1, tag }, withKey(token, key()))).status).toBe(201);
    const reused = await api.post('/api/v1/admin/probe-writes', { tag, value: 2 }, withKey(token, k));
    expect(reused.status).toBe(422);
    expect(reused.body.error).toBe('Idempotency key reused');
  });

  it('does not keep a 5xx answer: the retry runs again', async () => {
    const { admin } = await createTenant(t.db);
    const token = await adminToken(t.tokens, admin);
    const tag = unique('tag');
    const k = key();
    const first = await api.post('/api/v1/admin/probe-flaky', { tag }, withKey(token, k));
    expect(first.status).toBe(500);
    expect(first.body).toEqual({ success: false, error: 'Failed to probe' });
    const retry = await api.post('/api/v1/admin/probe-flaky', { tag }, withKey(token, k));
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ success: true, data: { ok: true } });
    const again = await api.post('/api/v1/admin/probe-flaky', { tag }, withKey(token, k));
    expect(again.raw).toBe(retry.raw);
    expect(calls.get(tag)).toBe(2);
  });

  it('forgets a key after 24 hours', async () => {
    const { admin } = await createTenant(t.db);
    const token = await adminToken(t.tokens, admin);
    const tag = unique('tag');
    const k = key();
    clock.set('2026-03-04T15:00:00.000Z');
    await api.post('/api/v1/admin/probe-writes', { tag }, withKey(token, k));
    clock.advance(23 * HOUR);
    expect((await api.post('/api/v1/admin/probe-writes', { tag }, withKey(token, k))).body.data.call).toBe(1);
    clock.advance(2 * HOUR);
    expect((await api.post('/api/v1/admin/probe-writes', { tag }, withKey(token, k))).body.data.call).toBe(2);
  });

  it('ignores the key on /api/v1/auth/* routes', async () => {
    const { admin } = await createTenant(t.db);
    const token = await adminToken(t.tokens, admin);
    const tag = unique('tag');
    const k = key();
    await api.post('/api/v1/auth/probe', { tag }, withKey(token, k));
    const second = await api.post('/api/v1/auth/probe', { tag }, withKey(token, k));
    expect(second.body.data.call).toBe(2);
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('documents 409 and 422 on every covered POST, and not on GETs, /auth routes or unauthenticated POSTs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const paths = res.json().paths as Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>>;
    // A key belongs to a user, so a POST that takes no token (security: [], the first run) has none.
    const authenticated = (ops: Record<string, { security?: unknown[] }>) => (ops.post?.security?.length ?? 0) > 0;
    const posts = Object.entries(paths).filter(([path, ops]) => ops.post && authenticated(ops) && path.startsWith('/api/v1/') && !path.startsWith('/api/v1/auth/'));
    expect(Object.keys(paths['/api/v1/setup/first-admin']!.post!.responses)).not.toContain('422');
    expect(posts.map(([path]) => path)).toContain('/api/v1/employee/timesheet/entry');
    for (const [path, ops] of posts) {
      expect(Object.keys(ops.post!.responses), path).toEqual(expect.arrayContaining(['409', '422']));
    }
    expect(Object.keys(paths['/api/v1/employee/timesheet']!.get!.responses)).not.toContain('422');
  });
});
