// A clock out leaves its whole workweek allocated exactly as src/domain/overtime.ts
// allocateWeek says (docs/time-rules.md §8, §9), whatever the week held before: earlier entries
// already allocated under the current threshold (payclock_clock_out then computes only its own
// split, drizzle/0009_clock_out_own_split.sql), allocated under another threshold, or never
// allocated (then the whole week is allocated again). Random weeks from a fixed seed, alone and
// in batches, on both engines.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database, type Db } from '../../src/db/open.ts';
import { allocateWeek, type WorkEntry } from '../../src/domain/overtime.ts';
import { closeOpenEntries } from '../../src/modules/timesheet/clock-batch.repository.ts';
import { closeOpenEntry, type ClockOutValues } from '../../src/modules/timesheet/clock.repository.ts';
import { openTestDatabase } from '../helpers/app.ts';
import { createCompany, createEmployee, createOrg, createTimeEntry } from '../helpers/factories.ts';

/** mulberry32: the same weeks on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Stored = 'current' | 'other threshold' | 'never' | 'one missing';

interface Case {
  threshold: number;
  stored: Stored;
  earlier: WorkEntry[];
  open: { clockIn: Date; clockOut: Date; breakMinutes: number | null };
}

// Monday 2026-04-06 00:00 in Chicago (CDT, UTC-5); the week began on Sunday 2026-04-05 05:00Z.
const MONDAY = Date.parse('2026-04-06T05:00:00.000Z');
const THRESHOLDS = [0, 7.5, 20, 37.25, 40];

function makeCase(next: () => number, stored: Stored): Case {
  const threshold = THRESHOLDS[Math.floor(next() * THRESHOLDS.length)]!;
  let at = MONDAY + Math.floor(next() * 3_600_000);
  const earlier: WorkEntry[] = [];
  const count = Math.floor(next() * 9);
  for (let i = 0; i < count; i++) {
    const minutes = 1 + Math.floor(next() * 600);
    const clockIn = new Date(at + Math.floor(next() * 999));
    const clockOut = new Date(clockIn.getTime() + minutes * 60_000 + Math.floor(next() * 59_999));
    earlier.push({ id: randomUUID(), clockIn, clockOut, breakMinutes: next() < 0.5 ? 0 : Math.floor(next() * Math.min(minutes, 60)) });
    at = clockOut.getTime() + 60_000 + Math.floor(next() * 7_200_000);
  }
  const clockIn = new Date(at);
  const worked = 30 * 60_000 + Math.floor(next() * 10 * 3_600_000);
  return { threshold, stored, earlier, open: { clockIn, clockOut: new Date(at + worked), breakMinutes: next() < 0.5 ? null : Math.floor(next() * 30) } };
}

describe('a clock out allocates its week as allocateWeek does', () => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
  });
  afterAll(async () => database?.close());

  /** The employee and the week as `c` says, with earlier figures stored the way `c.stored` says. */
  async function arrange(c: Case) {
    const org = await createOrg(db, { timezone: 'America/Chicago', overtimeThreshold: String(c.threshold) } as never);
    const company = await createCompany(db, { bookkeeperOrgId: org.id });
    const employee = await createEmployee(db, { companyId: company.id });
    const other = THRESHOLDS.find((t) => t !== c.threshold)!;
    const figures = new Map(allocateWeek(c.earlier, c.stored === 'other threshold' ? other : c.threshold).map((a) => [a.id, a]));
    for (const [index, entry] of c.earlier.entries()) {
      const a = figures.get(entry.id)!;
      const blank = c.stored === 'never' || (c.stored === 'one missing' && index === c.earlier.length - 1);
      await createTimeEntry(db, {
        id: entry.id,
        employeeId: employee.id,
        companyId: company.id,
        clockIn: entry.clockIn,
        clockOut: entry.clockOut,
        breakMinutes: entry.breakMinutes,
        ...(blank ? {} : { workedSeconds: a.workedSeconds, totalHours: String(a.totalHours), regularHours: String(a.regularHours), overtimeHours: String(a.overtimeHours) }),
      } as never);
    }
    const open = await createTimeEntry(db, { employeeId: employee.id, companyId: company.id, clockIn: c.open.clockIn, breakMinutes: c.open.breakMinutes ?? 5 });
    const values: ClockOutValues = {
      credential: { userId: employee.id, hash: 'f'.repeat(64), issuedAtMs: Date.now() },
      now: c.open.clockOut,
      recordedAt: c.open.clockOut,
      offline: false,
      breakMinutes: c.open.breakMinutes,
      notes: null,
      clockOutIp: null,
    };
    const week = [...c.earlier, { id: open.id, clockIn: c.open.clockIn, clockOut: c.open.clockOut, breakMinutes: c.open.breakMinutes ?? 5 }];
    return { employee, values, expected: allocateWeek(week, c.threshold), openId: open.id };
  }

  async function storedWeek(employeeId: string) {
    const rows = await queryRows<{ id: string; worked_seconds: number; total_hours: string; regular_hours: string; overtime_hours: string }>(
      db,
      sql`select id, worked_seconds, total_hours, regular_hours, overtime_hours from time_entries where employee_id = ${employeeId}::uuid order by clock_in, id`,
    );
    return rows.map((r) => ({ id: r.id, workedSeconds: r.worked_seconds, totalHours: Number(r.total_hours), regularHours: Number(r.regular_hours), overtimeHours: Number(r.overtime_hours) }));
  }

  const kinds: Stored[] = ['current', 'current', 'other threshold', 'never', 'one missing'];

  it('one clock out at a time: 60 random weeks', async () => {
    const next = random(19);
    for (let i = 0; i < 60; i++) {
      const c = makeCase(next, kinds[i % kinds.length]!);
      const { employee, values, expected, openId } = await arrange(c);
      const outcome = await closeOpenEntry(db, values);
      expect(outcome.outcome, JSON.stringify(c)).toBe('closed');
      const closing = expected.find((a) => a.id === openId)!;
      expect([outcome.entry?.totalHours, outcome.entry?.regularHours, outcome.entry?.overtimeHours]).toEqual([closing.totalHours, closing.regularHours, closing.overtimeHours]);
      expect(await storedWeek(employee.id), `case ${i}: ${c.stored} at ${c.threshold} h`).toEqual(expected);
    }
  });

  it('in batches of 6: 36 random weeks', async () => {
    const next = random(23);
    for (let round = 0; round < 6; round++) {
      const arranged = [];
      for (let i = 0; i < 6; i++) arranged.push(await arrange(makeCase(next, kinds[(round + i) % kinds.length]!)));
      const outcomes = await closeOpenEntries(
        db,
        arranged.map((a) => a.values),
      );
      expect(outcomes.map((o) => o.outcome)).toEqual(Array(6).fill('closed'));
      for (const a of arranged) expect(await storedWeek(a.employee.id)).toEqual(a.expected);
    }
  });
});
