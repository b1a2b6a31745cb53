// /api/v1/admin/industries: the lookup (optional auth, never 401) and the docs/api.md §15
// SUPER_ADMIN-only create and update. Industries are shared by every tenant, so each test
// uses names with its own tag and never counts the whole table.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, industries } from '../../src/db/schema.ts';
import { createAdmin, createCompany, createEmployee, createOrg } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { adminToken, client, employeeToken } from '../helpers/http.ts';

const URL = '/api/v1/admin/industries';
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let t: TestApp;
let api: ReturnType<typeof client>;
let superToken: string;
let adminTokenA: string;
let orgId: string;

const tag = () => `ind${randomUUID().replace(/-/g, '').slice(0, 10)}`;

function expectIndustry(industry: any): void {
  expect(Object.keys(industry).sort()).toEqual(['_count', 'active', 'createdAt', 'description', 'id', 'name', 'updatedAt']);
  expect(industry.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(typeof industry.name).toBe('string');
  expect(industry.description === null || typeof industry.description === 'string').toBe(true);
  expect(typeof industry.active).toBe('boolean');
  expect(industry.createdAt).toMatch(ISO_MS);
  expect(industry.updatedAt).toMatch(ISO_MS);
  expect(Object.keys(industry._count)).toEqual(['companies']);
  expect(Number.isInteger(industry._count.companies)).toBe(true);
}

async function insertIndustry(values: { name: string; description?: string | null; active?: boolean }) {
  const [row] = await t.db.insert(industries).values(values).returning();
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app);
  const home = await createOrg(t.db);
  orgId = home.id;
  superToken = await adminToken(t.tokens, await createAdmin(t.db, { bookkeeperOrgId: home.id, role: 'SUPER_ADMIN' }));
  adminTokenA = await adminToken(t.tokens, await createAdmin(t.db, { bookkeeperOrgId: home.id }));
});
afterAll(async () => t.close());

describe('GET /api/v1/admin/industries', () => {
  it('answers without a token: data.industries ordered by name and data.total', async () => {
    const res = await api.get(URL);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(Object.keys(res.body.data).sort()).toEqual(['industries', 'total']);
    const list = res.body.data.industries;
    expect(res.body.data.total).toBe(list.length);
    // A fresh database holds at least 12 default industries.
    expect(list.length).toBeGreaterThanOrEqual(12);
    list.forEach(expectIndustry);
    expect(list.map((i: any) => i.name)).toEqual(expect.arrayContaining(['Construction', 'Healthcare', 'Restaurants', 'Retail']));
    expect(list.every((i: any) => i.active)).toBe(true);
  });

  it.each([
    ['a garbage bearer token', { authorization: 'Bearer garbage.token.here' }],
    ['a raw garbage token', { authorization: 'nonsense' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
  ])('never answers 401, even with %s', async (_name, headers) => {
    const res = await api.get(URL, { headers });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
  });

  it('answers 200 with an admin token, an employee token and a garbage cookie', async () => {
    expect((await api.get(URL, { token: adminTokenA })).status).toBe(200);
    const company = await createCompany(t.db, { bookkeeperOrgId: orgId });
    const employee = await createEmployee(t.db, { companyId: company.id });
    expect((await api.get(URL, { token: await employeeToken(t.tokens, employee) })).status).toBe(200);
    expect((await api.get(URL, { cookies: { 'auth-token': 'garbage' } })).status).toBe(200);
  });

  it('orders by name and counts companies per industry', async () => {
    const t1 = tag();
    const c = await insertIndustry({ name: `${t1} Charlie` });
    const a = await insertIndustry({ name: `${t1} Alpha`, description: 'first' });
    const b = await insertIndustry({ name: `${t1} Bravo` });
    await createCompany(t.db, { bookkeeperOrgId: orgId, industryId: b.id });
    await createCompany(t.db, { bookkeeperOrgId: orgId, industryId: b.id, active: false });
    await createCompany(t.db, { bookkeeperOrgId: orgId, industryId: a.id });
    const res = await api.get(URL, { query: { search: t1 } });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.industries.map((i: any) => [i.id, i._count.companies])).toEqual([
      [a.id, 1],
      [b.id, 2],
      [c.id, 0],
    ]);
    expect(res.body.data.industries[0]).toMatchObject({ name: `${t1} Alpha`, description: 'first', active: true });
  });

  it('lists active industries by default; only active=false includes inactive ones', async () => {
    const t1 = tag();
    const on = await insertIndustry({ name: `${t1} on` });
    const off = await insertIndustry({ name: `${t1} off`, active: false });
    const ids = (res: any) => res.body.data.industries.map((i: any) => i.id).sort();
    expect(ids(await api.get(URL, { query: { search: t1 } }))).toEqual([on.id]);
    for (const value of ['true', 'no', 'FALSE', '0', '']) {
      expect(ids(await api.get(URL, { query: { search: t1, active: value } })), value).toEqual([on.id]);
    }
    const all = await api.get(URL, { query: { search: t1, active: 'false' } });
    expect(ids(all)).toEqual([on.id, off.id].sort());
    expect(all.body.data.total).toBe(2);
  });

  it('searches name and description case-insensitively', async () => {
    const t1 = tag();
    const byName = await insertIndustry({ name: `${t1} Name` });
    const byDescription = await insertIndustry({ name: `Other ${randomUUID()}`, description: `about ${t1.toUpperCase()} things` });
    const res = await api.get(URL, { query: { search: t1 } });
    expect(res.body.data.industries.map((i: any) => i.id).sort()).toEqual([byName.id, byDescription.id].sort());
  });

  it.each(['%', '_', '\\'])('matches %s literally in search', async (special) => {
    const t1 = tag();
    const literal = await insertIndustry({ name: `${t1}${special}z` });
    await insertIndustry({ name: `${t1}xz` });
    await insertIndustry({ name: `${t1}z`, description: `${t1}yz` });
    const res = await api.get(URL, { query: { search: `${t1}${special}z` } });
    expect(res.status).toBe(200);
    expect(res.body.data.industries.map((i: any) => i.id)).toEqual([literal.id]);
    expect(res.body.data.total).toBe(1);
  });
});

describe('POST /api/v1/admin/industries', () => {
  it('creates an industry for a SUPER_ADMIN (201) with every field typed', async () => {
    const name = `${tag()} Landscaping`;
    const res = await api.post(URL, { name: `  ${name} `, description: 'Lawn care' }, { token: superToken });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expectIndustry(res.body.data);
    expect(res.body.data).toMatchObject({ name, description: 'Lawn care', active: true, _count: { companies: 0 } });
    const listed = await api.get(URL, { query: { search: name } });
    expect(listed.body.data.industries.map((i: any) => i.id)).toEqual([res.body.data.id]);
    const [entry] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, res.body.data.id), eq(auditLogs.action, 'industry.create')));
    expect(entry).toMatchObject({ actorType: 'admin', entityType: 'industry' });
  });

  it('defaults description to null and accepts active false', async () => {
    const res = await api.post(URL, { name: `${tag()} Quiet`, active: false }, { token: superToken });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ description: null, active: false });
  });

  it('ignores id, createdAt and _count in the body', async () => {
    const id = randomUUID();
    const res = await api.post(URL, { name: `${tag()} Mass`, id, createdAt: '2000-01-01T00:00:00.000Z', _count: { companies: 5 } }, { token: superToken });
    expect(res.status).toBe(201);
    expect(res.body.data.id).not.toBe(id);
    expect(res.body.data.createdAt.startsWith('2000')).toBe(false);
    expect(res.body.data._count.companies).toBe(0);
  });

  it('rejects a name that exists in any letter case with 400 Industry already exists', async () => {
    const name = `${tag()} Dup`;
    expect((await api.post(URL, { name }, { token: superToken })).status).toBe(201);
    const res = await api.post(URL, { name: name.toUpperCase() }, { token: superToken });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Industry already exists' });
    const seeded = await api.post(URL, { name: 'healthcare' }, { token: superToken });
    expect(seeded.status).toBe(400);
    expect(seeded.body.error).toBe('Industry already exists');
  });

  it.each([
    [{}, 'name: is required'],
    [{ name: '  ' }, 'name: must not be empty'],
    [{ name: 'x'.repeat(256) }, 'name: must be at most 255 characters'],
    [{ name: 'Ok', active: 'yes' }, 'active: must be a boolean'],
    [{ name: 'Ok', description: 7 }, 'description: must be a string or null'],
  ])('rejects %j with 400 Validation failed', async (body, message) => {
    const res = await api.post(URL, body, { token: superToken });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Validation failed', message });
  });

  it('answers 403 Access denied to an ADMIN and creates nothing', async () => {
    const name = `${tag()} Denied`;
    const res = await api.post(URL, { name }, { token: adminTokenA });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'Access denied' });
    const listed = await api.get(URL, { query: { search: name, active: 'false' } });
    expect(listed.body.data.total).toBe(0);
  });

  it('answers 401 Authentication required without a token', async () => {
    const res = await api.post(URL, { name: `${tag()} Anon` });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Authentication required');
  });
});

describe('PUT /api/v1/admin/industries/{id}', () => {
  it('changes only the supplied fields (200) and records industry.update with before and after', async () => {
    const industry = await insertIndustry({ name: `${tag()} Editable`, description: 'kept' });
    await createCompany(t.db, { bookkeeperOrgId: orgId, industryId: industry.id });
    const res = await api.put(`${URL}/${industry.id}`, { active: false }, { token: superToken });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expectIndustry(res.body.data);
    expect(res.body.data).toMatchObject({ id: industry.id, name: industry.name, description: 'kept', active: false, _count: { companies: 1 } });

    const renamed = await api.put(`${URL}/${industry.id}`, { name: `${industry.name} 2`, description: null }, { token: superToken });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: `${industry.name} 2`, description: null, active: false });

    const entries = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, industry.id), eq(auditLogs.action, 'industry.update')));
    expect(entries).toHaveLength(2);
    const first = entries.find((e) => (e.details as any).after.active === false && (e.details as any).before.active === true);
    expect(first).toBeDefined();
  });

  it('allows a change of letter case of its own name', async () => {
    const industry = await insertIndustry({ name: `${tag()} lower` });
    const res = await api.put(`${URL}/${industry.id}`, { name: industry.name.toUpperCase() }, { token: superToken });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe(industry.name.toUpperCase());
  });

  it('rejects renaming onto another industry\'s name with 400 Industry already exists', async () => {
    const taken = await insertIndustry({ name: `${tag()} Taken` });
    const industry = await insertIndustry({ name: `${tag()} Mover` });
    const res = await api.put(`${URL}/${industry.id}`, { name: taken.name.toLowerCase() }, { token: superToken });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Industry already exists' });
  });

  it('answers 403 Access denied to an ADMIN and changes nothing', async () => {
    const industry = await insertIndustry({ name: `${tag()} Guarded` });
    const res = await api.put(`${URL}/${industry.id}`, { active: false }, { token: adminTokenA });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'Access denied' });
    const [row] = await t.db.select().from(industries).where(eq(industries.id, industry.id));
    expect(row!.active).toBe(true);
  });

  it.each([randomUUID(), 'not-a-uuid'])('answers 404 Industry not found for %s', async (id) => {
    const res = await api.put(`${URL}/${id}`, { active: true }, { token: superToken });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: 'Industry not found' });
  });

  it('rejects an empty name with 400 Validation failed', async () => {
    const industry = await insertIndustry({ name: `${tag()} Named` });
    const res = await api.put(`${URL}/${industry.id}`, { name: '' }, { token: superToken });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Validation failed', message: 'name: must not be empty' });
  });

  it('answers 401 Authentication required without a token', async () => {
    const res = await api.put(`${URL}/${randomUUID()}`, { active: true });
    expect(res.status).toBe(401);
  });
});
