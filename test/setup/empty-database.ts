// A migrated database with no admin in it, for the first-run tests. PGlite: a fresh in-memory
// copy of the template (openTestDatabase). PostgreSQL (TEST_DATABASE_URL): the test database
// already holds admins, so a new database is created next to it, migrated, and dropped again
// on close.
import { openDatabase, type Database } from '../../src/db/open.ts';
import { openTestDatabase } from '../helpers/app.ts';
import { createEmptyDatabase } from '../helpers/postgres-databases.ts';

export async function openEmptyDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openTestDatabase();
  const empty = await createEmptyDatabase(url, 'payclock_first_run');
  const database = await openDatabase({ url: empty.url, poolMax: 20 });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await empty.drop();
    },
  };
}
