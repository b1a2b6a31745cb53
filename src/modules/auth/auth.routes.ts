// /api/v1/auth: admin login, employee verification, logout and the current user
// (docs/api.md §10, §11). The limits run in
// onRequest, before the body is parsed, so malformed attempts count too.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../core/context.ts';
import { ADMIN_ROLES } from '../../domain/enums.ts';
import { AUTH_COOKIE, extractToken, setAuthCookie } from '../../http/auth-guard.ts';
import { AppError, ErrorCode, Errors, FailureLabel, ValidationLabel } from '../../core/errors.ts';
import type { AppInstance } from '../../http/plugin.ts';
import {
  consumeAttempt,
  createRateLimitStore,
  ipSubject,
  releaseAttempt,
  RULES,
  setLimitHeaders,
  withLimitHeaders,
  type LimitState,
  type RateLimitRule,
} from '../../http/rate-limit.ts';
import { requestMeta } from '../../http/request-meta.ts';
import { Email, envelope, ErrorEnvelope, errorResponses, MessageEnvelope, Nullable, NullableDateTime, RequiredStr } from '../../http/schemas.ts';
import { currentUser, endToken, login, recordMalformedAttempt, verifyEmployee, type PinAttemptLimit } from './auth.service.ts';

const TAGS = ['auth'];

/** The signed-in admin with its organization (login, /auth/me, the first run). */
export const AdminUser = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    role: Type.Enum([...ADMIN_ROLES]),
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

/** A company as an employee sees it: in the employee record and in the 409 chooser. */
const CompanyChoice = Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() }, { additionalProperties: false });

const EmployeeUser = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    firstName: Type.String(),
    lastName: Type.String(),
    employeeNumber: Nullable(Type.String()),
    jobTitle: Nullable(Type.String()),
    companyId: Type.String({ format: 'uuid' }),
    company: CompanyChoice,
  },
  { additionalProperties: false, title: 'Employee user' },
);

/**
 * 409 Company required: sent only after a correct PIN, so `data.companies` names only companies
 * where this phone and PIN are an employee's (docs/api.md §10). The app offers them as a chooser.
 */
const CompanyRequiredEnvelope = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.Literal(ErrorCode.companyRequired.label),
    message: Type.Optional(Type.String()),
    data: Type.Object(
      { companies: Type.Array(CompanyChoice, { description: 'The matching employees’ companies, sorted by name; send one’s id as companyId' }) },
      { additionalProperties: false },
    ),
  },
  {
    title: 'Company required envelope',
    description: `\`${ErrorCode.companyRequired.label}\`: the phone and PIN match employees of several companies, listed in \`data.companies\``,
  },
);

const LoginBody = Type.Object(
  {
    email: Email,
    // Not trimmed (request-hooks.ts): a password is compared exactly as typed.
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false, examples: [{ email: 'admin@example.com', password: 'correct horse battery' }] },
);

const VerifyBody = Type.Object(
  {
    phone: RequiredStr(),
    pin: Type.String({ pattern: '^[0-9]{4,8}$' }),
    companyId: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false, examples: [{ phone: '(212) 555-0101', pin: '1234' }] },
);

/** The statuses of an attempt that failed before the service saw it (counted and audited as such). */
const MALFORMED_STATUSES = new Set([400, 413, 415]);

export async function authRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
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
    // Cast on purpose: the attempt failed its schema (or its JSON), so the body is whatever was sent.
    const body = request.body as Record<string, unknown> | undefined;
    const identifier = body && typeof body === 'object' ? body[kind === 'login' ? 'email' : 'phone'] : undefined;
    await recordMalformedAttempt(ctx, kind, typeof identifier === 'string' ? identifier : null, requestMeta(request)).catch(
      (auditError: unknown) => request.log.error({ err: auditError }, 'could not audit a malformed attempt'),
    );
  };

  /**
   * The per-phone limit. The headers show whichever limit is closer to refusing, the IP's
   * (set in onRequest) or the phone's (the limit that trips first decides, docs/api.md §11).
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

  app.post(
    '/auth/login',
    {
      config: { auth: 'none', signIn: true, validationError: ValidationLabel.login, failureError: FailureLabel.login },
      onRequest: limitPerIp(RULES.loginPerIp),
      onError: auditMalformed('login'),
      schema: {
        tags: TAGS,
        summary: 'Admin login with email and password; sets the auth-token cookie (5 attempts per 15 minutes per IP)',
        body: LoginBody,
        response: {
          ...errorResponses(401, 403, 413, 415),
          200: withLimitHeaders(envelope(Type.Object({ user: AdminUser, token: Type.String() }))),
          429: withLimitHeaders(ErrorEnvelope, { refusal: true }),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const result = await login(ctx, body, requestMeta(request));
      setAuthCookie(reply, ctx.config, result.token);
      return { success: true as const, data: result };
    },
  );

  app.post(
    '/auth/employee/verify',
    {
      config: { auth: 'none', signIn: true, validationError: ValidationLabel.verification, failureError: FailureLabel.verification },
      onRequest: limitPerIp(RULES.verifyPerIp),
      onError: auditMalformed('verify'),
      schema: {
        tags: TAGS,
        summary: 'Employee token from phone and PIN; sets the auth-token cookie (5 failures per phone, 20 attempts per IP in 15 minutes)',
        body: VerifyBody,
        response: {
          ...errorResponses(401, 403, 413, 415),
          200: withLimitHeaders(envelope(Type.Object({ user: EmployeeUser, token: Type.String() }))),
          409: CompanyRequiredEnvelope,
          429: withLimitHeaders(ErrorEnvelope, { refusal: true }),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const result = await verifyEmployee(ctx, body, requestMeta(request), phoneLimit(reply));
      setAuthCookie(reply, ctx.config, result.token);
      return { success: true as const, data: result };
    },
  );


  app.post(
    '/auth/logout',
    {
      config: { auth: 'none', failureError: FailureLabel.logout },
      schema: {
        tags: TAGS,
        summary: 'Ends the token it is sent with and clears the auth-token cookie',
        description:
          'The token of the request (the Authorization header, else the auth-token cookie: the header wins) ' +
          'answers 401 Authentication required from then on, on every instance of the service. The ' +
          "user's other tokens keep working. Without a token, or with one that is already invalid, " +
          'it only clears the cookie. Always 200.',
        response: { 200: MessageEnvelope, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const presented = extractToken(request);
      if (presented) await endToken(ctx, presented.token);
      reply.clearCookie(AUTH_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: ctx.config.cookieSecure });
      return { success: true as const, message: 'Logged out' };
    },
  );

  app.get(
    '/auth/me',
    {
      config: { auth: 'any', failureError: FailureLabel.fetchUser },
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
      if (!request.actor) throw Errors.authenticationRequired();
      return { success: true as const, data: { user: await currentUser(ctx, request.actor) } };
    },
  );
}
