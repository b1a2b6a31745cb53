// What every module receives from buildApp: configuration, the database and the clock,
// plus the few shared services. Modules never read globals.
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/open.ts';
import type { SecretHasher } from './modules/auth/hashing.ts';
import type { TokenService } from './modules/auth/tokens.ts';

export interface AppContext {
  readonly config: Config;
  readonly database: Database;
  readonly db: Db;
  readonly clock: Clock;
  readonly tokens: TokenService;
  readonly hasher: SecretHasher;
}
