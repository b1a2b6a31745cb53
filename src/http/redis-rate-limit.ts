// Rate-limit counters in Redis (REDIS_URL), shared by every instance. Each hit is one Lua
// script, so the read, the increment and the expiry are atomic: 50 parallel attempts on two
// instances admit exactly `limit`. When Redis does not answer quickly the hit rejects and the
// route answers 503 (fail closed, docs/api.md §11), never "unlimited".
import { Redis } from 'ioredis';
import type { Clock } from '../clock.ts';
import type { RateLimitHit, RateLimitStore } from './rate-limit-store.ts';

/** Starts a window when there is none (or one without expiry), then admits while under the limit. */
const HIT_SCRIPT = `
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  count = 0
  ttl = window
  redis.call('SET', KEYS[1], 0, 'PX', window)
end
if count >= limit then
  return {count, ttl, 0}
end
count = redis.call('INCR', KEYS[1])
return {count, ttl, 1}
`;

const RELEASE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 and redis.call('PTTL', KEYS[1]) > 0 then
  redis.call('DECR', KEYS[1])
end
return 0
`;

type ScriptedRedis = Redis & {
  rateLimitHit(key: string, limit: number, windowMs: number): Promise<[number, number, number]>;
  rateLimitRelease(key: string): Promise<number>;
};

export interface RedisRateLimitOptions {
  url: string;
  clock: Clock;
  /** Namespace of every key; tests use a unique one so parallel runs never share counters. */
  keyPrefix?: string;
  /** Longest wait for an answer before the attempt is refused with 503. */
  timeoutMs?: number;
  /** Connection errors are reported here (the app's logger), not thrown. */
  onError?: (error: Error) => void;
}

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: ScriptedRedis;
  private readonly prefix: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: RedisRateLimitOptions) {
    this.prefix = options.keyPrefix ?? 'payclock:rl:';
    this.timeoutMs = options.timeoutMs ?? 2_000;
    this.redis = new Redis(options.url, {
      // A command waits for at most one reconnection, and our own timeout bounds that too.
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      retryStrategy: (times) => Math.min(times * 100, 2_000),
    }) as ScriptedRedis;
    this.redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis.defineCommand('rateLimitRelease', { numberOfKeys: 1, lua: RELEASE_SCRIPT });
    // Without a listener an unreachable Redis would crash the process with an 'error' event.
    this.redis.on('error', (error: Error) => options.onError?.(error));
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitHit> {
    this.assertReachable();
    const [count, ttlMs, allowed] = await this.withTimeout(this.redis.rateLimitHit(this.prefix + key, limit, windowMs));
    return {
      count: Number(count),
      resetAt: new Date(this.options.clock.now().getTime() + Number(ttlMs)),
      allowed: Number(allowed) === 1,
    };
  }

  async release(key: string): Promise<void> {
    this.assertReachable();
    await this.withTimeout(this.redis.rateLimitRelease(this.prefix + key));
  }

  async close(): Promise<void> {
    if (this.redis.status !== 'ready') {
      this.redis.disconnect();
      return;
    }
    try {
      await this.withTimeout(this.redis.quit());
    } catch {
      this.redis.disconnect();
    }
  }

  /**
   * While ioredis is reconnecting after a failure, a command would wait in its queue for the
   * next attempt; refuse at once instead (503 with Retry-After) and let it reconnect by itself.
   * Only the very first connection is waited for (bounded by the timeout).
   */
  private assertReachable(): void {
    const status = this.redis.status;
    if (status === 'reconnecting' || status === 'close' || status === 'end') throw new Error(`redis is ${status}`);
  }

  private withTimeout<T>(promise: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('rate-limit store timed out')), this.timeoutMs);
    });
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  }
}
