// Autovacuum's work on the embedded engine, done by the service (src/db/maintenance.ts): a table
// is vacuumed and analyzed once it grew by a tenth, and a plan the one session kept from while
// the tables were small is then made again; and once a fifth of it is dead rows, whose space is
// then used again. PGlite only: on PostgreSQL, autovacuum does this, and the service
// leaves it alone (src/main.ts).
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryRows, type Database, type Db } from '../../src/db/open.ts';
import { maintainTables } from '../../src/db/maintenance.ts';
import { openTestDatabase } from '../helpers/app.ts';
import { createCompany, createOrg } from '../helpers/factories.ts';
import { pastEntries, roundsPlannedOnSmallTables } from '../timesheet/fixtures.ts';

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the embedded engine’s tables kept by the service', () => {
  // A fresh database for each test: what matters is what its one session planned, and when.
  let database: Database;
  let db: Db;
  beforeEach(async () => {
    database = await openTestDatabase();
    db = database.db;
  });
  afterEach(async () => database?.close());

  async function timeEntriesAsAnalyzed() {
    const [row] = await queryRows<{ relpages: number; reltuples: number; pages: number }>(
      db,
      sql`select relpages, reltuples, (pg_relation_size(oid) / current_setting('block_size')::int)::int as pages from pg_class where oid = 'time_entries'::regclass`,
    );
    return row!;
  }

  it('vacuums and analyzes a table once it grew by a tenth and 8 pages, and not before', async () => {
    const org = await createOrg(db);
    const company = await createCompany(db, { bookkeeperOrgId: org.id });
    await maintainTables(db); // whatever the fresh database holds, so that only what follows counts
    await pastEntries(db, company, 5_000);
    expect(await maintainTables(db)).toContain('time_entries');
    const analyzed = await timeEntriesAsAnalyzed();
    expect(analyzed.relpages).toBe(analyzed.pages);
    expect(analyzed.reltuples).toBeGreaterThanOrEqual(5_000);

    // Nothing grew since; then a twentieth, less than a tenth and 8 pages; then a fifth more.
    expect(await maintainTables(db)).toEqual([]);
    await pastEntries(db, company, Math.floor(analyzed.reltuples / 20));
    expect(await maintainTables(db)).toEqual([]);
    expect((await timeEntriesAsAnalyzed()).relpages).toBe(analyzed.relpages);
    await pastEntries(db, company, Math.floor(analyzed.reltuples / 5));
    expect(await maintainTables(db)).toEqual(['time_entries']);
  });

  it('vacuums a table once a fifth of it is dead rows, and not before, and its space is used again', async () => {
    const org = await createOrg(db);
    const company = await createCompany(db, { bookkeeperOrgId: org.id });
    await pastEntries(db, company, 5_000);
    expect(await maintainTables(db)).toContain('time_entries'); // 5,000 rows counted
    /** Deletes `count` more of the oldest entries: a dead row each, and the file does not grow. */
    const deleteOldest = async (count: number) => {
      await db.execute(sql`delete from time_entries where id in (select id from time_entries order by clock_in limit ${count})`);
      // The engine reports a statement's counts at most once a second unless told to.
      await db.execute(sql`select pg_stat_force_next_flush()`);
    };
    const deadRows = async () => {
      const [row] = await queryRows<{ dead: number }>(db, sql`select pg_stat_get_dead_tuples('time_entries'::regclass)::int as dead`);
      return row!.dead;
    };
    const pages = async () => (await timeEntriesAsAnalyzed()).pages;

    await deleteOldest(500);
    expect(await deadRows()).toBe(500);
    expect(await maintainTables(db), '500 dead rows of 5,000: under 50 and a fifth').toEqual([]);
    // Without VACUUM, new rows do not go where the dead ones were: the file grows.
    const beforeInserts = await pages();
    await pastEntries(db, company, 500);
    expect(await pages()).toBeGreaterThan(beforeInserts);

    await deleteOldest(1_000);
    expect(await maintainTables(db)).toEqual(['time_entries']);
    expect(await deadRows()).toBe(0);
    expect(await maintainTables(db)).toEqual([]);
    // After it, they do: the same rows again fit in the space the dead ones held.
    const afterVacuum = await pages();
    await pastEntries(db, company, 500);
    expect(await pages()).toBe(afterVacuum);
  });

  it('has the batched clock out planned again once the tables grew, so that it reads by key', async () => {
    const round = await roundsPlannedOnSmallTables(db);
    expect(await round(db), 'the plan kept from the small database reads the whole table').toBeGreaterThan(20_000);

    expect(await maintainTables(db)).toContain('time_entries');
    expect(await round(db)).toBeLessThan(100);
  });
});
