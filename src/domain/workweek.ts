// The overtime workweek (docs/time-rules.md §3): Sunday 00:00:00.000 to Saturday 23:59:59.999 local
// time in the organization's IANA zone. Pure; luxon supplies the zone rules, so a week holding a
// spring-forward has 167 real hours and one holding a fall-back 169.
import { DateTime, IANAZone } from 'luxon';
import { isValidTimeZone } from './time-zone.ts';

export interface Workweek {
  start: Date;
  end: Date;
}

export { isValidTimeZone };

function toZone(timeZone: string): IANAZone {
  if (!isValidTimeZone(timeZone)) {
    throw new RangeError(`Unknown time zone: ${String(timeZone)}`);
  }
  // An IANAZone object, never a string, so luxon's default (host) zone can never leak in.
  return IANAZone.create(timeZone);
}

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;

/**
 * First instant of local day y-m-d. Luxon resolves an ambiguous wall time (fall-back overlap)
 * to the LATER instant, which for a Sunday whose 00:00 repeats (America/Havana 2026-11-01)
 * would hand the first local hour of the week to the previous week; so both readings of
 * 00:00 are tried and the earlier real one wins. When 00:00 is skipped (America/Santiago
 * 2022-09-11 jumps 00:00 -> 01:00) neither reading is real and the day starts at the
 * transition, which for a gap starting at midnight is 00:00 read with the earlier offset.
 */
function startOfLocalDay(year: number, month: number, day: number, zone: IANAZone): number {
  const wall = Date.UTC(year, month - 1, day);
  const before = zone.offset(wall - MS_PER_DAY);
  const after = zone.offset(wall + MS_PER_DAY);
  const real = [before, after]
    .map((offset) => wall - offset * MS_PER_MINUTE)
    .filter((t) => t + zone.offset(t) * MS_PER_MINUTE === wall);
  return real.length > 0 ? Math.min(...real) : wall - before * MS_PER_MINUTE;
}

/**
 * The week last computed in each zone (only valid zones get here, so the map stays as small as
 * the zones in use). Consecutive calls mostly fall in it: a timesheet read's "now", the sorted
 * entries of a week being allocated. Each call otherwise asks the zone rules for ~7 offsets
 * through Intl, about 15% of a timesheet read's CPU (BENCHMARKS.md). Weeks tile the timeline
 * (each ends 1 ms before the next one starts), so an instant inside the remembered week has
 * exactly that week.
 */
const lastWeekByZone = new Map<string, { start: number; end: number }>();

/**
 * The workweek containing `instant` in `timeZone`. `start` is the first instant of the local
 * Sunday; `end` is 1 ms before the next Sunday's first instant, i.e. the last millisecond of
 * Saturday 23:59:59.999 local. Throws a RangeError for an invalid Date or an unknown zone.
 */
export function workweekOf(instant: Date, timeZone: string): Workweek {
  const at = instant.getTime();
  const remembered = lastWeekByZone.get(timeZone);
  // An invalid Date (NaN) is never inside it, and goes on to its RangeError.
  if (remembered && at >= remembered.start && at <= remembered.end) {
    return { start: new Date(remembered.start), end: new Date(remembered.end) };
  }
  const week = computeWorkweek(instant, timeZone);
  lastWeekByZone.set(timeZone, { start: week.start.getTime(), end: week.end.getTime() });
  return week;
}

function computeWorkweek(instant: Date, timeZone: string): Workweek {
  const zone = toZone(timeZone);
  const local = DateTime.fromJSDate(instant, { zone });
  if (!local.isValid) {
    throw new RangeError('Invalid Date');
  }
  // Step back to Sunday on the calendar alone (luxon weekday: Monday 1 .. Sunday 7), in UTC
  // where every day exists and has 24 hours.
  const sunday = DateTime.utc(local.year, local.month, local.day).minus({ days: local.weekday % 7 });
  const week = weekBeginning(sunday, zone);
  // A fall-back that crosses midnight repeats part of Saturday after Sunday has begun
  // (St. John's fell back at 00:01 until 2011). That time reads Saturday, but the week that
  // began at the first 00:00 holds it, as weeks tile the timeline (docs/time-rules.md §3).
  return instant.getTime() > week.end.getTime() ? weekBeginning(sunday.plus({ days: 7 }), zone) : week;
}

/** The workweek whose local Sunday is the calendar date of `sunday` (a UTC DateTime). */
function weekBeginning(sunday: DateTime, zone: IANAZone): Workweek {
  const next = sunday.plus({ days: 7 });
  return {
    start: new Date(startOfLocalDay(sunday.year, sunday.month, sunday.day, zone)),
    end: new Date(startOfLocalDay(next.year, next.month, next.day, zone) - 1),
  };
}
