// GET /api/v1/admin/audit-logs (docs/api.md §16): filters, pagination, newest first, and tenant
// scope (an ADMIN sees its own organization's entries, a SUPER_ADMIN every entry). Rows are
// inserted with chosen timestamps where a test is about time; each test uses fresh
// organizations or actor ids, so nothing depends on other tests' rows.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../src/db/schema.ts';
import { createAdmin, createCompany, createEmployee, createOrg } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { adminToken, client, employeeToken } from '../helpers/http.ts';

const URL = '/api/v1/admin/audit-logs';
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const AUDIT_KEYS = ['action', 'actorId', 'actorType', 'bookkeeperOrgId', 'createdAt', 'details', 'entityId', 'entityType', 'id', 'ip', 'userAgent'];

let t: TestApp;
let api: ReturnType<typeof client>;
let superToken: string;
let superAdminId: string;

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app);
  const home = await createOrg(t.db);
  const superAdmin = await createAdmin(t.db, { bookkeeperOrgId: home.id, role: 'SUPER_ADMIN' });
  superAdminId = superAdmin.id;
  superToken = await adminToken(t.tokens, superAdmin);
});
afterAll(async () => t.close());

/** A fresh organization (in `timezone`) with one ADMIN and its token. */
async function tenant(timezone = 'America/New_York') {
  const org = await createOrg(t.db, { timezone });
  const admin = await createAdmin(t.db, { bookkeeperOrgId: org.id });
  return { org, admin, token: await adminToken(t.tokens, admin) };
}

type AuditInsert = typeof auditLogs.$inferInsert;
async function insertEntries(entries: AuditInsert[]) {
  return t.db.insert(auditLogs).values(entries).returning();
}

function expectAuditEntry(entry: any): void {
  expect(Object.keys(entry).sort()).toEqual(AUDIT_KEYS);
  expect(entry.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(typeof entry.action).toBe('string');
  for (const field of ['actorType', 'actorId', 'bookkeeperOrgId', 'entityType', 'entityId', 'ip', 'userAgent']) {
    expect(entry[field] === null || typeof entry[field] === 'string', field).toBe(true);
  }
  expect(entry.details === null || (typeof entry.details === 'object' && !Array.isArray(entry.details))).toBe(true);
  expect(entry.createdAt).toMatch(ISO_MS);
}

describe('GET /api/v1/admin/audit-logs', () => {
  it('answers 401 Authentication required without a token, 403 to an employee token', async () => {
    const none = await api.get(URL);
    expect(none.status).toBe(401);
    expect(none.body.error).toBe('Authentication required');
    const org = await createOrg(t.db);
    const company = await createCompany(t.db, { bookkeeperOrgId: org.id });
    const employee = await createEmployee(t.db, { companyId: company.id });
    const res = await api.get(URL, { token: await employeeToken(t.tokens, employee) });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Access denied. Required role: admin');
  });

  it('shows the entries the services write, with every field typed', async () => {
    const a = await tenant();
    const put = await api.put(`/api/v1/admin/bookkeeper-orgs/${a.org.id}`, { city: 'Reno' }, { token: a.token, headers: { 'user-agent': 'audit-test/2.0' } });
    expect(put.status).toBe(200);
    await insertEntries([{ action: 'auth.login.failure', bookkeeperOrgId: a.org.id, actorType: null, actorId: null, details: null }]);

    const res = await api.get(URL, { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(Object.keys(res.body.data).sort()).toEqual(['items', 'page', 'pageSize', 'total', 'totalPages']);
    expect(res.body.data).toMatchObject({ total: 2, page: 1, pageSize: 20, totalPages: 1 });
    res.body.data.items.forEach(expectAuditEntry);
    const update = res.body.data.items.find((e: any) => e.action === 'bookkeeper_org.update');
    expect(update).toMatchObject({
      actorType: 'admin',
      actorId: a.admin.id,
      bookkeeperOrgId: a.org.id,
      entityType: 'bookkeeper_org',
      entityId: a.org.id,
      userAgent: 'audit-test/2.0',
    });
    expect(typeof update.ip).toBe('string');
    expect(update.details.before.city).toBeNull();
    expect(update.details.after.city).toBe('Reno');
    const failure = res.body.data.items.find((e: any) => e.action === 'auth.login.failure');
    expect(failure).toMatchObject({ actorType: null, actorId: null, details: null, entityId: null });
  });

  it('shows an ADMIN only its own organization\'s entries', async () => {
    const a = await tenant();
    const b = await tenant();
    await insertEntries([
      { action: 'test.a', bookkeeperOrgId: a.org.id },
      { action: 'test.b', bookkeeperOrgId: b.org.id },
      { action: 'test.none', bookkeeperOrgId: null },
    ]);
    const res = await api.get(URL, { token: a.token, query: { pageSize: 100 } });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.items.map((e: any) => [e.action, e.bookkeeperOrgId])).toEqual([['test.a', a.org.id]]);
    // Naming another organization's actor does not widen the scope.
    const other = await api.get(URL, { token: a.token, query: { actorId: b.admin.id } });
    expect(other.status).toBe(200);
    expect(other.body.data.total).toBe(0);
  });

  it('shows a SUPER_ADMIN every organization\'s entries', async () => {
    const a = await tenant();
    const b = await tenant();
    const actorId = randomUUID();
    await insertEntries([
      { action: 'test.a', bookkeeperOrgId: a.org.id, actorId, actorType: 'admin' },
      { action: 'test.b', bookkeeperOrgId: b.org.id, actorId, actorType: 'admin' },
      { action: 'test.none', bookkeeperOrgId: null, actorId, actorType: 'employee' },
    ]);
    const res = await api.get(URL, { token: superToken, query: { actorId } });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.items.map((e: any) => e.action).sort()).toEqual(['test.a', 'test.b', 'test.none']);
  });

  it('lists newest first and filters by action and actorId', async () => {
    const a = await tenant();
    const actorId = randomUUID();
    const base = Date.UTC(2026, 0, 10, 12);
    await insertEntries([
      { action: 'pay_period.create', bookkeeperOrgId: a.org.id, actorId, createdAt: new Date(base) },
      { action: 'pay_period.update', bookkeeperOrgId: a.org.id, actorId, createdAt: new Date(base + 60_000) },
      { action: 'pay_period.update', bookkeeperOrgId: a.org.id, createdAt: new Date(base + 120_000) },
      { action: 'pay_period.delete', bookkeeperOrgId: a.org.id, actorId, createdAt: new Date(base + 180_000) },
    ]);
    const all = await api.get(URL, { token: a.token });
    expect(all.body.data.items.map((e: any) => e.createdAt)).toEqual(
      [180_000, 120_000, 60_000, 0].map((offset) => new Date(base + offset).toISOString()),
    );
    const updates = await api.get(URL, { token: a.token, query: { action: 'pay_period.update' } });
    expect(updates.body.data.total).toBe(2);
    expect(updates.body.data.items.every((e: any) => e.action === 'pay_period.update')).toBe(true);
    const byActor = await api.get(URL, { token: a.token, query: { actorId } });
    expect(byActor.body.data.items.map((e: any) => e.action)).toEqual(['pay_period.delete', 'pay_period.update', 'pay_period.create']);
    const both = await api.get(URL, { token: a.token, query: { actorId, action: 'pay_period.update' } });
    expect(both.body.data.total).toBe(1);
    const unknown = await api.get(URL, { token: a.token, query: { action: 'no.such.action' } });
    expect(unknown.body.data).toMatchObject({ items: [], total: 0, totalPages: 0 });
  });

  it('filters by entityType and entityId: one time entry\'s corrections, and nothing of another tenant', async () => {
    const a = await tenant();
    const company = await createCompany(t.db, { bookkeeperOrgId: a.org.id });
    const employee = await createEmployee(t.db, { companyId: company.id });
    const created = await api.post(
      '/api/v1/admin/time-entries',
      { employeeId: employee.id, clockIn: '2026-01-05T14:00:00.000Z', clockOut: '2026-01-05T23:00:00.000Z' },
      { token: a.token },
    );
    expect(created.status).toBe(201);
    const entryId = created.body.data.id;
    const other = await api.post(
      '/api/v1/admin/time-entries',
      { employeeId: employee.id, clockIn: '2026-01-06T14:00:00.000Z', clockOut: '2026-01-06T23:00:00.000Z' },
      { token: a.token },
    );
    expect(other.status).toBe(201);
    const put = await api.put(`/api/v1/admin/time-entries/${entryId}`, { clockOut: '2026-01-05T21:00:00.000Z' }, { token: a.token });
    expect(put.status).toBe(200);
    await insertEntries([{ action: 'test.same-id', bookkeeperOrgId: a.org.id, entityType: 'company', entityId: entryId }]);

    const history = await api.get(URL, { token: a.token, query: { entityType: 'time_entry', entityId: entryId } });
    expect(history.status).toBe(200);
    expect(history.body.data.items.map((e: any) => e.action)).toEqual(['time_entry.update', 'time_entry.create']);
    const [update] = history.body.data.items;
    expect(update.details.before.clockOut).toBe('2026-01-05T23:00:00.000Z');
    expect(update.details.after.clockOut).toBe('2026-01-05T21:00:00.000Z');
    const byIdOnly = await api.get(URL, { token: a.token, query: { entityId: entryId } });
    expect(byIdOnly.body.data.total).toBe(3);
    const byType = await api.get(URL, { token: a.token, query: { entityType: 'time_entry' } });
    expect(byType.body.data.total).toBe(3);

    const b = await tenant();
    const foreign = await api.get(URL, { token: b.token, query: { entityId: entryId } });
    expect(foreign.status).toBe(200);
    expect(foreign.body.data).toMatchObject({ items: [], total: 0 });
  });

  it('reads date-only startDate and endDate as whole local days in the organization\'s time zone', async () => {
    // Asia/Tokyo is UTC+9 all year: 2026-03-01 local runs 2026-02-28T15:00Z to 2026-03-01T14:59:59.999Z.
    const a = await tenant('Asia/Tokyo');
    const at = (iso: string) => ({ action: `at ${iso}`, bookkeeperOrgId: a.org.id, createdAt: new Date(iso) });
    await insertEntries([
      at('2026-02-28T14:59:59.999Z'),
      at('2026-02-28T15:00:00.000Z'),
      at('2026-03-01T14:59:59.999Z'),
      at('2026-03-01T15:00:00.000Z'),
    ]);
    const day = await api.get(URL, { token: a.token, query: { startDate: '2026-03-01', endDate: '2026-03-01' } });
    expect(day.status).toBe(200);
    expect(day.body.data.items.map((e: any) => e.createdAt)).toEqual(['2026-03-01T14:59:59.999Z', '2026-02-28T15:00:00.000Z']);
    const from = await api.get(URL, { token: a.token, query: { startDate: '2026-03-02' } });
    expect(from.body.data.items.map((e: any) => e.createdAt)).toEqual(['2026-03-01T15:00:00.000Z']);
    const until = await api.get(URL, { token: a.token, query: { endDate: '2026-02-28' } });
    expect(until.body.data.items.map((e: any) => e.createdAt)).toEqual(['2026-02-28T14:59:59.999Z']);
    // A full datetime with an offset is taken as given.
    const exact = await api.get(URL, { token: a.token, query: { startDate: '2026-03-01T14:59:59.999Z', endDate: '2026-03-01T15:00:00Z' } });
    expect(exact.body.data.total).toBe(2);
  });

  it.each([
    [{ startDate: '2026-02-30' }, 'startDate: must be a valid date (YYYY-MM-DD or ISO-8601 date-time)'],
    [{ endDate: 'yesterday' }, 'endDate: must be a valid date (YYYY-MM-DD or ISO-8601 date-time)'],
    [{ startDate: '2026-03-02', endDate: '2026-03-01' }, 'endDate: must not be before startDate'],
    [{ actorId: 'not-a-uuid' }, 'actorId: must be a valid uuid'],
    [{ entityId: 'entry-1' }, 'entityId: must be a valid uuid'],
  ])('rejects %j with 400 Validation failed', async (query, message) => {
    const a = await tenant();
    const res = await api.get(URL, { token: a.token, query });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Validation failed', message });
  });

  it('paginates: pages, a page past the end with the right total, pageSize 100 and 101, page 0', async () => {
    const a = await tenant();
    const base = Date.UTC(2026, 4, 1);
    const rows = await insertEntries(
      Array.from({ length: 5 }, (_, i) => ({ action: `step.${i}`, bookkeeperOrgId: a.org.id, createdAt: new Date(base + i * 1000) })),
    );
    expect(rows).toHaveLength(5);
    const page2 = await api.get(URL, { token: a.token, query: { page: 2, pageSize: 2 } });
    expect(page2.status).toBe(200);
    expect(page2.body.data).toMatchObject({ total: 5, page: 2, pageSize: 2, totalPages: 3 });
    expect(page2.body.data.items.map((e: any) => e.action)).toEqual(['step.2', 'step.1']);
    const past = await api.get(URL, { token: a.token, query: { page: 4, pageSize: 2 } });
    expect(past.body.data).toMatchObject({ items: [], total: 5, page: 4, pageSize: 2, totalPages: 3 });
    const big = await api.get(URL, { token: a.token, query: { pageSize: 100 } });
    expect(big.status).toBe(200);
    expect(big.body.data.items).toHaveLength(5);
    for (const query of [{ pageSize: 101 }, { page: 0 }, { pageSize: 0 }]) {
      const res = await api.get(URL, { token: a.token, query });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Validation failed');
    }
  });

  it('records industry changes of a SUPER_ADMIN under its own organization', async () => {
    const res = await api.post('/api/v1/admin/industries', { name: `Audit ${randomUUID()}` }, { token: superToken });
    expect(res.status).toBe(201);
    const log = await api.get(URL, { token: superToken, query: { actorId: superAdminId, action: 'industry.create' } });
    expect(log.body.data.items.map((e: any) => e.entityId)).toContain(res.body.data.id);
  });
});
