// The counter store behind the rate limits: in-process (rate-limit.ts) or shared through Redis
// (redis-rate-limit.ts). Its own file, so that both stores depend on it and not on each other.

export interface RateLimitHit {
  /** Attempts admitted in the current window, this one included when it was admitted. */
  count: number;
  /** When the current window ends (and the counter starts again from zero). */
  resetAt: Date;
  /** False once `limit` attempts were already admitted in this window. */
  allowed: boolean;
}

export interface RateLimitStore {
  /**
   * Counts one attempt against `key` atomically: admitted while fewer than `limit` attempts were
   * admitted in the window (which starts at the key's first attempt and lasts `windowMs`).
   * A refused attempt does not count again, so `count` never exceeds `limit`.
   */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitHit>;
  /** Gives back one admitted attempt (an attempt that turned out not to be a failure). */
  release(key: string): Promise<void>;
  close(): Promise<void>;
}
