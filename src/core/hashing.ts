// Passwords and PINs are stored only as argon2id hashes (docs/api.md §10). @node-rs/argon2 hashes
// on libuv's thread pool, so a burst of logins does not block the event loop. That pool (4
// threads by default) also runs WebCrypto, which verifies every request's JWT: left alone, a
// login burst fills it and every authenticated request waits behind the hashes (measured with
// bench/login-burst.ts). So at most `maxConcurrent` hashes run at once, leaving threads free,
// and beyond `maxQueued` waiting ones the attempt is shed with 503 instead of queueing forever.
//
// While `busy()` says other work is running (the app: requests other than sign-ins), at most
// `maxConcurrentWhileBusy` hashes run, one by default. On two cores two hashes keep both busy,
// and each punch of a shift change then waits for a core: a hundred logins a second about doubled
// the clock's p99. One hash at a time leaves a core to the other requests, at the cost of a third of
// the logins' rate, and only while they compete: alone, sign-ins still get every core
// (docs/architecture.md §3).
// Hashing on threads of a lower priority was measured and not kept: it traded logins for punches
// without lowering the clock's p99 during a burst (BENCHMARKS.md, "The login burst: hashing at a
// lower priority").
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { ConcurrencyLimit } from './concurrency-limit.ts';
import { AppError } from './errors.ts';

/** OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane. ~15 ms a hash on this machine. */
export interface HashCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export const DEFAULT_HASH_COST: HashCost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const ARGON2ID = 2;

export interface HasherLimits {
  /** Hashes running at once; default: the cores, at most 3 (libuv's default pool has 4 threads). */
  maxConcurrent?: number;
  /** True while other work is running (the app's other requests), when `maxConcurrentWhileBusy` applies. */
  busy?: () => boolean;
  /** Hashes running at once while `busy()`; default 1. */
  maxConcurrentWhileBusy?: number;
  /** Hashes waiting for a slot before further ones are refused with 503. */
  maxQueued?: number;
}

export class SecretHasher {
  private dummyHash: Promise<string> | undefined;
  private readonly limit: ConcurrencyLimit;

  constructor(
    private readonly cost: HashCost = DEFAULT_HASH_COST,
    limits: HasherLimits = {},
  ) {
    const maxConcurrent = Math.max(1, limits.maxConcurrent ?? Math.min(availableParallelism(), 3));
    const { busy } = limits;
    const whileBusy = Math.max(1, limits.maxConcurrentWhileBusy ?? 1);
    this.limit = new ConcurrencyLimit(
      maxConcurrent,
      Math.max(0, limits.maxQueued ?? 256),
      busy ? () => (busy() ? whileBusy : maxConcurrent) : undefined,
    );
  }

  /** Hashes running now, and hashes waiting for a slot (`password_hashes` in /metrics). */
  get running(): number {
    return this.limit.inUse;
  }
  get waiting(): number {
    return this.limit.queued;
  }

  hash(secret: string): Promise<string> {
    return this.limit.run(() => hash(secret, { ...this.cost, algorithm: ARGON2ID }));
  }

  async verify(storedHash: string, secret: string): Promise<boolean> {
    try {
      return await this.limit.run(() => verify(storedHash, secret));
    } catch (error) {
      if (error instanceof AppError) throw error; // shed under load: 503
      return false; // a malformed stored hash never authenticates
    }
  }

  /**
   * Spends the time of one verification when there is no user, so that an unknown email
   * and a wrong password cannot be told apart by timing.
   */
  async verifyDummy(secret: string): Promise<false> {
    this.dummyHash ??= this.hash('payclock-dummy-secret');
    await this.verify(await this.dummyHash, secret);
    return false;
  }
}
