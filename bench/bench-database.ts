// The benchmark's own databases on a PostgreSQL server (`server`: its URL without a database
// name): each script drops what a killed run may have left, starts from an empty database, and
// drops it at the end. Statements go through the maintenance database `postgres`.
import pg from 'pg';

/** Runs `statements` in turn on one connection to the database at `url`. */
async function onDatabase(url: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

const onMaintenanceDatabase = (server: string, ...statements: string[]) => onDatabase(`${server}/postgres`, ...statements);

/** An empty database `name` (dropped first if it exists); returns its URL. */
export async function recreateDatabase(server: string, name: string): Promise<string> {
  await onMaintenanceDatabase(server, `drop database if exists ${name} with (force)`, `create database ${name}`);
  return `${server}/${name}`;
}

export async function dropDatabase(server: string, name: string): Promise<void> {
  await onMaintenanceDatabase(server, `drop database if exists ${name} with (force)`);
}

/**
 * ANALYZE on the database at `url`: fresh statistics, and every session's cached plans made again
 * at their next use (bench/ab-reads.ts, so that two servers compare on the same plans).
 */
export function analyze(url: string): Promise<void> {
  return onDatabase(url, 'analyze');
}
