// Idempotent writes (CONTRACT §6): an authenticated POST under /api/v1 (the employee clock
// in/out and submit, every admin POST; not /auth/*) may carry `Idempotency-Key`. A retry with
// the same key by the same user within 24 hours gets the first answer again, status and body,
// and changes nothing; the same key with another request is a 422 `Idempotency key reused`.
//
// How: after authentication and validation (preHandler), the key row is inserted first as a
// claim (INSERT … ON CONFLICT DO NOTHING on the (actor_id, key) primary key), so two
// concurrent requests with one key cannot both run the handler: the loser finds the claim and
// answers 409 `Request in progress` (with Retry-After) until the first has finished, then the
// stored answer. The answer is stored in onSend, before it is sent, for 2xx and 4xx; a 5xx
// releases the claim so that a retry runs again.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { queryRows, type Db } from '../db/open.ts';
import { AppError, Errors } from './errors.ts';
import { ErrorEnvelope } from './schemas.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim never finished (the process died mid-request) may be taken over after this long. */
export const STALE_CLAIM_MS = 60 * 1000;
const MAX_KEY_LENGTH = 255;

interface Claim {
  actorId: string;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
  }
}

const coveredRoute = (url: string): boolean => url.startsWith('/api/v1/') && !url.startsWith('/api/v1/auth/');

/** POST routes under /api/v1 with an authenticated actor, except /api/v1/auth/*. */
function applies(request: FastifyRequest): boolean {
  return request.method === 'POST' && request.actor !== null && coveredRoute(request.routeOptions.url ?? '');
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

export function registerIdempotency(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('idempotencyClaim', null);

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

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined || !applies(request)) return;
    const key = (Array.isArray(header) ? header.join(',') : header).trim();
    if (key.length === 0) throw Errors.validation('Validation failed', 'Idempotency-Key: must not be empty');
    if (key.length > MAX_KEY_LENGTH) {
      throw Errors.validation('Validation failed', `Idempotency-Key: must be at most ${MAX_KEY_LENGTH} characters`);
    }
    const actorId = request.actor!.userId;
    const hash = requestHash(request);
    const now = ctx.clock.now();
    const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
    const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS).toISOString();

    // One round trip: claim the key (new, expired, or an abandoned claim), or read what holds it.
    const rows = await queryRows<{ claimed: boolean; request_hash: string; status_code: number | null; response_body: unknown }>(
      ctx.db,
      sql`with claim as (
            insert into idempotency_keys as k (actor_id, key, request_hash, created_at)
            values (${actorId}::uuid, ${key}, ${hash}, ${now.toISOString()}::timestamptz)
            on conflict (actor_id, key) do update
              set request_hash = excluded.request_hash, status_code = null, response_body = null, created_at = excluded.created_at
              where k.created_at < ${expiredBefore}::timestamptz
                 or (k.status_code is null and k.created_at < ${staleBefore}::timestamptz)
            returning true as claimed, request_hash, status_code, response_body
          )
          select * from claim
          union all
          select false, request_hash, status_code, response_body from idempotency_keys
          where actor_id = ${actorId}::uuid and key = ${key} and not exists (select 1 from claim)`,
    );
    const row = rows[0];
    if (row?.claimed) {
      request.idempotencyClaim = { actorId, key };
      return;
    }
    // The holder committed between our insert attempt and the read (statement snapshot): ask
    // the client to retry rather than guess.
    if (!row) throw inProgress();
    if (row.request_hash !== hash) throw Errors.idempotencyKeyReused();
    if (row.status_code === null) throw inProgress();
    return replay(reply, row.status_code, row.response_body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    try {
      if (reply.statusCode >= 500) {
        await ctx.db.execute(sql`delete from idempotency_keys where actor_id = ${claim.actorId}::uuid and key = ${claim.key}`);
      } else {
        // Kept as a JSON string holding the exact bytes sent, so that a replay is byte-identical
        // (a jsonb object would reorder the keys).
        const body = typeof payload === 'string' ? payload : null;
        await ctx.db.execute(
          sql`update idempotency_keys set status_code = ${reply.statusCode}, response_body = to_jsonb(${body}::text)
              where actor_id = ${claim.actorId}::uuid and key = ${claim.key}`,
        );
      }
    } catch (error) {
      // The answer itself is already decided (and committed); the claim stays unfinished and a
      // retry gets 409 until it turns stale (STALE_CLAIM_MS).
      request.log.error({ err: error }, 'could not store the idempotent response');
    }
    return payload;
  });
}

function inProgress(): AppError {
  return new AppError(409, 'Request in progress', 'A request with this Idempotency-Key is still being processed; retry shortly', undefined, {
    'retry-after': '1',
  });
}

function replay(reply: FastifyReply, statusCode: number, body: unknown): FastifyReply {
  reply.header('idempotent-replayed', 'true');
  // Sent as text: the stored body is the serialized answer itself.
  const text = typeof body === 'string' ? body : body === null || body === undefined ? '' : JSON.stringify(body);
  return reply.code(statusCode).type('application/json; charset=utf-8').send(text);
}

/** Keys answer retries for 24 hours (CONTRACT §6); older rows are only clutter. Uses the created_at index. */
export async function purgeExpiredIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with gone as (delete from idempotency_keys where created_at < ${new Date(now.getTime() - 86_400_000)}::timestamptz returning 1)
        select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}
