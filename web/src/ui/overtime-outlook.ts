// How close a person on the clock is to overtime: the closed hours of the workweek that holds the
// open shift's clock in, plus the shift so far, against the organization's weekly threshold
// (docs/time-rules.md §3 and §8). The service allocates the shift's overtime only when it is
// clocked out; this is where it is heading, to act on before it happens. On the clock shows it to
// the bookkeeper, and the employee app's week card to the employee.
import { LONG_SHIFT_HOURS } from './long-shift.ts';

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

/**
 * Where a person's current workweek stands, as the week cards say it (the employee app's and the
 * console's employee page): the service's closed figures, and an open shift of this week counted
 * minute by minute.
 * - `before` / `past`: no open shift counts toward this week (none, or one begun in an earlier
 *   week: `openShift` says which); the closed regular hours are below the threshold, or at it.
 * - `shiftAllOvertime`: the closed hours had reached the threshold before this shift began.
 * - `shiftBefore`: with this shift, `untilMs` is left; `overtimeAt` is when overtime would start if
 *   the person stays, given only when that is within a long shift's length (else a count says more).
 * - `shiftPast`: this shift took the week past the threshold at `passedAt`.
 */
export type WeekStanding = { openShift: 'none' | 'thisWeek' | 'earlierWeek' } & (
  | { kind: 'before'; leftHours: number }
  | { kind: 'past' }
  | { kind: 'shiftAllOvertime' }
  | { kind: 'shiftBefore'; untilMs: number; overtimeAt: number | null }
  | { kind: 'shiftPast'; passedAt: number }
);

export interface WeekFigures {
  /** The week's closed regular and overtime hours, as the service allocated them. */
  regularHours: number;
  overtimeHours: number;
  thresholdHours: number;
  /** The open shift's clock in, if there is one. */
  openSince: string | null;
  /** Whether a clock in falls in the current workweek (docs/time-rules.md §3), by the caller's own bounds. */
  isInThisWeek(clockIn: string): boolean;
}

export function weekStanding({ regularHours, overtimeHours, thresholdHours, openSince, isInThisWeek }: WeekFigures, now: number): WeekStanding {
  if (openSince === null || !isInThisWeek(openSince)) {
    const openShift = openSince === null ? 'none' : 'earlierWeek';
    return regularHours < thresholdHours ? { openShift, kind: 'before', leftHours: thresholdHours - regularHours } : { openShift, kind: 'past' };
  }
  if (regularHours >= thresholdHours) return { openShift: 'thisWeek', kind: 'shiftAllOvertime' };
  const outlook = overtimeOutlook(regularHours + overtimeHours, now - Date.parse(openSince), thresholdHours);
  if (outlook.state === 'over') return { openShift: 'thisWeek', kind: 'shiftPast', passedAt: now - outlook.overMs };
  return { openShift: 'thisWeek', kind: 'shiftBefore', untilMs: outlook.untilMs, overtimeAt: outlook.untilMs <= LONG_SHIFT_HOURS * HOUR_MS ? now + outlook.untilMs : null };
}
