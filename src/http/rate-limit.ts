// Abuse limits (SPEC.md "Limits", CONTRACT §5): fixed windows counted in a store that is
// in-process by default and in Redis when REDIS_URL is set, so that the limit holds across
// instances. A store that cannot answer throws, and the route answers 503: a limiter that
// cannot count fails closed, never open.
import { isIPv6 } from 'node:net';
import type { FastifyReply } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { Errors } from './errors.ts';
import { RedisRateLimitStore } from './redis-rate-limit.ts';

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

export interface RateLimitRule {
  /** Key namespace: `login-ip`, `verify-ip`, `verify-phone`. */
  name: string;
  limit: number;
  windowMs: number;
  /** The 429's `error`. */
  label: string;
}

/** Redis when REDIS_URL is set (limits hold across instances), else counters in this process. */
export function createRateLimitStore(config: Config, clock: Clock, onError?: (error: Error) => void): RateLimitStore {
  if (config.redisUrl) return new RedisRateLimitStore({ url: config.redisUrl, clock, ...(onError ? { onError } : {}) });
  return new MemoryRateLimitStore(clock);
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export const RULES = {
  /** SPEC.md "Limits": 5 login attempts per 15 minutes per client IP; every attempt counts. */
  loginPerIp: { name: 'login-ip', limit: 5, windowMs: FIFTEEN_MINUTES, label: 'Too many login attempts' },
  /** CONTRACT §5: 20 verify attempts per client IP in 15 minutes. */
  verifyPerIp: { name: 'verify-ip', limit: 20, windowMs: FIFTEEN_MINUTES, label: 'Too many verification attempts' },
  /** CONTRACT §5: 5 failed verify attempts per phone in 15 minutes, from any number of IPs. */
  verifyPerPhone: { name: 'verify-phone', limit: 5, windowMs: FIFTEEN_MINUTES, label: 'Too many verification attempts' },
} as const satisfies Record<string, RateLimitRule>;

/** What a client is told about a limit: the three headers of SPEC.md "Limits". */
export interface LimitState {
  limit: number;
  remaining: number;
  resetAt: Date;
}

export function limitState(rule: RateLimitRule, hit: RateLimitHit): LimitState {
  return { limit: rule.limit, remaining: Math.max(0, rule.limit - hit.count), resetAt: hit.resetAt };
}

export function limitHeaders(state: LimitState): Record<string, string> {
  return {
    'x-ratelimit-limit': String(state.limit),
    'x-ratelimit-remaining': String(state.remaining),
    'x-ratelimit-reset': state.resetAt.toISOString(),
  };
}

export function setLimitHeaders(reply: FastifyReply, state: LimitState): void {
  reply.headers(limitHeaders(state));
}

/**
 * Counts one attempt of `subject` under `rule`. Throws 429 (with the limit headers and
 * `Retry-After`) when the limit is spent and 503 when the store cannot answer.
 */
export async function consumeAttempt(
  store: RateLimitStore,
  clock: Clock,
  rule: RateLimitRule,
  subject: string,
): Promise<LimitState> {
  let hit: RateLimitHit;
  try {
    hit = await store.hit(limitKey(rule, subject), rule.limit, rule.windowMs);
  } catch {
    throw Errors.serviceUnavailable();
  }
  const state = limitState(rule, hit);
  if (!hit.allowed) {
    const retryAfter = Math.max(1, Math.ceil((hit.resetAt.getTime() - clock.now().getTime()) / 1000));
    throw Errors.tooManyRequests(rule.label, { ...limitHeaders(state), 'retry-after': String(retryAfter) });
  }
  return state;
}

/** Gives an admitted attempt back (best effort: a store error only costs the caller one attempt). */
export async function releaseAttempt(store: RateLimitStore, rule: RateLimitRule, subject: string): Promise<void> {
  try {
    await store.release(limitKey(rule, subject));
  } catch {
    // The attempt stays counted; failing closed is the safe direction.
  }
}

export function limitKey(rule: RateLimitRule, subject: string): string {
  return `${rule.name}:${subject}`;
}

/**
 * The subject of a per-IP limit. An IPv6 host usually holds a whole /64, so IPv6 addresses
 * are counted per /64 (otherwise one host could rotate through 2^64 addresses); IPv4-mapped
 * IPv6 addresses count as their IPv4 address.
 */
export function ipSubject(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Counters in this process: the default, and right for one instance. Several instances each
 * keep their own, so N instances admit up to N times the limit (use Redis there).
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, Window>();
  private lastSweep = 0;

  /** `maxKeys` bounds memory under a flood of distinct keys: the oldest windows are dropped first. */
  constructor(
    private readonly clock: Clock,
    private readonly maxKeys = 100_000,
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitHit> {
    const now = this.clock.now().getTime();
    this.sweep(now, windowMs);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.delete(key);
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
      this.evictOverflow();
    }
    const allowed = window.count < limit;
    if (allowed) window.count += 1;
    return { count: window.count, resetAt: new Date(window.resetAt), allowed };
  }

  async release(key: string): Promise<void> {
    const window = this.windows.get(key);
    if (window && window.count > 0 && window.resetAt > this.clock.now().getTime()) window.count -= 1;
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private sweep(now: number, windowMs: number): void {
    if (now - this.lastSweep < Math.min(windowMs, 60_000)) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }

  private evictOverflow(): void {
    while (this.windows.size > this.maxKeys) {
      const oldest = this.windows.keys().next().value;
      if (oldest === undefined) return;
      this.windows.delete(oldest);
    }
  }
}
