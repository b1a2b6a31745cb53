// GET /api/v1/admin/bookkeeper-orgs checks its caller inside its own statement
// (bookkeeper-orgs.service.ts listOrgs): every refusal must still be the one the auth guard
// gives, before anything about the query, and the caller's row (not the token's claims) must
// decide which organizations it sees.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAdmin, createOrg } from '../helpers/factories.ts';
import { adminToken, client } from '../helpers/http.ts';
import { expectEveryRefusal } from '../helpers/admin-refusals.ts';
import { recordSentStatements } from '../helpers/sent-statements.ts';

const URL = '/api/v1/admin/bookkeeper-orgs';

let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app);
});
afterAll(async () => t.close());

async function adminOfNewOrg(role: 'ADMIN' | 'SUPER_ADMIN' = 'ADMIN') {
  const org = await createOrg(t.db);
  const admin = await createAdmin(t.db, { bookkeeperOrgId: org.id, role });
  return { org, admin, token: await adminToken(t.tokens, admin) };
}

// A plain list, a search, the active filter, a page past the end, and three malformed queries.
const QUERIES: Array<Record<string, string>> = [
  {},
  { search: 'a' },
  { active: 'true', pageSize: '5' },
  { page: '99' },
  { pageSize: '0' },
  { page: 'abc' },
  { search: 'x'.repeat(256) },
];

describe('GET /api/v1/admin/bookkeeper-orgs, the caller checked in its own statement', () => {
  it('answers a refused caller as the auth guard did, whatever the query', async () => {
    await expectEveryRefusal({
      t,
      api,
      url: URL,
      queries: QUERIES,
      newCaller: adminOfNewOrg,
      mayAct: async (caller) => {
        expect((await api.get(URL, { token: caller.token })).status).toBe(200);
      },
    });
  });

  it('refuses a malformed query from a caller who may act with 400, as before', async () => {
    const caller = await adminOfNewOrg();
    for (const query of QUERIES.slice(4)) {
      const res = await api.get(URL, { token: caller.token, query });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'Validation failed' });
    }
  });

  it("scopes the list by the caller's row: a role changed after the token was issued counts at once", async () => {
    const caller = await adminOfNewOrg();
    const other = await createOrg(t.db);
    const own = await api.get(URL, { token: caller.token, query: { pageSize: '100' } });
    expect(own.body.data.items.map((o: { id: string }) => o.id)).toEqual([caller.org.id]);
    expect(own.body.data.total).toBe(1);

    // The same token, now a SUPER_ADMIN's in the database: every organization, the other one too.
    await t.db.update(adminUsers).set({ role: 'SUPER_ADMIN' }).where(eq(adminUsers.id, caller.admin.id));
    const all = await api.get(URL, { token: caller.token, query: { search: other.name } });
    expect(all.status).toBe(200);
    expect(all.body.data.items.map((o: { id: string }) => o.id)).toEqual([other.id]);

    // Back to ADMIN: the other organization is out of reach again, even by name.
    await t.db.update(adminUsers).set({ role: 'ADMIN' }).where(eq(adminUsers.id, caller.admin.id));
    const scoped = await api.get(URL, { token: caller.token, query: { search: other.name } });
    expect(scoped.body.data).toMatchObject({ items: [], total: 0, totalPages: 0 });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('database round trips of the organization list', () => {
  it('is one named prepared statement: the caller check, the page and the total (the guard sends none)', async () => {
    const caller = await adminOfNewOrg();
    const sent = recordSentStatements();
    try {
      const res = await api.get(URL, { token: caller.token, query: { search: caller.org.name.slice(0, 6) } });
      expect(res.status).toBe(200);
      expect(res.body.data.items.map((o: { id: string }) => o.id)).toEqual([caller.org.id]);
    } finally {
      sent.stop();
    }
    expect(sent.texts).toHaveLength(1);
    expect(sent.names).toEqual(['payclock_caller_org_list']);
  });
});
