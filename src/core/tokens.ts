// JWTs: HS256 only, `exp` required (docs/api.md §10).
import { createHash, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export type TokenType = 'admin' | 'employee' | 'client';

export interface AdminTokenClaims {
  userId: string;
  type: 'admin';
  bookkeeperOrgId: string;
  email: string;
}

export interface EmployeeTokenClaims {
  userId: string;
  type: 'employee';
  companyId: string;
}

export type TokenClaims = AdminTokenClaims | EmployeeTokenClaims;

export interface VerifiedToken {
  userId: string;
  type: TokenType;
  bookkeeperOrgId?: string;
  companyId?: string;
  email?: string;
  /** Issued-at in milliseconds. */
  issuedAtMs: number;
  /** Expiry in milliseconds: how long a revocation of this token must be kept. */
  expiresAtMs: number;
  /** The token's key on the logout list (`tokenHash`), computed once with its signature check. */
  hash: string;
}

export class TokenService {
  /**
   * One WebCrypto key for the life of the service. jose signs and verifies through WebCrypto:
   * given raw bytes or a KeyObject, it imports the key again on every sign and verify, which
   * was the largest CPU cost of an authenticated request and ~3% of a login's own work
   * (BENCHMARKS.md, "Logins in two statements").
   */
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(
    secret: Uint8Array,
    readonly ttlSeconds: number,
  ) {
    this.key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    // A key that cannot be imported fails each sign and verify that awaits it, not the process.
    this.key.catch(() => {});
  }

  /**
   * `iat` keeps milliseconds (a JWT NumericDate may be fractional): a token issued in the
   * same second as a password change must still be told apart from the ones before it.
   */
  async sign(claims: TokenClaims, now: Date): Promise<string> {
    const issuedAt = now.getTime() / 1000;
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(issuedAt)
      .setExpirationTime(Math.floor(issuedAt) + this.ttlSeconds)
      .sign(await this.key);
  }

  /**
   * Signature checks already passed, by exact token string. A kiosk sends the same token on
   * every request, and the HMAC check through WebCrypto was ~11% of a request's CPU. Only the
   * signature is remembered: expiry is checked on every use, and the per-request database
   * check (active, credentials changed, revoked by logout) still runs in the auth guard, so a
   * remembered token that was logged out is refused there. The token's logout-list key is
   * remembered with it: hashing the token on every request was 1.4-1.8% of the server's busy
   * time on the clock path (BENCHMARKS.md, "The logout-list key remembered with the signature").
   */
  private readonly verified = new Map<string, VerifiedToken>();
  private static readonly MAX_REMEMBERED = 10_000;

  /** The token's claims, or null for anything forged, expired, malformed or of another algorithm. */
  async verify(token: string, now: Date): Promise<VerifiedToken | null> {
    if (token.length > 4096) return null;
    const remembered = this.verified.get(token);
    if (remembered) {
      if (now.getTime() < remembered.expiresAtMs) return remembered;
      this.verified.delete(token);
    }
    const claims = await this.verifySignature(token, now);
    if (claims) {
      if (this.verified.size >= TokenService.MAX_REMEMBERED) this.verified.clear();
      this.verified.set(token, claims);
    }
    return claims;
  }

  private async verifySignature(token: string, now: Date): Promise<VerifiedToken | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat'],
        currentDate: now,
      });
      const { userId, type, bookkeeperOrgId, companyId, email, iat, exp } = payload as Record<string, unknown>;
      if (typeof userId !== 'string' || !['admin', 'employee', 'client'].includes(type as string)) return null;
      if (typeof iat !== 'number' || typeof exp !== 'number') return null;
      const claims: VerifiedToken = {
        userId,
        type: type as TokenType,
        issuedAtMs: Math.round(iat * 1000),
        expiresAtMs: exp * 1000,
        hash: tokenHash(token),
        ...(typeof bookkeeperOrgId === 'string' ? { bookkeeperOrgId } : {}),
        ...(typeof companyId === 'string' ? { companyId } : {}),
        ...(typeof email === 'string' ? { email } : {}),
      };
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}

/** A token's key on the logout list: hex sha256 of the exact string the client sends (the token itself is never stored). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
