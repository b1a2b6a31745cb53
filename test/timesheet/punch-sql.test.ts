// The SQL helpers of the clock-out statement (drizzle/0008_punch_functions.sql) against the
// TypeScript rules they restate: the workweek start (src/domain/workweek.ts), whole worked
// seconds (src/domain/overtime.ts) and hundredths of an hour (src/domain/hours.ts). Any
// difference would split a clock out's hours differently from an admin correction's.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/db/open.ts';
import { secondsToHundredths } from '../../src/domain/hours.ts';
import { workedSeconds } from '../../src/domain/overtime.ts';
import { workweekOf } from '../../src/domain/workweek.ts';
import { openTestDatabase } from '../helpers/app.ts';

// DST at midnight (Havana repeats it, Santiago skips it), half-hour and 45-minute offsets, a
// 30-minute DST (Lord Howe), the southern hemisphere, a zone that skipped a whole day (Apia),
// and a fall-back across midnight that repeats Saturday after Sunday began (St. John's, which
// fell back at 00:01 until 2011), each over the years of 2003-2027 that show it.
const ZONES: Array<[zone: string, fromYear: number]> = [
  ['America/New_York', 2011],
  ['America/Havana', 2011],
  ['America/Santiago', 2011],
  ['America/Sao_Paulo', 2011],
  ['Europe/London', 2011],
  ['Australia/Lord_Howe', 2011],
  ['Asia/Kathmandu', 2011],
  ['Asia/Tehran', 2011],
  ['Pacific/Apia', 2011],
  ['America/St_Johns', 2003],
  ['UTC', 2011],
];

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

describe('payclock_workweek_start', () => {
  it('equals workweekOf(...).start for every week to 2027: its first and last millisecond, the one before it, and three instants inside', async () => {
    for (const [zone, fromYear] of ZONES) {
      const instants: Date[] = [];
      for (let week = workweekOf(new Date(Date.UTC(fromYear, 0, 1)), zone); week.start.getTime() < Date.UTC(2028, 0, 1); week = workweekOf(new Date(week.end.getTime() + 1), zone)) {
        const start = week.start.getTime();
        const inside = start + ((start / 1000) % 604_000) * 1000;
        // Half an hour in: in St. John's before 2011, inside a Saturday hour read again.
        const halfHourIn = new Date(start + 1_800_000);
        instants.push(week.start, new Date(start - 1), week.end, new Date(inside), halfHourIn, new Date(start + 25 * 3_600_000 + 1));
      }
      const rows = await queryRows<{ start: string }>(
        database.db,
        sql`select to_char(payclock_workweek_start(i, ${zone}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as start
            from unnest(${`{${instants.map((i) => i.toISOString()).join(',')}}`}::timestamptz[]) with ordinality as u(i, n) order by n`,
      );
      const mismatches = instants
        .map((instant, n) => ({ instant: instant.toISOString(), sql: rows[n]!.start, ts: workweekOf(instant, zone).start.toISOString() }))
        .filter((row) => row.sql !== row.ts);
      expect({ zone, checked: rows.length, mismatches: mismatches.slice(0, 5) }).toEqual({ zone, checked: instants.length, mismatches: [] });
    }
  }, 120_000);
});

describe('payclock_worked_seconds and payclock_hundredths', () => {
  it('match workedSeconds and secondsToHundredths, millisecond parts and breaks included', async () => {
    const cases: Array<{ clockIn: Date; clockOut: Date; breakMinutes: number }> = [];
    const base = Date.UTC(2026, 2, 2, 13, 0, 0, 123);
    for (let ms = 0; ms < 40_000_000; ms += 97_531) {
      const breakMinutes = (ms / 97_531) % 7 === 0 ? Math.floor(ms / 600_000) : 0;
      cases.push({ clockIn: new Date(base), clockOut: new Date(base + ms), breakMinutes });
    }
    const rows = await queryRows<{ worked: string; hundredths: string }>(
      database.db,
      sql`select payclock_worked_seconds(u.ci, u.co, u.b) as worked, payclock_hundredths(payclock_worked_seconds(u.ci, u.co, u.b)) as hundredths
          from unnest(${`{${cases.map((c) => c.clockIn.toISOString()).join(',')}}`}::timestamptz[],
                      ${`{${cases.map((c) => c.clockOut.toISOString()).join(',')}}`}::timestamptz[],
                      ${`{${cases.map((c) => c.breakMinutes).join(',')}}`}::int[]) with ordinality as u(ci, co, b, n) order by n`,
    );
    const mismatches = cases
      .map((c, n) => ({ ...c, sql: [Number(rows[n]!.worked), Number(rows[n]!.hundredths)], ts: [workedSeconds(c), secondsToHundredths(workedSeconds(c))] }))
      .filter((row) => row.sql[0] !== row.ts[0] || row.sql[1] !== row.ts[1]);
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(rows).toHaveLength(cases.length);
  });
});
