import fc from 'fast-check';
import { DateTime, FixedOffsetZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  endOfLocalDate,
  endOfLocalDay,
  isDateOnly,
  isValidTimeZone,
  localCalendarDate,
  localDateString,
  parseDateInput,
  startOfLocalDate,
  startOfLocalDay,
  type DateBound,
} from './dates.ts';

const NY = 'America/New_York';

/** The instant as local ISO with offset, e.g. 2026-03-14T23:59:59.999-04:00. */
function local(instant: Date, timeZone: string): string | null {
  return DateTime.fromJSDate(instant, { zone: timeZone }).toISO();
}

function iso(instant: Date | null): string | null {
  return instant === null ? null : instant.toISOString();
}

describe('parseDateInput / date-only', () => {
  it.each<{ input: string; zone: string; bound: DateBound; utc: string; local: string }>([
    { input: '2026-03-01', zone: 'UTC', bound: 'start', utc: '2026-03-01T00:00:00.000Z', local: '2026-03-01T00:00:00.000Z' },
    { input: '2026-03-01', zone: 'UTC', bound: 'end', utc: '2026-03-01T23:59:59.999Z', local: '2026-03-01T23:59:59.999Z' },
    { input: '2026-03-01', zone: NY, bound: 'start', utc: '2026-03-01T05:00:00.000Z', local: '2026-03-01T00:00:00.000-05:00' },
    { input: '2026-03-01', zone: NY, bound: 'end', utc: '2026-03-02T04:59:59.999Z', local: '2026-03-01T23:59:59.999-05:00' },
    { input: '2026-07-04', zone: NY, bound: 'start', utc: '2026-07-04T04:00:00.000Z', local: '2026-07-04T00:00:00.000-04:00' },
    // Spring forward: a 23-hour day that starts in EST and ends in EDT.
    { input: '2026-03-08', zone: NY, bound: 'start', utc: '2026-03-08T05:00:00.000Z', local: '2026-03-08T00:00:00.000-05:00' },
    { input: '2026-03-08', zone: NY, bound: 'end', utc: '2026-03-09T03:59:59.999Z', local: '2026-03-08T23:59:59.999-04:00' },
    // Fall back: a 25-hour day.
    { input: '2026-11-01', zone: NY, bound: 'start', utc: '2026-11-01T04:00:00.000Z', local: '2026-11-01T00:00:00.000-04:00' },
    { input: '2026-11-01', zone: NY, bound: 'end', utc: '2026-11-02T04:59:59.999Z', local: '2026-11-01T23:59:59.999-05:00' },
    // East of UTC: the local day starts on the previous UTC day.
    { input: '2026-04-05', zone: 'Asia/Tokyo', bound: 'start', utc: '2026-04-04T15:00:00.000Z', local: '2026-04-05T00:00:00.000+09:00' },
    { input: '2026-04-05', zone: 'Asia/Tokyo', bound: 'end', utc: '2026-04-05T14:59:59.999Z', local: '2026-04-05T23:59:59.999+09:00' },
    // Sydney leaves daylight saving on 2026-04-05 at 03:00 AEDT: a 25-hour day.
    { input: '2026-04-05', zone: 'Australia/Sydney', bound: 'start', utc: '2026-04-04T13:00:00.000Z', local: '2026-04-05T00:00:00.000+11:00' },
    { input: '2026-04-05', zone: 'Australia/Sydney', bound: 'end', utc: '2026-04-05T13:59:59.999Z', local: '2026-04-05T23:59:59.999+10:00' },
    { input: '2026-03-01', zone: 'Asia/Kolkata', bound: 'start', utc: '2026-02-28T18:30:00.000Z', local: '2026-03-01T00:00:00.000+05:30' },
    // Havana springs forward at midnight: the day's first instant is 01:00.
    { input: '2026-03-08', zone: 'America/Havana', bound: 'start', utc: '2026-03-08T05:00:00.000Z', local: '2026-03-08T01:00:00.000-04:00' },
    { input: '2026-03-07', zone: 'America/Havana', bound: 'end', utc: '2026-03-08T04:59:59.999Z', local: '2026-03-07T23:59:59.999-05:00' },
    // Range limits apply to the date as written, not to its UTC instant.
    { input: '1970-01-01', zone: 'Asia/Tokyo', bound: 'start', utc: '1969-12-31T15:00:00.000Z', local: '1970-01-01T00:00:00.000+09:00' },
    { input: '1970-01-01', zone: 'UTC', bound: 'start', utc: '1970-01-01T00:00:00.000Z', local: '1970-01-01T00:00:00.000Z' },
    { input: '9999-12-31', zone: 'UTC', bound: 'end', utc: '9999-12-31T23:59:59.999Z', local: '9999-12-31T23:59:59.999Z' },
    { input: '2028-02-29', zone: 'UTC', bound: 'start', utc: '2028-02-29T00:00:00.000Z', local: '2028-02-29T00:00:00.000Z' },
    { input: '2000-02-29', zone: 'UTC', bound: 'start', utc: '2000-02-29T00:00:00.000Z', local: '2000-02-29T00:00:00.000Z' },
  ])('$input $bound in $zone is $local', ({ input, zone, bound, utc, local: expectedLocal }) => {
    const parsed = parseDateInput(input, zone, bound);
    expect(iso(parsed)).toBe(utc);
    expect(local(parsed!, zone)).toBe(expectedLocal);
  });

  it('rejects a day that does not exist in the zone (Pacific/Apia skipped 2011-12-30)', () => {
    expect(parseDateInput('2011-12-30', 'Pacific/Apia', 'start')).toBeNull();
    expect(parseDateInput('2011-12-30', 'Pacific/Apia', 'end')).toBeNull();
    expect(local(parseDateInput('2011-12-29', 'Pacific/Apia', 'end')!, 'Pacific/Apia')).toBe('2011-12-29T23:59:59.999-10:00');
    expect(local(parseDateInput('2011-12-31', 'Pacific/Apia', 'start')!, 'Pacific/Apia')).toBe('2011-12-31T00:00:00.000+14:00');
  });
});

describe('parseDateInput / datetime', () => {
  it.each<{ input: string; utc: string }>([
    { input: '2026-03-01T14:00:00Z', utc: '2026-03-01T14:00:00.000Z' },
    { input: '2026-03-01T14:00:00.123+02:00', utc: '2026-03-01T12:00:00.123Z' },
    { input: '2026-03-01T14:00:00.000Z', utc: '2026-03-01T14:00:00.000Z' },
    { input: '2026-03-01T14:00Z', utc: '2026-03-01T14:00:00.000Z' },
    { input: '2026-03-01T14:00:00.5Z', utc: '2026-03-01T14:00:00.500Z' },
    { input: '2026-03-01T14:00:00.123456789Z', utc: '2026-03-01T14:00:00.123Z' },
    { input: '2026-03-01T14:00:00.9999Z', utc: '2026-03-01T14:00:00.999Z' },
    { input: '2026-03-01T00:30:00-05:30', utc: '2026-03-01T06:00:00.000Z' },
    { input: '2026-03-01T14:00:00-00:00', utc: '2026-03-01T14:00:00.000Z' },
    { input: '2026-03-01T02:00:00+14:00', utc: '2026-02-28T12:00:00.000Z' },
    { input: '1970-01-01T00:00:00+02:00', utc: '1969-12-31T22:00:00.000Z' },
    { input: '2028-02-29T23:59:59.999Z', utc: '2028-02-29T23:59:59.999Z' },
    { input: '9999-12-31T23:59:59.999Z', utc: '9999-12-31T23:59:59.999Z' },
  ])('$input is taken as given: $utc', ({ input, utc }) => {
    for (const zone of ['UTC', NY, 'Asia/Tokyo']) {
      for (const bound of ['start', 'end'] as const) {
        expect(iso(parseDateInput(input, zone, bound))).toBe(utc);
      }
    }
  });

  it.each<{ input: string; zone: string; utc: string | null; why: string }>([
    { input: '2026-03-01T14:00:00', zone: NY, utc: '2026-03-01T19:00:00.000Z', why: 'wall time in EST' },
    { input: '2026-07-01T14:00:00.250', zone: NY, utc: '2026-07-01T18:00:00.250Z', why: 'wall time in EDT' },
    { input: '2026-03-01T14:00', zone: 'Asia/Tokyo', utc: '2026-03-01T05:00:00.000Z', why: 'wall time east of UTC' },
    { input: '2026-03-08T01:59:59', zone: NY, utc: '2026-03-08T06:59:59.000Z', why: 'last second before the gap' },
    { input: '2026-03-08T02:30:00', zone: NY, utc: null, why: 'skipped by spring forward' },
    { input: '2026-03-08T03:00:00', zone: NY, utc: '2026-03-08T07:00:00.000Z', why: 'first instant after the gap' },
    { input: '2026-11-01T01:30:00', zone: NY, utc: '2026-11-01T05:30:00.000Z', why: 'fall-back overlap: the earlier (EDT) instant' },
    { input: '2026-11-01T02:00:00', zone: NY, utc: '2026-11-01T07:00:00.000Z', why: 'after the overlap' },
  ])('without offset, $input in $zone: $why', ({ input, zone, utc }) => {
    expect(iso(parseDateInput(input, zone, 'start'))).toBe(utc);
    expect(iso(parseDateInput(input, zone, 'end'))).toBe(utc);
  });
});

describe('parseDateInput / invalid input is null', () => {
  it.each([
    '',
    'abc',
    '2026-02-30',
    '2026-02-29',
    '2100-02-29',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '2026-01-32',
    '1969-12-31',
    '0000-01-01',
    '10000-01-01',
    '+010000-01-01',
    '-002026-01-01',
    '2026-1-5',
    '2026-01-5',
    '26-01-05',
    '20260105',
    '2026/01/05',
    '01/05/2026',
    'March 1',
    'March 1, 2026',
    'Sun Mar 01 2026',
    '2026-03-01 junk',
    ' 2026-03-01',
    '2026-03-01 ',
    '2026-03-01\n',
    '2026-03-01T',
    '2026-03-01T14',
    '2026-03-01T14Z',
    '2026-03-01T14:00:00+02',
    '2026-03-01T14:00:00+0200',
    '2026-03-01T14:00:00+02:00:00',
    '2026-03-01T14:00:00+24:00',
    '2026-03-01T14:00:00+02:60',
    '2026-03-01T14:00:00 Z',
    '2026-03-01T14:00:00z',
    '2026-03-01t14:00:00Z',
    '2026-03-01 14:00:00Z',
    '2026-03-01T25:00:00Z',
    '2026-03-01T24:00:00Z',
    '2026-03-01T14:60:00Z',
    '2026-03-01T14:00:60Z',
    '2026-03-01T14:00:00.Z',
    '2026-03-01T14:00:00.1234567890Z',
    '2026-03-01T14:00:00,123Z',
    '2026-02-30T14:00:00Z',
    '1969-12-31T23:59:59.999Z',
    '10000-01-01T00:00:00Z',
    '2026-03-01T14:00:00Z[America/New_York]',
    '２０２６-０３-０１',
    '٢٠٢٦-٠٣-٠١',
    '1772373600000',
    '0',
    'NaN',
    'Infinity',
    'null',
  ])('%j', (input) => {
    for (const bound of ['start', 'end'] as const) {
      expect(parseDateInput(input, NY, bound)).toBeNull();
      expect(parseDateInput(input, 'UTC', bound)).toBeNull();
    }
  });

  it.each([1772373600000, null, undefined, {}, ['2026-03-01'], new Date(0)])('non-string %j', (input) => {
    expect(parseDateInput(input as unknown as string, NY, 'start')).toBeNull();
  });

  it('answers long hostile inputs at once (no catastrophic backtracking)', () => {
    const hostile = [
      `2026-03-01T14:00:00.${'1'.repeat(100_000)}`,
      `${'2026-03-01T'.repeat(10_000)}!`,
      `${'1'.repeat(100_000)}`,
      `2026-03-01T14:00:00${'+'.repeat(100_000)}`,
    ];
    const started = performance.now();
    for (const input of hostile) {
      expect(parseDateInput(input, NY, 'start')).toBeNull();
      expect(isDateOnly(input)).toBe(false);
    }
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('time zones', () => {
  it.each(['Not/AZone', '', 'local', 'system', 'UTC+3', 'EST5EDT-nope'])('unknown zone %j throws a RangeError', (zone) => {
    expect(isValidTimeZone(zone)).toBe(false);
    expect(() => parseDateInput('2026-03-01', zone, 'start')).toThrow(RangeError);
    expect(() => startOfLocalDay(new Date(0), zone)).toThrow(RangeError);
    expect(() => localDateString(new Date(0), zone)).toThrow(RangeError);
  });

  it.each(['UTC', NY, 'Asia/Tokyo', 'Etc/GMT+5', 'Asia/Kathmandu'])('%s is valid', (zone) => {
    expect(isValidTimeZone(zone)).toBe(true);
  });
});

describe('isDateOnly', () => {
  it.each<[string, boolean]>([
    ['2026-03-01', true],
    ['2026-02-30', true], // the shape only; parseDateInput rejects the date
    ['2026-03-01T00:00:00Z', false],
    ['2026-3-1', false],
    ['10000-01-01', false],
    ['', false],
    ['2026-03-01\n', false],
  ])('%j -> %s', (input, expected) => {
    expect(isDateOnly(input)).toBe(expected);
  });
});

describe('startOfLocalDay / endOfLocalDay / localDateString', () => {
  it.each<{ instant: string; zone: string; date: string; start: string; end: string }>([
    { instant: '2026-03-01T03:00:00.000Z', zone: NY, date: '2026-02-28', start: '2026-02-28T05:00:00.000Z', end: '2026-03-01T04:59:59.999Z' },
    { instant: '2026-03-01T03:00:00.000Z', zone: 'UTC', date: '2026-03-01', start: '2026-03-01T00:00:00.000Z', end: '2026-03-01T23:59:59.999Z' },
    { instant: '2026-03-01T20:00:00.000Z', zone: 'Asia/Tokyo', date: '2026-03-02', start: '2026-03-01T15:00:00.000Z', end: '2026-03-02T14:59:59.999Z' },
    { instant: '2026-03-08T12:00:00.000Z', zone: NY, date: '2026-03-08', start: '2026-03-08T05:00:00.000Z', end: '2026-03-09T03:59:59.999Z' },
    { instant: '2026-11-01T12:00:00.000Z', zone: NY, date: '2026-11-01', start: '2026-11-01T04:00:00.000Z', end: '2026-11-02T04:59:59.999Z' },
    { instant: '2026-03-08T05:00:00.000Z', zone: NY, date: '2026-03-08', start: '2026-03-08T05:00:00.000Z', end: '2026-03-09T03:59:59.999Z' },
    { instant: '2026-03-08T04:59:59.999Z', zone: NY, date: '2026-03-07', start: '2026-03-07T05:00:00.000Z', end: '2026-03-08T04:59:59.999Z' },
    { instant: '2026-04-05T13:59:59.999Z', zone: 'Australia/Sydney', date: '2026-04-05', start: '2026-04-04T13:00:00.000Z', end: '2026-04-05T13:59:59.999Z' },
    { instant: '2026-03-08T12:00:00.000Z', zone: 'America/Havana', date: '2026-03-08', start: '2026-03-08T05:00:00.000Z', end: '2026-03-09T03:59:59.999Z' },
  ])('$instant in $zone is on $date', ({ instant, zone, date, start, end }) => {
    const t = new Date(instant);
    expect(localDateString(t, zone)).toBe(date);
    expect(iso(startOfLocalDay(t, zone))).toBe(start);
    expect(iso(endOfLocalDay(t, zone))).toBe(end);
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    expect(localCalendarDate(t, zone)).toEqual({ year, month, day });
    expect(iso(startOfLocalDate({ year, month, day }, zone))).toBe(start);
    expect(iso(endOfLocalDate({ year, month, day }, zone))).toBe(end);
  });

  it('throws a RangeError for an invalid Date', () => {
    const invalid = new Date(Number.NaN);
    expect(() => startOfLocalDay(invalid, NY)).toThrow(RangeError);
    expect(() => endOfLocalDay(invalid, NY)).toThrow(RangeError);
    expect(() => localDateString(invalid, NY)).toThrow(RangeError);
  });
});

describe('properties', () => {
  const zones = [
    'UTC',
    NY,
    'America/Los_Angeles',
    'America/Sao_Paulo',
    'America/Havana',
    'America/Santiago',
    'Europe/London',
    'Europe/Berlin',
    'Asia/Tokyo',
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'Australia/Sydney',
    'Australia/Lord_Howe',
    'Pacific/Auckland',
    'Pacific/Chatham',
  ];
  const dateOnly = fc
    .date({ min: new Date('1970-01-01T00:00:00.000Z'), max: new Date('9999-12-31T00:00:00.000Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));

  it('a date-only input round-trips through both bounds, which are its first and last instants', () => {
    fc.assert(
      fc.property(dateOnly, fc.constantFrom(...zones), (date, zone) => {
        const start = parseDateInput(date, zone, 'start');
        const end = parseDateInput(date, zone, 'end');
        expect(start).not.toBeNull();
        expect(end).not.toBeNull();
        expect(localDateString(start!, zone)).toBe(date);
        expect(localDateString(end!, zone)).toBe(date);
        expect(localDateString(new Date(start!.getTime() - 1), zone)).not.toBe(date);
        expect(localDateString(new Date(end!.getTime() + 1), zone)).not.toBe(date);
        const endLocal = DateTime.fromJSDate(end!, { zone });
        expect([endLocal.hour, endLocal.minute, endLocal.second, endLocal.millisecond]).toEqual([23, 59, 59, 999]);
        expect(startOfLocalDay(end!, zone)).toEqual(start);
        expect(endOfLocalDay(start!, zone)).toEqual(end);
      }),
      { numRuns: 500 },
    );
  });

  it('an instant written with an offset parses to itself', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }),
        fc.integer({ min: -14 * 60, max: 14 * 60 }),
        (instant, offsetMinutes) => {
          const written = DateTime.fromJSDate(instant, { zone: 'utc' }).setZone(FixedOffsetZone.instance(offsetMinutes));
          fc.pre(written.year >= 1970 && written.year <= 9999);
          const input = written.toISO({ includeOffset: true, suppressMilliseconds: false })!;
          expect(iso(parseDateInput(input, NY, 'end'))).toBe(instant.toISOString());
        },
      ),
      { numRuns: 500 },
    );
  });
});
