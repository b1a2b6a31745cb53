import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'payclock-config-'));
const SECRET = 'x'.repeat(32);

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      tokenTtlSeconds: 7 * 86400,
      redisUrl: undefined,
      trustProxy: [],
      cookieSecure: false,
      corsOrigins: [],
      logLevel: 'info',
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@db:5432/payclock',
      DATA_DIR: dataDir(),
      JWT_SECRET: SECRET,
      TOKEN_TTL: '12h',
      REDIS_URL: 'redis://127.0.0.1:6379',
      TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1',
      CORS_ORIGINS: 'https://app.example.com,http://localhost:5173',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      nodeEnv: 'production',
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@db:5432/payclock',
      tokenTtlSeconds: 12 * 3600,
      redisUrl: 'redis://127.0.0.1:6379',
      trustProxy: ['10.0.0.1', '192.168.0.0/16', '::1'],
      cookieSecure: true,
      corsOrigins: ['https://app.example.com', 'http://localhost:5173'],
      logLevel: 'warn',
    });
    expect(new TextDecoder().decode(config.jwtSecret)).toBe(SECRET);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['TOKEN_TTL', 'forever'],
    ['TOKEN_TTL', '5s'],
    ['REDIS_URL', 'http://x'],
    ['TRUST_PROXY', 'proxy.local'],
    ['TRUST_PROXY', '10.0.0.0/99'],
    ['COOKIE_SECURE', 'maybe'],
    ['CORS_ORIGINS', '*'],
    ['CORS_ORIGINS', 'https://a.example.com/path'],
    ['LOG_LEVEL', 'loud'],
    ['JWT_SECRET', 'short'],
  ])('rejects %s=%s with a one-line message naming it', (name, value) => {
    const attempt = () => loadConfig({ DATA_DIR: dataDir(), [name]: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(new RegExp(`^Invalid configuration: ${name} `));
    try {
      attempt();
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('refuses production without a JWT_SECRET of at least 32 bytes', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(/JWT_SECRET is required/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), JWT_SECRET: 'x'.repeat(31) })).toThrow(/at least 32 bytes/);
  });

  it('generates a development secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(second.jwtSecret).equals(Buffer.from(first.jwtSecret))).toBe(true);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(new TextDecoder().decode(first.jwtSecret));
  });
});
