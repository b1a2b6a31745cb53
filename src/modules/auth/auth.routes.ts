// /api/v1/auth: admin login, employee verification, logout and the current user (SPEC.md
// "POST /api/v1/auth/login", "Authentication", "Limits"; CONTRACT §5). The limits run in
// onRequest, before the body is parsed, so malformed attempts count too.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { AppContext } from '../../context.ts';
import { AUTH_COOKIE } from '../../http/auth-guard.ts';
import { AppError } from '../../http/errors.ts';
import {
  consumeAttempt,
  createRateLimitStore,
  ipSubject,
  releaseAttempt,
  RULES,
  setLimitHeaders,
  type LimitState,
  type RateLimitRule,
} from '../../http/rate-limit.ts';
import { requestMeta } from '../../http/request-meta.ts';
import { Email, envelope, errorResponses, MessageEnvelope, Nullable, NullableDateTime, RequiredStr } from '../../http/schemas.ts';
import { currentUser, login, recordMalformedAttempt, verifyEmployee, type PinAttemptLimit } from './auth.service.ts';

const TAGS = ['auth'];

const AdminUser = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    role: Type.Enum(['SUPER_ADMIN', 'ADMIN']),
    active: Type.Boolean(),
    bookkeeperOrgId: Type.String({ format: 'uuid' }),
    lastLoginAt: NullableDateTime,
    bookkeeperOrg: Type.Object(
      {
        id: Type.String({ format: 'uuid' }),
        name: Type.String(),
        slug: Type.String(),
        email: Nullable(Type.String()),
        phone: Nullable(Type.String()),
        timezone: Type.String(),
        dateFormat: Type.String(),
        overtimeThreshold: Type.Number(),
        overtimeMultiplier: Type.Number(),
        active: Type.Boolean(),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, title: 'Admin user' },
);

const EmployeeUser = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    firstName: Type.String(),
    lastName: Type.String(),
    employeeNumber: Nullable(Type.String()),
    jobTitle: Nullable(Type.String()),
    companyId: Type.String({ format: 'uuid' }),
    company: Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() }, { additionalProperties: false }),
  },
  { additionalProperties: false, title: 'Employee user' },
);

const LoginBody = Type.Object(
  {
    email: Email,
    // Not trimmed (request-hooks.ts): a password is compared exactly as typed.
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false, examples: [{ email: 'admin@example.com', password: 'correct horse battery' }] },
);
type LoginBody = Static<typeof LoginBody>;

const VerifyBody = Type.Object(
  {
    phone: RequiredStr(),
    pin: Type.String({ pattern: '^[0-9]{4,8}$' }),
    companyId: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false, examples: [{ phone: '(212) 555-0101', pin: '1234' }] },
);
type VerifyBody = Static<typeof VerifyBody>;

/** The statuses of an attempt that failed before the service saw it (counted and audited as such). */
const MALFORMED_STATUSES = new Set([400, 413, 415]);

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // The module owns its counters: in-process, or Redis when REDIS_URL is set; closed with the app.
  const store = createRateLimitStore(ctx.config, ctx.clock, (error) => app.log.warn({ err: error }, 'rate-limit store error'));
  app.addHook('onClose', async () => store.close());
  // The dummy hash is made once per process; making it now keeps the first unknown-email
  // login as slow as every other one, not twice as slow.
  ctx.hasher.verifyDummy('warm-up').catch((error: unknown) => app.log.warn({ err: error }, 'could not prepare the dummy hash'));

  /** onRequest: counts the attempt per client IP before anything else and sends the headers on every answer. */
  const limitPerIp = (rule: RateLimitRule) => async (request: FastifyRequest, reply: FastifyReply) => {
    setLimitHeaders(reply, await consumeAttempt(store, ctx.clock, rule, ipSubject(request.ip)));
  };
  /** onError: a malformed attempt is recorded like any other failed one. */
  const auditMalformed = (kind: 'login' | 'verify') => async (request: FastifyRequest, _reply: FastifyReply, error: FastifyError) => {
    const status = error instanceof AppError ? error.statusCode : (error.statusCode ?? 500);
    if (!MALFORMED_STATUSES.has(status)) return;
    const body = request.body as Record<string, unknown> | undefined;
    const identifier = body && typeof body === 'object' ? body[kind === 'login' ? 'email' : 'phone'] : undefined;
    await recordMalformedAttempt(ctx, kind, typeof identifier === 'string' ? identifier : null, requestMeta(request)).catch(
      (auditError: unknown) => request.log.error({ err: auditError }, 'could not audit a malformed attempt'),
    );
  };
  const setAuthCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(AUTH_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: ctx.config.tokenTtlSeconds,
      secure: ctx.config.cookieSecure,
    });

  /**
   * The per-phone limit. The headers show whichever limit is closer to refusing, the IP's
   * (set in onRequest) or the phone's (CONTRACT §5: the limit that trips first decides).
   */
  const phoneLimit = (reply: FastifyReply): PinAttemptLimit => {
    const rule = RULES.verifyPerPhone;
    const ipState: LimitState = {
      limit: Number(reply.getHeader('x-ratelimit-limit')),
      remaining: Number(reply.getHeader('x-ratelimit-remaining')),
      resetAt: new Date(String(reply.getHeader('x-ratelimit-reset'))),
    };
    const show = (phoneState: LimitState) => setLimitHeaders(reply, phoneState.remaining < ipState.remaining ? phoneState : ipState);
    let phoneState: LimitState | undefined;
    return {
      async begin(phone) {
        phoneState = await consumeAttempt(store, ctx.clock, rule, phone);
        show(phoneState);
      },
      async succeeded(phone) {
        await releaseAttempt(store, rule, phone);
        // The attempt was given back: the phone has one more left than `begin` showed.
        if (phoneState) show({ ...phoneState, remaining: Math.min(rule.limit, phoneState.remaining + 1) });
      },
    };
  };

  api.post(
    '/auth/login',
    {
      config: { auth: 'none', validationError: 'Invalid login data', failureError: 'Login failed' },
      onRequest: limitPerIp(RULES.loginPerIp),
      onError: auditMalformed('login'),
      schema: {
        tags: TAGS,
        summary: 'Admin login with email and password; sets the auth-token cookie (5 attempts per 15 minutes per IP)',
        body: LoginBody,
        response: {
          200: envelope(Type.Object({ user: AdminUser, token: Type.String() })),
          ...errorResponses(401, 403, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const body = request.body as LoginBody;
      const result = await login(ctx, body, requestMeta(request));
      setAuthCookie(reply, result.token);
      return { success: true as const, data: result };
    },
  );

  api.post(
    '/auth/employee/verify',
    {
      config: { auth: 'none', validationError: 'Invalid verification data', failureError: 'Verification failed' },
      onRequest: limitPerIp(RULES.verifyPerIp),
      onError: auditMalformed('verify'),
      schema: {
        tags: TAGS,
        summary: 'Employee token from phone and PIN; sets the auth-token cookie (CONTRACT §5 limits)',
        body: VerifyBody,
        response: {
          200: envelope(Type.Object({ user: EmployeeUser, token: Type.String() })),
          ...errorResponses(401, 403, 409, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const body = request.body as VerifyBody;
      const result = await verifyEmployee(ctx, body, requestMeta(request), phoneLimit(reply));
      setAuthCookie(reply, result.token);
      return { success: true as const, data: result };
    },
  );


  api.post(
    '/auth/logout',
    {
      config: { auth: 'none', failureError: 'Logout failed' },
      schema: {
        tags: TAGS,
        summary: 'Clears the auth-token cookie (a bearer token stays valid until it expires)',
        response: { 200: MessageEnvelope, ...errorResponses() },
      },
    },
    async (_request, reply) => {
      reply.clearCookie(AUTH_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: ctx.config.cookieSecure });
      return { success: true as const, message: 'Logged out' };
    },
  );

  api.get(
    '/auth/me',
    {
      config: { auth: 'any', failureError: 'Failed to fetch user' },
      schema: {
        tags: TAGS,
        summary: "The token's own record: an admin with its organization, or an employee with its company",
        response: {
          200: envelope(Type.Object({ user: Type.Union([AdminUser, EmployeeUser]) })),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => {
      if (!request.actor) throw new AppError(401, 'Authentication required');
      return { success: true as const, data: { user: await currentUser(ctx, request.actor) } };
    },
  );
}
