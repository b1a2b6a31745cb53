// PostgreSQL databases made next to the test database (TEST_DATABASE_URL): the per-worker copies
// that let test files run side by side (test/global-setup.ts, test/runner/worker-database.ts) and
// the empty databases that a test migrates itself (test/setup/empty-database.ts,
// test/foundation/database.test.ts).
import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The same server and credentials as `url`, another database. */
export function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/** Runs statements one after another on a connection of their own (CREATE/DROP DATABASE cannot run in a transaction). */
export async function adminQuery(url: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty database named `<prefix>_<random>` next to the one at `url`, and how to drop it. */
export async function createEmptyDatabase(url: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await adminQuery(url, `create database ${name}`);
  return { url: databaseUrl(url, name), drop: () => adminQuery(url, `drop database if exists ${name} with (force)`) };
}

/**
 * One copy of the migrated database at `url` per test worker, `<name>_w1` … `<name>_w<count>`.
 * A copy is made with CREATE DATABASE … TEMPLATE, which needs nobody connected to the
 * original, so this runs before any test does. Copies left by a run that was killed are
 * replaced.
 */
export async function createWorkerDatabases(url: string, count: number): Promise<string[]> {
  const original = databaseName(url);
  const names = Array.from({ length: count }, (_, i) => `${original}_w${i + 1}`);
  // Connected to the maintenance database, never to the template being copied.
  const maintenance = databaseUrl(url, 'postgres');
  for (const name of names) {
    await adminQuery(maintenance, `drop database if exists "${name}" with (force)`, `create database "${name}" template "${original}"`);
  }
  return names.map((name) => databaseUrl(url, name));
}

export async function dropDatabases(urls: string[]): Promise<void> {
  for (const url of urls) await adminQuery(databaseUrl(url, 'postgres'), `drop database if exists "${databaseName(url)}" with (force)`);
}
