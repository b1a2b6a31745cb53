import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { sumHours } from './hours.ts';
import { allocateEntries, allocateWeek, breakExceedsElapsed, workedSeconds, type Allocation, type WorkEntry } from './overtime.ts';

const HOUR = 3_600_000;

/** Entry starting at local wall time `start` in `zone`, lasting `hours` real hours. */
function entry(id: string, start: string, hours: number | null, breakMinutes = 0, zone = 'UTC'): WorkEntry {
  const clockIn = DateTime.fromISO(start, { zone }).toJSDate();
  const clockOut = hours === null ? null : new Date(clockIn.getTime() + hours * HOUR);
  return { id, clockIn, clockOut, breakMinutes };
}

const pick = (allocations: Allocation[]) =>
  allocations.map(({ id, totalHours, regularHours, overtimeHours }) => [id, totalHours, regularHours, overtimeHours]);

// Sunday 2026-01-04 .. Saturday 2026-01-10: Monday to Friday 8 h, Saturday 5 h.
const week = (): WorkEntry[] => [
  entry('mon', '2026-01-05T09:00', 8),
  entry('tue', '2026-01-06T09:00', 8),
  entry('wed', '2026-01-07T09:00', 8),
  entry('thu', '2026-01-08T09:00', 8),
  entry('fri', '2026-01-09T09:00', 8),
  entry('sat', '2026-01-10T09:00', 5),
];

describe('workedSeconds / breakExceedsElapsed', () => {
  const at = (ms: number) => new Date(Date.UTC(2026, 0, 5, 9) + ms);

  it.each([
    [0, 8 * HOUR, 0, 28_800],
    [0, 8 * HOUR, 30, 27_000],
    [0, 999, 0, 0], // partial seconds are floored
    [0, 1999, 0, 1],
    [500, 2000, 0, 1], // 1.5 s elapsed -> 1 s
    [0, 60_000, 1, 0], // break equal to the elapsed time: 0, allowed
    [0, 60_999, 1, 0],
  ])('in +%i ms, out +%i ms, break %i min -> %i s', (inMs, outMs, breakMinutes, expected) => {
    const e = { clockIn: at(inMs), clockOut: at(outMs), breakMinutes };
    expect(breakExceedsElapsed(e)).toBe(false);
    expect(workedSeconds(e)).toBe(expected);
  });

  it('flags and refuses a break longer than the elapsed time, or a clock out before the clock in', () => {
    for (const e of [
      { clockIn: at(0), clockOut: at(59_999), breakMinutes: 1 },
      { clockIn: at(0), clockOut: at(8 * HOUR), breakMinutes: 481 },
      { clockIn: at(1000), clockOut: at(0), breakMinutes: 0 },
    ]) {
      expect(breakExceedsElapsed(e)).toBe(true);
      expect(() => workedSeconds(e)).toThrow(RangeError);
    }
  });

  it('rejects a negative break', () => {
    expect(() => workedSeconds({ clockIn: at(0), clockOut: at(HOUR), breakMinutes: -1 })).toThrow(RangeError);
  });
});

describe('allocateWeek', () => {
  it('five 8 h days and a 5 h Saturday at 40 h: the Saturday is all overtime', () => {
    expect(pick(allocateWeek(week(), 40))).toEqual([
      ['mon', 8, 8, 0], ['tue', 8, 8, 0], ['wed', 8, 8, 0], ['thu', 8, 8, 0], ['fri', 8, 8, 0], ['sat', 5, 0, 5],
    ]);
  });

  it('reallocates when an earlier day is removed or shortened', () => {
    const withoutTue = week().filter((e) => e.id !== 'tue');
    expect(pick(allocateWeek(withoutTue, 40)).at(-1)).toEqual(['sat', 5, 5, 0]);

    const shortWed = week().map((e) => (e.id === 'wed' ? entry('wed', '2026-01-07T09:00', 6) : e));
    expect(pick(allocateWeek(shortWed, 40)).at(-1)).toEqual(['sat', 5, 2, 3]);

    const longMon = week().map((e) => (e.id === 'mon' ? entry('mon', '2026-01-05T09:00', 10) : e));
    expect(pick(allocateWeek(longMon, 40)).slice(-2)).toEqual([['fri', 8, 6, 2], ['sat', 5, 0, 5]]);
  });

  it('splits the entry that straddles the threshold and orders by clockIn, then id', () => {
    const entries = [entry('b', '2026-01-05T09:00', 30), entry('a', '2026-01-05T09:00', 20, 0)];
    // Same clockIn: 'a' first by id; clockOut differs, so these would overlap in the API, but
    // the ordering rule must still be total.
    expect(pick(allocateWeek(entries, 40))).toEqual([['a', 20, 20, 0], ['b', 30, 20, 10]]);
  });

  it.each([
    [0, [['mon', 8, 0, 8], ['tue', 8, 0, 8]]],
    [8, [['mon', 8, 8, 0], ['tue', 8, 0, 8]]],
    [12.5, [['mon', 8, 8, 0], ['tue', 8, 4.5, 3.5]]],
    [100, [['mon', 8, 8, 0], ['tue', 8, 8, 0]]],
  ])('threshold %s h', (threshold, expected) => {
    expect(pick(allocateWeek(week().slice(0, 2), threshold))).toEqual(expected);
  });

  it('threshold 40 with 39.999 h worked: no overtime seconds, but rounds to 40.00 total', () => {
    const e = entry('x', '2026-01-05T00:00', 39.999);
    const [a] = allocateWeek([e], 40);
    expect(a).toEqual({ id: 'x', workedSeconds: 143_996, totalHours: 40, regularHours: 40, overtimeHours: 0 });
  });

  it('threshold 40 with 40 h 10 s: 10 s of overtime round to 0.00', () => {
    const e = { id: 'x', clockIn: new Date(0), clockOut: new Date((144_000 + 10) * 1000), breakMinutes: 0 };
    expect(pick(allocateWeek([e], 40))).toEqual([['x', 40, 40, 0]]);
    const e2 = { ...e, clockOut: new Date((144_000 + 18) * 1000) };
    expect(pick(allocateWeek([e2], 40))).toEqual([['x', 40.01, 40, 0.01]]);
  });

  it('applies breaks before the threshold', () => {
    const entries = week().map((e) => ({ ...e, breakMinutes: 30 })); // 7.5 h a weekday, 4.5 h Saturday
    expect(pick(allocateWeek(entries, 40)).slice(-2)).toEqual([['fri', 7.5, 7.5, 0], ['sat', 4.5, 2.5, 2]]);
  });

  it('skips open entries, which are not in the result', () => {
    const entries = [...week(), entry('open', '2026-01-10T20:00', null)];
    expect(allocateWeek(entries, 40).map((a) => a.id)).not.toContain('open');
    expect(allocateWeek([entry('open', '2026-01-05T09:00', null)], 40)).toEqual([]);
  });

  it('never returns -0 and rejects an invalid threshold', () => {
    const [a] = allocateWeek([entry('x', '2026-01-05T09:00', 1)], 40);
    expect(Object.is(a?.overtimeHours, 0)).toBe(true);
    expect(() => allocateWeek([], -1)).toThrow(RangeError);
    expect(() => allocateWeek([], Number.NaN)).toThrow(RangeError);
  });

  it('keeps per-entry contract rounding, so weekly regular hours may exceed the threshold by cents', () => {
    // 18 s = 0.005 h -> 0.01, then 39.995 h -> 40.00: exactly 40 h are regular, 40.01 shown.
    const first = { id: 'a', clockIn: new Date(0), clockOut: new Date(18_000), breakMinutes: 0 };
    const second = { id: 'b', clockIn: new Date(60_000), clockOut: new Date(60_000 + 143_982_000), breakMinutes: 0 };
    const result = allocateWeek([first, second], 40);
    expect(pick(result)).toEqual([['a', 0.01, 0.01, 0], ['b', 40, 40, 0]]);
    expect(sumHours(result.map((a) => a.regularHours))).toBe(40.01);
  });

  // A week of up to 12 non-overlapping entries with arbitrary second-level lengths and breaks.
  const entriesArb = fc
    .array(fc.record({
      gap: fc.integer({ min: 0, max: 4 * 3600 }),
      seconds: fc.integer({ min: 0, max: 14 * 3600 }),
      breakMinutes: fc.integer({ min: 0, max: 90 }),
      open: fc.boolean(),
    }), { maxLength: 12 })
    .map((specs) => {
      let t = Date.UTC(2026, 0, 4);
      return specs.map((s, i): WorkEntry => {
        const clockIn = new Date((t += s.gap * 1000));
        const elapsed = s.seconds * 1000 + s.breakMinutes * 60_000 + (i % 3) * 250; // odd ms too
        t += elapsed;
        return { id: `e${i}`, clockIn, clockOut: s.open ? null : new Date(t), breakMinutes: s.breakMinutes };
      });
    });
  const thresholdArb = fc.oneof(fc.constant(0), fc.constant(40), fc.integer({ min: 0, max: 8000 }).map((c) => c / 100));
  const cents = (h: number) => Math.round(h * 100);

  it('properties: per-entry sums, threshold, totals, permutation independence', () => {
    fc.assert(fc.property(entriesArb, thresholdArb, fc.integer(), (entries, threshold, seed) => {
      const result = allocateWeek(entries, threshold);
      const closed = entries.filter((e) => e.clockOut !== null);
      expect(result.map((a) => a.id)).toEqual(closed.map((e) => e.id)); // sorted by clockIn

      let regularSeconds = 0;
      let running = 0;
      const thresholdSeconds = Math.round(threshold * 3600);
      for (const a of result) {
        expect(cents(a.regularHours) + cents(a.overtimeHours)).toBe(cents(a.totalHours));
        expect(a.overtimeHours).toBeGreaterThanOrEqual(0);
        expect(Object.is(a.overtimeHours, -0)).toBe(false);
        // Exact split recomputed: regular seconds of this entry, rounded on their own.
        const regular = Math.max(0, Math.min(a.workedSeconds, thresholdSeconds - running));
        running += a.workedSeconds;
        regularSeconds += regular;
        expect(cents(a.regularHours)).toBe(Math.floor(regular / 36) + (regular % 36 >= 18 ? 1 : 0));
      }
      expect(regularSeconds).toBeLessThanOrEqual(thresholdSeconds);
      // Rounded regular may exceed the threshold by at most half a cent per entry.
      expect(cents(sumHours(result.map((a) => a.regularHours)))).toBeLessThanOrEqual(
        Math.round(threshold * 100) + Math.ceil(result.length / 2));
      if (threshold === 0) expect(result.every((a) => a.regularHours === 0)).toBe(true);

      const total = sumHours(result.map((a) => a.totalHours));
      expect(sumHours([sumHours(result.map((a) => a.regularHours)), sumHours(result.map((a) => a.overtimeHours))])).toBe(total);
      expect(result.reduce((acc, a) => acc + a.workedSeconds, 0)).toBe(
        closed.reduce((acc, e) => acc + workedSeconds({ ...e, clockOut: e.clockOut! }), 0));

      // Any permutation of the input gives the same allocation.
      const shuffled = [...entries]
        .map((e, i) => ({ e, k: Math.imul(seed ^ (i + 1), 2654435761) >>> 0 }))
        .sort((x, y) => x.k - y.k)
        .map(({ e }) => e);
      expect(allocateWeek(shuffled, threshold)).toEqual(result);
    }), { numRuns: 500 });
  });
});

describe('allocateEntries', () => {
  it('each week starts its own running sum', () => {
    const twoWeeks = [...week(), ...week().map((e) => ({
      ...e, id: `next-${e.id}`,
      clockIn: new Date(e.clockIn.getTime() + 7 * 24 * HOUR),
      clockOut: new Date(e.clockOut!.getTime() + 7 * 24 * HOUR),
    }))].reverse();
    const result = allocateEntries(twoWeeks, 40, 'UTC');
    expect(result.map((a) => a.id)).toEqual([...week().map((e) => e.id), ...week().map((e) => `next-${e.id}`)]);
    expect(result.filter((a) => a.overtimeHours > 0).map((a) => [a.id, a.overtimeHours])).toEqual([['sat', 5], ['next-sat', 5]]);
  });

  it('Saturday 23:30 in Los Angeles (Sunday 07:30 UTC) belongs to the week that began the previous Sunday', () => {
    const zone = 'America/Los_Angeles';
    const days = ['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09']
      .map((d, i) => entry(`d${i}`, `${d}T09:00`, 8, 0, zone));
    const late = entry('late', '2026-01-10T23:30', 2, 0, zone);
    expect(late.clockIn.toISOString()).toBe('2026-01-11T07:30:00.000Z');
    const result = allocateEntries([...days, late], 40, zone);
    expect(result.at(-1)).toMatchObject({ id: 'late', totalHours: 2, regularHours: 0, overtimeHours: 2 });
    // In UTC the same instant is a Sunday, a new week: no overtime.
    expect(allocateEntries([...days, late], 40, 'UTC').at(-1)).toMatchObject({ id: 'late', overtimeHours: 0 });
  });

  it('counts real elapsed time across a spring-forward (7 h) and a fall-back (9 h)', () => {
    const zone = 'America/New_York';
    const local = (s: string) => DateTime.fromISO(s, { zone }).toJSDate();
    const spring: WorkEntry = { id: 's', clockIn: local('2026-03-07T22:00'), clockOut: local('2026-03-08T06:00'), breakMinutes: 0 };
    const fall: WorkEntry = { id: 'f', clockIn: local('2026-10-31T22:00'), clockOut: local('2026-11-01T06:00'), breakMinutes: 0 };
    expect(workedSeconds({ ...spring, clockOut: spring.clockOut! })).toBe(7 * 3600);
    expect(workedSeconds({ ...fall, clockOut: fall.clockOut! })).toBe(9 * 3600);
    // Both clock in on a Saturday: they belong to the week ending that night, and at a 5 h
    // threshold the overtime shows the real hours.
    expect(pick(allocateEntries([spring, fall], 5, zone))).toEqual([['s', 7, 5, 2], ['f', 9, 5, 4]]);
    // Clocking in later that Sunday puts an entry in the new (167 h) week: its own running sum.
    const sunday: WorkEntry = { id: 'sun', clockIn: local('2026-03-08T07:00'), clockOut: local('2026-03-08T10:00'), breakMinutes: 0 };
    expect(pick(allocateEntries([spring, sunday], 5, zone))).toEqual([['s', 7, 5, 2], ['sun', 3, 3, 0]]);
  });

  it('is independent of input order and matches allocateWeek per week (property)', () => {
    const zone = 'America/New_York';
    const entriesArb = fc.uniqueArray(
      fc.record({
        start: fc.integer({ min: Date.UTC(2026, 2, 1), max: Date.UTC(2026, 2, 28) }),
        seconds: fc.integer({ min: 0, max: 12 * 3600 }),
      }),
      { selector: (s) => s.start, maxLength: 15 },
    ).map((specs) => specs.map((s, i): WorkEntry => ({
      id: `e${i}`, clockIn: new Date(s.start), clockOut: new Date(s.start + s.seconds * 1000), breakMinutes: 0,
    })));
    fc.assert(fc.property(entriesArb, (entries) => {
      const result = allocateEntries(entries, 20, zone);
      expect(allocateEntries([...entries].reverse(), 20, zone)).toEqual(result);
      const sorted = [...entries].sort((a, b) => a.clockIn.getTime() - b.clockIn.getTime());
      expect(result.map((a) => a.id)).toEqual(sorted.map((e) => e.id));
      expect(result.reduce((acc, a) => acc + a.workedSeconds, 0)).toBe(
        entries.reduce((acc, e) => acc + (e.clockOut!.getTime() - e.clockIn.getTime()) / 1000, 0));
    }));
  });
});
