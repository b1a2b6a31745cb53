// The database settings a run of record ran under. This machine's PostgreSQL runs with autovacuum
// off (its configuration file), so every dead row a run leaves stays until the database is
// dropped; a deployment's would be vacuumed. A figure read without knowing that is easy to
// misread (BENCHMARKS.md, Method 7), so every report states them. PGlite reports its settings
// too; it is built on PostgreSQL's single-user mode, which runs no background processes, so its
// `autovacuum` reads on while no autovacuum runs.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../src/db/open.ts';

/** The settings a report names, in this order. */
export const REPORTED_SETTINGS = ['server_version', 'autovacuum', 'shared_buffers', 'synchronous_commit', 'fsync'] as const;

export type DatabaseSettings = Record<(typeof REPORTED_SETTINGS)[number], string>;

/** The settings as the database reports them (`current_setting`: units included, e.g. `128MB`). */
export async function readDatabaseSettings(db: Db): Promise<DatabaseSettings> {
  const rows = await queryRows<{ name: string; value: string }>(
    db,
    sql`select name, current_setting(name) as value from unnest(${`{${REPORTED_SETTINGS.join(',')}}`}::text[]) as name`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.value])) as DatabaseSettings;
}

/** `server_version 15.20, autovacuum off, …` in REPORTED_SETTINGS' order. */
export function formatDatabaseSettings(settings: DatabaseSettings): string {
  return REPORTED_SETTINGS.map((name) => `${name} ${settings[name]}`).join(', ');
}
