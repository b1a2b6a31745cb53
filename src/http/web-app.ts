// The employee app, the kiosk and the bookkeeper console: the Vite build in dist/web, served by
// this same process. Only files that exist in the build get a route (no wildcard), plus the HTML
// entry points: `/` and `/kiosk` (index.html), and `/admin` with every path below it
// (admin.html, whose pages are routed in the browser). None of them can shadow /api, /docs,
// /health or /metrics, and any other unknown path still reaches the envelope's 404.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { PLUGIN, routesPlugin, type AppInstance } from './plugin.ts';

/**
 * The app's HTML may load its own scripts, styles and manifest, start its service worker and call
 * the API on the same origin; nothing inline (no 'unsafe-inline' anywhere) and no other origin.
 */
export const WEB_APP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/** The paths the employee app answers with its HTML; the app reads the path to pick a mode. */
export const WEB_APP_ENTRY_PATHS = ['/', '/kiosk', '/kiosk/'] as const;

/** The console's HTML answers these and every path below /admin/. */
export const CONSOLE_ENTRY_PATHS = ['/admin', '/admin/', '/admin/*'] as const;

/** dist/web under the repository root, found from the bundle (dist/main.js) or the sources. */
export function findWebAppDir(start = dirname(fileURLToPath(import.meta.url))): string | null {
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, 'dist', 'web');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
    if (dirname(dir) === dir) return null;
  }
}

/** Hashed assets never change under their name; everything else is revalidated on each load. */
function cacheControlFor(path: string): string {
  return /\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.(js|css)$/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** The app and kiosk routes as a named plugin, after everything any route relies on. */
export const webAppPlugin = routesPlugin(PLUGIN.webApp, (app) => registerWebApp(app));

export async function registerWebApp(app: AppInstance, root: string | null = findWebAppDir()): Promise<void> {
  if (!root) {
    app.log.warn('dist/web is missing: the employee app is not served (run `npm run build`)');
    return;
  }
  const html = readFileSync(join(root, 'index.html'));
  const consoleHtml = existsSync(join(root, 'admin.html')) ? readFileSync(join(root, 'admin.html')) : null;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders: (res, path) => {
      res.header('cache-control', cacheControlFor(path));
      if (path.endsWith('.html')) res.header('content-security-policy', WEB_APP_CSP);
      // The service worker may control the whole origin's navigations (the app and the kiosk).
      if (path.endsWith('/sw.js')) res.header('service-worker-allowed', '/');
    },
  });
  const sendHtml = (reply: FastifyReply, page: Buffer) =>
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('content-security-policy', WEB_APP_CSP).send(page);
  for (const url of WEB_APP_ENTRY_PATHS) {
    app.get(url, { schema: { hide: true } }, async (_request, reply) => sendHtml(reply, html));
  }
  if (consoleHtml) {
    for (const url of CONSOLE_ENTRY_PATHS) {
      app.get(url, { schema: { hide: true } }, async (_request, reply) => sendHtml(reply, consoleHtml));
    }
  }
}
