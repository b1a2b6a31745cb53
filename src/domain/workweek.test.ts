import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { isValidTimeZone, workweekOf } from './workweek.ts';

const HOUR = 3_600_000;
const iso = (d: Date) => d.toISOString();
const hoursIn = (w: { start: Date; end: Date }) => (w.end.getTime() + 1 - w.start.getTime()) / HOUR;

describe('isValidTimeZone', () => {
  it.each(['UTC', 'Etc/UTC', 'America/New_York', 'Asia/Tokyo', 'Pacific/Auckland', 'Etc/GMT+5', 'Asia/Calcutta'])(
    'accepts %s', (name) => expect(isValidTimeZone(name)).toBe(true));

  it.each(['', ' ', 'UTC+5', 'GMT-3', '+05:00', '-0500', 'local', 'system', 'Mars/Olympus', ' UTC', 'America/New_York '])(
    'rejects %j', (name) => expect(isValidTimeZone(name)).toBe(false));
});

describe('workweekOf', () => {
  it.each([
    // [instant, zone, start, end, hours]
    ['2026-01-14T12:00:00.000Z', 'UTC', '2026-01-11T00:00:00.000Z', '2026-01-17T23:59:59.999Z', 168],
    ['2026-01-11T00:00:00.000Z', 'UTC', '2026-01-11T00:00:00.000Z', '2026-01-17T23:59:59.999Z', 168],
    ['2026-01-10T23:59:59.999Z', 'UTC', '2026-01-04T00:00:00.000Z', '2026-01-10T23:59:59.999Z', 168],
    // Spring forward: Sunday 2026-03-08 has 23 hours; the week 167.
    ['2026-03-10T12:00:00.000Z', 'America/New_York', '2026-03-08T05:00:00.000Z', '2026-03-15T03:59:59.999Z', 167],
    // Fall back: Sunday 2026-11-01 has 25 hours; the week 169.
    ['2026-11-04T12:00:00.000Z', 'America/New_York', '2026-11-01T04:00:00.000Z', '2026-11-08T04:59:59.999Z', 169],
    // Saturday 23:30 PST is already Sunday 07:30 UTC: still the week that began the Sunday before.
    ['2026-01-11T07:30:00.000Z', 'America/Los_Angeles', '2026-01-04T08:00:00.000Z', '2026-01-11T07:59:59.999Z', 168],
    ['2026-01-11T08:00:00.000Z', 'America/Los_Angeles', '2026-01-11T08:00:00.000Z', '2026-01-18T07:59:59.999Z', 168],
    // East of UTC: Sunday 05:00 JST is Saturday 20:00 UTC, and already the new week.
    ['2026-01-10T20:00:00.000Z', 'Asia/Tokyo', '2026-01-10T15:00:00.000Z', '2026-01-17T14:59:59.999Z', 168],
    ['2026-01-10T14:59:59.999Z', 'Asia/Tokyo', '2026-01-03T15:00:00.000Z', '2026-01-10T14:59:59.999Z', 168],
    ['2026-01-10T12:00:00.000Z', 'Pacific/Auckland', '2026-01-10T11:00:00.000Z', '2026-01-17T10:59:59.999Z', 168],
    // Auckland falls back on Sunday 2026-04-05 (NZDT +13 -> NZST +12) and springs forward on 2026-09-27.
    ['2026-04-07T00:00:00.000Z', 'Pacific/Auckland', '2026-04-04T11:00:00.000Z', '2026-04-11T11:59:59.999Z', 169],
    ['2026-09-29T00:00:00.000Z', 'Pacific/Auckland', '2026-09-26T12:00:00.000Z', '2026-10-03T10:59:59.999Z', 167],
    // Midnight skipped: Santiago jumped from Sat 24:00 to Sun 01:00 on 2022-09-11.
    ['2022-09-11T12:00:00.000Z', 'America/Santiago', '2022-09-11T04:00:00.000Z', '2022-09-18T02:59:59.999Z', 167],
    // Midnight repeated: Havana fell back from Sun 01:00 CDT to 00:00 CST on 2026-11-01; the
    // week starts at the FIRST 00:00 (luxon alone would pick the second).
    ['2026-11-01T04:30:00.000Z', 'America/Havana', '2026-11-01T04:00:00.000Z', '2026-11-08T04:59:59.999Z', 169],
    // Fall-back across midnight: St. John's went from Sun 00:01 NDT back to Sat 23:01 NST on
    // 2003-10-26 (02:31Z), as every autumn until 2011. Sunday began at 02:30Z, so the Saturday
    // hour read again after it (02:31Z-03:30Z) is the new week's, although it reads Saturday.
    ['2003-10-26T02:29:59.999Z', 'America/St_Johns', '2003-10-19T02:30:00.000Z', '2003-10-26T02:29:59.999Z', 168],
    ['2003-10-26T02:31:00.000Z', 'America/St_Johns', '2003-10-26T02:30:00.000Z', '2003-11-02T03:29:59.999Z', 169],
    ['2003-10-26T03:29:59.999Z', 'America/St_Johns', '2003-10-26T02:30:00.000Z', '2003-11-02T03:29:59.999Z', 169],
  ])('%s in %s -> %s .. %s', (instant, zone, start, end, hours) => {
    const week = workweekOf(new Date(instant), zone);
    expect(iso(week.start)).toBe(start);
    expect(iso(week.end)).toBe(end);
    expect(hoursIn(week)).toBe(hours);
  });

  it('throws a RangeError for an unknown zone or an invalid date', () => {
    expect(() => workweekOf(new Date(), 'Mars/Olympus')).toThrow(RangeError);
    expect(() => workweekOf(new Date(), '')).toThrow(RangeError);
    expect(() => workweekOf(new Date(Number.NaN), 'UTC')).toThrow(RangeError);
  });

  it('answers from the week it remembers exactly as it computes afresh, across every kind of transition', () => {
    const far = new Date(Date.UTC(2000, 0, 5));
    const transitions: Array<[string, string]> = [
      ['America/New_York', '2026-03-08T07:00:00Z'],
      ['America/New_York', '2026-11-01T06:00:00Z'],
      ['America/Havana', '2026-11-01T05:00:00Z'],
      ['America/St_Johns', '2003-10-26T02:31:00Z'],
      ['America/Santiago', '2022-09-11T04:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
      ['Pacific/Auckland', '2026-09-26T14:00:00Z'],
    ];
    for (const [zone, transition] of transitions) {
      const middle = Date.parse(transition);
      // Every 15 minutes from 10 days before the transition to 10 days after: mostly answered
      // from the remembered week, and at each week boundary computed again.
      for (let at = middle - 10 * 24 * HOUR; at <= middle + 10 * 24 * HOUR; at += HOUR / 4) {
        const walked = workweekOf(new Date(at), zone);
        workweekOf(far, zone); // another week remembered: the next call computes afresh
        const fresh = workweekOf(new Date(at), zone);
        expect([iso(walked.start), iso(walked.end)], `${zone} ${new Date(at).toISOString()}`).toEqual([iso(fresh.start), iso(fresh.end)]);
        workweekOf(new Date(at), zone);
      }
    }
  });

  it('hands out dates of its own: changing one leaves the next answer alone', () => {
    const instant = new Date('2026-01-14T12:00:00.000Z');
    const first = workweekOf(instant, 'UTC');
    first.start.setTime(0);
    first.end.setTime(0);
    const again = workweekOf(instant, 'UTC');
    expect([iso(again.start), iso(again.end)]).toEqual(['2026-01-11T00:00:00.000Z', '2026-01-17T23:59:59.999Z']);
  });

  const zones = [
    'UTC', 'America/New_York', 'America/Los_Angeles', 'America/Santiago', 'America/Havana', 'America/St_Johns',
    'Europe/London', 'Europe/Berlin', 'Asia/Tokyo', 'Asia/Kolkata', 'Asia/Kathmandu', 'Pacific/Auckland',
    'Australia/Lord_Howe', 'Pacific/Kiritimati', 'Pacific/Pago_Pago',
  ];
  const instants = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }).map((ms) => new Date(ms));

  it('is a Sunday-to-Saturday local week containing the instant (property)', () => {
    fc.assert(fc.property(instants, fc.constantFrom(...zones), (instant, zone) => {
      const week = workweekOf(instant, zone);
      expect(week.start.getTime()).toBeLessThanOrEqual(instant.getTime());
      expect(instant.getTime()).toBeLessThanOrEqual(week.end.getTime());
      const first = DateTime.fromJSDate(week.start, { zone });
      const last = DateTime.fromJSDate(week.end, { zone });
      const before = DateTime.fromJSDate(new Date(week.start.getTime() - 1), { zone });
      expect(first.weekday).toBe(7); // Sunday
      expect(before.weekday).toBe(6); // ... and the millisecond before is still Saturday
      expect(last.weekday).toBe(6);
      expect(DateTime.fromJSDate(new Date(week.end.getTime() + 1), { zone }).weekday).toBe(7);
      expect(hoursIn(week)).toBeGreaterThanOrEqual(167);
      expect(hoursIn(week)).toBeLessThanOrEqual(169);
      // Weeks tile time: the week of either bound is this week, the next one starts at end + 1.
      expect(workweekOf(week.start, zone)).toEqual(week);
      expect(workweekOf(week.end, zone)).toEqual(week);
      expect(workweekOf(new Date(week.end.getTime() + 1), zone).start.getTime()).toBe(week.end.getTime() + 1);
    }), { numRuns: 500 });
  });
});
