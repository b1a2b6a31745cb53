// Date input parsing and local-day arithmetic shared by pay periods, timesheet ranges and
// admin filters. Pure: no I/O and no clock; every calendar rule takes the organization's
// IANA time zone explicitly (docs/time-rules.md §1, §2).
//
// Accepted inputs of parseDateInput (anything else is null, never a Date.parse guess):
//
// - `YYYY-MM-DD`: bound 'start' is 00:00:00.000 local on that day (its first instant), bound
//   'end' is 23:59:59.999 local (its last instant).
// - `YYYY-MM-DDTHH:MM[:SS[.fraction]]` followed by `Z` or `±HH:MM`: that instant, taken as
//   given whatever the bound.
// - The same without an offset: wall-clock time in the zone (see below).
//
// Decisions (real calendar dates between the years 1970 and 9999, docs/time-rules.md §2):
// - The year range and calendar validity are checked on the fields as written. `1970-01-01`
//   in Asia/Tokyo is accepted although its instant is 1969-12-31T15:00:00.000Z.
// - Only the uppercase `T` and `Z` of ISO-8601/RFC 3339 are accepted; no space separator, no
//   basic-format offsets (`+0200`), no hour 24, no leap second 60, no expanded years.
// - Fractions beyond milliseconds are truncated (`.1239` is 123 ms); at most 9 digits.
// - A datetime without an offset is read as wall-clock time in the zone. A wall time that
//   does not exist there (skipped by a daylight-saving gap, e.g. 2026-03-08T02:30 in
//   America/New_York) is null; one that occurs twice (fall-back overlap) is the earlier
//   instant, like Temporal's 'compatible' disambiguation.
// - A date-only input whose day does not exist in the zone (Pacific/Apia skipped 2011-12-30)
//   is null.
// - An unknown time zone is a programming error (organization time zones are validated on
//   write), so it throws a RangeError instead of passing for an invalid date.
import { DateTime, IANAZone } from 'luxon';
import { isValidTimeZone } from './time-zone.ts';

export type DateBound = 'start' | 'end';

const MIN_YEAR = 1970;
const MAX_YEAR = 9999;
const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;
// Longest accepted input is 35 characters; reject anything longer before any regex runs.
const MAX_INPUT_LENGTH = 40;

// Anchored, no nested or overlapping quantifiers: matching is linear in the input length.
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?$/;

/** A calendar date as written, month 1-12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

interface CalendarDateTime extends CalendarDate {
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const zoneCache = new Map<string, IANAZone>();

export { isValidTimeZone };

// Luxon would read 'local' or 'system' as the host's zone; only IANA names are accepted, and
// always as an IANAZone object so that luxon's global default zone never matters.
function toZone(timeZone: string): IANAZone {
  let zone = zoneCache.get(timeZone);
  if (zone === undefined) {
    if (!isValidTimeZone(timeZone)) {
      throw new RangeError(`Unknown time zone: ${String(timeZone)}`);
    }
    zone = IANAZone.create(timeZone);
    zoneCache.set(timeZone, zone);
  }
  return zone;
}

function toMillis(instant: Date): number {
  const ms = instant instanceof Date ? instant.getTime() : Number.NaN;
  if (Number.isNaN(ms)) {
    throw new RangeError('Invalid Date');
  }
  return ms;
}

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one; UTC avoids any host-zone effect.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isRealDate({ year, month, day }: CalendarDate): boolean {
  return (
    year >= MIN_YEAR &&
    year <= MAX_YEAR &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

function wallClockMillis(fields: CalendarDateTime): number {
  // setUTCFullYear, unlike Date.UTC, does not map years 0..99 to 1900..1999.
  const d = new Date(0);
  d.setUTCFullYear(fields.year, fields.month - 1, fields.day);
  d.setUTCHours(fields.hour, fields.minute, fields.second, fields.millisecond);
  return d.getTime();
}

function localDateOf(ms: number, zone: IANAZone): CalendarDate {
  const dt = DateTime.fromMillis(ms, { zone });
  return { year: dt.year, month: dt.month, day: dt.day };
}

function sameDate(a: CalendarDate, b: CalendarDate): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}

/**
 * Every instant whose wall-clock time in `zone` equals `fields`, earliest first: none in a
 * daylight-saving gap, two in an overlap. The offsets in force a day either side cover every
 * real transition (no zone changes its offset twice within a day).
 */
function instantsForWallTime(fields: CalendarDateTime, zone: IANAZone): number[] {
  const wall = wallClockMillis(fields);
  const offsets = new Set([
    zone.offset(wall - MS_PER_DAY),
    zone.offset(wall),
    zone.offset(wall + MS_PER_DAY),
  ]);
  const instants: number[] = [];
  for (const offset of offsets) {
    const candidate = wall - offset * MS_PER_MINUTE;
    if (zone.offset(candidate) === offset) {
      instants.push(candidate);
    }
  }
  return instants.sort((a, b) => a - b);
}

/** First instant of a local calendar day: midnight, or the end of a gap that swallows it. */
function startOfLocalDateMillis(date: CalendarDate, zone: IANAZone): number {
  const midnight: CalendarDateTime = { ...date, hour: 0, minute: 0, second: 0, millisecond: 0 };
  const instants = instantsForWallTime(midnight, zone);
  if (instants.length > 0) {
    return instants[0] as number;
  }
  // Midnight is skipped (America/Havana, America/Santiago): luxon moves a time in a gap
  // forward by the gap's length, which lands on the first instant after the transition.
  return DateTime.fromObject(midnight, { zone }).toMillis();
}

function nextDate({ year, month, day }: CalendarDate): CalendarDate {
  if (day < daysInMonth(year, month)) return { year, month, day: day + 1 };
  if (month < 12) return { year, month: month + 1, day: 1 };
  return { year: year + 1, month: 1, day: 1 };
}

/** Last instant of a local calendar day: the next day's first instant minus 1 ms (23:59:59.999). */
function endOfLocalDateMillis(date: CalendarDate, zone: IANAZone): number {
  return startOfLocalDateMillis(nextDate(date), zone) - 1;
}

/**
 * First instant of the local calendar day `date` in `timeZone`: 00:00:00.000, or the end of a
 * daylight-saving gap that swallows midnight. Pay-period rules do calendar arithmetic on
 * dates and call this and endOfLocalDate; they never add multiples of 24 hours.
 */
export function startOfLocalDate(date: CalendarDate, timeZone: string): Date {
  return new Date(startOfLocalDateMillis(date, toZone(timeZone)));
}

/** Last instant (23:59:59.999 local) of the local calendar day `date` in `timeZone`. */
export function endOfLocalDate(date: CalendarDate, timeZone: string): Date {
  return new Date(endOfLocalDateMillis(date, toZone(timeZone)));
}

/** True when `input` has the date-only shape `YYYY-MM-DD` (whether the date is real is parseDateInput's job). */
export function isDateOnly(input: string): boolean {
  return typeof input === 'string' && input.length <= MAX_INPUT_LENGTH && DATE_ONLY.test(input);
}

/**
 * Strictly parses a date-only or ISO-8601 datetime input (see the table at the top of this
 * file). Returns null for anything that is not one of the accepted shapes, not a real
 * calendar date or time, or outside the years 1970..9999.
 */
export function parseDateInput(input: string, timeZone: string, bound: DateBound): Date | null {
  const zone = toZone(timeZone);
  if (typeof input !== 'string' || input.length > MAX_INPUT_LENGTH) {
    return null;
  }

  const dateOnly = DATE_ONLY.exec(input);
  if (dateOnly) {
    const date = { year: Number(dateOnly[1]), month: Number(dateOnly[2]), day: Number(dateOnly[3]) };
    if (!isRealDate(date)) {
      return null;
    }
    const ms = bound === 'start' ? startOfLocalDateMillis(date, zone) : endOfLocalDateMillis(date, zone);
    // The day may not exist in the zone at all (Pacific/Apia skipped 2011-12-30).
    return sameDate(localDateOf(ms, zone), date) ? new Date(ms) : null;
  }

  const match = DATE_TIME.exec(input);
  if (!match) {
    return null;
  }
  const [, year, month, day, hour, minute, second, fraction, offset] = match;
  const fields: CalendarDateTime = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: second === undefined ? 0 : Number(second),
    // Truncated to milliseconds: '.1' is 100 ms, '.1239' is 123 ms.
    millisecond: fraction === undefined ? 0 : Number(fraction.slice(0, 3).padEnd(3, '0')),
  };
  if (!isRealDate(fields) || fields.hour > 23 || fields.minute > 59 || fields.second > 59) {
    return null;
  }

  if (offset === undefined) {
    const instants = instantsForWallTime(fields, zone);
    return instants.length > 0 ? new Date(instants[0] as number) : null;
  }

  let offsetMinutes = 0;
  if (offset !== 'Z') {
    const offsetHours = Number(offset.slice(1, 3));
    const offsetMins = Number(offset.slice(4, 6));
    if (offsetHours > 23 || offsetMins > 59) {
      return null;
    }
    offsetMinutes = (offset.startsWith('-') ? -1 : 1) * (offsetHours * 60 + offsetMins);
  }
  return new Date(wallClockMillis(fields) - offsetMinutes * MS_PER_MINUTE);
}

/** First instant (normally 00:00:00.000) of the local day that contains `instant`. */
export function startOfLocalDay(instant: Date, timeZone: string): Date {
  const zone = toZone(timeZone);
  return new Date(startOfLocalDateMillis(localDateOf(toMillis(instant), zone), zone));
}

/** Last instant (23:59:59.999) of the local day that contains `instant`. */
export function endOfLocalDay(instant: Date, timeZone: string): Date {
  const zone = toZone(timeZone);
  return new Date(endOfLocalDateMillis(localDateOf(toMillis(instant), zone), zone));
}

/** The local calendar date of `instant` in `timeZone`, as fields. */
export function localCalendarDate(instant: Date, timeZone: string): CalendarDate {
  return localDateOf(toMillis(instant), toZone(timeZone));
}

/** The local calendar date (`YYYY-MM-DD`) of `instant` in `timeZone`. */
export function localDateString(instant: Date, timeZone: string): string {
  const { year, month, day } = localCalendarDate(instant, timeZone);
  const yyyy = year >= 0 && year <= MAX_YEAR ? String(year).padStart(4, '0') : String(year);
  return `${yyyy}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
