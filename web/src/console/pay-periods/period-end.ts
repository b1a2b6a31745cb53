// The end date the service picks when a new pay period has none (docs/time-rules.md §4), shown
// in the create form before saving. It mirrors src/domain/pay-period-dates.ts (computeEndDate) on
// plain calendar dates: the form's start is a local date already, so no time zone is involved,
// and the web app stays free of luxon. test/web/console/period-end.test.ts proves both agree.
/** The API's period types (the create body's `periodType`; the page checks the two stay assignable). */
export type PeriodType = 'WEEKLY' | 'BI_WEEKLY' | 'SEMI_MONTHLY' | 'MONTHLY';

export const PERIOD_TYPES: readonly PeriodType[] = ['WEEKLY', 'BI_WEEKLY', 'SEMI_MONTHLY', 'MONTHLY'];

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MIN_YEAR = 1970;
const MAX_YEAR = 9999;

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one (months are 1-based here, 0-based in Date).
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function iso(date: Date): string {
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;
}

/** A real calendar date between 1970 and 9999 as `YYYY-MM-DD`, or null. */
export function parseCalendarDate(text: string): { year: number; month: number; day: number } | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/**
 * The last day (`YYYY-MM-DD`) of a period of this type starting on `startDate`: WEEKLY start + 6
 * days; BI_WEEKLY start + 13; SEMI_MONTHLY the 15th, or the month's last day from the 16th on;
 * MONTHLY one month later (the day clamped to that month's end) minus one day. Null for a start
 * that is not a real date, or whose end would fall after 9999 (the service refuses both).
 */
export function defaultEndDate(periodType: PeriodType, startDate: string): string | null {
  const start = parseCalendarDate(startDate);
  if (!start) return null;
  const { year, month, day } = start;
  let last: Date;
  switch (periodType) {
    case 'WEEKLY':
      last = new Date(Date.UTC(year, month - 1, day + 6));
      break;
    case 'BI_WEEKLY':
      last = new Date(Date.UTC(year, month - 1, day + 13));
      break;
    case 'SEMI_MONTHLY':
      last = new Date(Date.UTC(year, month - 1, day <= 15 ? 15 : daysInMonth(year, month)));
      break;
    case 'MONTHLY': {
      const nextYear = month === 12 ? year + 1 : year;
      const nextMonth = month === 12 ? 1 : month + 1;
      const clamped = Math.min(day, daysInMonth(nextYear, nextMonth));
      last = new Date(Date.UTC(nextYear, nextMonth - 1, clamped - 1));
      break;
    }
    default:
      return null;
  }
  // Date.UTC maps years 0-99 to 1900-1999, which the range check above already rules out.
  return last.getUTCFullYear() > MAX_YEAR ? null : iso(last);
}

/** The calendar day after `date` (`YYYY-MM-DD`), or null for a date that is not one. */
export function dayAfter(date: string): string | null {
  const day = parseCalendarDate(date);
  return day ? iso(new Date(Date.UTC(day.year, day.month - 1, day.day + 1))) : null;
}
