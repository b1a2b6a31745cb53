// Locked pay periods never change. Overtime reallocation rewrites every closed entry of a
// workweek, and a week can span a locked period and an unlocked one: an edit, a clock out or
// any other write whose reallocation would change an entry of the locked period is refused
// with 400 `Pay period locked`, and nothing changes. "An entry of a locked period" is one
// linked to it (pay_period_id); see src/modules/time-entries/allocation.ts for why an unlinked
// entry inside a locked period is not one.
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { auditLogs, timeEntries } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createPayPeriod } from '../helpers/factories.ts';
import { client, employeeToken, type ApiResponse } from '../helpers/http.ts';
import { LockWatcher, tracked } from '../helpers/lock-waits.ts';
import { adminTenant, BASE, hoursOf, postEntry } from './support.ts';

let t: TestApp;
// After the week below, so every entry of it lies in the past.
const AFTER_THE_WEEK = new Date('2026-10-20T12:00:00.000Z');
const clock = new ManualClock(AFTER_THE_WEEK);
const HOUR = 3_600_000;
const ENTRY = '/api/v1/employee/timesheet/entry';
const PERIODS = '/api/v1/admin/pay-periods';

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => t.close());

const api = () => client(t.app);

// America/New_York, EDT (UTC-4). The workweek is Sun 2026-10-04 .. Sat 2026-10-10; day d of it
// (0 = Sunday) starts at 04:00Z on October 4 + d.
const dayStart = (day: number) => Date.UTC(2026, 9, 4 + day, 4);
const at = (day: number, localHour: number) => new Date(dayStart(day) + localHour * HOUR);
const iso = (day: number, localHour: number) => at(day, localHour).toISOString();

/** A tenant whose week is split in two pay periods: Sunday .. day `lastDayOfFirst`, and the rest of the week. */
async function splitWeek(overtimeThreshold: number, lastDayOfFirst: number) {
  const tenant = await adminTenant(t, { timezone: 'America/New_York', overtimeThreshold });
  const first = await createPayPeriod(t.db, {
    companyId: tenant.company.id,
    startDate: new Date(dayStart(0)),
    endDate: new Date(dayStart(lastDayOfFirst + 1) - 1),
  });
  const second = await createPayPeriod(t.db, {
    companyId: tenant.company.id,
    startDate: new Date(dayStart(lastDayOfFirst + 1)),
    endDate: new Date(dayStart(7) - 1),
  });
  return { ...tenant, first, second, employeeToken: await employeeToken(t.tokens, tenant.employee) };
}

async function setLocked(token: string, periodId: string, locked: boolean) {
  const res = await api().put(`${PERIODS}/${periodId}`, { locked }, { token });
  expect(res.status).toBe(200);
}

/** Every column of the employee's entries, in a stable order. */
async function entriesOf(employeeId: string) {
  return t.db.select().from(timeEntries).where(eq(timeEntries.employeeId, employeeId)).orderBy(asc(timeEntries.clockIn), asc(timeEntries.id));
}

async function entriesOfPeriod(periodId: string) {
  return t.db.select().from(timeEntries).where(eq(timeEntries.payPeriodId, periodId)).orderBy(asc(timeEntries.id));
}

function expectLocked(res: ApiResponse) {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ success: false, error: 'Pay period locked' });
}

describe('admin corrections next to a locked pay period of the same workweek', () => {
  it('refuses a change, a create and a delete whose reallocation would alter the locked entries, and lets the others through', async () => {
    // Threshold 20: Monday 8 + Tuesday 8 leave Thursday (second period) 4 regular + 4 overtime.
    const w = await splitWeek(20, 3);
    const monday = await postEntry(t, w.token, w.employee.id, iso(1, 9), iso(1, 17));
    const tuesday = await postEntry(t, w.token, w.employee.id, iso(2, 9), iso(2, 17));
    const thursday = await postEntry(t, w.token, w.employee.id, iso(4, 9), iso(4, 17));
    expect([monday.payPeriodId, thursday.payPeriodId]).toEqual([w.first.id, w.second.id]);
    expect(await hoursOf(t, w.token, thursday.id)).toEqual([8, 4, 4]);
    await setLocked(w.token, w.second.id, true);
    const before = await entriesOf(w.employee.id);

    expectLocked(await api().put(`${BASE}/${monday.id}`, { clockOut: iso(1, 15) }, { token: w.token }));
    expectLocked(await api().post(BASE, { employeeId: w.employee.id, clockIn: iso(3, 9), clockOut: iso(3, 11) }, { token: w.token }));
    expectLocked(await api().delete(`${BASE}/${tuesday.id}`, { token: w.token }));
    expect(await entriesOf(w.employee.id)).toEqual(before);
    const audits = await t.db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.entityId, monday.id));
    expect(audits.map((row) => row.action)).toEqual(['time_entry.create']);

    // Changes that leave Thursday's figures as they are go through.
    const notes = await api().put(`${BASE}/${monday.id}`, { notes: 'checked' }, { token: w.token });
    expect(notes.status).toBe(200);
    const moved = await api().put(`${BASE}/${monday.id}`, { clockIn: iso(1, 10), clockOut: iso(1, 18) }, { token: w.token });
    expect(moved.status).toBe(200);
    expect(await entriesOfPeriod(w.second.id)).toEqual(before.filter((entry) => entry.payPeriodId === w.second.id));

    // Unlocked again, the same change reallocates Thursday.
    await setLocked(w.token, w.second.id, false);
    const shortened = await api().put(`${BASE}/${monday.id}`, { clockOut: iso(1, 16) }, { token: w.token });
    expect(shortened.status).toBe(200);
    expect(await hoursOf(t, w.token, thursday.id)).toEqual([8, 6, 2]);
  });
});

describe('POST /api/v1/employee/timesheet/entry clock_out with a locked pay period', () => {
  it('refuses to close an entry linked to a period locked since the clock in, and changes nothing', async () => {
    const w = await splitWeek(40, 3);
    try {
      clock.set(at(1, 9));
      const clockIn = await api().post(ENTRY, { action: 'clock_in' }, { token: w.employeeToken });
      expect(clockIn.status).toBe(200);
      expect(clockIn.body.data.timeEntry.payPeriodId).toBe(w.first.id);
      await setLocked(w.token, w.first.id, true);
      const before = await entriesOf(w.employee.id);

      clock.set(at(1, 17));
      expectLocked(await api().post(ENTRY, { action: 'clock_out', breakMinutes: 30, notes: 'done' }, { token: w.employeeToken }));
      expect(await entriesOf(w.employee.id)).toEqual(before);
      expect(before[0]).toMatchObject({ clockOut: null, totalHours: null, breakMinutes: 0, notes: null });

      await setLocked(w.token, w.first.id, false);
      const closed = await api().post(ENTRY, { action: 'clock_out', breakMinutes: 30 }, { token: w.employeeToken });
      expect(closed.status).toBe(200);
      expect(closed.body.data.summary).toEqual({ totalHours: 7.5, regularHours: 7.5, overtimeHours: 0, breakMinutes: 30 });
    } finally {
      clock.set(AFTER_THE_WEEK);
    }
  });

  it('closes an entry clocked in while the covering period was locked: it is linked to no period', async () => {
    const w = await splitWeek(40, 3);
    await setLocked(w.token, w.first.id, true);
    try {
      clock.set(at(2, 9));
      const clockIn = await api().post(ENTRY, { action: 'clock_in' }, { token: w.employeeToken });
      expect(clockIn.status).toBe(200);
      expect(clockIn.body.data.timeEntry.payPeriodId).toBeNull();
      clock.set(at(2, 13));
      const closed = await api().post(ENTRY, { action: 'clock_out' }, { token: w.employeeToken });
      expect(closed.status).toBe(200);
      expect(closed.body.data.summary.totalHours).toBe(4);
    } finally {
      clock.set(AFTER_THE_WEEK);
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a correction racing the lock of a period it would reallocate (PostgreSQL)', () => {
  it('waits for the lock to commit, then refuses with 400 Pay period locked', async () => {
    const w = await splitWeek(20, 3);
    const monday = await postEntry(t, w.token, w.employee.id, iso(1, 9), iso(1, 17));
    await postEntry(t, w.token, w.employee.id, iso(2, 9), iso(2, 17));
    await postEntry(t, w.token, w.employee.id, iso(4, 9), iso(4, 17));
    const before = await entriesOfPeriod(w.second.id);

    // A lock toggle in progress, as PUT /admin/pay-periods/{id} does it: the row FOR UPDATE, then the change.
    const url = process.env.TEST_DATABASE_URL!;
    const side = new pg.Client({ connectionString: url });
    await side.connect();
    const watcher = await LockWatcher.connect(url);
    try {
      await side.query('begin');
      await side.query('select 1 from pay_periods where id = $1 for update', [w.second.id]);
      const edit = tracked(api().put(`${BASE}/${monday.id}`, { clockOut: iso(1, 15) }, { token: w.token }));
      // The edit waits for the period (its reallocation reads Thursday's period FOR KEY SHARE).
      await watcher.untilSettledOrWaiting(edit, '%from time_entries te%');
      await side.query('update pay_periods set locked = true where id = $1', [w.second.id]);
      await side.query('commit');
      expectLocked(await edit.promise);
    } finally {
      await side.end();
      await watcher.close();
    }
    expect(await entriesOfPeriod(w.second.id)).toEqual(before);
  });
});

/** One write of the random sequences. Indexes pick among the employee's entries at that moment. */
type Op =
  | { kind: 'create'; day: number; hour: number; hours: number; breakMinutes: number }
  | { kind: 'update'; index: number; day: number; hour: number; hours: number }
  | { kind: 'shorten'; index: number; hours: number }
  | { kind: 'notes'; index: number }
  | { kind: 'delete'; index: number }
  | { kind: 'clock'; day: number; hour: number; hours: number; breakMinutes: number };

const day = fc.integer({ min: 0, max: 6 });
const hour = fc.integer({ min: 0, max: 14 });
const hours = fc.integer({ min: 1, max: 9 });
const index = fc.nat(20);
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), day, hour, hours, breakMinutes: fc.constantFrom(0, 30) }),
  fc.record({ kind: fc.constant('update' as const), index, day, hour, hours }),
  fc.record({ kind: fc.constant('shorten' as const), index, hours }),
  fc.record({ kind: fc.constant('notes' as const), index }),
  fc.record({ kind: fc.constant('delete' as const), index }),
  fc.record({ kind: fc.constant('clock' as const), day, hour, hours, breakMinutes: fc.constantFrom(0, 45) }),
);

describe('random edits around a locked pay period (property)', () => {
  it('never change an entry of the locked period, and a refused write changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          threshold: fc.constantFrom(0, 8, 16, 30),
          lastDayOfFirst: fc.integer({ min: 0, max: 5 }),
          lockSecond: fc.boolean(),
          initial: fc.array(fc.record({ day, hour, hours }), { minLength: 1, maxLength: 5 }),
          ops: fc.array(opArbitrary, { minLength: 1, maxLength: 8 }),
        }),
        async ({ threshold, lastDayOfFirst, lockSecond, initial, ops }) => {
          const w = await splitWeek(threshold, lastDayOfFirst);
          for (const e of initial) {
            // Overlapping starting entries are refused; the others make the week.
            await api().post(BASE, { employeeId: w.employee.id, clockIn: iso(e.day, e.hour), clockOut: iso(e.day, e.hour + e.hours) }, { token: w.token });
          }
          const locked = lockSecond ? w.second : w.first;
          await setLocked(w.token, locked.id, true);
          const lockedEntries = await entriesOfPeriod(locked.id);

          /** Sends one request; a refusal must leave every entry of the employee as it was. */
          const write = async (send: () => Promise<ApiResponse>) => {
            const before = await entriesOf(w.employee.id);
            const res = await send();
            expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
            if (res.status >= 400) expect(await entriesOf(w.employee.id)).toEqual(before);
            return res;
          };
          const pick = async (i: number) => {
            const entries = await entriesOf(w.employee.id);
            return entries.length ? entries[i % entries.length]! : undefined;
          };

          for (const op of ops) {
            if (op.kind === 'create') {
              const body = { employeeId: w.employee.id, clockIn: iso(op.day, op.hour), clockOut: iso(op.day, op.hour + op.hours), breakMinutes: op.breakMinutes };
              await write(() => api().post(BASE, body, { token: w.token }));
            } else if (op.kind === 'clock') {
              try {
                clock.set(at(op.day, op.hour));
                await write(() => api().post(ENTRY, { action: 'clock_in' }, { token: w.employeeToken }));
                clock.set(at(op.day, op.hour + op.hours));
                await write(() => api().post(ENTRY, { action: 'clock_out', breakMinutes: op.breakMinutes }, { token: w.employeeToken }));
              } finally {
                clock.set(AFTER_THE_WEEK);
              }
            } else {
              const entry = await pick(op.index);
              if (!entry) continue;
              const url = `${BASE}/${entry.id}`;
              if (op.kind === 'delete') await write(() => api().delete(url, { token: w.token }));
              else if (op.kind === 'notes') await write(() => api().put(url, { notes: `note ${op.index}` }, { token: w.token }));
              else if (op.kind === 'shorten') {
                const clockOut = new Date(entry.clockIn.getTime() + (op.hours * HOUR) / 2).toISOString();
                await write(() => api().put(url, { clockOut }, { token: w.token }));
              } else {
                await write(() => api().put(url, { clockIn: iso(op.day, op.hour), clockOut: iso(op.day, op.hour + op.hours) }, { token: w.token }));
              }
            }
            expect(await entriesOfPeriod(locked.id)).toEqual(lockedEntries);
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
