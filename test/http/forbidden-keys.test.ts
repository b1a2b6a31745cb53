// A body with `__proto__`, `constructor` or `prototype` keys, at any depth, is a 400 with the
// endpoint's own validation label, on every POST and PUT of the OpenAPI document. The labels
// are the contract's: login, employee verification, the employee's clock and the admin
// time-entry routes name their own; every other route says `Validation failed`.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAdmin, createCompany, createEmployee, createOrg } from '../helpers/factories.ts';
import { adminToken, employeeToken } from '../helpers/http.ts';
import { sendRaw } from '../security/support.ts';
import { documentedOperations, requiresToken, type DocumentedOperation } from './openapi-operations.ts';

/** The labels the contract names; any other route's validation label is `Validation failed`. */
const NAMED_LABELS: Record<string, string> = {
  'POST /api/v1/auth/login': 'Invalid login data',
  'POST /api/v1/auth/employee/verify': 'Invalid verification data',
  'POST /api/v1/employee/timesheet/entry': 'Invalid time entry data',
  'POST /api/v1/admin/time-entries': 'Invalid time entry data',
  'PUT /api/v1/admin/time-entries/{id}': 'Invalid time entry data',
};

const labelOf = (operation: DocumentedOperation) => NAMED_LABELS[`${operation.method} ${operation.path}`] ?? 'Validation failed';

let t: TestApp;
let tokens: { admin: string; employee: string };
let address = 0;

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrg(t.db);
  const company = await createCompany(t.db, { bookkeeperOrgId: org.id });
  tokens = {
    admin: await adminToken(t.tokens, await createAdmin(t.db, { bookkeeperOrgId: org.id, role: 'SUPER_ADMIN' })),
    employee: await employeeToken(t.tokens, await createEmployee(t.db, { companyId: company.id })),
  };
});
afterAll(async () => t?.close());

const documentApp = await createTestApp();
const writes = documentedOperations(documentApp.app).filter((operation) => operation.method === 'POST' || operation.method === 'PUT');
await documentApp.close();

/** Bodies holding a forbidden key, at the top and nested under one of the operation's own fields. */
function poisonedBodies(operation: DocumentedOperation): Array<{ key: string; payload: string }> {
  const field = Object.keys(operation.body?.properties ?? {})[0] ?? 'name';
  return [
    { key: '__proto__', payload: '{"__proto__":{"role":"SUPER_ADMIN"}}' },
    { key: 'constructor', payload: `{"${field}":"x","constructor":{"polluted":true}}` },
    { key: 'prototype', payload: '{"prototype":1}' },
    { key: '__proto__', payload: `{"${field}":{"nested":{"__proto__":{"polluted":true}}}}` },
    { key: 'constructor', payload: `{"${field}":[{"constructor":1}]}` },
    { key: 'prototype', payload: `{"deep":{"er":{"still":{"prototype":"x"}}}}` },
  ];
}

/** The token the operation's documented role takes (its 403 names the role it requires). */
function tokenFor(operation: DocumentedOperation): string | undefined {
  if (!requiresToken(operation)) return undefined;
  return /Required role: employee/.test(operation.responses['403']?.description ?? '') ? tokens.employee : tokens.admin;
}

describe('bodies with prototype-pollution keys, on every POST and PUT of the OpenAPI document', () => {
  it('finds the write operations, the contract’s named ones included', () => {
    expect(writes.length).toBeGreaterThan(15);
    const documented = new Set(writes.map((operation) => `${operation.method} ${operation.path}`));
    for (const named of Object.keys(NAMED_LABELS)) expect(documented.has(named), named).toBe(true);
  });

  for (const operation of writes) {
    const label = labelOf(operation);
    it(`${operation.method} ${operation.path} answers 400 ${label}, at the top level and nested`, async () => {
      const token = tokenFor(operation);
      const url = operation.path.replace(/\{id\}/g, randomUUID());
      for (const { key, payload } of poisonedBodies(operation)) {
        address += 1;
        const answer = await sendRaw(t.app, {
          method: operation.method,
          url,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          payload,
          // The login and verify limits count per client IP: each attempt comes from its own.
          remoteAddress: `10.20.${Math.floor(address / 250)}.${(address % 250) + 1}`,
        });
        expect({ payload, status: answer.status, body: JSON.parse(answer.raw) }).toEqual({
          payload,
          status: 400,
          body: { success: false, error: label, message: `${key}: is not allowed` },
        });
      }
    });

    it(`${operation.method} ${operation.path} documents ${label} as its 400`, () => {
      expect(operation.responses['400']?.description ?? '').toMatch(new RegExp(`^\`${label}\``));
    });
  }
});
