// Hostile input on every operation (SECURITY.md): driven by the app's own OpenAPI document, every
// operation gets generated bodies, query strings and path ids, sent as every caller type. Every
// answer must be below 500, in the envelope, documented (test/helpers/response-check.ts), free
// of internals, and a rejected (4xx) request must leave the data exactly as it was.
// FUZZ_RUNS (runs per operation) and FUZZ_SEED reproduce or lengthen a run.
import fc from 'fast-check';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { CALLERS, checksum, createWorld, expectEnvelope, expectNoLeak, heal, sendRaw, type CallerName, type World } from './support.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

interface Operation {
  method: string;
  path: string;
  bodyKeys: string[];
  queryKeys: string[];
}

interface Body {
  payload?: string;
  contentType?: string;
  label: string;
}

let t: TestApp;
let world: World;
let baseline: string;
const operations: Operation[] = [];

// Read once at collection time so that each operation is its own named test: the document is
// the app's, built on a throwaway in-memory app (no database needed to describe routes).
const documentApp = await createTestApp();
{
  const document = documentApp.app.swagger() as unknown as {
    paths: Record<string, Record<string, { requestBody?: any; parameters?: Array<{ in: string; name: string }> }>>;
  };
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const schema = operation.requestBody?.content?.['application/json']?.schema ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        bodyKeys: Object.keys(schema.properties ?? {}),
        queryKeys: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
}
await documentApp.close();

beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t);
  baseline = await checksum(t.db, world);
});
afterAll(async () => t?.close());

// ---------------------------------------------------------------------------------------------
// Generators

const RAW = Symbol('raw');
type PathPiece = string | { [RAW]: string };

/** Values that look like what the API takes, in the wrong place or at the edge. */
const edgyStrings = fc.constantFrom(
  'SUPER_ADMIN', 'ADMIN', 'APPROVED', 'PENDING', 'REJECTED', 'OPEN', 'LOCKED', 'SUBMITTED', 'EXPORTED',
  'clock_in', 'clock_out', 'WEEKLY', 'BIWEEKLY', 'SEMIMONTHLY', 'MONTHLY', 'csv', 'iif',
  '2026-01-05', '2026-01-05T09:00:00Z', '2026-01-05T09:00:00.000+14:00', 'not-a-date', '9999-12-31', '0000-00-00', '2026-02-30',
  "' OR '1'='1", "'; drop table companies; --", '<script>alert(1)</script>', '(a+)+$', '\u0000', '\u202e', '😀', 'ǅ̈̈̈',
  'America/New_York', 'Mars/Olympus', '+12125550123', '12', '1234', 'a@b.c', 'x'.repeat(256), 'x'.repeat(2001),
);

function valueArb(ids: string[]) {
  return fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -1, 0, 101, 1e21, 0.1),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    edgyStrings,
    fc.constantFrom(...ids),
    fc.uuid(),
    fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  );
}

function bodyArb(op: Operation, ids: string[]): fc.Arbitrary<Body> {
  const keys = op.bodyKeys.length ? op.bodyKeys : ['name', 'id'];
  const json = (label: string) => (value: unknown): Body => ({ payload: JSON.stringify(value), contentType: 'application/json', label });
  const schemaObject = fc
    .uniqueArray(fc.constantFrom(...keys), { maxLength: keys.length })
    .chain((chosen) => fc.tuple(...chosen.map((key) => valueArb(ids).map((value) => [key, value] as const))))
    .map((pairs) => Object.fromEntries(pairs));
  const extraFields = fc.record({
    id: fc.constantFrom(...ids),
    createdAt: fc.constant('2000-01-01T00:00:00.000Z'),
    role: fc.constant('SUPER_ADMIN'),
    bookkeeperOrgId: fc.constantFrom(...ids),
    approved: fc.constant(true),
    status: fc.constantFrom('APPROVED', 'EXPORTED'),
    passwordHash: fc.constant('x'),
  }, { requiredKeys: [] });
  const nested = fc.tuple(fc.integer({ min: 10, max: 25_000 }), fc.constantFrom('[', '{"a":')).map(([depth, open]): Body => ({
    payload: open.repeat(depth) + '1' + (open === '[' ? ']' : '}').repeat(depth),
    contentType: 'application/json',
    label: `nested ${depth} deep`,
  }));
  const huge = fc.tuple(fc.constantFrom(...keys), fc.integer({ min: 256, max: 200_000 })).map(([key, size]): Body => ({
    payload: JSON.stringify({ [key]: 'x'.repeat(size) }),
    contentType: 'application/json',
    label: `${key} of ${size} characters`,
  }));
  const prototypeKeys = fc.constantFrom(
    '{"__proto__":{"role":"SUPER_ADMIN","isAdmin":true}}',
    '{"constructor":{"prototype":{"role":"SUPER_ADMIN"}}}',
    `{"${keys[0]}":{"__proto__":{"polluted":true}}}`,
    `{"${keys[0]}":"x","__proto__":{"${keys[0]}":"y"}}`,
    '[{"prototype":{}}]',
  ).map((payload): Body => ({ payload, contentType: 'application/json', label: 'prototype keys' }));
  const notJson = fc
    .oneof(fc.string({ maxLength: 60 }), fc.constantFrom('{', '{"a":}', 'null', 'NaN', "{'a':1}", '\ufeff{}', '{"a":1}{"b":2}', '   '))
    .map((payload): Body => ({ payload, contentType: 'application/json', label: 'not JSON' }));
  const wrongType = fc
    .tuple(
      fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml',
        'application/json; charset=latin1', 'application/jsonx', 'APPLICATION/JSON', 'application/json;;', '*/*'),
      schemaObject,
    )
    .map(([contentType, value]): Body => ({ payload: JSON.stringify(value), contentType, label: `as ${contentType}` }));
  return fc.oneof(
    { arbitrary: fc.constant<Body>({ label: 'no body' }), weight: 1 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json('random JSON')), weight: 2 },
    { arbitrary: schemaObject.map(json('schema keys, junk values')), weight: 5 },
    { arbitrary: fc.tuple(schemaObject, extraFields).map(([o, extra]) => ({ ...o, ...extra })).map(json('with forbidden fields')), weight: 2 },
    { arbitrary: nested, weight: 1 },
    { arbitrary: huge, weight: 1 },
    { arbitrary: prototypeKeys, weight: 1 },
    { arbitrary: notJson, weight: 1 },
    { arbitrary: wrongType, weight: 1 },
  );
}

function queryArb(op: Operation, ids: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { arbitrary: fc.constantFrom(...op.queryKeys, 'page', 'pageSize'), weight: 4 },
    { arbitrary: fc.constantFrom('__proto__', 'constructor', 'a[b]', 'page[]', 'pageSize[0]', ''), weight: 1 },
    { arbitrary: fc.string({ maxLength: 10 }), weight: 1 },
  );
  const value: fc.Arbitrary<PathPiece> = fc.oneof(
    fc.constantFrom('1e309', '99999999999999999999999', '-1', '0', '-0', 'NaN', 'Infinity', '101', '1.5', '0x10', 'true', '', ' '),
    fc.constantFrom({ [RAW]: '%00' }, { [RAW]: '%zz' }, { [RAW]: '%' }, { [RAW]: '%E2%80%AE' }, { [RAW]: '%F0%9F' }),
    fc.string({ maxLength: 30 }),
    fc.string({ unit: 'grapheme', maxLength: 10 }),
    edgyStrings,
    fc.integer().map(String),
    fc.uuid(),
    fc.constantFrom(...ids),
    fc.constant('9'.repeat(5000)),
  );
  return fc
    .array(fc.tuple(key, value), { maxLength: 5 })
    .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodePiece(v)}`).join('&'));
}

function idArb(ids: string[]): fc.Arbitrary<PathPiece> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...ids), weight: 4 },
    { arbitrary: fc.uuid(), weight: 2 },
    {
      arbitrary: fc.constantFrom<PathPiece>(
        'abc', '1', '0', '-1', "' OR '1'='1", '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff',
        `${ids[0]!.toUpperCase()}`, `${ids[0]!}x`, `{${ids[0]!}}`, 'x'.repeat(300), '😀', '..',
        { [RAW]: '%00' }, { [RAW]: '..%2F..%2Fetc%2Fpasswd' }, { [RAW]: '%E2%80%AE' }, { [RAW]: '%zz' },
      ),
      weight: 2,
    },
    { arbitrary: fc.string({ minLength: 1, maxLength: 40 }), weight: 1 },
  );
}

function encodePiece(piece: PathPiece): string {
  return typeof piece === 'string' ? encodeURIComponent(piece) : piece[RAW];
}

const garbageToken = fc.oneof(
  fc.constantFrom('not-a-token', 'Bearer ', 'Bearer x.y.z', 'Basic YWRtaW46YWRtaW4=', 'Bearer eyJhbGciOiJub25lIn0.e30.', 'null'),
  fc.stringMatching(/^[\x21-\x7e]{1,300}$/),
);

// ---------------------------------------------------------------------------------------------

function describeRequest(caller: string, method: string, url: string, body: Body): string {
  return `${caller} ${method} ${url.slice(0, 300)} [${body.label}${body.payload ? `: ${body.payload.slice(0, 120)}` : ''}]`;
}

async function runCase(op: Operation, caller: CallerName, garbage: string, id: PathPiece, query: string, body: Body, idempotencyKey: string | null) {
  const path = op.path.replace(/\{[^}]+\}/g, () => encodePiece(id));
  const url = query ? `${path}?${query}` : path;
  const headers: Record<string, string> = {};
  const token = caller === 'garbage' ? garbage : world.tokens[caller];
  if (token) headers.authorization = caller === 'garbage' ? token : `Bearer ${token}`;
  if (body.contentType) headers['content-type'] = body.contentType;
  if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey;
  const where = describeRequest(caller, op.method, url, body);
  const answer = await sendRaw(t.app, {
    method: op.method,
    url,
    headers,
    ...(body.payload !== undefined ? { payload: body.payload } : {}),
    remoteAddress: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
  });
  expect(answer.status, where).toBeLessThan(500);
  expectEnvelope(path.startsWith('/api/') ? path : op.path, answer.status, answer.raw, where);
  expectNoLeak(answer.raw, where);
  const after = await checksum(t.db, world);
  const writes = op.method !== 'GET' || op.path.endsWith('/export');
  if (answer.status >= 400 || !writes) {
    if (after !== baseline) throw new Error(`${where}: answered ${answer.status} but changed the data`);
  } else {
    await heal(t.db, world);
    baseline = await checksum(t.db, world);
  }
}

describe('fuzzed requests on every operation of the OpenAPI document, as every caller', () => {
  it('covers every operation the document lists', () => {
    expect(operations.length).toBeGreaterThan(30);
    for (const op of operations) expect(op.path.startsWith('/api/v1/') || op.path === '/health' || op.path === '/ready').toBe(true);
  });

  for (const op of operations) {
    it(`${op.method} ${op.path}: never 5xx, always the documented envelope, nothing leaked, nothing changed when refused`, async () => {
      const ids = world.ids;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...CALLERS),
          garbageToken,
          idArb(ids),
          queryArb(op, ids),
          bodyArb(op, ids),
          fc.option(fc.string({ maxLength: 300 }).filter((k) => /^[\x20-\x7e]*$/.test(k)), { freq: 5 }),
          (caller, garbage, id, query, body, idempotencyKey) => runCase(op, caller, garbage, id, query, body, idempotencyKey),
        ),
        { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) },
      );
    });
  }
});
