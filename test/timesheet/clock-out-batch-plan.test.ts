// How the batched clock out reaches the entries it closes (drizzle/0012_clock_out_batch_keyed.sql,
// docs/architecture.md §3), read from the plan PostgreSQL really ran. A plpgsql statement keeps
// its generic plan for the session; 0011's update was planned as one scan of the whole
// open-entry index, each open entry compared with every punch, so a session that planned it
// while few entries were open read every employee on shift, in every organization, per batch
// (64 punches with 5,000 entries open: 200 ms instead of 14; BENCHMARKS.md). The update must
// reach its rows by their ids. PostgreSQL only: PGlite has no auto_explain.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/open.ts';
import { clockOutBatchQuery, insertOpenEntries } from '../../src/modules/timesheet/clock-batch.repository.ts';
import { openTestDatabase } from '../helpers/app.ts';
import { createCompany, createEmployee, createOrg, type EmployeeRow } from '../helpers/factories.ts';
import { pastEntries } from './fixtures.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('the batched clock out plan', () => {
  let database: Database;
  let session: pg.Client;
  const notices: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    session = new pg.Client({ connectionString: url });
    await session.connect();
    session.on('notice', (notice) => notices.push(notice.message ?? ''));
  });
  afterAll(async () => {
    await session?.end();
    await database?.close();
  });

  const credential = (employee: EmployeeRow) => ({ userId: employee.id, hash: 'p'.repeat(64), issuedAtMs: Date.now() });

  it('updates each closed entry through its primary key, never through the open-entry index', async () => {
    const org = await createOrg(database.db);
    const company = await createCompany(database.db, { bookkeeperOrgId: org.id });
    const employees: EmployeeRow[] = [];
    for (let i = 0; i < 8; i++) employees.push(await createEmployee(database.db, { companyId: company.id }));
    const clockIn = new Date(Date.now() - 3_600_000);
    const opened = await insertOpenEntries(
      database.db,
      employees.map((e) => ({ credential: credential(e), now: clockIn, recordedAt: clockIn, offline: false, jobCode: null, taskCode: null, notes: null, clockInIp: null, clockInDevice: null })),
    );
    expect(opened.every((o) => o.entry !== null)).toBe(true);
    // A table of some size where few of the entries are open, as the statistics of a running
    // service say: 20,000 closed hours of another employee, analyzed. On a small table a
    // plan may read every row whatever the statement says.
    await pastEntries(database.db, company, 20_000);
    await session.query('analyze time_entries');

    // The plan a long-lived pooled session keeps (generic), with every nested statement logged
    // to this client, with the rows each node really read.
    await session.query(`load 'auto_explain'`);
    for (const setting of [
      'plan_cache_mode = force_generic_plan',
      'auto_explain.log_min_duration = 0',
      'auto_explain.log_analyze = on',
      'auto_explain.log_nested_statements = on',
      'auto_explain.log_level = notice',
      'client_min_messages = notice',
    ]) {
      await session.query(`set ${setting}`);
    }
    const now = new Date();
    const statement = clockOutBatchQuery(
      employees.map((e) => ({ credential: credential(e), now, recordedAt: now, offline: false, breakMinutes: null, notes: null, clockOutIp: null })),
    );
    const closed = await session.query(statement.sql, statement.params);
    expect(closed.rows.map((row) => row.outcome)).toEqual(employees.map(() => 'closed'));

    const update = notices.find((plan) => plan.includes('Update on time_entries t'));
    expect(update, 'the update of the closed entries was logged').toBeDefined();
    expect(update).not.toContain('time_entries_one_open_per_employee');
    expect(update).toContain('Index Scan using time_entries_pkey on time_entries t');
    expect(update).toMatch(/Update on time_entries t .*rows=8 loops=1/);
  });
});
