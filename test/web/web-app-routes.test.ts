// How the service serves the built app: `/` and `/kiosk` answer its HTML with a CSP that allows
// only the app itself, built files are served with cache rules, and nothing shadows the API,
// the docs or the operations routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('the employee app routes', () => {
  it.each(['/', '/kiosk', '/kiosk?company=3f0e0f9e-7a40-4d0c-9a4b-1d2f3e4a5b6c'])('GET %s answers the app with a strict CSP', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<div id="root"></div>');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toMatch(/https?:/);
    // No inline script in the page itself.
    expect(response.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it.each(['/admin', '/admin/', '/admin/pay-periods', '/admin/pay-periods/3f0e0f9e-7a40-4d0c-9a4b-1d2f3e4a5b6c?tab=entries'])('GET %s answers the console with the same CSP', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<title>payclock console</title>');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('keeps the console out of the phone’s precache and its URLs out of the app-shell fallback', async () => {
    const sw = (await t.app.inject({ method: 'GET', url: '/sw.js' })).body;
    expect(sw).toContain('index.html');
    expect(sw).not.toContain('admin.html');
    expect(sw).not.toMatch(/assets\/console-/);
  });

  it('serves hashed assets as immutable and the service worker as no-cache', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/' })).body;
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const asset = await t.app.inject({ method: 'GET', url: script });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['/api/v1/nothing-here', 404, 'Not found'],
    ['/kiosk/anything', 404, 'Not found'],
    ['/some/app/path', 404, 'Not found'],
    ['/administrator', 404, 'Not found'],
    ['/api/v1/admin/nothing-here', 404, 'Not found'],
  ])('leaves %s to the envelope (%i %s)', async (url, status, error) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ success: false, error });
  });

  it('leaves /health, /docs and the OpenAPI document to their own routes', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json()).toMatchObject({ success: true });
    expect((await t.app.inject({ method: 'GET', url: '/docs' })).headers['content-security-policy']).toContain("'unsafe-inline'");
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(doc.paths).filter((p: string) => !p.startsWith('/api/') && !['/health', '/ready'].includes(p))).toEqual([]);
  });
});
