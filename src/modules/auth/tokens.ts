// JWTs: HS256 only, `exp` required (SPEC.md "Authentication", CONTRACT §5).
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
}

export class TokenService {
  constructor(
    private readonly secret: Uint8Array,
    readonly ttlSeconds: number,
  ) {}

  /**
   * `iat` keeps milliseconds (a JWT NumericDate may be fractional): a token issued in the
   * same second as a password change must still be told apart from the ones before it.
   */
  sign(claims: TokenClaims, now: Date): Promise<string> {
    const issuedAt = now.getTime() / 1000;
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(issuedAt)
      .setExpirationTime(Math.floor(issuedAt) + this.ttlSeconds)
      .sign(this.secret);
  }

  /** The token's claims, or null for anything forged, expired, malformed or of another algorithm. */
  async verify(token: string, now: Date): Promise<VerifiedToken | null> {
    if (token.length > 4096) return null;
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat'],
        currentDate: now,
      });
      const { userId, type, bookkeeperOrgId, companyId, email, iat } = payload as Record<string, unknown>;
      if (typeof userId !== 'string' || !['admin', 'employee', 'client'].includes(type as string)) return null;
      if (typeof iat !== 'number') return null;
      return {
        userId,
        type: type as TokenType,
        issuedAtMs: Math.round(iat * 1000),
        ...(typeof bookkeeperOrgId === 'string' ? { bookkeeperOrgId } : {}),
        ...(typeof companyId === 'string' ? { companyId } : {}),
        ...(typeof email === 'string' ? { email } : {}),
      };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
