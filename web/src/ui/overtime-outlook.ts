// How close a person on the clock is to overtime: the closed hours of the workweek that holds the
// open shift's clock in, plus the shift so far, against the organization's weekly threshold
// (docs/time-rules.md §3 and §8). The service allocates the shift's overtime only when it is
// clocked out; this is where it is heading, to act on before it happens. On the clock shows it to
// the bookkeeper, and the employee app's week card to the employee.

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
