// The docs page: Swagger UI at /docs, whose assets ship inside the package (no CDN: the page
// works behind a firewall and its CSP allows only 'self'), and the bare document at
// /api/v1/openapi.json.
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DOCS_PREFIX, OPENAPI_PATH, openApiDocument } from './openapi.ts';
import { PLUGIN, sharedPlugin } from './plugin.ts';

/**
 * Swagger UI sets inline styles (React), and draws its icons as data: images. Nothing else is
 * needed: no inline or eval'd script, no font or image from elsewhere, fetches only to 'self'.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/** Registers the document route and the docs page. */
export const docsPlugin = sharedPlugin(PLUGIN.docs, [PLUGIN.openApi], registerDocsRoutes);

async function registerDocsRoutes(app: FastifyInstance): Promise<void> {
  app.get(OPENAPI_PATH, { schema: { hide: true }, config: { auth: 'none' } }, async (_request, reply: FastifyReply) => {
    return reply.type('application/json; charset=utf-8').send(openApiDocument(app));
  });

  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: DOCS_CSP,
    // Swagger UI would otherwise ask validator.swagger.io for a badge: nothing leaves the machine.
    validatorUrl: false,
    transformSpecification: (document: Readonly<Record<string, unknown>>) => openApiDocument(app, document),
    transformSpecificationClone: false,
    uiConfig: {
      // No top bar: its "Explore" box would invite loading documents from elsewhere.
      layout: 'BaseLayout',
      docExpansion: 'list',
      deepLinking: true,
      displayRequestDuration: true,
      tryItOutEnabled: false,
      persistAuthorization: false,
    },
  });
}
