import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { parseDateInput } from './dates.ts';
import {
  PERIOD_TYPES,
  computeEndDate,
  covers,
  isPeriodType,
  periodsOverlap,
  resolvePeriodRange,
  type DateRange,
  type PeriodType,
} from './pay-period-dates.ts';

const NY = 'America/New_York';

function local(instant: Date, timeZone: string): string | null {
  return DateTime.fromJSDate(instant, { zone: timeZone }).toISO();
}

function startOf(date: string, timeZone: string): Date {
  const parsed = parseDateInput(date, timeZone, 'start');
  if (parsed === null) throw new Error(`bad test date ${date}`);
  return parsed;
}

function range(start: string, end: string): DateRange {
  return { startDate: new Date(start), endDate: new Date(end) };
}

describe('PERIOD_TYPES', () => {
  it('lists the four period types', () => {
    expect(PERIOD_TYPES).toEqual(['WEEKLY', 'BI_WEEKLY', 'SEMI_MONTHLY', 'MONTHLY']);
    for (const type of PERIOD_TYPES) expect(isPeriodType(type)).toBe(true);
    for (const other of ['weekly', 'DAILY', '', 'QUARTERLY', 1, null]) expect(isPeriodType(other)).toBe(false);
  });
});

describe('computeEndDate', () => {
  it.each<{ type: PeriodType; start: string; zone: string; end: string; utc: string; why: string }>([
    // One worked example per period type (docs/time-rules.md §4).
    { type: 'WEEKLY', start: '2026-01-04', zone: NY, end: '2026-01-10T23:59:59.999-05:00', utc: '2026-01-11T04:59:59.999Z', why: 'start + 6 days' },
    { type: 'BI_WEEKLY', start: '2026-01-04', zone: NY, end: '2026-01-17T23:59:59.999-05:00', utc: '2026-01-18T04:59:59.999Z', why: 'start + 13 days' },
    { type: 'SEMI_MONTHLY', start: '2026-01-01', zone: NY, end: '2026-01-15T23:59:59.999-05:00', utc: '2026-01-16T04:59:59.999Z', why: 'first half ends on the 15th' },
    { type: 'SEMI_MONTHLY', start: '2026-01-16', zone: NY, end: '2026-01-31T23:59:59.999-05:00', utc: '2026-02-01T04:59:59.999Z', why: 'second half ends on the last day' },
    { type: 'MONTHLY', start: '2026-01-15', zone: NY, end: '2026-02-14T23:59:59.999-05:00', utc: '2026-02-15T04:59:59.999Z', why: '(start + 1 month) - 1 day' },

    { type: 'WEEKLY', start: '2026-12-27', zone: 'UTC', end: '2027-01-02T23:59:59.999Z', utc: '2027-01-02T23:59:59.999Z', why: 'across a year end' },
    { type: 'BI_WEEKLY', start: '2028-02-20', zone: 'UTC', end: '2028-03-04T23:59:59.999Z', utc: '2028-03-04T23:59:59.999Z', why: 'across a leap day' },

    // SEMI_MONTHLY from the 1st, 15th, 16th and 31st, and short months.
    { type: 'SEMI_MONTHLY', start: '2026-03-01', zone: 'UTC', end: '2026-03-15T23:59:59.999Z', utc: '2026-03-15T23:59:59.999Z', why: 'from the 1st' },
    { type: 'SEMI_MONTHLY', start: '2026-03-15', zone: 'UTC', end: '2026-03-15T23:59:59.999Z', utc: '2026-03-15T23:59:59.999Z', why: 'from the 15th: one day' },
    { type: 'SEMI_MONTHLY', start: '2026-03-16', zone: 'UTC', end: '2026-03-31T23:59:59.999Z', utc: '2026-03-31T23:59:59.999Z', why: 'from the 16th' },
    { type: 'SEMI_MONTHLY', start: '2026-03-31', zone: 'UTC', end: '2026-03-31T23:59:59.999Z', utc: '2026-03-31T23:59:59.999Z', why: 'from the 31st: one day' },
    { type: 'SEMI_MONTHLY', start: '2026-04-16', zone: 'UTC', end: '2026-04-30T23:59:59.999Z', utc: '2026-04-30T23:59:59.999Z', why: '30-day month' },
    { type: 'SEMI_MONTHLY', start: '2026-02-16', zone: 'UTC', end: '2026-02-28T23:59:59.999Z', utc: '2026-02-28T23:59:59.999Z', why: 'February, common year' },
    { type: 'SEMI_MONTHLY', start: '2028-02-16', zone: 'UTC', end: '2028-02-29T23:59:59.999Z', utc: '2028-02-29T23:59:59.999Z', why: 'February, leap year' },
    { type: 'SEMI_MONTHLY', start: '2026-03-10', zone: NY, end: '2026-03-15T23:59:59.999-04:00', utc: '2026-03-16T03:59:59.999Z', why: 'after spring forward' },

    // MONTHLY with month-end clamping and leap years.
    { type: 'MONTHLY', start: '2026-01-01', zone: 'UTC', end: '2026-01-31T23:59:59.999Z', utc: '2026-01-31T23:59:59.999Z', why: 'calendar month' },
    { type: 'MONTHLY', start: '2026-01-31', zone: 'UTC', end: '2026-02-27T23:59:59.999Z', utc: '2026-02-27T23:59:59.999Z', why: 'Jan 31 -> Feb 28 (clamped) - 1' },
    { type: 'MONTHLY', start: '2026-01-30', zone: 'UTC', end: '2026-02-27T23:59:59.999Z', utc: '2026-02-27T23:59:59.999Z', why: 'Jan 30 -> Feb 28 (clamped) - 1' },
    { type: 'MONTHLY', start: '2026-01-29', zone: 'UTC', end: '2026-02-27T23:59:59.999Z', utc: '2026-02-27T23:59:59.999Z', why: 'Jan 29 -> Feb 28 (clamped) - 1' },
    { type: 'MONTHLY', start: '2026-01-28', zone: 'UTC', end: '2026-02-27T23:59:59.999Z', utc: '2026-02-27T23:59:59.999Z', why: 'Jan 28 -> Feb 28 - 1' },
    { type: 'MONTHLY', start: '2026-03-31', zone: 'UTC', end: '2026-04-29T23:59:59.999Z', utc: '2026-04-29T23:59:59.999Z', why: 'Mar 31 -> Apr 30 (clamped) - 1' },
    { type: 'MONTHLY', start: '2026-02-28', zone: 'UTC', end: '2026-03-27T23:59:59.999Z', utc: '2026-03-27T23:59:59.999Z', why: 'Feb 28 -> Mar 28 - 1' },
    { type: 'MONTHLY', start: '2026-12-31', zone: 'UTC', end: '2027-01-30T23:59:59.999Z', utc: '2027-01-30T23:59:59.999Z', why: 'across a year end' },
    { type: 'MONTHLY', start: '2028-01-31', zone: 'UTC', end: '2028-02-28T23:59:59.999Z', utc: '2028-02-28T23:59:59.999Z', why: 'leap: Jan 31 -> Feb 29 (clamped) - 1' },
    { type: 'MONTHLY', start: '2028-01-30', zone: 'UTC', end: '2028-02-28T23:59:59.999Z', utc: '2028-02-28T23:59:59.999Z', why: 'leap: Jan 30 -> Feb 29 (clamped) - 1' },
    { type: 'MONTHLY', start: '2028-02-29', zone: 'UTC', end: '2028-03-28T23:59:59.999Z', utc: '2028-03-28T23:59:59.999Z', why: 'leap: Feb 29 -> Mar 29 - 1' },
    { type: 'MONTHLY', start: '2028-01-31', zone: NY, end: '2028-02-28T23:59:59.999-05:00', utc: '2028-02-29T04:59:59.999Z', why: 'leap in New York: the UTC instant falls on Feb 29' },

    // DST in America/New_York: the end is 23:59:59.999 in the offset of the end day.
    { type: 'WEEKLY', start: '2026-03-08', zone: NY, end: '2026-03-14T23:59:59.999-04:00', utc: '2026-03-15T03:59:59.999Z', why: 'starts on spring forward' },
    { type: 'WEEKLY', start: '2026-03-02', zone: NY, end: '2026-03-08T23:59:59.999-04:00', utc: '2026-03-09T03:59:59.999Z', why: 'ends on spring forward' },
    { type: 'WEEKLY', start: '2026-11-01', zone: NY, end: '2026-11-07T23:59:59.999-05:00', utc: '2026-11-08T04:59:59.999Z', why: 'starts on fall back' },
    { type: 'BI_WEEKLY', start: '2026-03-01', zone: NY, end: '2026-03-14T23:59:59.999-04:00', utc: '2026-03-15T03:59:59.999Z', why: 'spans spring forward' },
    { type: 'MONTHLY', start: '2026-10-15', zone: NY, end: '2026-11-14T23:59:59.999-05:00', utc: '2026-11-15T04:59:59.999Z', why: 'spans fall back' },

    // Zones east of UTC: the date-only start is on the previous UTC day.
    { type: 'WEEKLY', start: '2026-04-05', zone: 'Asia/Tokyo', end: '2026-04-11T23:59:59.999+09:00', utc: '2026-04-11T14:59:59.999Z', why: 'Tokyo' },
    { type: 'WEEKLY', start: '2026-04-05', zone: 'Australia/Sydney', end: '2026-04-11T23:59:59.999+10:00', utc: '2026-04-11T13:59:59.999Z', why: 'Sydney, starts on its DST end' },
    { type: 'SEMI_MONTHLY', start: '2026-04-05', zone: 'Australia/Sydney', end: '2026-04-15T23:59:59.999+10:00', utc: '2026-04-15T13:59:59.999Z', why: 'Sydney' },
    { type: 'MONTHLY', start: '2026-04-05', zone: 'Asia/Tokyo', end: '2026-05-04T23:59:59.999+09:00', utc: '2026-05-04T14:59:59.999Z', why: 'Tokyo' },
  ])('$type from $start in $zone ends $end ($why)', ({ type, start, zone, end, utc }) => {
    const endDate = computeEndDate(type, startOf(start, zone), zone);
    expect(local(endDate, zone)).toBe(end);
    expect(endDate.toISOString()).toBe(utc);
  });

  it.each<{ zone: string; start: string; startUtc: string }>([
    { zone: NY, start: '2026-03-08', startUtc: '2026-03-08T05:00:00.000Z' },
    { zone: NY, start: '2026-11-01', startUtc: '2026-11-01T04:00:00.000Z' },
    { zone: 'Asia/Tokyo', start: '2026-04-05', startUtc: '2026-04-04T15:00:00.000Z' },
    { zone: 'Australia/Sydney', start: '2026-04-05', startUtc: '2026-04-04T13:00:00.000Z' },
  ])('date-only start $start in $zone is $startUtc', ({ zone, start, startUtc }) => {
    expect(startOf(start, zone).toISOString()).toBe(startUtc);
  });

  it.each<{ type: PeriodType; start: string; zone: string; end: string }>([
    // 2026-03-01T03:00Z is still Feb 28 in New York but already Mar 1 in Tokyo.
    { type: 'SEMI_MONTHLY', start: '2026-03-01T03:00:00Z', zone: NY, end: '2026-02-28T23:59:59.999-05:00' },
    { type: 'SEMI_MONTHLY', start: '2026-03-01T03:00:00Z', zone: 'Asia/Tokyo', end: '2026-03-15T23:59:59.999+09:00' },
    { type: 'SEMI_MONTHLY', start: '2026-03-15T20:00:00Z', zone: 'Asia/Tokyo', end: '2026-03-31T23:59:59.999+09:00' },
    { type: 'WEEKLY', start: '2026-03-01T14:30:00-05:00', zone: NY, end: '2026-03-07T23:59:59.999-05:00' },
  ])('a datetime start counts from its LOCAL day: $type from $start in $zone ends $end', ({ type, start, zone, end }) => {
    expect(local(computeEndDate(type, new Date(start), zone), zone)).toBe(end);
  });

  it('throws on a period type outside the four (the request schema rejects those first)', () => {
    expect(() => computeEndDate('DAILY' as PeriodType, new Date('2026-03-01T00:00:00Z'), 'UTC')).toThrow(TypeError);
  });

  it('for any valid date and period type, the end is after the start and at 23:59:59.999 local', () => {
    const zones = [NY, 'UTC', 'America/Los_Angeles', 'America/Sao_Paulo', 'Europe/London', 'Asia/Tokyo', 'Asia/Kolkata', 'Australia/Sydney', 'Australia/Lord_Howe', 'Pacific/Chatham'];
    const dateOnly = fc
      .date({ min: new Date('1970-01-01T00:00:00.000Z'), max: new Date('9999-12-31T00:00:00.000Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(dateOnly, fc.constantFrom(...PERIOD_TYPES), fc.constantFrom(...zones), (date, type, zone) => {
        const startDate = startOf(date, zone);
        const endDate = computeEndDate(type, startDate, zone);
        expect(endDate.getTime()).toBeGreaterThan(startDate.getTime());
        const end = DateTime.fromJSDate(endDate, { zone });
        expect([end.hour, end.minute, end.second, end.millisecond]).toEqual([23, 59, 59, 999]);
        // The last instant of its day: 1 ms later is another local day.
        expect(DateTime.fromJSDate(new Date(endDate.getTime() + 1), { zone }).day).not.toBe(end.day);
        // At most a month and a day long, and never shorter than the day it starts on.
        const days = end.startOf('day').diff(DateTime.fromJSDate(startDate, { zone }).startOf('day'), 'days').days;
        expect(days).toBeGreaterThanOrEqual(0);
        expect(days).toBeLessThanOrEqual(30);
        expect(covers({ startDate, endDate }, startDate)).toBe(true);
        expect(covers({ startDate, endDate }, endDate)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('periodsOverlap', () => {
  const march = range('2026-03-01T05:00:00.000Z', '2026-03-08T04:59:59.999Z');
  it.each<{ b: DateRange; expected: boolean; why: string }>([
    { b: range('2026-03-08T05:00:00.000Z', '2026-03-15T03:59:59.999Z'), expected: false, why: 'next period starts 1 ms after this one ends' },
    { b: range('2026-02-22T05:00:00.000Z', '2026-03-01T04:59:59.999Z'), expected: false, why: 'previous period ends 1 ms before this one starts' },
    { b: range('2026-03-08T04:59:59.999Z', '2026-03-15T03:59:59.999Z'), expected: true, why: 'next period starts on the same instant this one ends' },
    { b: range('2026-02-22T05:00:00.000Z', '2026-03-01T05:00:00.000Z'), expected: true, why: 'previous period ends on the same instant this one starts' },
    { b: range('2026-03-01T05:00:00.000Z', '2026-03-08T04:59:59.999Z'), expected: true, why: 'identical' },
    { b: range('2026-03-03T00:00:00.000Z', '2026-03-04T00:00:00.000Z'), expected: true, why: 'contained' },
    { b: range('2026-02-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'), expected: true, why: 'containing' },
    { b: range('2026-03-05T00:00:00.000Z', '2026-03-20T00:00:00.000Z'), expected: true, why: 'partial' },
    { b: range('2026-04-01T00:00:00.000Z', '2026-04-30T00:00:00.000Z'), expected: false, why: 'disjoint' },
    { b: range('2026-03-08T04:59:59.999Z', '2026-03-08T04:59:59.999Z'), expected: true, why: 'a zero-length period on the end instant' },
  ])('$why: $expected', ({ b, expected }) => {
    expect(periodsOverlap(march, b)).toBe(expected);
    expect(periodsOverlap(b, march)).toBe(expected);
  });

  it('consecutive computed periods never overlap and leave no gap', () => {
    for (const zone of [NY, 'Australia/Sydney']) {
      for (const type of PERIOD_TYPES) {
        let startDate = startOf('2026-01-01', zone);
        let previous: DateRange | null = null;
        for (let i = 0; i < 30; i += 1) {
          const period = { startDate, endDate: computeEndDate(type, startDate, zone) };
          if (previous) {
            expect(periodsOverlap(previous, period)).toBe(false);
            expect(period.startDate.getTime() - previous.endDate.getTime()).toBe(1);
          }
          previous = period;
          startDate = new Date(period.endDate.getTime() + 1);
        }
      }
    }
  });
});

describe('covers', () => {
  const period = range('2026-03-01T05:00:00.000Z', '2026-03-08T04:59:59.999Z');
  it.each<[string, boolean]>([
    ['2026-03-01T04:59:59.999Z', false],
    ['2026-03-01T05:00:00.000Z', true],
    ['2026-03-04T12:00:00.000Z', true],
    ['2026-03-08T04:59:59.999Z', true],
    ['2026-03-08T05:00:00.000Z', false],
  ])('%s -> %s', (instant, expected) => {
    expect(covers(period, new Date(instant))).toBe(expected);
  });
});

describe('resolvePeriodRange', () => {
  it.each<{ input: Parameters<typeof resolvePeriodRange>[0]; zone: string; start: string; end: string; why: string }>([
    { input: { periodType: 'WEEKLY', startDate: '2026-03-08' }, zone: NY, start: '2026-03-08T05:00:00.000Z', end: '2026-03-15T03:59:59.999Z', why: 'endDate computed' },
    { input: { periodType: 'WEEKLY', startDate: '2026-03-08', endDate: null }, zone: NY, start: '2026-03-08T05:00:00.000Z', end: '2026-03-15T03:59:59.999Z', why: 'null endDate is computed' },
    { input: { periodType: 'MONTHLY', startDate: '2026-03-01', endDate: '2026-03-20' }, zone: NY, start: '2026-03-01T05:00:00.000Z', end: '2026-03-21T03:59:59.999Z', why: 'date-only endDate is the end of its day' },
    { input: { periodType: 'WEEKLY', startDate: '2026-03-01', endDate: '2026-03-01' }, zone: NY, start: '2026-03-01T05:00:00.000Z', end: '2026-03-02T04:59:59.999Z', why: 'one-day period' },
    { input: { periodType: 'WEEKLY', startDate: '2026-03-01T14:00:00Z', endDate: '2026-03-05T10:00:00.5+02:00' }, zone: NY, start: '2026-03-01T14:00:00.000Z', end: '2026-03-05T08:00:00.500Z', why: 'datetimes taken as given' },
    { input: { periodType: 'WEEKLY', startDate: '2026-03-01T14:00:00Z', endDate: '2026-03-01T14:00:00Z' }, zone: NY, start: '2026-03-01T14:00:00.000Z', end: '2026-03-01T14:00:00.000Z', why: 'endDate equal to startDate' },
    { input: { periodType: 'SEMI_MONTHLY', startDate: '2026-04-05' }, zone: 'Asia/Tokyo', start: '2026-04-04T15:00:00.000Z', end: '2026-04-15T14:59:59.999Z', why: 'east of UTC' },
    { input: { periodType: 'WEEKLY', startDate: '9999-12-25' }, zone: NY, start: '9999-12-25T05:00:00.000Z', end: '+010000-01-01T04:59:59.999Z', why: 'last computable week: 9999-12-31 local' },
  ])('$why', ({ input, zone, start, end }) => {
    const result = resolvePeriodRange(input, zone);
    expect(result).not.toHaveProperty('error');
    const { startDate, endDate } = result as DateRange;
    expect(startDate.toISOString()).toBe(start);
    expect(endDate.toISOString()).toBe(end);
  });

  it.each<{ input: Parameters<typeof resolvePeriodRange>[0]; error: 'startDate' | 'endDate' | 'range' }>([
    ...['2026-02-30', '2026-13-01', '1969-12-31', '10000-01-01', '', 'abc', '2026-03-01T25:00:00Z', '2026-3-1'].map((startDate) => ({
      input: { periodType: 'WEEKLY' as const, startDate },
      error: 'startDate' as const,
    })),
    ...['2026-02-30', '2026-13-01', '1969-12-31', '10000-01-01', '', 'abc', '2026-03-01T25:00:00Z'].map((endDate) => ({
      input: { periodType: 'WEEKLY' as const, startDate: '2026-03-01', endDate },
      error: 'endDate' as const,
    })),
    { input: { periodType: 'WEEKLY', startDate: 'abc', endDate: 'abc' }, error: 'startDate' },
    { input: { periodType: 'WEEKLY', startDate: '2026-03-10', endDate: '2026-03-09' }, error: 'range' },
    { input: { periodType: 'WEEKLY', startDate: '2026-03-01T14:00:00.001Z', endDate: '2026-03-01T14:00:00Z' }, error: 'range' },
    // A date-only endDate on the local day before a datetime start (23:00 local on Mar 1).
    { input: { periodType: 'WEEKLY', startDate: '2026-03-02T04:00:00Z', endDate: '2026-02-28' }, error: 'range' },
    // Computed from a start late in 9999, the end would fall in the year 10000.
    { input: { periodType: 'WEEKLY', startDate: '9999-12-26' }, error: 'endDate' },
    { input: { periodType: 'MONTHLY', startDate: '9999-12-02' }, error: 'endDate' },
  ])('$input.startDate .. $input.endDate is a $error error', ({ input, error }) => {
    const result = resolvePeriodRange(input, NY);
    expect(result).toMatchObject({ error });
    expect((result as { reason: string }).reason).toMatch(/\S/);
  });

  it('a date-only endDate on the same local day as a datetime start is accepted', () => {
    const result = resolvePeriodRange({ periodType: 'WEEKLY', startDate: '2026-03-02T04:00:00Z', endDate: '2026-03-01' }, NY);
    expect(result).toEqual({ startDate: new Date('2026-03-02T04:00:00Z'), endDate: new Date('2026-03-02T04:59:59.999Z') });
  });
});
