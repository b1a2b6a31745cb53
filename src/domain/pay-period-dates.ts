// Pay-period calendar rules (docs/time-rules.md §4). Pure: the organization's IANA time zone is
// passed in, and days are calendar days in that zone, never multiples of 24 hours, so a
// period that spans a daylight-saving change still ends at 23:59:59.999 local.
import { DateTime } from 'luxon';
import { endOfLocalDate, localCalendarDate, parseDateInput } from './dates.ts';
import { PERIOD_TYPES, type PeriodType } from './enums.ts';

// Re-exported so the calendar's callers and tests can take the period types from here.
export { PERIOD_TYPES, type PeriodType };

export interface DateRange {
  startDate: Date;
  endDate: Date;
}

export interface PeriodRangeError {
  /** The input at fault: `range` when both dates are valid but endDate is before startDate. */
  error: 'startDate' | 'endDate' | 'range';
  /** Human-readable reason, to be rendered as `field: reason` (docs/api.md §6). */
  reason: string;
}

export interface PeriodRangeInput {
  periodType: PeriodType;
  startDate: string;
  /** Omitted, undefined or null: computed from periodType and startDate. */
  endDate?: string | null;
}

const MAX_YEAR = 9999;
const INVALID_DATE_REASON =
  'must be a real calendar date (YYYY-MM-DD or ISO-8601 datetime) between the years 1970 and 9999';

export function isPeriodType(value: unknown): value is PeriodType {
  return typeof value === 'string' && (PERIOD_TYPES as readonly string[]).includes(value);
}

/**
 * Default end of a pay period (docs/time-rules.md §4): 23:59:59.999 local on its last day, where the
 * last day counts from the start's LOCAL calendar date:
 * WEEKLY start + 6 days; BI_WEEKLY start + 13 days; SEMI_MONTHLY the 15th when the start day
 * is 1-15, else the month's last day; MONTHLY (start + 1 month) - 1 day with the month end
 * clamped (Jan 31 -> Feb 28 -> Feb 27 in a common year; Mar 31 -> Apr 30 -> Apr 29).
 */
export function computeEndDate(periodType: PeriodType, startDate: Date, timeZone: string): Date {
  // Date arithmetic on the local date alone, in UTC where every day has 24 hours.
  const { year, month, day } = localCalendarDate(startDate, timeZone);
  const start = DateTime.utc(year, month, day);
  let last: DateTime;
  switch (periodType) {
    case 'WEEKLY':
      last = start.plus({ days: 6 });
      break;
    case 'BI_WEEKLY':
      last = start.plus({ days: 13 });
      break;
    case 'SEMI_MONTHLY':
      last = start.day <= 15 ? start.set({ day: 15 }) : start.endOf('month');
      break;
    case 'MONTHLY':
      // luxon clamps to the month's last day: Jan 31 + 1 month = Feb 28 (Feb 29 in leap years).
      last = start.plus({ months: 1 }).minus({ days: 1 });
      break;
    default: {
      const unknown: never = periodType;
      throw new TypeError(`Unknown period type: ${String(unknown)}`);
    }
  }
  return endOfLocalDate({ year: last.year, month: last.month, day: last.day }, timeZone);
}

/** Closed intervals (docs/time-rules.md §5): touching periods overlap only when they share an instant. */
export function periodsOverlap(a: DateRange, b: DateRange): boolean {
  return a.startDate.getTime() <= b.endDate.getTime() && b.startDate.getTime() <= a.endDate.getTime();
}

/** A pay period covers t when startDate <= t <= endDate (docs/time-rules.md §5). */
export function covers(period: DateRange, instant: Date): boolean {
  const t = instant.getTime();
  return period.startDate.getTime() <= t && t <= period.endDate.getTime();
}

/**
 * Resolves a pay period's dates from request input: startDate as the start of its day,
 * endDate as the end of its day (a full datetime is taken as given), or computed from
 * periodType when omitted. endDate equal to startDate is accepted; before it is an error.
 */
export function resolvePeriodRange(input: PeriodRangeInput, timeZone: string): DateRange | PeriodRangeError {
  const startDate = parseDateInput(input.startDate, timeZone, 'start');
  if (startDate === null) {
    return { error: 'startDate', reason: INVALID_DATE_REASON };
  }

  let endDate: Date;
  if (input.endDate === undefined || input.endDate === null) {
    endDate = computeEndDate(input.periodType, startDate, timeZone);
    // A start in late 9999 would otherwise produce an end in the year 10000.
    if (localCalendarDate(endDate, timeZone).year > MAX_YEAR) {
      return { error: 'endDate', reason: 'computed from startDate, falls after the year 9999' };
    }
  } else {
    const parsed = parseDateInput(input.endDate, timeZone, 'end');
    if (parsed === null) {
      return { error: 'endDate', reason: INVALID_DATE_REASON };
    }
    endDate = parsed;
  }

  if (endDate.getTime() < startDate.getTime()) {
    return { error: 'range', reason: 'endDate must not be before startDate' };
  }
  return { startDate, endDate };
}
