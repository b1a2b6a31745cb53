// GET /api/v1/openapi.json: a valid OpenAPI 3.1 document of every route, generated
// from the route schemas, with security, tags, envelopes and request examples.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes } from '../../src/http/openapi.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

type Operation = {
  tags?: string[];
  summary?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, { schema?: unknown; example?: unknown; examples?: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: Record<string, unknown> }> }>;
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  servers: unknown[];
  tags: Array<{ name: string; description?: string }>;
  components: { securitySchemes: Record<string, Record<string, unknown>>; schemas?: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
};

let t: TestApp;
let document: Document;
let raw: string;

/** Fastify's `/x/:id` as OpenAPI's `/x/{id}`. */
const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

beforeAll(async () => {
  t = await createTestApp();
  // Through inject, not request(): the document route is not itself an API operation.
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  raw = res.body;
  document = JSON.parse(raw) as Document;
});
afterAll(async () => t.close());

function operations(): Array<{ method: string; path: string; operation: Operation }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

describe('GET /api/v1/openapi.json', () => {
  it('is a bare OpenAPI 3.1 document (not the envelope) that the 3.1 schema accepts', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document).not.toHaveProperty('success');
    expect(document.info.title).toBe('payclock API');
    expect(document.servers.length).toBeGreaterThan(0);
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every registered route but the docs, the document and /metrics', () => {
    const routes = listRoutes(t.app);
    const visible = routes.filter((route) => !route.hidden);
    expect(visible.length).toBeGreaterThan(10);
    const missing = visible
      .filter((route) => !document.paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/docs') || path === '/metrics' || path.endsWith('openapi.json'))).toEqual([]);
    // And the other way round: the document invents nothing.
    const registered = new Set(visible.map((route) => `${route.method} ${toOpenApiPath(route.url)}`));
    expect(operations().filter(({ method, path }) => !registered.has(`${method} ${path}`))).toEqual([]);
  });

  it('declares the bearer and cookie schemes, and security per route from its auth mode', () => {
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(document.components.securitySchemes.cookieAuth).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'auth-token' });
    const both = [{ bearerAuth: [] }, { cookieAuth: [] }];
    const login = document.paths['/api/v1/auth/login']?.post;
    expect(login?.security).toEqual([]);
    expect(document.paths['/health']?.get?.security).toEqual([]);
    expect(document.paths['/api/v1/admin/companies']?.get?.security).toEqual(both);
    expect(document.paths['/api/v1/employee/timesheet']?.get?.security).toEqual(both);
    // Optional authentication: `{}` (none) is one of the alternatives.
    const industries = document.paths['/api/v1/admin/industries']?.get;
    expect(industries?.security).toEqual([{}, ...both]);
    // Every secured operation answers 401 and 403 in the error envelope.
    for (const { method, path, operation } of operations()) {
      if (!operation.security?.some((entry) => 'bearerAuth' in entry) || operation.security.some((entry) => Object.keys(entry).length === 0)) continue;
      expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['401', '403']));
    }
  });

  it('tags every operation, and lists each tag once at the top with a description', () => {
    const used = new Set(operations().flatMap(({ operation }) => operation.tags ?? []));
    for (const { method, path, operation } of operations()) {
      expect(operation.tags?.length, `${method} ${path} has no tag`).toBeGreaterThan(0);
      expect(operation.summary, `${method} ${path} has no summary`).toBeTruthy();
    }
    expect(new Set(document.tags.map((tag) => tag.name))).toEqual(used);
    expect(document.tags.map((tag) => tag.name)).toEqual(expect.arrayContaining(['Companies', 'Employees']));
    expect(document.tags.find((tag) => tag.name === 'Companies')?.description).toBeTruthy();
  });

  it('gives every request body a JSON schema and an example that the schema accepts', async () => {
    const { Ajv2020 } = await import('ajv/dist/2020.js');
    const formats = (await import('ajv-formats')) as unknown as { default: (ajv: unknown) => void };
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    formats.default(ajv);
    const lacking: string[] = [];
    for (const { method, path, operation } of operations()) {
      if (!operation.requestBody) continue;
      const media = operation.requestBody.content['application/json'];
      expect(media?.schema, `${method} ${path}`).toBeDefined();
      const examples = media?.example !== undefined
        ? [media.example]
        : Object.values((media?.examples ?? {}) as Record<string, { value: unknown }>).map((entry) => entry.value);
      if (examples.length === 0) lacking.push(`${method} ${path}`);
      const validate = ajv.compile(media?.schema as object);
      for (const example of examples) expect(validate(example), `${method} ${path}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
    expect(lacking).toEqual([]);
  });

  it('describes every response with a JSON schema; errors with the envelope and their labels', () => {
    for (const { method, path, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const where = `${method} ${path} ${status}`;
        expect(response.description, where).not.toBe('Default Response');
        const schema = response.content?.['application/json']?.schema ?? Object.values(response.content ?? {})[0]?.schema;
        expect(schema, `${where} has no schema`).toBeDefined();
        if (Number(status) >= 400) {
          // The one error envelope, shared under components.schemas; or, where an error carries
          // `data` for the caller (409 Company required lists the companies), that envelope
          // spelled out with its label fixed.
          if (!('$ref' in (schema as object))) {
            expect(schema, where).toMatchObject({
              type: 'object',
              required: expect.arrayContaining(['success', 'error', 'data']),
              properties: { success: { enum: [false] }, error: { enum: [expect.any(String)] }, message: { type: 'string' }, data: { type: 'object' } },
            });
            expect(response.description, where).toContain(`\`${(schema as { properties: { error: { enum: string[] } } }).properties.error.enum[0]}\``);
          } else expect(schema, where).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
        } else if (response.content?.['application/json']) {
          expect((schema as { properties?: Record<string, unknown> }).properties, where).toHaveProperty('success');
        }
      }
      expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['400', '500', '503']));
    }
    expect(document.components.schemas?.ErrorEnvelope).toMatchObject({
      type: 'object',
      required: ['success', 'error'],
      properties: { success: { enum: [false] }, error: { type: 'string' } },
    });
    const login = document.paths['/api/v1/auth/login']?.post;
    expect(login?.responses['400']?.description).toContain('Invalid login data');
    expect(login?.responses['429']).toBeDefined();
  });

  it('carries no TypeBox-internal keys', () => {
    expect(raw).not.toMatch(/"~[A-Za-z]+"/);
  });
});
