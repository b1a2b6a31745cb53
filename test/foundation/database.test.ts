// Both engines: migrating from empty, re-migrating as a no-op, the constraints that the
// database (not JavaScript) enforces, the trigram indexes' lack of a pending list, and how long
// a statement may wait to be sent. PostgreSQL cases run when TEST_DATABASE_URL is set.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { isConstraintViolation } from '../../src/db/errors.ts';
import { connectionWaitBound, openDatabase, queryRows, type Database } from '../../src/db/open.ts';
import { createEmptyDatabase } from '../helpers/postgres-databases.ts';
import { createCompany, createEmployee, createOrg, createPayPeriod, createTimeEntry } from '../helpers/factories.ts';

const pgUrl = process.env.TEST_DATABASE_URL;

/** A brand-new, empty PostgreSQL database next to the test database. */
const freshPostgres = () => createEmptyDatabase(pgUrl!, 'payclock_fresh');

// waitBound: how long a statement waits to be sent, unconfigured (src/db/open.ts, connectionWaitBound).
const engines: Array<{ name: string; waitBound: number | undefined; open(): Promise<{ database: Database; cleanup(): Promise<void> }> }> = [
  {
    name: 'PGlite (memory)',
    waitBound: undefined, // its one connection has no timeout
    async open() {
      const database = await openDatabase({ url: 'memory://' });
      return { database, cleanup: () => database.close() };
    },
  },
];
if (pgUrl) {
  engines.push({
    name: 'PostgreSQL',
    waitBound: 3_000, // the pool's connection timeout
    async open() {
      const fresh = await freshPostgres();
      const database = await openDatabase({ url: fresh.url, poolMax: 4 });
      return {
        database,
        async cleanup() {
          await database.close();
          await fresh.drop();
        },
      };
    },
  });
}

describe.each(engines)('$name', (engine) => {
  let opened: { database: Database; cleanup(): Promise<void> } | undefined;
  afterAll(async () => opened?.cleanup());

  it('migrates from empty, then re-migrating is a no-op', async () => {
    opened = await engine.open();
    const { database } = opened;
    await database.migrate();
    const count = async () =>
      (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]!.n;
    const applied = await count();
    expect(applied).toBeGreaterThanOrEqual(3);
    await database.migrate();
    expect(await count()).toBe(applied);
    const tables = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.map((t) => t.table_name)).toEqual([
      'admin_users',
      'audit_logs',
      'bookkeeper_orgs',
      'companies',
      'employee_timesheets',
      'employees',
      'idempotency_keys',
      'industries',
      'pay_periods',
      'revoked_tokens',
      'time_entries',
      'week_running_totals',
    ]);
    const [industries] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from industries`);
    expect(industries!.n).toBeGreaterThanOrEqual(12);
  });

  it('waits as long to send a statement as its connection does', () => {
    expect(connectionWaitBound(opened!.database.db)).toBe(engine.waitBound);
  });

  it('allows one open time entry per employee', async () => {
    const { db } = opened!.database;
    const org = await createOrg(db);
    const company = await createCompany(db, { bookkeeperOrgId: org.id });
    const employee = await createEmployee(db, { companyId: company.id });
    await createTimeEntry(db, { employeeId: employee.id, companyId: company.id, clockIn: new Date('2026-01-05T14:00:00Z') });
    const second = createTimeEntry(db, { employeeId: employee.id, companyId: company.id, clockIn: new Date('2026-01-06T14:00:00Z') });
    const error = await second.catch((e: unknown) => e);
    expect(isConstraintViolation(error, 'time_entries_one_open_per_employee')).toBe(true);
  });

  it('forbids overlapping pay periods of one company and allows touching ones', async () => {
    const { db } = opened!.database;
    const org = await createOrg(db);
    const company = await createCompany(db, { bookkeeperOrgId: org.id });
    const other = await createCompany(db, { bookkeeperOrgId: org.id });
    const week = { startDate: new Date('2026-01-04T05:00:00.000Z'), endDate: new Date('2026-01-11T04:59:59.999Z') };
    await createPayPeriod(db, { companyId: company.id, ...week });
    // Touching: the next period starts 1 ms after the first ends.
    await createPayPeriod(db, { companyId: company.id, startDate: new Date('2026-01-11T05:00:00.000Z'), endDate: new Date('2026-01-18T04:59:59.999Z') });
    // Another company may use the same dates.
    await createPayPeriod(db, { companyId: other.id, ...week });
    // Sharing only the end instant is an overlap (closed ranges, docs/time-rules.md §5).
    const error = await createPayPeriod(db, {
      companyId: company.id,
      startDate: new Date('2026-01-18T04:59:59.999Z'),
      endDate: new Date('2026-01-20T00:00:00Z'),
    }).catch((e: unknown) => e);
    expect(isConstraintViolation(error, 'pay_periods_no_overlap')).toBe(true);
  });

  it('enforces the check constraints', async () => {
    const { db } = opened!.database;
    const org = await createOrg(db);
    const company = await createCompany(db, { bookkeeperOrgId: org.id });
    const employee = await createEmployee(db, { companyId: company.id });
    const negativeBreak = await createTimeEntry(db, {
      employeeId: employee.id,
      companyId: company.id,
      clockIn: new Date('2026-02-01T10:00:00Z'),
      clockOut: new Date('2026-02-01T11:00:00Z'),
      breakMinutes: -1,
    }).catch((e: unknown) => e);
    expect(isConstraintViolation(negativeBreak, 'time_entries_break_minutes_check')).toBe(true);
    const lowMultiplier = await createOrg(db, { overtimeMultiplier: 0.5 }).catch((e: unknown) => e);
    expect(isConstraintViolation(lowMultiplier, 'bookkeeper_orgs_overtime_multiplier_check')).toBe(true);
  });

  it('writes the search indexes’ trigrams straight into each index, with no pending list to scan', async () => {
    const { db } = opened!.database;
    // Every trigram index the migrations made, found by its operator class, so a new one is held too.
    const indexes = await queryRows<{ name: string; options: string[] | null }>(
      db,
      sql`select c.relname as name, c.reloptions as options
            from pg_index i join pg_class c on c.oid = i.indexrelid join pg_opclass o on o.oid = any(i.indclass)
           where o.opcname = 'gin_trgm_ops' order by c.relname`,
    );
    expect(indexes.map((index) => index.name)).toEqual([
      'bookkeeper_orgs_name_trgm_idx',
      'companies_email_trgm_idx',
      'companies_name_trgm_idx',
      'employees_search_trgm_idx',
    ]);
    for (const index of indexes) expect(index.options, index.name).toContain('fastupdate=off');
    // With the pending list on, these inserts would wait there, and merging it would clean pages.
    const org = await createOrg(db, { name: 'Pending Trigram Org' });
    const company = await createCompany(db, { bookkeeperOrgId: org.id, name: 'Pending Trigram Co', email: 'pending@trigram.test' });
    await createEmployee(db, { companyId: company.id, firstName: 'Pending', lastName: 'Trigram', email: 'pending.trigram@example.test' });
    for (const index of indexes) {
      const [cleaned] = await queryRows<{ pages: number }>(db, sql`select gin_clean_pending_list(${index.name}::regclass)::int as pages`);
      expect(cleaned!.pages, index.name).toBe(0);
    }
  });
});

// A coalesced punch or read waits for its batch no longer than a statement alone waits to be
// sent (src/modules/timesheet/database-batch-rules.ts). Unconfigured, each engine's is above.
describe('how long a statement waits to be sent', () => {
  it.runIf(pgUrl)("on PostgreSQL, the pool's connection timeout as configured, none when configured 0", async () => {
    const bounds = [];
    for (const connectionTimeoutMs of [1_234, 0]) {
      const database = await openDatabase({ url: pgUrl!, poolMax: 1, connectionTimeoutMs });
      bounds.push(connectionWaitBound(database.db));
      await database.close();
    }
    expect(bounds).toEqual([1_234, undefined]);
  });
});
