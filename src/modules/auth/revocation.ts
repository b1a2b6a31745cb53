// Logout ends a token before its expiry. The list lives in the database, so every instance of
// the service sees it; the per-request check is folded into the query that loads the caller
// (actor.repository.ts), so it costs no extra round trip. A row names its token by the sha256
// of the compact JWT (the token itself is never stored) and is kept until the token expires.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/open.ts';
import { revokedTokens } from '../../db/schema.ts';

/** Idempotent: a second logout with the same token changes nothing. */
export async function revokeToken(db: Db, hash: string, expiresAt: Date): Promise<void> {
  await db.insert(revokedTokens).values({ tokenHash: hash, expiresAt }).onConflictDoNothing();
}

/**
 * For the answers that do not load the caller (a token of the wrong type for the route): a
 * logged-out token must still answer 401, not the 403 a live token of that type gets.
 */
export async function isTokenRevoked(db: Db, hash: string): Promise<boolean> {
  const rows = await queryRows<{ revoked: boolean }>(db, sql`select exists (select 1 from revoked_tokens where token_hash = ${hash}) as revoked`);
  return rows[0]?.revoked === true;
}

/** A revocation outlives its token for nothing: an expired token is refused by its `exp` already. */
export async function purgeExpiredRevocations(db: Db, now: Date): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with gone as (delete from revoked_tokens where expires_at <= ${now}::timestamptz returning 1)
        select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}
