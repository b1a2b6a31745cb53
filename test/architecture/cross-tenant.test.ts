// Tenant isolation on every route, as the app's own OpenAPI document lists them: each path id
// and each reference a query or a body carries (companyId, employeeId, payPeriodId,
// bookkeeperOrgId) is pointed at a record of tenant A. Tenant B's ADMIN gets 403
// `Access denied`; a SUPER_ADMIN gets past the check. Employee routes: an employee of another
// company (of tenant A's own organization too) gets 403, the record's own employee gets past it.
// A route added later is covered without touching this file; one whose path id or reference is
// of a kind this file does not know fails the first test until it is listed here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAdmin, createCompany, createEmployee, createOrg, createPayPeriod, createTenant, createTimeEntry, unique } from '../helpers/factories.ts';
import { adminToken, employeeToken, request } from '../helpers/http.ts';
import { documentedOperations, requiredQuery, type DocumentedOperation } from '../http/openapi-operations.ts';

/** Tenant A's records, fresh for each case so that one case's write cannot hide another's answer. */
interface TenantRecords {
  bookkeeperOrgId: string;
  companyId: string;
  employeeId: string;
  payPeriodId: string;
  timeEntryId: string;
  adminUserId: string;
  /** The employee's own token: it may act on its company's records. */
  ownEmployeeToken: string;
}

type RecordKind = Exclude<keyof TenantRecords, 'ownEmployeeToken'>;

/** A path id's kind, by the not-found label the document declares for it (`x-not-found`). */
const PATH_KINDS: Record<string, RecordKind> = {
  'Organization not found': 'bookkeeperOrgId',
  'Company not found': 'companyId',
  'Employee not found': 'employeeId',
  'Pay period not found': 'payPeriodId',
  'Time entry not found': 'timeEntryId',
  'Admin user not found': 'adminUserId',
};
/** Path ids of records no tenant owns. */
const GLOBAL_PATH_KINDS = new Set(['Industry not found']);

/** Query parameters and body properties that name a tenant's record. */
const REFERENCES: Record<string, RecordKind> = {
  bookkeeperOrgId: 'bookkeeperOrgId',
  companyId: 'companyId',
  employeeId: 'employeeId',
  payPeriodId: 'payPeriodId',
};
/**
 * Id-like names that are no tenant reference: the global industry catalogue, and the audit-log
 * filters by actor and by entity (the list is scoped to the caller's organization whatever they
 * name; test/audit-logs proves another tenant's entity id finds nothing).
 */
const NOT_REFERENCES = new Set(['industryId', 'actorId', 'entityId']);

interface Case {
  name: string;
  operation: DocumentedOperation;
  /** Where tenant A's id goes. */
  at: { in: 'path' | 'query' | 'body'; name: string; kind: RecordKind };
}

let t: TestApp;
let otherTenantAdmin: string;
let superAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  const tenantB = await createTenant(t.db);
  otherTenantAdmin = await adminToken(t.tokens, tenantB.admin);
  superAdmin = await adminToken(t.tokens, await createAdmin(t.db, { bookkeeperOrgId: (await createOrg(t.db)).id, role: 'SUPER_ADMIN' }));
});
afterAll(async () => t?.close());

const documentApp = await createTestApp();
const operations = documentedOperations(documentApp.app).filter((operation) => /^\/api\/v1\/(admin|employee)\//.test(operation.path));
await documentApp.close();

const uncovered: string[] = [];
const cases: Case[] = operations.flatMap((operation): Case[] => {
  const where = `${operation.method} ${operation.path}`;
  const found: Case[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.in === 'path') {
      const label = String(parameter.schema?.['x-not-found'] ?? '');
      if (GLOBAL_PATH_KINDS.has(label)) continue;
      const kind = PATH_KINDS[label];
      if (kind) found.push({ name: `${where} (path ${parameter.name})`, operation, at: { in: 'path', name: parameter.name, kind } });
      else uncovered.push(`${where}: path ${parameter.name} (${label || 'no x-not-found'})`);
    } else if (parameter.in === 'query' && /Id$/.test(parameter.name) && !NOT_REFERENCES.has(parameter.name)) {
      const kind = REFERENCES[parameter.name];
      if (kind) found.push({ name: `${where} (?${parameter.name})`, operation, at: { in: 'query', name: parameter.name, kind } });
      else uncovered.push(`${where}: ?${parameter.name}`);
    }
  }
  for (const property of Object.keys(operation.body?.properties ?? {})) {
    if (!/Id$/.test(property) || NOT_REFERENCES.has(property)) continue;
    const kind = REFERENCES[property];
    if (kind) found.push({ name: `${where} (body ${property})`, operation, at: { in: 'body', name: property, kind } });
    else uncovered.push(`${where}: body ${property}`);
  }
  return found;
});

async function createTenantA(): Promise<TenantRecords> {
  const { org, company, employee } = await createTenant(t.db);
  const other = await createAdmin(t.db, { bookkeeperOrgId: org.id });
  const period = await createPayPeriod(t.db, {
    companyId: company.id,
    startDate: new Date('2026-03-02T05:00:00Z'),
    endDate: new Date('2026-03-09T04:59:59.999Z'),
  });
  const entry = await createTimeEntry(t.db, {
    employeeId: employee.id,
    companyId: company.id,
    payPeriodId: period.id,
    clockIn: new Date('2026-03-03T13:00:00Z'),
    clockOut: new Date('2026-03-03T21:00:00Z'),
  });
  return {
    bookkeeperOrgId: org.id,
    companyId: company.id,
    employeeId: employee.id,
    payPeriodId: period.id,
    timeEntryId: entry.id,
    adminUserId: other.id,
    ownEmployeeToken: await employeeToken(t.tokens, employee),
  };
}

/** A value the body schema accepts for a required property, so that the request is judged on access alone. */
function sampleValue(name: string, schema: Record<string, any>): unknown {
  if (schema.examples?.[0] !== undefined) return schema.examples[0];
  if (schema.enum?.[0] !== undefined) return schema.enum[0];
  if (schema.format === 'email') return `${unique('cross')}@example.com`;
  if (schema.format === 'date-time') return '2026-03-04T13:00:00Z';
  if (schema.pattern === '^[0-9]+$') return '4321';
  if (schema.type === 'string') return 'x'.repeat(Math.max(8, schema.minLength ?? 1));
  throw new Error(`no sample value for the required body property ${name}`);
}

/** The request of one case: tenant A's id where the case says, every other required part filled in. */
function requestOf(c: Case, records: TenantRecords): { url: string; body?: Record<string, unknown> } {
  const id = records[c.at.kind];
  // Every other path id is tenant A's record of its kind too (a review route names a period
  // and one of its employees), so that the answer turns on the case's id alone.
  const ownRecord = (name: string): string => {
    const parameter = c.operation.parameters.find((p) => p.in === 'path' && p.name === name);
    const kind = PATH_KINDS[String(parameter?.schema?.['x-not-found'] ?? '')];
    return kind ? records[kind] : 'unused';
  };
  let url = c.operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => (name === c.at.name ? id : ownRecord(name)));
  const query = requiredQuery(c.operation);
  if (c.at.in === 'query') url += `${query ? `${query}&` : '?'}${c.at.name}=${id}`;
  else url += query;
  if (!c.operation.body) return { url };
  const body: Record<string, unknown> = {};
  const properties = (c.operation.body.properties ?? {}) as Record<string, Record<string, unknown>>;
  for (const name of c.operation.body.required ?? []) body[name] = sampleValue(name, properties[name] ?? {});
  if (c.at.in === 'body') body[c.at.name] = id;
  return { url, body };
}

describe('cross-tenant access on every operation of the OpenAPI document', () => {
  it('knows the kind of every path id and reference the admin and employee routes take', () => {
    expect(uncovered).toEqual([]);
    // The document is read: the routes known today are all there (a broken read would pass vacuously).
    expect(cases.filter((c) => c.at.in === 'path').length).toBeGreaterThanOrEqual(17);
    expect(cases.filter((c) => c.at.in !== 'path').length).toBeGreaterThanOrEqual(11);
  });

  for (const c of cases) {
    if (c.operation.path.startsWith('/api/v1/admin/')) {
      it(`${c.name}: 403 for another tenant's ADMIN, allowed for a SUPER_ADMIN`, async () => {
        const records = await createTenantA();
        const { url, body } = requestOf(c, records);
        const denied = await request(t.app, c.operation.method, url, { token: otherTenantAdmin, body });
        expect({ status: denied.status, error: denied.body?.error }, url).toEqual({ status: 403, error: 'Access denied' });

        const allowed = await request(t.app, c.operation.method, url, { token: superAdmin, body });
        expect(allowed.status, `${url}: ${allowed.raw}`).not.toBe(403);
        expect(allowed.status, `${url}: ${allowed.raw}`).not.toBe(404);
        expect(allowed.status, `${url}: ${allowed.raw}`).toBeLessThan(500);
      });
    } else {
      it(`${c.name}: 403 for an employee of another company, allowed for the company's own`, async () => {
        const records = await createTenantA();
        const { url, body } = requestOf(c, records);
        // Another tenant's employee, and an employee of another company of the same organization.
        const strangers = [
          (await createTenant(t.db)).employee,
          await createEmployee(t.db, { companyId: (await createCompany(t.db, { bookkeeperOrgId: records.bookkeeperOrgId })).id }),
        ];
        for (const stranger of strangers) {
          const denied = await request(t.app, c.operation.method, url, { token: await employeeToken(t.tokens, stranger), body });
          expect({ status: denied.status, error: denied.body?.error }, url).toEqual({ status: 403, error: 'Access denied' });
        }
        const allowed = await request(t.app, c.operation.method, url, { token: records.ownEmployeeToken, body });
        expect(allowed.status, `${url}: ${allowed.raw}`).not.toBe(403);
        expect(allowed.status, `${url}: ${allowed.raw}`).not.toBe(404);
        expect(allowed.status, `${url}: ${allowed.raw}`).toBeLessThan(500);
      });
    }
  }
});
