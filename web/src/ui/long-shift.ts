// When a shift is long: over 12 hours, the line of the timesheet's LONG_SHIFT flag
// (src/domain/timesheet-flags.ts, docs/time-rules.md §15), which the browser cannot import. The
// console's flags and the employee app's advice to clock out both read it from here.
export const LONG_SHIFT_HOURS = 12;
const LONG_SHIFT_MS = LONG_SHIFT_HOURS * 3600 * 1000;

/** A shift still open at `now` that began more than LONG_SHIFT_HOURS before it. */
export function isLongOpenShift(clockIn: string, now: number): boolean {
  return now - Date.parse(clockIn) > LONG_SHIFT_MS;
}
