// Authentication, done once for every route by its `config.auth` (so no route can forget
// it): token extraction (header, raw or Bearer, else cookie), verification, the type check,
// the still-active and not-logged-out check, and the CSRF rule for cookie-authenticated writes
// (docs/api.md §10).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { AppContext } from '../core/context.ts';
import type { Actor, AdminActor, EmployeeActor } from '../core/access.ts';
import { isUuid } from '../core/access.ts';
import type { VerifiedToken } from '../core/tokens.ts';
import { adminActorFrom, type AdminCredential } from '../core/admin-caller.ts';
import { employeeActorFrom, type EmployeeCredential } from '../core/employee-caller.ts';
import { Errors, type AppError, type InactiveEmployeeLabel } from '../core/errors.ts';
import { PLUGIN, sharedPlugin } from './plugin.ts';

export const AUTH_COOKIE = 'auth-token';

/** The cookie a browser signs in with (login, verify, the first run): HTTP-only, same-site lax. */
export function setAuthCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(AUTH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: config.tokenTtlSeconds,
    secure: config.cookieSecure,
  });
}

/**
 * `admin` / `employee`: that token type is required. `any`: an admin or an employee token
 * (`GET /auth/me`). `optional`: a valid admin token is used when present, never a 401.
 */
export type AuthMode = 'admin' | 'employee' | 'any' | 'optional' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
    inactiveEmployeeLabel?: InactiveEmployeeLabel;
    /**
     * The handler's own statement checks the caller (an employee: active, company,
     * organization, not logged out; an admin: active, organization, not logged out), so the
     * guard only verifies the token and leaves `actor` null; the handler gets the actor from
     * its statement or through employeeActorOf / adminActorOf. Not for a request with an
     * Idempotency-Key, whose claim needs the actor first (idempotency.ts).
     */
    callerCheckedByHandler?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
    /** An employee token's verified claims: set for every request that presented one. */
    employeeCredential: EmployeeCredential | null;
    /** An admin token's verified claims: set for every request to an admin route that presented one. */
    adminCredential: AdminCredential | null;
    /** How the token arrived: decides whether the CSRF rule applies. */
    authSource: 'header' | 'cookie' | null;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * After idempotency: its onRequest answers a retry of a key in flight before this guard's
 * database query, which on PGlite would queue behind the first request's transaction.
 */
export const authGuardPlugin = sharedPlugin(PLUGIN.authGuard, [PLUGIN.cookie, PLUGIN.idempotency], registerAuthGuard);

function registerAuthGuard(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('authSource', null);
  app.decorateRequest('employeeCredential', null);
  app.decorateRequest('adminCredential', null);

  app.addHook('onRequest', async (request) => {
    const mode = request.routeOptions.config.auth ?? 'none';
    if (mode === 'none') return;
    const found = extractToken(request);
    if (!found) {
      if (mode === 'optional') return;
      throw Errors.authenticationRequired();
    }
    const token = await ctx.tokens.verify(found.token, ctx.clock.now());
    if (!token) {
      if (mode === 'optional') return;
      throw Errors.authenticationRequired();
    }
    if (found.source === 'cookie' && STATE_CHANGING.has(request.method)) assertSameSite(request, ctx);

    if (mode === 'optional') {
      // Optional auth never fails: a token that does not check out is treated as no token.
      if (token.type === 'admin') request.actor = await loadAdmin(ctx, token).catch(() => null);
    } else if (mode === 'any') {
      // A `client` token exists in the auth layer, but no endpoint accepts it.
      if (token.type === 'admin') request.actor = await loadAdmin(ctx, token);
      else if (token.type === 'employee') request.actor = await loadEmployee(ctx, token, request.routeOptions.config.inactiveEmployeeLabel);
      else throw await wrongTypeError(ctx, token, Errors.accessDenied());
    } else if (token.type !== mode) {
      throw await wrongTypeError(ctx, token, Errors.requiredRole(mode));
    } else if (mode === 'admin') {
      request.adminCredential = token;
      if (!deferred(request)) request.actor = await loadAdmin(ctx, token);
    } else {
      request.employeeCredential = token;
      if (!deferred(request)) request.actor = await loadEmployee(ctx, token, request.routeOptions.config.inactiveEmployeeLabel);
    }
    request.authSource = found.source;
  });
}

/** The Idempotency-Key header (idempotency.ts IDEMPOTENCY_HEADER). */
const IDEMPOTENCY_KEY = 'idempotency-key';

/** Whether the route's handler checks the employee itself (see `callerCheckedByHandler`). */
function deferred(request: FastifyRequest): boolean {
  return request.routeOptions.config.callerCheckedByHandler === true && request.headers[IDEMPOTENCY_KEY] === undefined;
}

/**
 * The employee of a `callerCheckedByHandler` route, loaded now when the guard left it to the
 * handler: for the answers that must put the caller's own refusal first (a malformed body).
 */
export async function employeeActorOf(ctx: AppContext, request: FastifyRequest): Promise<EmployeeActor> {
  if (request.actor) return employeeOf(request);
  const credential = request.employeeCredential;
  if (!credential) throw Errors.authenticationRequired();
  request.actor = await loadEmployee(ctx, credential, request.routeOptions.config.inactiveEmployeeLabel);
  return request.actor;
}

/** The admin of a `callerCheckedByHandler` route, loaded now (as employeeActorOf). */
export async function adminActorOf(ctx: AppContext, request: FastifyRequest): Promise<AdminActor> {
  if (request.actor) return adminOf(request);
  const credential = request.adminCredential;
  if (!credential) throw Errors.authenticationRequired();
  request.actor = await loadAdmin(ctx, credential);
  return request.actor;
}

/**
 * A `callerCheckedByHandler` route attaches its validation failure instead of throwing it; it
 * is thrown here, after the caller (employee or admin, by the route's auth mode) is checked on
 * its own, so the caller's refusal still wins over a malformed request.
 */
export async function refuseAttachedValidation(ctx: AppContext, request: FastifyRequest): Promise<void> {
  if (!request.validationError) return;
  if (request.routeOptions.config.auth === 'admin') await adminActorOf(ctx, request);
  else await employeeActorOf(ctx, request);
  throw request.validationError;
}

/**
 * The admin credential of a `callerCheckedByHandler` route, for its statement to check. Its id
 * is a UUID, as loadAdmin requires before its own query, so the statement's `::uuid` never fails.
 */
export async function uncheckedAdminOf(ctx: AppContext, request: FastifyRequest): Promise<AdminCredential> {
  const credential = request.adminCredential;
  if (!credential || !isUuid(credential.userId)) throw Errors.authenticationRequired();
  await refuseAttachedValidation(ctx, request);
  return credential;
}

/** The header wins when present, even when it is invalid (docs/api.md §10); the cookie only without one. */
export function extractToken(request: FastifyRequest): { token: string; source: 'header' | 'cookie' } | null {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const value = header.trim();
    const token = /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, '').trim() : value;
    return token ? { token, source: 'header' } : { token: 'invalid', source: 'header' };
  }
  const cookie = request.cookies?.[AUTH_COOKIE];
  return cookie ? { token: cookie, source: 'cookie' } : null;
}

/** CSRF: a cookie-authenticated write from another site is refused (docs/api.md §10). */
function assertSameSite(request: FastifyRequest, ctx: AppContext): void {
  if (request.headers['sec-fetch-site'] === 'cross-site') throw Errors.accessDenied('Cross-site request refused');
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const ownOrigin = `${request.protocol}://${request.host}`;
  if (origin !== ownOrigin && !ctx.config.corsOrigins.includes(origin)) {
    throw Errors.accessDenied('Cross-site request refused');
  }
}

/**
 * A token of a type the route does not take gets its 403 without its user being loaded; one
 * that was logged out is no token at all, so it answers 401 like on every other route.
 */
async function wrongTypeError(ctx: AppContext, token: VerifiedToken, error: AppError): Promise<AppError> {
  return (await ctx.actors.isTokenRevoked(token.hash)) ? Errors.authenticationRequired() : error;
}

async function loadAdmin(ctx: AppContext, credential: AdminCredential): Promise<AdminActor> {
  if (!isUuid(credential.userId)) throw Errors.authenticationRequired();
  return adminActorFrom(await ctx.actors.findAdmin(credential.userId, credential.hash), credential);
}

async function loadEmployee(ctx: AppContext, credential: EmployeeCredential, label: InactiveEmployeeLabel | undefined): Promise<EmployeeActor> {
  if (!isUuid(credential.userId)) throw label ? Errors.employeeGone(label) : Errors.authenticationRequired();
  return employeeActorFrom(await ctx.actors.findEmployee(credential.userId, credential.hash), credential, label);
}

/** The authenticated admin of a route whose config says `auth: 'admin'`. */
export function adminOf(request: FastifyRequest): AdminActor {
  const actor = request.actor;
  if (actor?.type !== 'admin') throw Errors.authenticationRequired();
  return actor;
}

/** The authenticated employee of a route whose config says `auth: 'employee'`. */
export function employeeOf(request: FastifyRequest): EmployeeActor {
  const actor = request.actor;
  if (actor?.type !== 'employee') throw Errors.authenticationRequired();
  return actor;
}
