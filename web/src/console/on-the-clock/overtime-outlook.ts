// How close each person on the clock is to overtime: the closed hours of the workweek that holds
// the open shift's clock in, plus the shift so far, against the organization's weekly threshold
// (docs/time-rules.md §3 and §8). The service allocates the shift's overtime only when it is
// clocked out; this is the bookkeeper's view of where it is heading, to act on before it happens.
import { localDateKey } from '../../i18n/format.ts';
import { weekStartOf } from '../pay-period-entries/entry-groups.ts';

/**
 * "Near overtime" is within 4 hours of the threshold: at most the rest of a usual shift, so a
 * person flagged now would reach overtime before they leave unless someone acts.
 */
export const NEAR_OVERTIME_HOURS = 4;

const HOUR_MS = 3600 * 1000;

export type OvertimeState = 'clear' | 'near' | 'over';

export interface OvertimeOutlook {
  /** Worked time of the week so far, the open shift included. */
  weekMs: number;
  state: OvertimeState;
  /** Time left before overtime starts; 0 once it has. */
  untilMs: number;
  /** Overtime so far; 0 before it starts. */
  overMs: number;
}

/** The workweek (Sunday to Saturday, as local dates) that holds a clock in, in the organization's zone. */
export function workweekOf(clockIn: string, timeZone: string): { startDate: string; endDate: string } {
  const startDate = weekStartOf(localDateKey(clockIn, timeZone));
  const [year, month, day] = startDate.split('-').map(Number) as [number, number, number];
  const endDate = new Date(Date.UTC(year, month - 1, day + 6)).toISOString().slice(0, 10);
  return { startDate, endDate };
}

/**
 * The outlook of one open shift. `closedHours` are the week's closed entries (the hours report's
 * `totalHours`, breaks already off); the open shift counts all its time, as it has no break yet.
 * At exactly the threshold there is no overtime yet, as in allocateWeek's running sum.
 */
export function overtimeOutlook(closedHours: number, openMs: number, thresholdHours: number): OvertimeOutlook {
  const weekMs = Math.round(closedHours * HOUR_MS) + Math.max(0, openMs);
  const thresholdMs = Math.round(thresholdHours * HOUR_MS);
  const untilMs = Math.max(0, thresholdMs - weekMs);
  const overMs = Math.max(0, weekMs - thresholdMs);
  const state: OvertimeState = overMs > 0 ? 'over' : untilMs <= NEAR_OVERTIME_HOURS * HOUR_MS ? 'near' : 'clear';
  return { weekMs, state, untilMs, overMs };
}
