// One open entry per employee (docs/time-rules.md §7): concurrent clock-ins of one employee, on two service instances sharing one
// PostgreSQL database, leave exactly one open entry; the partial unique index decides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { timeEntries } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { client } from '../helpers/http.ts';
import { ENTRY, employeeTenant } from './fixtures.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('POST /api/v1/employee/timesheet/entry on two instances', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    // Two apps, each with its own connection pool: two service instances on one database.
    first = await createTestApp();
    second = await createTestApp();
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('answers 100 concurrent clock-ins with one 200 and 99 Already clocked in, leaving one open entry', async () => {
    const { employee, token } = await employeeTenant(first.db, first.tokens);
    const apis = [client(first.app), client(second.app)];
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => apis[i % 2]!.post(ENTRY, { action: 'clock_in', clockInDevice: `kiosk-${i}` }, { token })),
    );
    const ok = results.filter((r) => r.status === 200);
    const rejected = results.filter((r) => r.status === 400 && r.body.error === 'Already clocked in');
    expect(ok).toHaveLength(1);
    expect(rejected).toHaveLength(99);
    const openId = ok[0]!.body.data.timeEntry.id;
    expect(rejected.every((r) => r.body.data?.openTimeEntry?.id === openId)).toBe(true);
    const open = await first.db
      .select()
      .from(timeEntries)
      .where(and(eq(timeEntries.employeeId, employee.id), isNull(timeEntries.clockOut)));
    expect(open.map((row) => row.id)).toEqual([openId]);
    const all = await first.db.select().from(timeEntries).where(eq(timeEntries.employeeId, employee.id));
    expect(all).toHaveLength(1);
  });
});
