// Worked time and weekly overtime allocation (docs/time-rules.md §6, §8). Pure.
import { secondsToHundredths } from './hours.ts';
import { workweekOf } from './workweek.ts';

export interface WorkEntry {
  id: string;
  clockIn: Date;
  clockOut: Date | null;
  breakMinutes: number;
}

export interface Allocation {
  id: string;
  workedSeconds: number;
  totalHours: number;
  regularHours: number;
  overtimeHours: number;
}

export interface ClosedEntry {
  clockIn: Date;
  clockOut: Date;
  breakMinutes: number;
}

const MS_PER_SECOND = 1000;
const MS_PER_MINUTE = 60_000;

function elapsedMs(entry: ClosedEntry): number {
  const ms = entry.clockOut.getTime() - entry.clockIn.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid Date');
  return ms;
}

/**
 * True when the break is longer than the time between clock in and clock out (a 400
 * `Invalid time entry data`), so a caller can refuse the write before making it. A clock out
 * before the clock in also makes the elapsed time smaller than any break, so it is true then.
 */
export function breakExceedsElapsed(entry: ClosedEntry): boolean {
  return entry.breakMinutes * MS_PER_MINUTE > elapsedMs(entry);
}

/**
 * Worked time in whole seconds: floor((clockOut - clockIn) / 1000) - breakMinutes * 60.
 * Flooring drops a partial second rather than paying for time not yet complete, and keeps the
 * value independent of the millisecond part of the timestamps beyond the one second it loses.
 * Throws a RangeError when the result would be negative (break exceeds the elapsed time, or
 * clock out before clock in): such an entry must have been refused on write, see
 * breakExceedsElapsed, so meeting one here is a bug, not data to allocate.
 */
export function workedSeconds(entry: ClosedEntry): number {
  if (!Number.isFinite(entry.breakMinutes) || entry.breakMinutes < 0) {
    throw new RangeError(`Invalid breakMinutes: ${entry.breakMinutes}`);
  }
  if (breakExceedsElapsed(entry)) {
    throw new RangeError('Break exceeds the elapsed time of the entry');
  }
  // Floor of the whole difference: equal to the formula above for whole-minute breaks, and
  // still a whole number of seconds should a break ever carry a fraction of a minute.
  return Math.floor((elapsedMs(entry) - entry.breakMinutes * MS_PER_MINUTE) / MS_PER_SECOND);
}

// clockIn, then id: a total order over distinct entries, so the allocation never depends on
// the order the entries were read in. Ids compare by code unit, not locale.
function byClockInThenId(a: WorkEntry, b: WorkEntry): number {
  const diff = a.clockIn.getTime() - b.clockIn.getTime();
  if (diff !== 0) return diff;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function thresholdSecondsOf(thresholdHours: number): number {
  if (!Number.isFinite(thresholdHours) || thresholdHours < 0) {
    throw new RangeError(`Invalid overtime threshold: ${thresholdHours}`);
  }
  return Math.round(thresholdHours * 3600);
}

/**
 * Allocates the entries of ONE employee's ONE workweek. Open entries (clockOut null) are
 * skipped and absent from the result; closed ones come back sorted by clockIn, then id.
 *
 * The running sum of worked seconds, in that order, is regular up to
 * thresholdSeconds = round(thresholdHours * 3600) and overtime beyond (an entry straddling
 * the threshold is split; a threshold of 0 makes everything overtime). Seconds are exact
 * integers, so the split itself never rounds.
 *
 * Rounding follows docs/time-rules.md §10 to the letter, per entry:
 *   totalHours    = round(workedSeconds / 3600, 2)
 *   regularHours  = round(regularSeconds / 3600, 2)
 *   overtimeHours = totalHours - regularHours   (in integer hundredths: exact, >= 0, never -0)
 * so regular + overtime == total for each entry. overtime >= 0 because rounding is monotone
 * and regularSeconds <= workedSeconds. The contract fixes each entry's value on its own
 * seconds, so the rounded weekly sums can differ from the rounded weekly seconds by up to half
 * a cent per entry; e.g. at a 40 h threshold, 18 s (0.005 h -> 0.01) then 39.995 h (-> 40.00)
 * of regular time show 40.01 regular hours in total although exactly 40 h are regular.
 * Weekly totals are therefore sums of entry values (sumHours), as the contract says.
 */
export function allocateWeek(entries: readonly WorkEntry[], thresholdHours: number): Allocation[] {
  const thresholdSeconds = thresholdSecondsOf(thresholdHours);
  const closed = entries
    .filter((e): e is WorkEntry & { clockOut: Date } => e.clockOut !== null)
    .sort(byClockInThenId);
  let regularLeft = thresholdSeconds;
  return closed.map((entry) => {
    const worked = workedSeconds(entry);
    const regular = Math.min(worked, regularLeft);
    regularLeft -= regular;
    const total = secondsToHundredths(worked);
    const regularHundredths = secondsToHundredths(regular);
    return {
      id: entry.id,
      workedSeconds: worked,
      totalHours: total / 100,
      regularHours: regularHundredths / 100,
      overtimeHours: (total - regularHundredths) / 100,
    };
  });
}

/**
 * Allocates entries of ONE employee spanning any number of workweeks: each entry belongs
 * wholly to the workweek containing its clockIn in `timeZone`, and each week starts its
 * running sum at 0. Result sorted by clockIn, then id (weeks are disjoint and ordered).
 */
export function allocateEntries(entries: readonly WorkEntry[], thresholdHours: number, timeZone: string): Allocation[] {
  thresholdSecondsOf(thresholdHours); // validate even when there is nothing to allocate
  const weeks = new Map<number, WorkEntry[]>();
  for (const entry of entries) {
    if (entry.clockOut === null) continue;
    const key = workweekOf(entry.clockIn, timeZone).start.getTime();
    const week = weeks.get(key);
    if (week === undefined) weeks.set(key, [entry]);
    else week.push(entry);
  }
  return [...weeks.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([, week]) => allocateWeek(week, thresholdHours));
}
