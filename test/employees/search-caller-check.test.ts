// GET /api/v1/admin/employees checks its caller inside the search's own statement when the term
// goes through the trigram index and no company is named (employees.service.ts listEmployees):
// every refusal must still be the one the auth guard gives, before anything about the query,
// and the caller's row (not the token's claims) must decide whose employees it finds.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAdmin, createCompany, createEmployee, createOrg, unique } from '../helpers/factories.ts';
import { adminToken, client } from '../helpers/http.ts';
import { expectEveryRefusal } from '../helpers/admin-refusals.ts';
import { recordSentStatements } from '../helpers/sent-statements.ts';

const URL = '/api/v1/admin/employees';

let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app);
});
afterAll(async () => t.close());

/** An organization with one company and one employee whose last name is `lastName`, and its admin. */
async function adminOfNewOrg(lastName = unique('Searched')) {
  const org = await createOrg(t.db);
  const admin = await createAdmin(t.db, { bookkeeperOrgId: org.id });
  const company = await createCompany(t.db, { bookkeeperOrgId: org.id });
  const employee = await createEmployee(t.db, { companyId: company.id, lastName });
  return { org, admin, company, employee, token: await adminToken(t.tokens, admin) };
}

// Searches through the trigram index (with and without the active filter, a page past the
// end), one too short for it, a plain list, two unknown companies (a 404 for a caller who may
// act), and three malformed queries.
const QUERIES: Array<Record<string, string>> = [
  { search: 'Searched' },
  { search: 'searched', active: 'true', pageSize: '5' },
  { search: 'Sea', page: '99' },
  { search: 'Se' },
  {},
  { search: 'Searched', companyId: '00000000-0000-4000-8000-000000000000' },
  { companyId: 'not-a-uuid' },
  { search: 'Searched', pageSize: '0' },
  { search: 'Searched', page: 'abc' },
  { search: 'x'.repeat(256) },
];

const ids = (body: { data: { items: Array<{ id: string }> } }) => body.data.items.map((item) => item.id);

describe('GET /api/v1/admin/employees, the caller checked in the search’s own statement', () => {
  it('answers a refused caller as the auth guard did, whatever the query', async () => {
    await expectEveryRefusal({
      t,
      api,
      url: URL,
      queries: QUERIES,
      newCaller: () => adminOfNewOrg('Searched'),
      mayAct: async (caller) => {
        const before = await api.get(URL, { token: caller.token, query: { search: 'Searched' } });
        expect(before.status).toBe(200);
        expect(ids(before.body)).toEqual([caller.employee.id]);
      },
    });
  });

  it('refuses a malformed query from a caller who may act with 400, as before', async () => {
    const caller = await adminOfNewOrg();
    for (const query of QUERIES.slice(7)) {
      const res = await api.get(URL, { token: caller.token, query });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'Validation failed' });
    }
  });

  it('answers a token whose user id is not a UUID with 401 on the search box and the other lists alike', async () => {
    const caller = await adminOfNewOrg();
    const token = await adminToken(t.tokens, { ...caller.admin, id: 'not-a-uuid' });
    for (const query of QUERIES) {
      const res = await api.get(URL, { token, query });
      expect({ query, status: res.status, body: res.body }).toEqual({ query, status: 401, body: { success: false, error: 'Authentication required' } });
    }
  });

  it("scopes the search by the caller's row: a role changed after the token was issued counts at once", async () => {
    const lastName = unique('Scoped');
    const caller = await adminOfNewOrg(lastName);
    const other = await adminOfNewOrg(lastName);
    const own = await api.get(URL, { token: caller.token, query: { search: lastName } });
    expect(own.status).toBe(200);
    expect(ids(own.body)).toEqual([caller.employee.id]);
    expect(own.body.data).toMatchObject({ total: 1, page: 1, pageSize: 20, totalPages: 1 });

    // The same token, now a SUPER_ADMIN's in the database: every organization's match.
    await t.db.update(adminUsers).set({ role: 'SUPER_ADMIN' }).where(eq(adminUsers.id, caller.admin.id));
    const all = await api.get(URL, { token: caller.token, query: { search: lastName } });
    expect(all.status).toBe(200);
    expect(ids(all.body).sort()).toEqual([caller.employee.id, other.employee.id].sort());
    expect(all.body.data.total).toBe(2);

    // Back to ADMIN: the other organization's employee is out of reach again.
    await t.db.update(adminUsers).set({ role: 'ADMIN' }).where(eq(adminUsers.id, caller.admin.id));
    const scoped = await api.get(URL, { token: caller.token, query: { search: lastName } });
    expect(ids(scoped.body)).toEqual([caller.employee.id]);

    // The organization is the row's, not the token's: moved to the other one, it searches there.
    await t.db.update(adminUsers).set({ bookkeeperOrgId: other.org.id }).where(eq(adminUsers.id, caller.admin.id));
    const moved = await api.get(URL, { token: caller.token, query: { search: lastName } });
    expect(ids(moved.body)).toEqual([other.employee.id]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('database round trips of the employee search', () => {
  it('is one named prepared statement: the caller check, the page and the total (the guard sends none)', async () => {
    const caller = await adminOfNewOrg();
    const sent = recordSentStatements();
    try {
      const res = await api.get(URL, { token: caller.token, query: { search: caller.employee.lastName } });
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual([caller.employee.id]);
    } finally {
      sent.stop();
    }
    expect(sent.texts).toHaveLength(1);
    expect(sent.names).toEqual(['payclock_caller_employee_search']);
  });

  it('checks the caller first, on its own, for a list the search box does not send', async () => {
    const caller = await adminOfNewOrg();
    const sent = recordSentStatements();
    try {
      const res = await api.get(URL, { token: caller.token, query: { companyId: caller.company.id, search: caller.employee.lastName } });
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual([caller.employee.id]);
    } finally {
      sent.stop();
    }
    expect(sent.names[0]).toBe('payclock_admin_actor');
    expect(sent.names).toContain('payclock_employee_search_company');
  });
});
