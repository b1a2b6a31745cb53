// TokenService remembers verified signatures; these prove the memory never outlives expiry
// and never accepts a different (tampered) token string.
import { describe, expect, it } from 'vitest';
import { TokenService } from '../../src/modules/auth/tokens.ts';

const service = new TokenService(new TextEncoder().encode('cache-test-secret-cache-test-secret-012'), 3600);
const claims = { userId: '11111111-1111-4111-8111-111111111111', type: 'employee' as const, companyId: 'c' };

describe('TokenService.verify (remembered signatures)', () => {
  it('still refuses a remembered token once it has expired', async () => {
    const issued = new Date('2026-01-01T00:00:00Z');
    const token = await service.sign(claims, issued);
    expect(await service.verify(token, new Date('2026-01-01T00:30:00Z'))).toMatchObject({ userId: claims.userId });
    expect(await service.verify(token, new Date('2026-01-01T00:30:01Z'))).toMatchObject({ userId: claims.userId });
    expect(await service.verify(token, new Date('2026-01-01T01:00:01Z'))).toBeNull();
  });

  it('never answers a tampered string from memory', async () => {
    const token = await service.sign(claims, new Date());
    expect(await service.verify(token, new Date())).not.toBeNull();
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(await service.verify(token.slice(0, -1) + last, new Date())).toBeNull();
  });
});
