// GET /docs over HTTP (docs/api.md §15, §14): an HTML page with a strict Content-Security-Policy whose
// scripts, styles and document all come from the service itself (the browser test checks the
// rendering; this one the wiring).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_CSP } from '../../src/http/docs-ui.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /docs', () => {
  it('is an HTML page with its own Content-Security-Policy that allows only the service itself', async () => {
    const res = await get('/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toBe(DOCS_CSP);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-eval|https?:|\*/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Every script and stylesheet is a path on this server, nothing absolute.
    const references = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(references.length).toBeGreaterThan(3);
    for (const reference of references) expect(reference, reference).toMatch(/^\/docs\/static\//);
  });

  it('serves the Swagger UI assets itself', async () => {
    const html = (await get('/docs')).body;
    for (const asset of [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '')) {
      const res = await get(asset);
      expect(res.statusCode, asset).toBe(200);
    }
    const bundle = await get('/docs/static/swagger-ui-bundle.js');
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    expect(bundle.body.length).toBeGreaterThan(100_000);
  });

  it('points Swagger UI at the local document and at no online validator', async () => {
    const initializer = (await get('/docs/static/swagger-initializer.js')).body;
    expect(initializer).toContain("resolveUrl('./json')");
    expect(initializer).toMatch(/validatorUrl: null/);
    expect(initializer).not.toMatch(/https?:\/\/(?!stackoverflow)/);
    const json = await get('/docs/json');
    const document = await get('/api/v1/openapi.json');
    expect(json.statusCode).toBe(200);
    expect(JSON.parse(json.body)).toEqual(JSON.parse(document.body));
  });
});
