// Pagination errors: a bad `page` or `pageSize` is 400 `Validation failed` on every list of the
// OpenAPI document (every GET that takes both), the admin time-entry list included, whose other
// filters and whose bodies keep their own `Invalid time entry data`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAdmin, createOrg, createTenant } from '../helpers/factories.ts';
import { adminToken, client, employeeToken } from '../helpers/http.ts';
import { documentedOperations } from './openapi-operations.ts';

const V1 = '/api/v1';

let t: TestApp;
let token: string;
/** Employee lists take an employee's token. */
let employeeCaller: string;
const callerOf = (path: string): string => (path.startsWith('/api/v1/employee/') ? employeeCaller : token);
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrg(t.db);
  token = await adminToken(t.tokens, await createAdmin(t.db, { bookkeeperOrgId: org.id, role: 'SUPER_ADMIN' }));
  employeeCaller = await employeeToken(t.tokens, (await createTenant(t.db)).employee);
  api = client(t.app);
});
afterAll(async () => t?.close());

const documentApp = await createTestApp();
const lists = documentedOperations(documentApp.app).filter((operation) => {
  const query = new Set(operation.parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name));
  return operation.method === 'GET' && query.has('page') && query.has('pageSize');
});
await documentApp.close();

const BAD_VALUES = ['0', '-1', '1.5', 'abc', '', '1e400', '99999999999999999999', 'Infinity', 'NaN', '%00'];
const BAD: Array<[string, string]> = [
  ...BAD_VALUES.flatMap((value): Array<[string, string]> => [['page', value], ['pageSize', value]]),
  ['page', '1000001'],
  ['pageSize', '101'],
];

describe('bad page and pageSize on every list of the OpenAPI document', () => {
  it('finds the paginated lists, the admin time-entry list included', () => {
    expect(lists.length).toBeGreaterThanOrEqual(6);
    expect(lists.map((operation) => operation.path)).toContain(`${V1}/admin/time-entries`);
  });

  for (const operation of lists) {
    it(`GET ${operation.path} answers 400 Validation failed naming the parameter`, async () => {
      for (const [name, value] of BAD) {
        // Sent raw: the value is already as it travels (`%00` included).
        const res = await api.get(`${operation.path}?${name}=${value}`, { token: callerOf(operation.path) });
        expect({ query: `${name}=${value}`, status: res.status, error: res.body?.error }).toEqual({
          query: `${name}=${value}`,
          status: 400,
          error: 'Validation failed',
        });
        expect(res.body.message).toMatch(new RegExp(`^${name}: `));
      }
      const fine = await api.get(`${operation.path}?page=1&pageSize=100`, { token: callerOf(operation.path) });
      expect(fine.status).toBe(200);
    });
  }
});

describe('GET /api/v1/admin/time-entries keeps its own label for everything but pagination', () => {
  it.each([
    ['status=REJECTED', 'status: must be one of PENDING, APPROVED'],
    ['startDate=not-a-date', 'startDate: must be a valid date (YYYY-MM-DD or ISO-8601 date-time)'],
    ['startDate=2026-02-30', 'startDate: must be a valid date (YYYY-MM-DD or ISO-8601 date-time)'],
    [`employeeId=${'x'.repeat(65)}`, 'employeeId: must be at most 64 characters'],
  ])('answers 400 Invalid time entry data to %s', async (query, message) => {
    const res = await api.get(`${V1}/admin/time-entries?${query}`, { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Invalid time entry data', message });
  });

  it('answers Validation failed when page is wrong together with another filter', async () => {
    const res = await api.get(`${V1}/admin/time-entries?page=0&status=REJECTED`, { token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Validation failed');
    expect(res.body.message).toContain('page: must be >= 1');
  });

  it('keeps Invalid time entry data for the create and update bodies', async () => {
    const created = await api.post(`${V1}/admin/time-entries`, { employeeId: 'x', clockIn: '2026-01-05T09:00:00Z', breakMinutes: -1 }, { token });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ success: false, error: 'Invalid time entry data', message: 'breakMinutes: must be >= 0' });
    const updated = await api.put(`${V1}/admin/time-entries/6f1c2b8e-0d4a-4e8f-9b1a-2c3d4e5f6a7b`, { status: 'REJECTED' }, { token });
    expect(updated.status).toBe(400);
    expect(updated.body).toMatchObject({ success: false, error: 'Invalid time entry data' });
  });
});
