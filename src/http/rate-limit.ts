// Abuse limits (docs/api.md §11): fixed windows counted in a store that is
// in-process by default and in Redis when REDIS_URL is set, so that the limit holds across
// instances. A store that cannot answer throws, and the route answers 503: a limiter that
// cannot count fails closed, never open.
import { isIPv6 } from 'node:net';
import type { FastifyReply } from 'fastify';
import { Type, type TSchema } from 'typebox';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { ErrorCode, Errors, type RateLimitLabel } from '../core/errors.ts';
import type { RateLimitHit, RateLimitStore } from './rate-limit-store.ts';
import { RedisRateLimitStore } from './redis-rate-limit.ts';

export type { RateLimitHit, RateLimitStore } from './rate-limit-store.ts';

export interface RateLimitRule {
  /** Key namespace: `login-ip`, `verify-ip`, `verify-phone`. */
  name: string;
  limit: number;
  windowMs: number;
  /** The 429's `error`. */
  label: RateLimitLabel;
}

/** Redis when REDIS_URL is set (limits hold across instances), else counters in this process. */
export function createRateLimitStore(config: Config, clock: Clock, onError?: (error: Error) => void): RateLimitStore {
  if (config.redisUrl) return new RedisRateLimitStore({ url: config.redisUrl, clock, ...(onError ? { onError } : {}) });
  return new MemoryRateLimitStore(clock);
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export const RULES = {
  /** 5 login attempts per 15 minutes per client IP; every attempt counts. */
  loginPerIp: { name: 'login-ip', limit: 5, windowMs: FIFTEEN_MINUTES, label: ErrorCode.tooManyLoginAttempts.label },
  /** 20 verify attempts per client IP in 15 minutes. */
  verifyPerIp: { name: 'verify-ip', limit: 20, windowMs: FIFTEEN_MINUTES, label: ErrorCode.tooManyVerificationAttempts.label },
  /** 5 failed verify attempts per phone in 15 minutes, from any number of IPs. */
  verifyPerPhone: { name: 'verify-phone', limit: 5, windowMs: FIFTEEN_MINUTES, label: ErrorCode.tooManyVerificationAttempts.label },
  /** The first-run form, like login: 5 attempts per 15 minutes per client IP; every attempt counts. */
  setupPerIp: { name: 'setup-ip', limit: 5, windowMs: FIFTEEN_MINUTES, label: ErrorCode.tooManySetupAttempts.label },
} as const satisfies Record<string, RateLimitRule>;

/** What a client is told about a limit: the three X-RateLimit-* headers (docs/api.md §11). */
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

/** The limit headers as the OpenAPI document declares them (names as limitHeaders sends them). */
const LIMIT_HEADER_SCHEMAS = {
  'X-RateLimit-Limit': Type.Integer({ minimum: 1, description: 'Maximum attempts in the window' }),
  'X-RateLimit-Remaining': Type.Integer({ minimum: 0, description: 'Attempts left in the window' }),
  'X-RateLimit-Reset': Type.String({ format: 'date-time', description: 'When the window resets (ISO-8601)' }),
};
const RETRY_AFTER_SCHEMA = { 'Retry-After': Type.Integer({ minimum: 1, description: 'Seconds until the window resets' }) };

/**
 * A response schema of a rate-limited route with the limit headers declared (the OpenAPI
 * response `headers`; @fastify/swagger moves them out of the body schema). The refusal also
 * declares `Retry-After`.
 */
export function withLimitHeaders<T extends TSchema>(schema: T, options: { refusal?: boolean } = {}): T {
  return { ...schema, headers: { ...LIMIT_HEADER_SCHEMAS, ...(options.refusal ? RETRY_AFTER_SCHEMA : {}) } };
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
