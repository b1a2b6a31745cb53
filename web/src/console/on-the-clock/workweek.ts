// The workweek that holds a clock in (docs/time-rules.md §3), as the calendar dates the hours
// report takes: the week On the clock reads each open shift's closed hours for.
import { localDateKey } from '../../i18n/format.ts';
import { weekStartOf, weekStarting } from '../pay-period-entries/entry-groups.ts';

/** The workweek (Sunday to Saturday, as local dates) that holds a clock in, in the organization's zone. */
export function workweekOf(clockIn: string, timeZone: string): { startDate: string; endDate: string } {
  return weekStarting(weekStartOf(localDateKey(clockIn, timeZone)));
}
