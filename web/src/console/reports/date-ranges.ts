// The report's quick ranges ("Last week", "This month"…), as the calendar dates the hours report
// takes. They count from today in the organization's zone, and weeks are its workweeks, Sunday to
// Saturday (docs/time-rules.md §3). A range that has begun ends today, as the page's default
// (this month so far) does, so its totals are the hours worked up to now.
import { weekStartOf, weekStarting } from '../pay-period-entries/entry-groups.ts';

export const RANGE_PRESETS = ['thisWeek', 'lastWeek', 'thisMonth', 'lastMonth', 'thisYear', 'lastYear'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export interface DateRange {
  startDate: string;
  endDate: string;
}

const iso = (year: number, monthIndex: number, day: number) => new Date(Date.UTC(year, monthIndex, day)).toISOString().slice(0, 10);

/** The preset's dates, counted from `today` (YYYY-MM-DD in the organization's zone). */
export function presetRange(preset: RangePreset, today: string): DateRange {
  const [year, month] = today.split('-').map(Number) as [number, number];
  switch (preset) {
    case 'thisWeek':
      return { startDate: weekStartOf(today), endDate: today };
    case 'lastWeek': {
      const [y, m, d] = weekStartOf(today).split('-').map(Number) as [number, number, number];
      return weekStarting(iso(y, m - 1, d - 7));
    }
    case 'thisMonth':
      return { startDate: iso(year, month - 1, 1), endDate: today };
    case 'lastMonth':
      // Day 0 of this month is the last day of the one before.
      return { startDate: iso(year, month - 2, 1), endDate: iso(year, month - 1, 0) };
    case 'thisYear':
      return { startDate: iso(year, 0, 1), endDate: today };
    case 'lastYear':
      return { startDate: iso(year - 1, 0, 1), endDate: iso(year - 1, 11, 31) };
    default:
      return preset satisfies never;
  }
}

/** The preset whose dates these are today, or null for other dates. The first one wins ("this week" on a Sunday is also its first day). */
export function matchingPreset(range: DateRange, today: string): RangePreset | null {
  return RANGE_PRESETS.find((preset) => {
    const dates = presetRange(preset, today);
    return dates.startDate === range.startDate && dates.endDate === range.endDate;
  }) ?? null;
}
