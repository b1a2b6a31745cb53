// Passwords and PINs are stored only as argon2id hashes (CONTRACT §5). @node-rs/argon2 hashes
// on libuv's thread pool, so a burst of logins does not block the event loop.
import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane. ~15 ms a hash on this machine. */
export interface HashCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export const DEFAULT_HASH_COST: HashCost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const ARGON2ID = 2;

export class SecretHasher {
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly cost: HashCost = DEFAULT_HASH_COST) {}

  hash(secret: string): Promise<string> {
    return hash(secret, { ...this.cost, algorithm: ARGON2ID });
  }

  async verify(storedHash: string, secret: string): Promise<boolean> {
    try {
      return await verify(storedHash, secret);
    } catch {
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
