// GET and POST /api/v1/admin/bookkeeper-orgs (docs/api.md §15, §3, §9).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookkeeperOrgs } from '../../src/db/schema.ts';
import { createAdmin, createCompany, createEmployee, createOrg, unique } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { adminToken, client, employeeToken } from '../helpers/http.ts';
import { expectOrganization, expectPage, ISO_MS } from './shapes.ts';

const URL = '/api/v1/admin/bookkeeper-orgs';

let t: TestApp;
let api: ReturnType<typeof client>;
let superToken: string;
let adminA: Awaited<ReturnType<typeof createAdmin>>;
let tokenA: string;
let orgA: Awaited<ReturnType<typeof createOrg>>;
let orgB: Awaited<ReturnType<typeof createOrg>>;

/** A tag that only this test's organizations carry, so that searches ignore everyone else's rows. */
const tag = () => `t${randomUUID().replace(/-/g, '').slice(0, 10)}`;

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app);
  const home = await createOrg(t.db);
  const superAdmin = await createAdmin(t.db, { bookkeeperOrgId: home.id, role: 'SUPER_ADMIN' });
  superToken = await adminToken(t.tokens, superAdmin);
  orgA = await createOrg(t.db);
  adminA = await createAdmin(t.db, { bookkeeperOrgId: orgA.id });
  tokenA = await adminToken(t.tokens, adminA);
  orgB = await createOrg(t.db);
  await createAdmin(t.db, { bookkeeperOrgId: orgB.id });
});
afterAll(async () => t.close());

async function createOrgs(names: string[]): Promise<Array<{ id: string; name: string; slug: string }>> {
  const created = [];
  for (const name of names) {
    const res = await api.post(URL, { name }, { token: superToken });
    expect(res.status).toBe(201);
    created.push(res.body.data);
  }
  return created;
}

describe('GET /api/v1/admin/bookkeeper-orgs', () => {
  it('answers 401 Authentication required without a token', async () => {
    const res = await api.get(URL);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: 'Authentication required' });
  });

  it('answers 403 Access denied. Required role: admin to an employee token', async () => {
    const company = await createCompany(t.db, { bookkeeperOrgId: orgA.id });
    const employee = await createEmployee(t.db, { companyId: company.id });
    const res = await api.get(URL, { token: await employeeToken(t.tokens, employee) });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Access denied. Required role: admin');
  });

  it('shows an ADMIN only its own organization, with _count and every field typed', async () => {
    const org = await createOrg(t.db);
    const admin = await createAdmin(t.db, { bookkeeperOrgId: org.id });
    await createAdmin(t.db, { bookkeeperOrgId: org.id, active: false });
    const company = await createCompany(t.db, { bookkeeperOrgId: org.id });
    await createCompany(t.db, { bookkeeperOrgId: org.id, active: false });
    await createEmployee(t.db, { companyId: company.id });

    const res = await api.get(URL, { token: await adminToken(t.tokens, admin) });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expectPage(res.body.data, { total: 1, page: 1, pageSize: 20, items: 1 });
    const [item] = res.body.data.items;
    expectOrganization(item);
    expect(item.id).toBe(org.id);
    expect(item._count).toEqual({ companies: 2, adminUsers: 2 });
    expect(item.overtimeThreshold).toBe(40);
    expect(item.overtimeMultiplier).toBe(1.5);
  });

  it('shows a SUPER_ADMIN every organization, ordered by name', async () => {
    const t1 = tag();
    const [c, a, b] = await createOrgs([`${t1} Cedar`, `${t1} Alder`, `${t1} Birch`]);
    const res = await api.get(URL, { token: superToken, query: { search: t1 } });
    expect(res.status).toBe(200);
    expectPage(res.body.data, { total: 3, page: 1, pageSize: 20, items: 3 });
    expect(res.body.data.items.map((o: any) => o.id)).toEqual([a!.id, b!.id, c!.id]);
    res.body.data.items.forEach(expectOrganization);

    const all = await api.get(URL, { token: superToken, query: { pageSize: 100 } });
    expect(all.body.data.total).toBeGreaterThanOrEqual(6);
  });

  it('does not let an ADMIN see another organization through search', async () => {
    const res = await api.get(URL, { token: tokenA, query: { search: orgB.name } });
    expect(res.status).toBe(200);
    expectPage(res.body.data, { total: 0, page: 1, pageSize: 20, items: 0 });
  });

  it('paginates: pages, the last partial page, and a page past the end with the right total', async () => {
    const t1 = tag();
    const orgs = await createOrgs([`${t1} a`, `${t1} b`, `${t1} c`, `${t1} d`, `${t1} e`]);
    const ids = orgs.map((o) => o.id);
    const page1 = await api.get(URL, { token: superToken, query: { search: t1, pageSize: 2 } });
    expectPage(page1.body.data, { total: 5, page: 1, pageSize: 2, items: 2 });
    expect(page1.body.data.totalPages).toBe(3);
    expect(page1.body.data.items.map((o: any) => o.id)).toEqual(ids.slice(0, 2));
    const page3 = await api.get(URL, { token: superToken, query: { search: t1, pageSize: 2, page: 3 } });
    expectPage(page3.body.data, { total: 5, page: 3, pageSize: 2, items: 1 });
    expect(page3.body.data.items[0].id).toBe(ids[4]);
    const past = await api.get(URL, { token: superToken, query: { search: t1, pageSize: 2, page: 9 } });
    expect(past.status).toBe(200);
    expectPage(past.body.data, { total: 5, page: 9, pageSize: 2, items: 0 });
  });

  it('accepts pageSize 100', async () => {
    const res = await api.get(URL, { token: superToken, query: { pageSize: 100 } });
    expect(res.status).toBe(200);
    expect(res.body.data.pageSize).toBe(100);
    expect(res.body.data.items.length).toBeLessThanOrEqual(100);
  });

  it.each([
    [{ pageSize: 101 }, 'pageSize'],
    [{ pageSize: 0 }, 'pageSize'],
    [{ page: 0 }, 'page'],
    [{ page: -1 }, 'page'],
    [{ page: 'abc' }, 'page'],
    [{ pageSize: 2.5 }, 'pageSize'],
  ])('rejects %j with 400 Validation failed', async (query, field) => {
    const res = await api.get(URL, { token: superToken, query: query as Record<string, string | number> });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error).toBe('Validation failed');
    expect(res.body.message).toMatch(new RegExp(`^${field}: `));
  });

  it('searches name, slug and email case-insensitively', async () => {
    const t1 = tag();
    const byName = await api.post(URL, { name: `${t1} Name Match` }, { token: superToken });
    const bySlug = await api.post(URL, { name: unique('Plain'), slug: `${t1}-slug-match` }, { token: superToken });
    const byEmail = await api.post(URL, { name: unique('Plain'), email: `${t1}@Example.com` }, { token: superToken });
    const res = await api.get(URL, { token: superToken, query: { search: t1.toUpperCase() } });
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((o: any) => o.id).sort()).toEqual(
      [byName.body.data.id, bySlug.body.data.id, byEmail.body.data.id].sort(),
    );
  });

  it.each([
    ['%', 'x'],
    ['_', 'x'],
    ['\\', 'x'],
  ])('matches %s literally in search', async (special, other) => {
    const t1 = tag();
    const [literal] = await createOrgs([`${t1}${special}z`, `${t1}${other}z`, `${t1}z`]);
    const res = await api.get(URL, { token: superToken, query: { search: `${t1}${special}z` } });
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((o: any) => o.id)).toEqual([literal!.id]);
  });

  it('filters on active: true only active, any other value all', async () => {
    const t1 = tag();
    const [on, off] = await createOrgs([`${t1} on`, `${t1} off`]);
    expect((await api.delete(`${URL}/${off!.id}`, { token: superToken })).status).toBe(200);
    const active = await api.get(URL, { token: superToken, query: { search: t1, active: 'true' } });
    expect(active.body.data.items.map((o: any) => o.id)).toEqual([on!.id]);
    for (const value of ['false', 'yes', '']) {
      const res = await api.get(URL, { token: superToken, query: { search: t1, active: value } });
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(2);
    }
    const omitted = await api.get(URL, { token: superToken, query: { search: t1 } });
    expect(omitted.body.data.total).toBe(2);
  });
});

describe('POST /api/v1/admin/bookkeeper-orgs', () => {
  it('creates an active organization with the default settings, _count and message (201)', async () => {
    const name = unique('Defaults');
    const res = await api.post(URL, { name }, { token: tokenA });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe('Organization created successfully');
    const org = res.body.data;
    expectOrganization(org);
    expect(org).toMatchObject({
      name,
      slug: name.toLowerCase(),
      email: null,
      phone: null,
      address: null,
      city: null,
      state: null,
      zipCode: null,
      country: 'USA',
      timezone: 'America/New_York',
      dateFormat: 'MM/DD/YYYY',
      overtimeThreshold: 40,
      overtimeMultiplier: 1.5,
      active: true,
      _count: { companies: 0, adminUsers: 0 },
    });
    const [stored] = await t.db.select().from(bookkeeperOrgs).where(eq(bookkeeperOrgs.id, org.id));
    expect(stored?.name).toBe(name);
  });

  it('stores every supplied field, trimmed, with numbers as JSON numbers', async () => {
    const body = {
      name: `  ${unique('Full')}  `,
      slug: unique('full-slug').toLowerCase(),
      email: 'office@full.example',
      phone: '+1 212 555 0100',
      address: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      country: 'CAN',
      timezone: 'America/Chicago',
      dateFormat: 'DD/MM/YYYY',
      overtimeThreshold: 37.5,
      overtimeMultiplier: 2,
    };
    const res = await api.post(URL, body, { token: superToken });
    expect(res.status).toBe(201);
    expectOrganization(res.body.data);
    expect(res.body.data).toMatchObject({ ...body, name: body.name.trim(), active: true });
  });

  it('ignores id, active, createdAt and other unknown fields (no mass assignment)', async () => {
    const id = randomUUID();
    const res = await api.post(
      URL,
      { name: unique('Mass'), id, active: false, createdAt: '2000-01-01T00:00:00.000Z', updatedAt: '2000-01-01T00:00:00.000Z', _count: { companies: 9 } },
      { token: tokenA },
    );
    expect(res.status).toBe(201);
    expect(res.body.data.id).not.toBe(id);
    expect(res.body.data.active).toBe(true);
    expect(res.body.data.createdAt).toMatch(ISO_MS);
    expect(res.body.data.createdAt.startsWith('2000')).toBe(false);
    expect(res.body.data._count).toEqual({ companies: 0, adminUsers: 0 });
    const [stored] = await t.db.select().from(bookkeeperOrgs).where(eq(bookkeeperOrgs.id, id));
    expect(stored).toBeUndefined();
  });

  it.each([
    [{}, 'name: is required'],
    [{ name: '   ' }, 'name: must not be empty'],
    [{ name: 'x'.repeat(256) }, 'name: must be at most 255 characters'],
    [{ name: 42 }, 'name: must be a string'],
    [{ name: 'Ok', email: 'not-an-email' }, 'email: must be a valid email'],
    [{ name: 'Ok', overtimeThreshold: -1 }, 'overtimeThreshold: must be >= 0'],
    [{ name: 'Ok', overtimeThreshold: '40' }, 'overtimeThreshold: must be a number'],
    [{ name: 'Ok', overtimeMultiplier: 0.99 }, 'overtimeMultiplier: must be >= 1'],
    [{ name: 'Ok', timezone: 'Mars/Olympus_Mons' }, 'timezone: must be a valid IANA time zone'],
    [{ name: 'Ok', timezone: '+05:00' }, 'timezone: must be a valid IANA time zone'],
    [{ name: 'Ok', slug: 'Not A Slug' }, 'slug: has an invalid format'],
  ])('rejects %j with 400 Validation failed', async (body, message) => {
    const res = await api.post(URL, body, { token: tokenA });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Validation failed', message });
  });

  it('accepts the boundary values overtimeThreshold 0 and overtimeMultiplier 1', async () => {
    const res = await api.post(URL, { name: unique('Edge'), overtimeThreshold: 0, overtimeMultiplier: 1 }, { token: tokenA });
    expect(res.status).toBe(201);
    expect(res.body.data.overtimeThreshold).toBe(0);
    expect(res.body.data.overtimeMultiplier).toBe(1);
  });

  it('answers 401 Authentication required without a token', async () => {
    const res = await api.post(URL, { name: unique('NoToken') });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Authentication required');
  });

  it('rejects an explicit slug that is taken with 400 Slug already exists', async () => {
    const slug = unique('taken').toLowerCase();
    expect((await api.post(URL, { name: unique('First'), slug }, { token: tokenA })).status).toBe(201);
    const res = await api.post(URL, { name: unique('Second'), slug }, { token: superToken });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error).toBe('Slug already exists');
  });

  it('generates the slug from the name: lowercase ASCII, accents dropped, runs of other characters as one -', async () => {
    const t1 = tag();
    const res = await api.post(URL, { name: `  Café Crème & Société — ${t1}!! ` }, { token: tokenA });
    expect(res.status).toBe(201);
    expect(res.body.data.slug).toBe(`cafe-creme-societe-${t1}`);
  });

  it('appends -2, -3, … when the generated slug is taken', async () => {
    const name = `Collide ${tag()}`;
    const slugs = [];
    for (let i = 0; i < 3; i++) {
      const res = await api.post(URL, { name }, { token: tokenA });
      expect(res.status).toBe(201);
      slugs.push(res.body.data.slug);
    }
    const base = name.toLowerCase().replace(' ', '-');
    expect(slugs).toEqual([base, `${base}-2`, `${base}-3`]);
  });

  it('gives 10 concurrent creates with the same name 10 distinct slugs', async () => {
    const name = `Rush ${tag()}`;
    const base = name.toLowerCase().replace(' ', '-');
    const results = await Promise.all(Array.from({ length: 10 }, () => api.post(URL, { name }, { token: superToken })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    const slugs = results.map((r) => r.body.data.slug).sort();
    expect(new Set(slugs).size).toBe(10);
    expect(slugs).toEqual([base, ...Array.from({ length: 9 }, (_, i) => `${base}-${i + 2}`)].sort());
  });

  it('uses "organization" as the slug base for a name without letters or digits', async () => {
    const res = await api.post(URL, { name: '¡¿!?' }, { token: tokenA });
    expect(res.status).toBe(201);
    expect(res.body.data.slug).toMatch(/^organization(-\d+)?$/);
  });

  it('makes the organization an ADMIN creates a separate tenant that the ADMIN cannot manage', async () => {
    const res = await api.post(URL, { name: unique('Spinoff') }, { token: tokenA });
    expect(res.status).toBe(201);
    const id = res.body.data.id;
    const get = await api.get(`${URL}/${id}`, { token: tokenA });
    expect(get.status).toBe(403);
    expect(get.body.error).toBe('Access denied');
    const list = await api.get(URL, { token: tokenA });
    expect(list.body.data.items.map((o: any) => o.id)).toEqual([orgA.id]);
    expect((await api.get(`${URL}/${id}`, { token: superToken })).status).toBe(200);
  });

  it('records bookkeeper_org.create in the audit log of the creator\'s organization', async () => {
    const res = await api.post(URL, { name: unique('Audited') }, { token: tokenA, headers: { 'user-agent': 'org-test/1.0' } });
    expect(res.status).toBe(201);
    const log = await api.get('/api/v1/admin/audit-logs', { token: tokenA, query: { action: 'bookkeeper_org.create', actorId: adminA.id } });
    expect(log.status).toBe(200);
    const entry = log.body.data.items.find((e: any) => e.entityId === res.body.data.id);
    expect(entry).toMatchObject({
      action: 'bookkeeper_org.create',
      actorType: 'admin',
      actorId: adminA.id,
      bookkeeperOrgId: orgA.id,
      entityType: 'bookkeeper_org',
      userAgent: 'org-test/1.0',
    });
    expect(entry.details.after).toMatchObject({ name: res.body.data.name, slug: res.body.data.slug, active: true });
  });
});
