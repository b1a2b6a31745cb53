// The one Drizzle handle type every repository takes: PGlite and PostgreSQL behind the same
// interface (open.ts opens either; transaction-scope.ts routes it to a request's transaction).
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
