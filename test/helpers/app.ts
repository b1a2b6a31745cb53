// Builds the real app on a real database for API tests: in-memory PGlite from the migrated
// template by default, PostgreSQL when TEST_DATABASE_URL is set.
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';
import type { ManualClock} from '../../src/clock.ts';
import { systemClock, type Clock } from '../../src/clock.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { openDatabase, type Database, type Db } from '../../src/db/open.ts';
import { SecretHasher, type HashCost } from '../../src/core/hashing.ts';
import { TokenService } from '../../src/core/tokens.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-0123456789';
/** Real argon2id at a low cost: the algorithm under test is the same, the suite stays fast. */
export const TEST_HASH_COST: HashCost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
export const TEST_HASHER = new SecretHasher(TEST_HASH_COST);

export interface TestApp {
  app: App;
  db: Db;
  database: Database;
  config: Config;
  clock: Clock;
  tokens: TokenService;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment for loadConfig (REDIS_URL, TRUST_PROXY, CORS_ORIGINS, …). */
  env?: Record<string, string>;
  clock?: ManualClock;
  /** Share one database between several app instances (two-instance tests). */
  database?: Database;
  /** Extra routes registered before the app is ready (probes for the shared plumbing). */
  routes?: (app: App) => void;
  /** Another hasher than TEST_HASHER (a test that orders racing calls at the hash). */
  hasher?: SecretHasher;
}

export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return openDatabase({ url, poolMax: 5 });
  const templatePath = inject('pgliteTemplatePath');
  if (!templatePath) throw new Error('the PGlite template was not prepared by test/global-setup.ts');
  return openDatabase({ url: 'memory://', pgliteLoadDataDir: new Blob([readFileSync(templatePath)]) });
}

/** The configuration of a test: silent, a fixed JWT secret, a fresh data directory. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'payclock-test-')),
    LOG_LEVEL: 'silent',
    ...env,
  });
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.env);
  const ownsDatabase = !options.database;
  const database = options.database ?? (await openTestDatabase());
  const clock = options.clock ?? systemClock;
  const app = await buildApp({ config, database, clock, hasher: options.hasher ?? TEST_HASHER, logger: false });
  options.routes?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    clock,
    tokens: new TokenService(config.jwtSecret, config.tokenTtlSeconds),
    async close() {
      await app.close();
      if (ownsDatabase) await database.close();
    },
  };
}
