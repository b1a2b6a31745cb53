// A migrated database with no admin in it, for the first-run tests. PGlite: a fresh in-memory
// copy of the template (openTestDatabase). PostgreSQL (TEST_DATABASE_URL): the test database
// already holds admins, so a new database is created next to it, migrated, and dropped again
// on close.
import { randomUUID } from 'node:crypto';
import { openDatabase, type Database } from '../../src/db/open.ts';
import { openTestDatabase } from '../helpers/app.ts';
import { adminQuery, databaseUrl } from '../helpers/postgres-databases.ts';

export async function openEmptyDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openTestDatabase();
  const name = `payclock_first_run_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await adminQuery(url, `create database ${name}`);
  const database = await openDatabase({ url: databaseUrl(url, name), poolMax: 20 });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    },
  };
}
