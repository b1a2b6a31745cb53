// The batched clock out looks up each punch's open entry by the punch's employee
// (drizzle/0016_open_entry_per_punch.sql, docs/architecture.md §3), on both engines. Joined to
// the punches, the lookup was planned on a database never analyzed (a test's, or a fresh
// service's) as one read of every open entry in the database through the open-entry index,
// each compared with every punch: 64 clock outs took 589 ms on PostgreSQL with 4,000 others on
// shift. Here, before 0016, two clock outs read 308 index entries on either engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../src/db/open.ts';
import { closeOpenEntries, insertOpenEntries } from '../../src/modules/timesheet/clock-batch.repository.ts';
import { openTestDatabase } from '../helpers/app.ts';
import { createCompany, createEmployee, createOrg, type EmployeeRow } from '../helpers/factories.ts';
import { rowsReadSoFar } from '../helpers/session-counts.ts';
import { liveClockIns, liveClockOuts } from './fixtures.ts';

describe('the batched clock out’s lookups', () => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
  });
  afterAll(async () => database?.close());

  it('reads its punches’ open entries only, however many other employees are on shift', async () => {
    const org = await createOrg(db, { timezone: 'America/Chicago' });
    const company = await createCompany(db, { bookkeeperOrgId: org.id });
    const crew = [await createEmployee(db, { companyId: company.id }), await createEmployee(db, { companyId: company.id })];
    const onShift: EmployeeRow[] = [];
    for (let i = 0; i < 300; i++) onShift.push(await createEmployee(db, { companyId: company.id }));
    const start = Date.parse('2026-04-06T13:00:00Z');
    for (let i = 0; i < onShift.length; i += 64) {
      const opened = await insertOpenEntries(db, liveClockIns(onShift.slice(i, i + 64), new Date(start)));
      expect(opened.every((o) => o.entry !== null)).toBe(true);
    }
    await insertOpenEntries(db, liveClockIns(crew, new Date(start + 60_000)));

    const read = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const before = await rowsReadSoFar(tx, 'time_entries', 'indexes');
      const closed = await closeOpenEntries(tx, liveClockOuts(crew, new Date(start + 3_600_000)));
      expect(closed.map((o) => o.outcome)).toEqual(['closed', 'closed']);
      return (await rowsReadSoFar(tx, 'time_entries', 'indexes')) - before;
    });
    // Each punch's open entry and the week's earlier entries of its employee (none here), by
    // key; the 300 other open entries are not read.
    expect(read).toBeLessThan(20);
  });
});
