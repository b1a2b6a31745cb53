// The login baseline: how many argon2id verifications a second this machine does at the
// service's cost and concurrency, measured in the benchmark process while the server idles.
// A login does one verification, so this is the most logins a second the service could answer.
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { DEFAULT_HASH_COST } from '../src/core/hashing.ts';

/** The server's SecretHasher runs at most min(cores, 3) at once (src/core/hashing.ts). */
export const argon2Concurrency = Math.max(1, Math.min(availableParallelism(), 3));

/** Verifications a second, `argon2Concurrency` at once for `seconds`. */
export async function argon2Capacity(seconds: number): Promise<number> {
  const stored = await hash('bench-password-1', { ...DEFAULT_HASH_COST, algorithm: 2 });
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: argon2Concurrency }, async () => {
      while (performance.now() < deadline) {
        await verify(stored, 'bench-password-1');
        done++;
      }
    }),
  );
  return Math.round((done * 1000) / (performance.now() - started));
}
