// A company's next pay period: the day after its latest one ends, of the same type, ending where
// the service would end it (period-end.ts). Pure.
//
// "Due" is a next period that starts within a week from today (or has already started): the ones
// a bookkeeper starts on their weekly round, and the ones the page ticks at first.
import { dayAfter, defaultEndDate, type PeriodType } from './period-end.ts';

export const DUE_WITHIN_DAYS = 7;

export interface NextPeriod {
  periodType: PeriodType;
  startDate: string;
  endDate: string;
  due: boolean;
}

/**
 * `latestEnd` is the latest period's last local day (`YYYY-MM-DD`), `today` the organization's.
 * Null when the next dates cannot be worked out (past the year 9999).
 */
export function nextPeriod(latest: { periodType: PeriodType; lastDay: string }, today: string): NextPeriod | null {
  const startDate = dayAfter(latest.lastDay);
  const endDate = startDate && defaultEndDate(latest.periodType, startDate);
  if (!startDate || !endDate) return null;
  let dueBy = today;
  for (let day = 0; day < DUE_WITHIN_DAYS; day++) dueBy = dayAfter(dueBy) ?? dueBy;
  return { periodType: latest.periodType, startDate, endDate, due: startDate <= dueBy };
}
