// The workweek that holds a clock in (docs/time-rules.md §3), as the calendar dates the hours
// report takes: the week On the clock reads each open shift's closed hours for.
import { localDateKey } from '../../i18n/format.ts';
import { weekStartOf } from '../pay-period-entries/entry-groups.ts';

/** The workweek (Sunday to Saturday, as local dates) that holds a clock in, in the organization's zone. */
export function workweekOf(clockIn: string, timeZone: string): { startDate: string; endDate: string } {
  const startDate = weekStartOf(localDateKey(clockIn, timeZone));
  const [year, month, day] = startDate.split('-').map(Number) as [number, number, number];
  const endDate = new Date(Date.UTC(year, month - 1, day + 6)).toISOString().slice(0, 10);
  return { startDate, endDate };
}
