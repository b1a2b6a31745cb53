// The time of an offline punch: a device without a connection records when the employee
// punched and sends it later as `occurredAt`. Pure.

/** How far ahead of the server's clock a punch may be (device clocks drift a little). */
export const MAX_AHEAD_MS = 2 * 60_000;
/** How long a device may hold a punch before the server refuses it. */
export const MAX_BEHIND_MS = 24 * 3_600_000;

// An ISO-8601 date-time with an explicit offset: a local time without one would be guessed.
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

export type OccurredAtResult = { ok: true; instant: Date } | { ok: false; reason: string };

/** Parses `occurredAt` and checks it lies within [now − 24 h, now + 2 min]. */
export function resolveOccurredAt(input: string, now: Date): OccurredAtResult {
  const instant = WITH_OFFSET.test(input) ? new Date(input) : null;
  if (!instant || Number.isNaN(instant.getTime())) {
    return { ok: false, reason: 'must be an ISO-8601 date-time with an offset (e.g. 2026-03-02T09:00:00-05:00)' };
  }
  // new Date() rolls impossible dates over (Feb 30 → Mar 2); the calendar date must survive.
  const [, month, day] = input.slice(0, 10).split('-').map(Number);
  const offsetDate = new Date(instant.getTime() + offsetMinutesOf(input) * 60_000);
  if (offsetDate.getUTCMonth() + 1 !== month || offsetDate.getUTCDate() !== day) {
    return { ok: false, reason: 'must be a real calendar date' };
  }
  const delta = instant.getTime() - now.getTime();
  if (delta > MAX_AHEAD_MS) return { ok: false, reason: 'must not be more than 2 minutes in the future' };
  if (-delta > MAX_BEHIND_MS) return { ok: false, reason: 'must not be more than 24 hours in the past' };
  return { ok: true, instant };
}

function offsetMinutesOf(input: string): number {
  const match = /([+-])(\d{2}):?(\d{2})$/.exec(input);
  if (!match || /z$/i.test(input)) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}
