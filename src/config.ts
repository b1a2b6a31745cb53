// Environment -> one typed, frozen Config, validated once at boot (README.md "Configuration").
// Nothing else in the code base reads process.env: the Config is passed down.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  readonly nodeEnv: 'production' | 'development' | 'test';
  readonly port: number;
  readonly host: string;
  /** `undefined`: embedded PGlite in dataDir; `memory://`: in-memory PGlite; else a postgres:// URL. */
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly jwtSecret: Uint8Array;
  /** Token and cookie lifetime in seconds. */
  readonly tokenTtlSeconds: number;
  readonly redisUrl: string | undefined;
  /** Addresses or CIDRs of reverse proxies whose X-Forwarded-For is believed; empty: none. */
  readonly trustProxy: readonly string[];
  readonly cookieSecure: boolean;
  readonly corsOrigins: readonly string[];
  readonly logLevel: LogLevel;
  /** Bearer token that unlocks GET /metrics; unset: metrics disabled. */
  readonly metricsToken: string | undefined;
  /** Largest number of pooled PostgreSQL connections. */
  readonly dbPoolMax: number;
}

export class ConfigError extends Error {
  constructor(variable: string, reason: string) {
    super(`Invalid configuration: ${variable} ${reason}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const MIN_SECRET_BYTES = 32;
const DEV_SECRET_FILE = 'jwt-secret';

/** Reads and validates the environment. Throws ConfigError with a one-line message naming the variable. */
export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = parseNodeEnv(env.NODE_ENV);
  const production = nodeEnv === 'production';
  const dataDir = resolve(nonEmpty(env.DATA_DIR) ?? './data');
  const databaseUrl = parseDatabaseUrl(nonEmpty(env.DATABASE_URL));

  return Object.freeze({
    nodeEnv,
    port: parsePort(env.PORT),
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    databaseUrl,
    dataDir,
    jwtSecret: resolveJwtSecret(nonEmpty(env.JWT_SECRET), production, dataDir),
    tokenTtlSeconds: parseDuration('TOKEN_TTL', nonEmpty(env.TOKEN_TTL) ?? '7d'),
    redisUrl: parseRedisUrl(nonEmpty(env.REDIS_URL)),
    trustProxy: Object.freeze(parseTrustProxy(nonEmpty(env.TRUST_PROXY))),
    cookieSecure: parseBoolean('COOKIE_SECURE', nonEmpty(env.COOKIE_SECURE), production),
    corsOrigins: Object.freeze(parseOrigins(nonEmpty(env.CORS_ORIGINS))),
    logLevel: parseLogLevel(nonEmpty(env.LOG_LEVEL)),
    metricsToken: parseMetricsToken(nonEmpty(env.METRICS_TOKEN)),
    dbPoolMax: parseIntegerIn('DB_POOL_MAX', nonEmpty(env.DB_POOL_MAX), 10, 1, 200),
  });
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parseNodeEnv(value: string | undefined): Config['nodeEnv'] {
  if (value === 'production' || value === 'test') return value;
  return 'development';
}

function parsePort(value: string | undefined): number {
  return parseIntegerIn('PORT', nonEmpty(value), 3000, 0, 65535);
}

function parseIntegerIn(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new ConfigError(name, `must be an integer between ${min} and ${max}, got "${value}"`);
  const n = Number(value);
  if (n < min || n > max) throw new ConfigError(name, `must be an integer between ${min} and ${max}, got "${value}"`);
  return n;
}

function parseDatabaseUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === 'memory://') return value;
  if (/^postgres(ql)?:\/\//.test(value)) {
    try {
      new URL(value);
      return value;
    } catch {
      throw new ConfigError('DATABASE_URL', 'is not a valid URL');
    }
  }
  throw new ConfigError('DATABASE_URL', 'must be postgres://…, postgresql://… or memory://');
}

function parseRedisUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^rediss?:\/\//.test(value)) throw new ConfigError('REDIS_URL', 'must be redis://… or rediss://…');
  try {
    new URL(value);
  } catch {
    throw new ConfigError('REDIS_URL', 'is not a valid URL');
  }
  return value;
}

const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** `7d`, `12h`, `30m`, `45s` or a bare number of seconds. */
export function parseDuration(name: string, value: string): number {
  const match = /^(\d{1,9})([smhd]?)$/.exec(value);
  if (!match) throw new ConfigError(name, `must be a duration like 7d, 12h, 30m or 3600, got "${value}"`);
  const seconds = Number(match[1]) * (DURATION_UNITS[match[2] || 's'] ?? 1);
  if (seconds < 60 || seconds > 366 * 86400) throw new ConfigError(name, 'must be between 1 minute and 366 days');
  return seconds;
}

function parseBoolean(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  const lower = value.toLowerCase();
  if (['true', '1', 'yes'].includes(lower)) return true;
  if (['false', '0', 'no'].includes(lower)) return false;
  throw new ConfigError(name, `must be true or false, got "${value}"`);
}

function parseLogLevel(value: string | undefined): LogLevel {
  if (value === undefined) return 'info';
  const lower = value.toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(lower)) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  return lower;
}

function parseTrustProxy(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value.split(',').map((part) => {
    const entry = part.trim();
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !validBits || extra !== undefined) {
      throw new ConfigError('TRUST_PROXY', `must be comma-separated IP addresses or CIDRs, got "${entry}"`);
    }
    return entry;
  });
}

function parseOrigins(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value.split(',').map((part) => {
    const entry = part.trim();
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new ConfigError('CORS_ORIGINS', `must be comma-separated origins like https://app.example.com, got "${entry}"`);
    }
    if (!['http:', 'https:'].includes(url.protocol) || url.origin !== entry.replace(/\/$/, '')) {
      throw new ConfigError('CORS_ORIGINS', `must be comma-separated origins like https://app.example.com, got "${entry}"`);
    }
    return url.origin;
  });
}

function parseMetricsToken(value: string | undefined): string | undefined {
  if (value !== undefined && value.length < 16) throw new ConfigError('METRICS_TOKEN', 'must be at least 16 characters');
  return value;
}

/**
 * Production demands an explicit secret of at least 32 bytes. Development generates one
 * once and keeps it in DATA_DIR, so tokens survive a restart without any setup.
 */
function resolveJwtSecret(value: string | undefined, production: boolean, dataDir: string): Uint8Array {
  if (value !== undefined) {
    const bytes = new TextEncoder().encode(value);
    if (bytes.length < MIN_SECRET_BYTES) throw new ConfigError('JWT_SECRET', `must be at least ${MIN_SECRET_BYTES} bytes`);
    return bytes;
  }
  if (production) throw new ConfigError('JWT_SECRET', `is required when NODE_ENV=production (at least ${MIN_SECRET_BYTES} bytes)`);
  return new TextEncoder().encode(readOrCreateDevSecret(dataDir));
}

function readOrCreateDevSecret(dataDir: string): string {
  const file = join(dataDir, DEV_SECRET_FILE);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= MIN_SECRET_BYTES) return existing;
  } catch {
    // First start: fall through and create it.
  }
  try {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    // 'wx' so that two processes starting at once cannot both write a different secret.
    writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw new ConfigError('DATA_DIR', `is not writable (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}
