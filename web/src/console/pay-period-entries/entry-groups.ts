// The entries of one timesheet laid out as a bookkeeper reads them: by overtime workweek
// (Sunday to Saturday in the organization's zone, docs/time-rules.md §3), then by local day,
// with each week's totals summed from the entries' rounded hours (§10), and each entry's own
// flags. Pure; the page only renders what this returns.
import { localDateKey } from '../../i18n/format.ts';
import { isLongOpenShift, LONG_SHIFT_HOURS } from '../../ui/long-shift.ts';

export interface GroupableEntry {
  id: string;
  clockIn: string;
  clockOut: string | null;
  totalHours: number | null;
  regularHours: number | null;
  overtimeHours: number | null;
  clockInRecordedAt: string | Date | null;
  clockOutRecordedAt: string | Date | null;
}

export interface HoursTotals {
  totalHours: number;
  regularHours: number;
  overtimeHours: number;
}

export interface DayGroup<E> {
  /** The local date, YYYY-MM-DD. */
  day: string;
  entries: E[];
}

export interface WeekGroup<E> {
  /** The local date of the week's Sunday, YYYY-MM-DD. */
  weekStart: string;
  days: DayGroup<E>[];
  totals: HoursTotals;
}

/** The Sunday (YYYY-MM-DD) of the workweek holding a local date. */
export function weekStartOf(localDate: string): string {
  const [year, month, day] = localDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCDate(date.getUTCDate() - date.getUTCDay());
  return date.toISOString().slice(0, 10);
}

/** The workweek that starts on `sunday` (YYYY-MM-DD), Sunday to Saturday, as the hours report takes dates. */
export function weekStarting(sunday: string): { startDate: string; endDate: string } {
  const [year, month, day] = sunday.split('-').map(Number) as [number, number, number];
  return { startDate: sunday, endDate: new Date(Date.UTC(year, month - 1, day + 6)).toISOString().slice(0, 10) };
}

/** Sums of the entries' rounded hours, in whole hundredths so floating point never decides (an open entry counts 0). */
export function sumHours(entries: readonly GroupableEntry[]): HoursTotals {
  const hundredths = (value: number | null) => Math.round((value ?? 0) * 100);
  let total = 0;
  let regular = 0;
  let overtime = 0;
  for (const entry of entries) {
    total += hundredths(entry.totalHours);
    regular += hundredths(entry.regularHours);
    overtime += hundredths(entry.overtimeHours);
  }
  return { totalHours: total / 100, regularHours: regular / 100, overtimeHours: overtime / 100 };
}

/** Oldest first: weeks, their days, and the entries of each day by clock in. */
export function groupEntries<E extends GroupableEntry>(entries: readonly E[], timeZone: string): WeekGroup<E>[] {
  const sorted = [...entries].sort((a, b) => Date.parse(a.clockIn) - Date.parse(b.clockIn) || a.id.localeCompare(b.id));
  const weeks: WeekGroup<E>[] = [];
  for (const entry of sorted) {
    const day = localDateKey(entry.clockIn, timeZone);
    const weekStart = weekStartOf(day);
    let week = weeks[weeks.length - 1];
    if (!week || week.weekStart !== weekStart) {
      week = { weekStart, days: [], totals: { totalHours: 0, regularHours: 0, overtimeHours: 0 } };
      weeks.push(week);
    }
    let group = week.days[week.days.length - 1];
    if (!group || group.day !== day) {
      group = { day, entries: [] };
      week.days.push(group);
    }
    group.entries.push(entry);
  }
  for (const week of weeks) week.totals = sumHours(week.days.flatMap((group) => group.entries));
  return weeks;
}

/** The overtime of the workweek that holds `clockIn`, over the given entries. */
export function weekOvertime(entries: readonly GroupableEntry[], clockIn: string, timeZone: string): number {
  const weekStart = weekStartOf(localDateKey(clockIn, timeZone));
  return sumHours(entries.filter((entry) => weekStartOf(localDateKey(entry.clockIn, timeZone)) === weekStart)).overtimeHours;
}

export const ENTRY_FLAGS = ['OPEN_ENTRY', 'LONG_SHIFT', 'OFFLINE_PUNCH'] as const;
export type EntryFlag = (typeof ENTRY_FLAGS)[number];

// The same threshold as the timesheet's flag (src/domain/timesheet-flags.ts, docs/time-rules.md §15).
const OFFLINE_TOLERANCE_MS = 2 * 60 * 1000;

function isOffline(punchedAt: string | null, recordedAt: string | Date | null): boolean {
  if (!punchedAt || !recordedAt) return false;
  return Math.abs(new Date(recordedAt).getTime() - Date.parse(punchedAt)) > OFFLINE_TOLERANCE_MS;
}

/** The flags of one entry, in the timesheet's order. */
export function entryFlags(entry: GroupableEntry, now: number): EntryFlag[] {
  const flags: EntryFlag[] = [];
  if (entry.clockOut === null) flags.push('OPEN_ENTRY');
  const long = entry.clockOut === null ? isLongOpenShift(entry.clockIn, now) : (entry.totalHours ?? 0) > LONG_SHIFT_HOURS;
  if (long) flags.push('LONG_SHIFT');
  if (isOffline(entry.clockIn, entry.clockInRecordedAt) || isOffline(entry.clockOut, entry.clockOutRecordedAt)) flags.push('OFFLINE_PUNCH');
  return flags;
}
