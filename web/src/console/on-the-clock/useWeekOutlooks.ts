// Each open shift's week so far against the overtime rule of the list's organization: the rule,
// one hours report per workweek the shifts began in (queries.ts), and the arithmetic of
// ui/overtime-outlook.ts, put together for the page's rows and its summary.
import { useMemo } from 'react';
import { overtimeOutlook, type OvertimeOutlook } from '../../ui/overtime-outlook.ts';
import { workweekOf } from './workweek.ts';
import { useOvertimeRule, useWeekClosedHours, type OpenEntry, type OvertimeRule } from './queries.ts';

export interface WeekOutlook {
  /** Undefined until the week's hours and the organization's rule are known. */
  outlook: OvertimeOutlook | undefined;
  /** The Sunday (YYYY-MM-DD) of the shift's workweek when it is not the current one, else null. */
  earlierWeek: string | null;
}

/**
 * `orgId` is the organization whose list this is (null until known); `companyId` narrows the
 * hours to the filtered company, as the list is. `now` is the page's clock.
 */
export function useWeekOutlooks(
  entries: readonly OpenEntry[],
  orgId: string | null,
  companyId: string,
  now: number,
): { rule: OvertimeRule | undefined; outlookOf(entry: OpenEntry): WeekOutlook; refetch(): Promise<unknown> } {
  const rule = useOvertimeRule(orgId);
  const weeks = useMemo(() => {
    if (!rule) return [];
    const byStart = new Map(entries.map((entry) => workweekOf(entry.clockIn, rule.timeZone)).map((week) => [week.startDate, week]));
    return [...byStart.values()];
  }, [entries, rule]);
  const openEntryIds = useMemo(() => entries.map((entry) => entry.id), [entries]);
  const weekHours = useWeekClosedHours(weeks, companyId, openEntryIds);
  const thisWeek = rule ? workweekOf(new Date(now).toISOString(), rule.timeZone).startDate : '';
  return {
    rule,
    refetch: weekHours.refetch,
    outlookOf(entry) {
      if (!rule) return { outlook: undefined, earlierWeek: null };
      const week = workweekOf(entry.clockIn, rule.timeZone).startDate;
      const closed = weekHours.closedHours(week, entry.employeeId);
      return {
        outlook: closed === undefined ? undefined : overtimeOutlook(closed, now - Date.parse(entry.clockIn), rule.thresholdHours),
        earlierWeek: week < thisWeek ? week : null,
      };
    },
  };
}
