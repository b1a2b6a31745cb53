// Idempotent writes: an authenticated POST under /api/v1 (the employee clock in/out and
// submit, every admin POST; not /auth/*) may carry `Idempotency-Key`. A retry with the same key
// by the same user within 24 hours gets the first answer again, status and body, and changes
// nothing; the same key with another request is a 422 `Idempotency key reused`. A key's first
// request runs at most once, however long it takes: a retry meanwhile is a 409 `Request in
// progress` with Retry-After.
//
// How: a request with a key runs in ONE database transaction, from the claim to the stored
// answer, so the write and the answer to it commit together or not at all.
//   preHandler: BEGIN; in one statement, take a transaction-scoped advisory lock on
//     (actor, key) without waiting (held by another transaction: 409) and insert the key row,
//     or find the committed answer (replay, or 422 for another request). The handler then runs
//     inside the transaction's scope: the services' `ctx.db` runs on it and their own
//     `ctx.db.transaction(...)` become savepoints (src/db/transaction-scope.ts).
//   onSend: below 500, store the status and the exact bytes of the answer and COMMIT before the
//     answer leaves; if that fails the client gets a 503/500 instead, never the 2xx. A 5xx
//     rolls back: nothing of the request remains and a retry runs it again.
// A process killed mid-request leaves nothing: the database rolls the transaction back and
// releases the lock when the connection drops.
//
// PGlite has one connection, which an open transaction holds exclusively: another request's
// queries wait for it. A retry of a key in flight must not queue behind it (it would wait for
// the whole first request), so the keys in flight in this process are also kept in memory and
// checked in onRequest, before authentication touches the database.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../core/context.ts';
import { isDatabaseUnavailable, isStatementTimeout, isTransientConflict } from '../db/errors.ts';
import { queryRows, type Db } from '../db/open.ts';
import { holdTransaction, runInTransactionScope, type HeldTransaction } from '../db/transaction-scope.ts';
import { extractToken } from './auth-guard.ts';
import { Errors, type AppError } from '../core/errors.ts';
import { PLUGIN, sharedPlugin } from './plugin.ts';
import { ErrorEnvelope } from './schemas.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_KEY_LENGTH = 255;

/** A request with a key, from the moment it is known until its answer is settled. */
interface IdempotentRequest {
  /** `actor \n key`: the entry in this process's set of keys in flight. */
  readonly flightKey: string;
  /** From the claim on, the request's outcome is settled in onSend, whatever happens to the client. */
  claiming: boolean;
  /** The transaction the request runs in, once the key is claimed. */
  held: HeldTransaction | null;
  actorId: string;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: IdempotentRequest | null;
  }
}

const coveredRoute = (url: string): boolean => url.startsWith('/api/v1/') && !url.startsWith('/api/v1/auth/');

/** POST routes under /api/v1 that authenticate, except /api/v1/auth/*. */
function coveredRequest(request: FastifyRequest): boolean {
  const auth = request.routeOptions.config?.auth;
  return request.method === 'POST' && auth !== undefined && auth !== 'none' && coveredRoute(request.routeOptions.url ?? '');
}

/** The key as sent (several headers joined), trimmed; undefined without the header. */
function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  return (Array.isArray(header) ? header.join(',') : header).trim();
}

/** JSON with object keys sorted, so that the hash does not depend on key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as Record<string, unknown>)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Method, route (with its path parameters) and body: what "the same request" means. */
export function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method}\n${request.routeOptions.url ?? request.url}\n${canonical(request.params ?? {})}\n${canonical(request.body ?? null)}`)
    .digest('hex');
}

export const idempotencyPlugin = sharedPlugin(PLUGIN.idempotency, [PLUGIN.cookie], registerIdempotency);

function registerIdempotency(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('idempotency', null);
  /** Keys whose request is running in this process (per app, so two apps in one process do not share it). */
  const inFlight = new Set<string>();

  function enter(request: FastifyRequest, actorId: string, key: string): void {
    const flightKey = `${actorId}\n${key}`;
    if (inFlight.has(flightKey)) throw inProgress();
    inFlight.add(flightKey);
    request.idempotency = { flightKey, claiming: false, held: null, actorId, key };
  }

  /** Rolls back whatever is still open and forgets the key in flight; safe to call twice. */
  async function settle(request: FastifyRequest): Promise<void> {
    const state = request.idempotency;
    if (!state) return;
    request.idempotency = null;
    try {
      await state.held?.rollback();
    } finally {
      inFlight.delete(state.flightKey);
    }
  }

  // Every covered route can now answer 409 and 422: document them on its response schema (the
  // OpenAPI document and the serializer read it), so no route has to remember.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('POST') || !coveredRoute(route.url ?? '')) return;
    if (route.config?.auth === undefined || route.config.auth === 'none') return;
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response) return;
    for (const status of [409, 422]) response[status] ??= ErrorEnvelope;
  });

  // Before the auth guard's database query (registered first): a retry of a key running in
  // this process is answered at once. Only a token that verifies can mark or meet a key.
  app.addHook('onRequest', async (request) => {
    const key = keyOf(request);
    if (!key || key.length > MAX_KEY_LENGTH || !coveredRequest(request)) return;
    const found = extractToken(request);
    const token = found ? await ctx.tokens.verify(found.token, ctx.clock.now()) : null;
    if (token) enter(request, token.userId, key);
  });

  // Callback style on purpose: `done` is called inside the transaction's scope, so the rest of
  // the request (later hooks, the handler, everything they await) runs on the transaction.
  app.addHook('preHandler', (request, reply, done) => {
    // A route that attaches its validation error (timesheet.routes.ts) is refused before any
    // claim, as every other route is by its validation.
    if (request.validationError) return done();
    const key = keyOf(request);
    if (key === undefined || request.actor === null || !coveredRequest(request)) return done();
    if (key.length === 0) return done(Errors.validationFailed('Idempotency-Key: must not be empty'));
    if (key.length > MAX_KEY_LENGTH) {
      return done(Errors.validationFailed(`Idempotency-Key: must be at most ${MAX_KEY_LENGTH} characters`));
    }
    const actorId = request.actor.userId;
    const state = request.idempotency;
    if (!state || state.actorId !== actorId || state.key !== key) {
      // Not marked in onRequest (or under another identity): mark it now, under the actor.
      if (state) inFlight.delete(state.flightKey);
      try {
        enter(request, actorId, key);
      } catch (error) {
        return done(error as Error);
      }
    }
    const entered = request.idempotency!;
    entered.claiming = true;
    claim(ctx, request, actorId, key).then(
      (outcome) => {
        if (outcome.kind === 'run') {
          entered.held = outcome.held;
          runInTransactionScope(outcome.held, () => done());
        } else if (outcome.kind === 'replay') {
          replay(reply, outcome.statusCode, outcome.body);
        } else {
          done(outcome.kind === 'reused' ? Errors.idempotencyKeyReused() : inProgress());
        }
      },
      (error: Error) => done(error),
    );
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const state = request.idempotency;
    if (!state) return payload;
    try {
      const held = state.held;
      if (!held || reply.statusCode >= 500) return payload;
      return await storeAndCommit(ctx, request, reply, held, payload);
    } finally {
      await settle(request);
    }
  });

  // Safety nets: an answer that never went through onSend still releases its transaction
  // (and with it the pooled connection) and its key. A client that went away is not one of
  // them: its handler is still running on the transaction and ends in onSend like any other.
  app.addHook('onResponse', async (request) => settle(request));
  // A client gone before the claim (while its body or its authentication was on the way) frees
  // the key at once; after the claim the handler runs on and onSend settles it.
  app.addHook('onRequestAbort', async (request) => {
    if (request.idempotency && !request.idempotency.claiming) await settle(request);
  });
}

type ClaimOutcome =
  | { kind: 'run'; held: HeldTransaction }
  | { kind: 'replay'; statusCode: number; body: unknown }
  | { kind: 'reused' }
  | { kind: 'busy' };

/**
 * BEGIN, then one statement: the advisory lock on (actor, key), taken without waiting; with it,
 * the key row inserted (new, expired, or left without an answer by an older version), else
 * the committed row that holds the key. The ON CONFLICT sees rows committed after the
 * statement's snapshot; the fallback SELECT does not, so a holder that committed in between
 * reads as busy and the client simply retries.
 */
async function claim(ctx: AppContext, request: FastifyRequest, actorId: string, key: string): Promise<ClaimOutcome> {
  const hash = requestHash(request);
  const now = ctx.clock.now();
  const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  const held = await holdTransaction(ctx.db);
  try {
    const rows = await queryRows<{ locked: boolean; claimed: boolean; request_hash: string; status_code: number | null; response_body: unknown }>(
      held.tx,
      sql`with lock as (
            select pg_try_advisory_xact_lock(hashtextextended(${actorId} || ':' || ${key}, 0)) as locked
          ), claim as (
            insert into idempotency_keys as k (actor_id, key, request_hash, created_at)
            select ${actorId}::uuid, ${key}, ${hash}, ${now.toISOString()}::timestamptz from lock where locked
            on conflict (actor_id, key) do update
              set request_hash = excluded.request_hash, status_code = null, response_body = null, created_at = excluded.created_at
              where k.created_at < ${expiredBefore}::timestamptz or k.status_code is null
            returning true as claimed
          )
          select lock.locked, exists (select 1 from claim) as claimed, k.request_hash, k.status_code, k.response_body
          from lock left join idempotency_keys k
            on lock.locked and not exists (select 1 from claim) and k.actor_id = ${actorId}::uuid and k.key = ${key}`,
    );
    const row = rows[0]!;
    if (row.claimed) return { kind: 'run', held };
    await held.rollback();
    if (!row.locked || row.status_code === null) return { kind: 'busy' };
    if (row.request_hash !== hash) return { kind: 'reused' };
    return { kind: 'replay', statusCode: row.status_code, body: row.response_body };
  } catch (error) {
    await held.rollback();
    throw error;
  }
}

/**
 * Stores the answer in the request's transaction and commits, before the answer is sent. A
 * 4xx whose transaction a failed statement has already aborted cannot be stored: it is sent
 * unstored (it committed nothing, so a retry may run again). A 2xx whose commit fails is
 * replaced by an error: the client must not believe in a write that is not there.
 */
async function storeAndCommit(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, held: HeldTransaction, payload: unknown): Promise<unknown> {
  const state = request.idempotency!;
  try {
    // Kept as a JSON string holding the exact bytes sent, so that a replay is byte-identical
    // (a jsonb object would reorder the keys).
    const body = typeof payload === 'string' ? payload : null;
    await held.tx.execute(
      sql`update idempotency_keys set status_code = ${reply.statusCode}, response_body = to_jsonb(${body}::text)
          where actor_id = ${state.actorId}::uuid and key = ${state.key}`,
    );
    await held.commit();
    return payload;
  } catch (error) {
    await held.rollback();
    if (reply.statusCode >= 400) {
      request.log.warn({ err: error }, 'could not store the idempotent 4xx answer');
      return payload;
    }
    request.log.error({ err: error }, 'could not commit the idempotent request');
    const failure =
      isDatabaseUnavailable(error) || isStatementTimeout(error) || isTransientConflict(error)
        ? Errors.serviceUnavailable()
        : Errors.internal(request.routeOptions.config?.failureError);
    reply.code(failure.statusCode);
    reply.removeHeader('idempotent-replayed');
    if (failure.headers) reply.headers(failure.headers);
    return JSON.stringify({ success: false, error: failure.label, ...(failure.detail ? { message: failure.detail } : {}) });
  }
}

function inProgress(): AppError {
  return Errors.requestInProgress('A request with this Idempotency-Key is still being processed; retry shortly', {
    'retry-after': '1',
  });
}

function replay(reply: FastifyReply, statusCode: number, body: unknown): FastifyReply {
  reply.header('idempotent-replayed', 'true');
  // Sent as text: the stored body is the serialized answer itself.
  const text = typeof body === 'string' ? body : body === null || body === undefined ? '' : JSON.stringify(body);
  return reply.code(statusCode).type('application/json; charset=utf-8').send(text);
}

/** Keys answer retries for 24 hours; older rows are only clutter. Uses the created_at index. */
export async function purgeExpiredIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with gone as (delete from idempotency_keys where created_at < ${new Date(now.getTime() - 86_400_000)}::timestamptz returning 1)
        select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}
