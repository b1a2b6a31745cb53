// The rules an admin's correction of a time entry must satisfy (docs/time-rules.md), as pure
// functions: they return the problems found, each as `field: reason`, and the service turns a
// non-empty list into one 400 `Invalid time entry data`. Nothing here reads the database.
import { parseDateInput } from './dates.ts';
import { breakExceedsElapsed } from './overtime.ts';
import type { TimeEntryStatus } from './enums.ts';

export interface EntryTimes {
  clockIn: Date;
  clockOut: Date | null;
  breakMinutes: number;
}

/**
 * A body timestamp: strict ISO-8601 with a time of day (a date alone is refused), a real date
 * between 1970 and 9999. A time without an offset is read in the organization's time zone.
 * Null when the input is not one.
 */
export function parseEntryInstant(input: string, timezone: string): Date | null {
  return /[T]\d{2}:\d{2}/.test(input) ? parseDateInput(input, timezone, 'start') : null;
}

/**
 * clockIn not in the future, clockOut not before clockIn, a break no longer than the elapsed
 * time. A corrected clockOut in the future is refused too: it would pay for time not yet
 * worked. On update only the fields that were sent are judged against now (an entry written
 * earlier is not refused for a clock that has since been corrected).
 */
export function entryTimeProblems(entry: EntryTimes, now: Date, clockInSent = true, clockOutSent = true): string[] {
  const problems: string[] = [];
  if (clockInSent && entry.clockIn > now) problems.push('clockIn: must not be in the future');
  if (entry.clockOut) {
    if (entry.clockOut < entry.clockIn) problems.push('clockOut: must not be before clockIn');
    else if (breakExceedsElapsed({ clockIn: entry.clockIn, clockOut: entry.clockOut, breakMinutes: entry.breakMinutes })) {
      problems.push('breakMinutes: must not exceed the time between clockIn and clockOut');
    }
    if (clockOutSent && entry.clockOut > now) problems.push('clockOut: must not be in the future');
  }
  return problems;
}

/** An update's times: each field sent replaces the stored one, the others are kept. */
export function mergeEntryTimes(before: EntryTimes, sent: Partial<EntryTimes>): EntryTimes & { moved: boolean } {
  const clockIn = sent.clockIn ?? before.clockIn;
  return {
    clockIn,
    clockOut: sent.clockOut ?? before.clockOut,
    breakMinutes: sent.breakMinutes ?? before.breakMinutes,
    // A moved entry may change pay period and workweek: both are looked up again.
    moved: clockIn.getTime() !== before.clockIn.getTime(),
  };
}

/** The `approved` flag follows the status: an APPROVED entry is approved, a PENDING one is not. */
export function statusChange(status: TimeEntryStatus): { status: TimeEntryStatus; approved: boolean } {
  return { status, approved: status === 'APPROVED' };
}

/**
 * The problems of a list's date filters, already parsed (null where the input was not a valid
 * date): each unparseable bound, or an end before the start.
 */
export function dateRangeProblems(bounds: { startDate?: string; endDate?: string; from: Date | null; to: Date | null }): string[] {
  const problems: string[] = [];
  if (bounds.startDate !== undefined && !bounds.from) problems.push('startDate: must be a valid date (YYYY-MM-DD or ISO-8601 date-time)');
  if (bounds.endDate !== undefined && !bounds.to) problems.push('endDate: must be a valid date (YYYY-MM-DD or ISO-8601 date-time)');
  if (bounds.from && bounds.to && bounds.to < bounds.from) problems.push('endDate: must not be before startDate');
  return problems;
}

/** What the audit log keeps of an entry: its own fields, without the nested employee and pay-period summaries. */
export function entryAuditView<T extends { employee: unknown; payPeriod: unknown }>(entry: T): Omit<T, 'employee' | 'payPeriod'> {
  const { employee: _employee, payPeriod: _payPeriod, ...fields } = entry;
  return fields;
}
