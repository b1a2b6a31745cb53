// TokenService remembers verified signatures; these prove the memory never outlives expiry
// and never accepts a different (tampered) token string, and that each remembered token keeps its
// own logout-list key.
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { TokenService } from '../../src/core/tokens.ts';

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

  it('carries the token\'s logout-list key, the sha256 of the exact string, from memory too', async () => {
    const token = await service.sign(claims, new Date());
    const sha256 = createHash('sha256').update(token).digest('hex');
    expect((await service.verify(token, new Date()))?.hash).toBe(sha256);
    expect((await service.verify(token, new Date()))?.hash).toBe(sha256);
    const other = await service.sign({ ...claims, userId: '22222222-2222-4222-8222-222222222222' }, new Date());
    expect((await service.verify(other, new Date()))?.hash).not.toBe(sha256);
  });

  it('never answers a tampered string from memory', async () => {
    const token = await service.sign(claims, new Date());
    expect(await service.verify(token, new Date())).not.toBeNull();
    // A character inside the signature: the last one also carries two padding bits that a
    // decoder ignores, so changing it can leave the signature's bytes as they were.
    const at = token.lastIndexOf('.') + 1;
    const tampered = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
    expect(await service.verify(tampered, new Date())).toBeNull();
  });
});
