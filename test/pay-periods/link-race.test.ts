// A clock in racing the creation of the pay period that covers it ends up linked to that
// period: neither transaction sees the other's uncommitted row, so the database must make the
// second one wait and look again. PostgreSQL only: PGlite has one connection.
//
// Each round holds one side open at a chosen point with a row lock taken from a separate
// connection, starts the other side, and lets go once the other side has finished or is
// waiting on the database. "Period held" stops the create inside its linking UPDATE (a decoy
// entry of the company is row-locked); "clock in held" stops the clock in's INSERT at its
// foreign-key check (the employee row is locked). Free-running rounds race both requests on
// two service instances sharing the database.
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeEntries } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAdmin, createCompany, createEmployee, createOrg, createTimeEntry } from '../helpers/factories.ts';
import { adminToken, client, employeeToken, type ApiResponse } from '../helpers/http.ts';
import { LockWatcher, tracked } from '../helpers/lock-waits.ts';
import { URL } from './fixtures.ts';

const ENTRY = '/api/v1/employee/timesheet/entry';
const url = process.env.TEST_DATABASE_URL;
const HOUR = 3_600_000;

describe.skipIf(!url)('a clock in racing POST /api/v1/admin/pay-periods (PostgreSQL)', () => {
  let first: TestApp;
  let second: TestApp;
  /** Holds the row locks. */
  let side: pg.Client;
  let watcher: LockWatcher;

  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({ database: first.database });
    side = new pg.Client({ connectionString: url });
    await side.connect();
    watcher = await LockWatcher.connect(url!);
  });
  afterAll(async () => {
    await side?.end();
    await watcher?.close();
    await second?.close();
    await first?.close();
  });

  /** A company with an admin, an employee who will clock in, and a closed unlinked decoy entry of a colleague. */
  async function round() {
    const org = await createOrg(first.db);
    const admin = await createAdmin(first.db, { bookkeeperOrgId: org.id });
    const company = await createCompany(first.db, { bookkeeperOrgId: org.id });
    const employee = await createEmployee(first.db, { companyId: company.id });
    const colleague = await createEmployee(first.db, { companyId: company.id });
    const now = Date.now();
    const decoy = await createTimeEntry(first.db, {
      employeeId: colleague.id,
      companyId: company.id,
      clockIn: new Date(now - 2 * HOUR),
      clockOut: new Date(now - HOUR),
    });
    const periodBody = {
      companyId: company.id,
      periodType: 'WEEKLY',
      startDate: new Date(now - 24 * HOUR).toISOString(),
      endDate: new Date(now + 24 * HOUR).toISOString(),
    };
    return {
      company,
      employee,
      decoy,
      createPeriod: async (app: TestApp) => client(app.app).post(URL, periodBody, { token: await adminToken(app.tokens, admin) }),
      clockIn: async (app: TestApp, who = employee) => client(app.app).post(ENTRY, { action: 'clock_in' }, { token: await employeeToken(app.tokens, who) }),
      colleague,
      /** An admin correction of the employee, a closed entry a minute long ending now. */
      createEntry: async (app: TestApp) =>
        client(app.app).post(
          '/api/v1/admin/time-entries',
          { employeeId: employee.id, clockIn: new Date(now - 60_000).toISOString(), clockOut: new Date(now).toISOString() },
          { token: await adminToken(app.tokens, admin) },
        ),
    };
  }

  /** Every entry of the company, after both requests: each must be linked to the one period. */
  async function expectAllLinked(companyId: string, periodId: string) {
    const rows = await first.db.select({ payPeriodId: timeEntries.payPeriodId }).from(timeEntries).where(eq(timeEntries.companyId, companyId));
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.map((row) => row.payPeriodId)).toEqual(rows.map(() => periodId));
  }

  interface Step {
    run: () => Promise<ApiResponse>;
    /** The query it runs while it waits on a lock. */
    waitsIn: string;
  }

  /**
   * Holds `held` on the database (`holdSql` locks a row it needs), runs `racer` while `held`
   * waits, lets go once `racer` has finished or waits too, and returns both answers.
   */
  async function raceAgainstHeld(holdSql: string, holdId: string, held: Step, racer: Step): Promise<[ApiResponse, ApiResponse]> {
    await side.query('begin');
    await side.query(holdSql, [holdId]);
    const heldRequest = tracked(held.run());
    await watcher.untilSettledOrWaiting(heldRequest, held.waitsIn);
    expect(heldRequest.settled).toBe(false);
    const racing = tracked(racer.run());
    await watcher.untilSettledOrWaiting(racing, racer.waitsIn);
    await side.query('commit');
    return Promise.all([heldRequest.promise, racing.promise]);
  }

  it('links the entry when the clock in runs while the create is linking (20 rounds)', async () => {
    for (let i = 0; i < 20; i++) {
      const r = await round();
      const [created, clocked] = await raceAgainstHeld(
        'select 1 from time_entries where id = $1 for update',
        r.decoy.id,
        { run: () => r.createPeriod(first), waitsIn: '%update "time_entries"%' },
        { run: () => r.clockIn(second), waitsIn: '%insert into time_entries%' },
      );
      expect(created.status).toBe(201);
      expect(clocked.status).toBe(200);
      await expectAllLinked(r.company.id, created.body.data.id);
    }
  });

  it('links the entry when the create runs while the clock in is inserting (20 rounds)', async () => {
    for (let i = 0; i < 20; i++) {
      const r = await round();
      const [clocked, created] = await raceAgainstHeld(
        'select 1 from employees where id = $1 for update',
        r.employee.id,
        { run: () => r.clockIn(second), waitsIn: '%insert into time_entries%' },
        { run: () => r.createPeriod(first), waitsIn: '%pay_period%' },
      );
      expect(created.status).toBe(201);
      expect(clocked.status).toBe(200);
      await expectAllLinked(r.company.id, created.body.data.id);
    }
  });

  it('links every entry when clock in and create race freely on two instances (40 rounds)', async () => {
    for (let i = 0; i < 40; i++) {
      const r = await round();
      const [created, clocked] = await Promise.all([r.createPeriod(i % 2 ? first : second), r.clockIn(i % 2 ? second : first)]);
      expect(created.status).toBe(201);
      expect(clocked.status).toBe(200);
      await expectAllLinked(r.company.id, created.body.data.id);
    }
  });

  it('links the entry when an admin correction and the create race freely on two instances (20 rounds)', async () => {
    for (let i = 0; i < 20; i++) {
      const r = await round();
      const [created, entry] = await Promise.all([r.createPeriod(i % 2 ? first : second), r.createEntry(i % 2 ? second : first)]);
      expect(created.status).toBe(201);
      expect(entry.status).toBe(201);
      await expectAllLinked(r.company.id, created.body.data.id);
    }
  });

  it('lets clock-ins of a company without a current period run side by side (the link lock is shared among them)', async () => {
    const r = await round();
    await side.query('begin');
    await side.query('select 1 from employees where id = $1 for update', [r.employee.id]);
    const held = tracked(r.clockIn(first));
    try {
      await watcher.untilSettledOrWaiting(held, '%insert into time_entries%');
      expect(held.settled).toBe(false);
      const colleague = await r.clockIn(second, r.colleague);
      expect(colleague.status).toBe(200);
      expect(held.settled).toBe(false);
    } finally {
      await side.query('commit');
    }
    expect((await held.promise).status).toBe(200);
  });
});
