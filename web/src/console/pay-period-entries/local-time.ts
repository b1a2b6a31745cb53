// The correction form speaks the organization's wall clock (a `datetime-local` value such as
// 2026-03-08T09:30), the service speaks instants. These two functions convert between them in
// the organization's IANA zone, whatever zone the bookkeeper's browser is in, following the
// zone's daylight-saving rules the way the service does (docs/time-rules.md §2): a wall time
// skipped by a spring-forward gap does not exist (null), one that occurs twice at fall-back is
// the earlier instant.

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall-clock value (`YYYY-MM-DDTHH:mm`) an instant shows in the zone: what the form field holds. */
export function toWallTime(instant: string | number | Date, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of wallClockFormat(timeZone).formatToParts(new Date(instant))) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds (minutes precision). */
function offsetAt(time: number, timeZone: string): number {
  const wall = WALL_TIME.exec(toWallTime(time, timeZone))!;
  const asUtc = Date.UTC(Number(wall[1]), Number(wall[2]) - 1, Number(wall[3]), Number(wall[4]), Number(wall[5]));
  return asUtc - Math.floor(time / 60_000) * 60_000;
}

/**
 * The instant a wall-clock value names in the zone, or null when the value is malformed or the
 * time never happened there. The zone's offset a day either side covers both sides of any one
 * transition; each candidate is kept only if it really shows that wall time.
 */
export function fromWallTime(wallTime: string, timeZone: string): Date | null {
  const match = WALL_TIME.exec(wallTime);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || hour > 23 || minute > 59) return null;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  if (new Date(asUtc).getUTCDate() !== day) return null;
  const oneDay = 24 * 3600 * 1000;
  const candidates = [offsetAt(asUtc - oneDay, timeZone), offsetAt(asUtc + oneDay, timeZone)]
    .map((offset) => asUtc - offset)
    .filter((time) => toWallTime(time, timeZone) === wallTime)
    .sort((a, b) => a - b);
  return candidates.length > 0 ? new Date(candidates[0]!) : null;
}
