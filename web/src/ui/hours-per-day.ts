// A date range's hours per local day, regular and overtime, for HoursChart. An entry counts on the
// day of its clock-in, as the workweek rules of docs/time-rules.md do; an open entry has no hours
// yet. The employee's timesheet and the console's pay period both chart through this.
import { chartDayLabel, daysInRange, formatDay, localDateKey } from '../i18n/format.ts';
import type { Lang } from '../i18n/translate.ts';
import type { DayHours } from './HoursChart.tsx';

export interface EntryHours {
  clockIn: string;
  clockOut: string | null;
  regularHours?: number | null;
  overtimeHours?: number | null;
}

/** Every day from `startDate` to `endDate` (calendar dates in `timeZone`), with the entries' hours summed and rounded to the hundredth. */
export function hoursPerDay(entries: readonly EntryHours[], range: { startDate: string; endDate: string }, timeZone: string, lang: Lang): DayHours[] {
  const byDay = new Map<string, { regular: number; overtime: number }>();
  for (const entry of entries) {
    if (entry.clockOut === null) continue;
    const key = localDateKey(entry.clockIn, timeZone);
    const day = byDay.get(key) ?? { regular: 0, overtime: 0 };
    day.regular += entry.regularHours ?? 0;
    day.overtime += entry.overtimeHours ?? 0;
    byDay.set(key, day);
  }
  const keys = daysInRange(range.startDate, range.endDate, timeZone);
  return keys.map((key) => {
    const hours = byDay.get(key) ?? { regular: 0, overtime: 0 };
    return {
      // Keys are local dates; read at noon UTC they name the same day in words.
      label: formatDay(`${key}T12:00:00Z`, 'UTC', lang),
      axis: chartDayLabel(key, lang, keys.length),
      regular: Math.round(hours.regular * 100) / 100,
      overtime: Math.round(hours.overtime * 100) / 100,
    };
  });
}
