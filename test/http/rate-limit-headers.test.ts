// The documented limits: login and employee verification declare their X-RateLimit-Limit,
// X-RateLimit-Remaining and X-RateLimit-Reset headers in the OpenAPI document, on the 200 as
// well as on the 429 (which adds Retry-After), and the real answers carry exactly those
// headers, with values of the declared types.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAdmin, createCompany, createEmployee, createOrg } from '../helpers/factories.ts';
import { client, type ApiResponse } from '../helpers/http.ts';
import { documentedOperations, type DocumentedOperation } from './openapi-operations.ts';

type AddFormats = (ajv: Ajv2020) => Ajv2020;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);
const ajv = addFormats(new Ajv2020({ strict: false }));

const LOGIN = '/api/v1/auth/login';
const VERIFY = '/api/v1/auth/employee/verify';
const LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

let t: TestApp;
let operations: Map<string, DocumentedOperation>;

beforeAll(async () => {
  t = await createTestApp();
  operations = new Map(documentedOperations(t.app).map((operation) => [`${operation.method} ${operation.path}`, operation]));
});
afterAll(async () => t?.close());

function declaredHeaders(path: string, status: number): Record<string, { schema?: Record<string, unknown> }> {
  const headers = operations.get(`POST ${path}`)?.responses[String(status)]?.headers ?? {};
  return Object.fromEntries(Object.entries(headers).map(([name, header]) => [name.toLowerCase(), header]));
}

/** Every header the document declares for this answer's status is present, with a value of its schema. */
function expectDeclaredHeaders(path: string, res: ApiResponse): void {
  const declared = declaredHeaders(path, res.status);
  expect(Object.keys(declared).length, `${path} ${res.status} declares headers`).toBeGreaterThan(0);
  for (const [name, header] of Object.entries(declared)) {
    const raw = res.headers[name];
    expect(raw, `${path} ${res.status} sends ${name}`).toBeDefined();
    const value = header.schema?.type === 'integer' ? Number(raw) : String(raw);
    expect(ajv.validate(header.schema ?? {}, value), `${name}: ${String(raw)} against ${JSON.stringify(header.schema)}`).toBe(true);
  }
}

describe('the rate-limit headers in the OpenAPI document', () => {
  it.each([LOGIN, VERIFY])('POST %s declares X-RateLimit-* on 200 and 429, and Retry-After on 429', (path) => {
    expect(Object.keys(declaredHeaders(path, 200)).sort()).toEqual([...LIMIT_HEADERS].sort());
    expect(Object.keys(declaredHeaders(path, 429)).sort()).toEqual([...LIMIT_HEADERS, 'retry-after'].sort());
    expect(declaredHeaders(path, 200)['x-ratelimit-reset']?.schema).toMatchObject({ type: 'string', format: 'date-time' });
    expect(declaredHeaders(path, 429)['retry-after']?.schema).toMatchObject({ type: 'integer' });
  });
});

describe('the rate-limit headers the service sends', () => {
  it('POST /api/v1/auth/login: a 200 carries the declared headers, and so does the 429 after five attempts', async () => {
    const org = await createOrg(t.db);
    const admin = await createAdmin(t.db, { bookkeeperOrgId: org.id });
    const api = client(t.app);
    const remoteAddress = '10.66.0.1';
    const ok = await api.post(LOGIN, { email: admin.email, password: admin.password }, { remoteAddress });
    expect(ok.status).toBe(200);
    expectDeclaredHeaders(LOGIN, ok);
    expect(ok.headers['x-ratelimit-remaining']).toBe('4');
    let last = ok;
    for (let attempt = 2; attempt <= 6; attempt++) last = await api.post(LOGIN, { email: admin.email, password: 'wrong' }, { remoteAddress });
    expect(last.status).toBe(429);
    expect(last.body.error).toBe('Too many login attempts');
    expectDeclaredHeaders(LOGIN, last);
    expect(last.headers['x-ratelimit-remaining']).toBe('0');
  });

  it('POST /api/v1/auth/employee/verify: a 200 carries the declared headers, and so does the 429 after five wrong PINs', async () => {
    const org = await createOrg(t.db);
    const company = await createCompany(t.db, { bookkeeperOrgId: org.id });
    const employee = await createEmployee(t.db, { companyId: company.id });
    const api = client(t.app);
    const remoteAddress = '10.66.0.2';
    const ok = await api.post(VERIFY, { phone: employee.phone, pin: employee.pin }, { remoteAddress });
    expect(ok.status).toBe(200);
    expectDeclaredHeaders(VERIFY, ok);
    let last = ok;
    for (let attempt = 1; attempt <= 6; attempt++) last = await api.post(VERIFY, { phone: employee.phone, pin: '99999999' }, { remoteAddress });
    expect(last.status).toBe(429);
    expect(last.body.error).toBe('Too many verification attempts');
    expectDeclaredHeaders(VERIFY, last);
  });
});
