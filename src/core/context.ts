// What every module receives from buildApp: configuration, the database and the clock,
// plus the few shared services. Modules never read globals. It lives in core: every layer
// above may read it, and it names only core contracts.
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/open.ts';
import type { SecretHasher } from './hashing.ts';
import type { TokenService } from './tokens.ts';
import type { ActorLoader } from './actors.ts';

export interface AppContext {
  readonly config: Config;
  readonly database: Database;
  readonly db: Db;
  readonly clock: Clock;
  readonly tokens: TokenService;
  readonly hasher: SecretHasher;
  /** Loads the caller of each request for the auth guard (supplied by the auth module). */
  readonly actors: ActorLoader;
}
