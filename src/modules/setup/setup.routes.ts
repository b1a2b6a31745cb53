// /api/v1/setup: the first run (docs/api.md §10, First run). GET says whether a first administrator is
// still needed; POST creates it with its organization and signs it in, once. Both are public:
// they are how a fresh installation gets its first credentials.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../core/context.ts';
import { FailureLabel } from '../../core/errors.ts';
import { setAuthCookie } from '../../http/auth-guard.ts';
import type { AppInstance } from '../../http/plugin.ts';
import { consumeAttempt, createRateLimitStore, ipSubject, RULES, setLimitHeaders, withLimitHeaders } from '../../http/rate-limit.ts';
import { requestMeta } from '../../http/request-meta.ts';
import { Email, envelope, ErrorEnvelope, errorResponses, RequiredStr } from '../../http/schemas.ts';
import { AdminUser } from '../auth/auth.routes.ts';
import { createFirstAdmin, firstAdminNeeded } from './setup.service.ts';

const TAGS = ['setup'];

const FirstAdminBody = Type.Object(
  {
    email: Email,
    // Not trimmed (request-hooks.ts): a password is kept exactly as typed.
    password: Type.String({ minLength: 8, maxLength: 255, description: 'At least 8 characters; write-only' }),
    firstName: RequiredStr(),
    lastName: RequiredStr(),
    organizationName: RequiredStr(),
    timezone: Type.Optional(RequiredStr({ maxLength: 64 })),
  },
  {
    additionalProperties: false,
    examples: [
      {
        email: 'owner@firm.example',
        password: 'a long passphrase',
        firstName: 'Ada',
        lastName: 'Lovelace',
        organizationName: 'Lovelace Bookkeeping',
        timezone: 'America/Chicago',
      },
    ],
  },
);

export async function setupRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const store = createRateLimitStore(ctx.config, ctx.clock, (error) => app.log.warn({ err: error }, 'rate-limit store error'));
  app.addHook('onClose', async () => store.close());
  /** onRequest, before the body is parsed: every attempt counts, malformed ones too (docs/api.md §11). */
  const limitPerIp = async (request: FastifyRequest, reply: FastifyReply) => {
    setLimitHeaders(reply, await consumeAttempt(store, ctx.clock, RULES.setupPerIp, ipSubject(request.ip)));
  };

  app.get(
    '/setup',
    {
      config: { auth: 'none', failureError: FailureLabel.fetchSetup },
      schema: {
        tags: TAGS,
        summary: 'Whether the service still needs its first administrator',
        response: { 200: envelope(Type.Object({ firstAdminNeeded: Type.Boolean() })), ...errorResponses() },
      },
    },
    async () => ({ success: true as const, data: { firstAdminNeeded: await firstAdminNeeded(ctx) } }),
  );

  app.post(
    '/setup/first-admin',
    {
      config: { auth: 'none', failureError: FailureLabel.createFirstAdmin },
      onRequest: limitPerIp,
      schema: {
        tags: TAGS,
        summary: 'Create the first organization and its SUPER_ADMIN while no admin exists; sets the auth-token cookie (5 attempts per 15 minutes per IP)',
        description:
          'Only while no admin user exists: afterwards it answers 404 Not found, like an unknown route. ' +
          'Of calls that race, one creates the administrator (201) and the others answer 409 Setup already completed.',
        body: FirstAdminBody,
        response: {
          ...errorResponses(404, 409, 413, 415),
          201: withLimitHeaders(envelope(Type.Object({ user: AdminUser, token: Type.String() }))),
          429: withLimitHeaders(ErrorEnvelope, { refusal: true }),
        },
      },
    },
    async (request, reply) => {
      const result = await createFirstAdmin(ctx, request.body, requestMeta(request));
      setAuthCookie(reply, ctx.config, result.token);
      return reply.code(201).send({ success: true, data: result, message: 'First administrator created' });
    },
  );
}
