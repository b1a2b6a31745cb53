// Pooled PostgreSQL connections are replaced once their lifetime passed (src/db/open.ts), so that
// the plans a session kept from while the tables were small are made again where autovacuum is
// off (this machine's PostgreSQL; docs/architecture.md §3, "Plans kept for the session").
// PostgreSQL only: PGlite has one session, and the service analyzes its tables itself
// (test/foundation/maintenance.test.ts).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database, type Db } from '../../src/db/open.ts';
import { createEmptyDatabase } from '../helpers/postgres-databases.ts';
import { roundsPlannedOnSmallTables } from '../timesheet/fixtures.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('pooled PostgreSQL connections', () => {
  const opened: Database[] = [];
  let fresh: Awaited<ReturnType<typeof createEmptyDatabase>> | undefined;
  /** A pool of one connection, so that one session makes and keeps every plan. */
  const onePooled = async (on: string, connectionLifetimeSeconds?: number) => {
    const database = await openDatabase({ url: on, poolMax: 1, connectionLifetimeSeconds });
    opened.push(database);
    return database;
  };
  const backend = async (db: Db) => (await queryRows<{ pid: number }>(db, sql`select pg_backend_pid() as pid`))[0]!.pid;
  afterAll(async () => {
    for (const database of opened) await database.close();
    await fresh?.drop();
  });

  it('are replaced once their lifetime has passed', async () => {
    const { db } = await onePooled(url!, 1);
    const first = await backend(db);
    expect(await backend(db), 'within its lifetime, the same session').toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(await backend(db)).not.toBe(first);
  });

  describe('on a database that nothing analyzes', () => {
    beforeAll(async () => {
      fresh = await createEmptyDatabase(url!, 'payclock_lifetime');
      const database = await onePooled(fresh.url);
      await database.migrate();
      // Autovacuum off for every table, as on a server where it is off (if this one runs it).
      await database.db.execute(sql`do $$ declare t text; begin
        for t in select format('%I', tablename) from pg_tables where schemaname = current_schema() loop
          execute 'alter table ' || t || ' set (autovacuum_enabled = false)';
        end loop; end $$`);
    });

    it('a new session plans the batched clock out on the tables as they grew, where the old one kept its plan', async () => {
      const kept = opened.at(-1)!.db; // the session that migrated the fresh database
      const round = await roundsPlannedOnSmallTables(kept);
      expect(await round(kept), 'the plan kept from the small database reads the whole table').toBeGreaterThan(20_000);

      const later = (await onePooled(fresh!.url)).db;
      expect(await round(later)).toBeLessThan(100);
      expect(await round(kept), 'the old session still has its plan').toBeGreaterThan(20_000);
    });
  });
});
