// SecretHasher keeps argon2id from filling libuv's pool (bench/login-burst.ts measured
// authenticated requests waiting behind login hashes) and sheds load beyond its queue.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/core/errors.ts';
import { SecretHasher } from '../../src/core/hashing.ts';

const CHEAP = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

describe('SecretHasher', () => {
  it('verifies what it hashed, refuses other secrets and malformed hashes, and spends a dummy verification', async () => {
    const hasher = new SecretHasher(CHEAP);
    const stored = await hasher.hash('1234');
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(await hasher.verify(stored, '1234')).toBe(true);
    expect(await hasher.verify(stored, '12345')).toBe(false);
    expect(await hasher.verify('not-a-hash', '1234')).toBe(false);
    expect(await hasher.verifyDummy('anything')).toBe(false);
  });

  it('runs at most maxConcurrent hashes at once and answers every queued one', async () => {
    const hasher = new SecretHasher(CHEAP, { maxConcurrent: 2, maxQueued: 100 });
    const limit = (hasher as unknown as { limit: { inUse: number; queued: number } }).limit;
    const pending = Array.from({ length: 12 }, (_, i) => hasher.hash(`secret-${i}`));
    expect(limit.inUse).toBe(2);
    expect(limit.queued).toBe(10);
    const hashes = await Promise.all(pending);
    expect(new Set(hashes).size).toBe(12);
    expect(await hasher.verify(hashes[5]!, 'secret-5')).toBe(true);
    expect(limit.inUse).toBe(0);
    expect(limit.queued).toBe(0);
  });

  it('sheds work beyond maxQueued with 503 Service unavailable instead of queueing without bound', async () => {
    const hasher = new SecretHasher(CHEAP, { maxConcurrent: 1, maxQueued: 2 });
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => hasher.verify('$argon2id$v=19$m=1024,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo', `pin-${i}`)));
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused).toHaveLength(2);
    for (const result of refused) {
      const error = (result as PromiseRejectedResult).reason as AppError;
      expect(error).toBeInstanceOf(AppError);
      expect(error.statusCode).toBe(503);
      expect(error.label).toBe('Service unavailable');
    }
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
  });
});
