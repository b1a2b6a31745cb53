// Path ids of any length and content (a non-UUID id is an unknown id): every operation with a
// path id, as the OpenAPI document lists them, answers 404 with its resource's own
// `<Thing> not found` label, in the envelope, whatever the id: 100 to 10,000 characters, valid
// and broken %-encoding, dots, unicode. Sent over real HTTP, so that Node's request-line limit
// and the router's decoding are on the path, as they are in production. Authentication still
// comes first: without a token the answer is 401.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAdmin, createOrg, createTenant } from '../helpers/factories.ts';
import { adminToken, employeeToken } from '../helpers/http.ts';
import { checkResponse } from '../helpers/response-check.ts';
import { documentedOperations, requiredQuery, requiresToken, type DocumentedOperation } from './openapi-operations.ts';

let t: TestApp;
let base: URL;
let token: string;
/** Employee routes take an employee's token. */
let employeeCaller: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
  const org = await createOrg(t.db);
  // A SUPER_ADMIN may use every admin route (industry writes included), so the answer is about the id alone.
  token = await adminToken(t.tokens, await createAdmin(t.db, { bookkeeperOrgId: org.id, role: 'SUPER_ADMIN' }));
  employeeCaller = await employeeToken(t.tokens, (await createTenant(t.db)).employee);
});
afterAll(async () => t?.close());

/** Path ids as they travel in the URL (already encoded, or deliberately not). */
const ODD_IDS: Array<[string, string]> = [
  ['a word', 'abc'],
  ['one dot', '.'],
  ['two dots', '..'],
  ['encoded dots', '%2E%2E'],
  ['a traversal', '..%2F..%2Fetc%2Fpasswd'],
  ['a UUID and more', '6f1c2b8e-0d4a-4e8f-9b1a-2c3d4e5f6a7bx'],
  ['100 characters', 'x'.repeat(100)],
  ['101 characters', 'x'.repeat(101)],
  ['1,000 characters', 'x'.repeat(1_000)],
  ['10,000 characters', 'x'.repeat(10_000)],
  ['10,000 encoded two-byte characters', encodeURIComponent('é'.repeat(10_000))],
  ['10,000 encoded emoji', encodeURIComponent('😀'.repeat(5_000))],
  ['unicode', encodeURIComponent('ünïcødé‮')],
  ['an encoded NUL', '%00'],
  ['an encoded slash', 'a%2Fb'],
  ['an encoded percent', '%25'],
  ['a lone %', '%'],
  ['%zz', '%zz'],
  ['a truncated sequence', '%E0%A4%A'],
  ['valid hex, invalid UTF-8', '%C3%28'],
  ['broken encoding, 5,000 characters', '%zz'.repeat(1_700)],
];

interface Answer {
  status: number;
  raw: string;
  headers: Record<string, string | string[] | undefined>;
}

/** One request exactly as given: node:http sends the path untouched (fetch would resolve the dots). */
function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: base.hostname, port: base.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, raw: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The path parameter under test: the first one (a review route names a period, then one of its employees). */
function pathIdName(operation: DocumentedOperation): string {
  return /\{(\w+)\}/.exec(operation.path)![1]!;
}

/** The odd id in the first path parameter; any later one a well-formed UUID, never reached. */
function withPathId(operation: DocumentedOperation, id: string): string {
  const first = pathIdName(operation);
  return operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => (name === first ? id : '00000000-0000-4000-8000-000000000000'));
}

/** The label the document declares for the operation's path id (`x-not-found`). */
function notFoundLabel(operation: DocumentedOperation): string | undefined {
  return operation.parameters.find((parameter) => parameter.in === 'path' && parameter.name === pathIdName(operation))?.schema?.['x-not-found'] as
    | string
    | undefined;
}

async function call(operation: DocumentedOperation, id: string, authorization?: string): Promise<Answer> {
  const headers: Record<string, string> = authorization ? { authorization } : {};
  // A body the route accepts (an update's fields are all optional; a POST's required strings get
  // a value), so the id is what is judged.
  const required = operation.body?.required ?? [];
  const body = operation.method === 'PUT' ? '{}' : operation.method === 'POST' && required.length > 0 ? JSON.stringify(Object.fromEntries(required.map((name: string) => [name, 'x']))) : undefined;
  if (body) headers['content-type'] = 'application/json';
  const url = withPathId(operation, id) + requiredQuery(operation);
  const answer = await send(operation.method, url, headers, body);
  checkResponse(t.app, operation.method, url, answer);
  return answer;
}

const documentApp = await createTestApp();
const withPathIds = documentedOperations(documentApp.app).filter((operation) => operation.path.includes('{'));
await documentApp.close();

describe('path ids that are not UUIDs, on every operation of the OpenAPI document', () => {
  it('finds the operations with a path id, and each declares its not-found label', () => {
    expect(withPathIds.length).toBeGreaterThanOrEqual(20);
    for (const operation of withPathIds) {
      for (const [, name] of operation.path.matchAll(/\{(\w+)\}/g)) {
        const declared = operation.parameters.find((parameter) => parameter.in === 'path' && parameter.name === name)?.schema?.['x-not-found'];
        expect(declared, `${operation.method} ${operation.path}: {${name}} declares its not-found label`).toMatch(/ not found$/);
      }
      expect(notFoundLabel(operation), `${operation.method} ${operation.path}`).toMatch(/^[A-Z][a-z]+( [a-z]+)? not found$/);
    }
  });

  for (const operation of withPathIds) {
    it(`${operation.method} ${operation.path} answers 404 with its own label for any non-UUID id`, async () => {
      const label = notFoundLabel(operation)!;
      for (const [name, id] of ODD_IDS) {
        const answer = await call(operation, id, `Bearer ${operation.path.startsWith('/api/v1/employee/') ? employeeCaller : token}`);
        expect({ case: name, status: answer.status, body: JSON.parse(answer.raw) }).toEqual({
          case: name,
          status: 404,
          body: { success: false, error: label },
        });
      }
    });

    if (requiresToken(operation)) {
      it(`${operation.method} ${operation.path} answers 401 before looking at the id when no token is sent`, async () => {
        for (const [name, id] of ODD_IDS) {
          const answer = await call(operation, id);
          expect({ case: name, status: answer.status, body: JSON.parse(answer.raw) }).toEqual({
            case: name,
            status: 401,
            body: { success: false, error: 'Authentication required' },
          });
        }
      });
    }
  }
});
