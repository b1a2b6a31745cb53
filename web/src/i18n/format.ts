// Every date, time and number the screens show goes through Intl, in the organization's time
// zone (the timesheet answer carries it), never the device's own zone.
import type { Lang } from './translate.ts';

const LOCALES: Record<Lang, string> = { en: 'en-US', es: 'es-US' };

export function formatTime(iso: string | Date, timeZone: string, lang: Lang): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

export function formatDay(iso: string | Date, timeZone: string, lang: Lang): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { timeZone, weekday: 'short', month: 'short', day: 'numeric' }).format(new Date(iso));
}

/** "a, b and c" / "a, b y c". */
export function formatList(parts: readonly string[], lang: Lang): string {
  return new Intl.ListFormat(LOCALES[lang], { style: 'long', type: 'conjunction' }).format(parts);
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * The day of a clock out that falls on a later local day than its clock in: its weekday ("Wed",
 * "mié") within the week, its whole day beyond; null on the same day. Beside an overnight shift's
 * times it keeps "7:45 PM · 4:45 AM" from reading as a shift that ended before it began.
 */
export function laterDayOf(clockIn: string, clockOut: string, timeZone: string, lang: Lang): string | null {
  if (localDateKey(clockOut, timeZone) === localDateKey(clockIn, timeZone)) return null;
  if (Date.parse(clockOut) - Date.parse(clockIn) >= 6 * DAY_MS) return formatDay(clockOut, timeZone, lang);
  return new Intl.DateTimeFormat(LOCALES[lang], { timeZone, weekday: 'short' }).format(new Date(clockOut));
}

/**
 * A calendar date's axis label for a chart, in two short lines: a week shows "Mon" over "23";
 * a longer range the one-letter weekday ("M", "L" for lunes) over "23", so 14 fit at 320 px.
 */
export function chartDayLabel(date: string, lang: Lang, dayCount: number): { weekday: string; day: string } {
  const at = new Date(`${date}T12:00:00Z`);
  const narrow = dayCount > 7;
  const weekday = new Intl.DateTimeFormat(LOCALES[lang], { timeZone: 'UTC', weekday: narrow ? 'narrow' : 'short' }).format(at);
  // Intl's narrow Spanish days give "M" to martes and miércoles alike; Spanish calendars write
  // miércoles "X".
  const label = narrow && lang === 'es' && at.getUTCDay() === 3 ? 'X' : weekday.replace(/\.$/, '');
  return { weekday: label, day: new Intl.DateTimeFormat(LOCALES[lang], { timeZone: 'UTC', day: 'numeric' }).format(at) };
}

export function formatDate(iso: string | Date, timeZone: string, lang: Lang): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { timeZone, month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));
}

/** A span of days, as short as the language allows: "Nov 6 – 19, 2026", "6–19 nov 2026". */
export function formatDateRange(start: string | Date, end: string | Date, timeZone: string, lang: Lang): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { timeZone, month: 'short', day: 'numeric', year: 'numeric' }).formatRange(new Date(start), new Date(end));
}

/**
 * A date range whose dates each stay on one line ("Nov 26 – Dec 2, 2026" may break only at its
 * dash): Intl's ordinary spaces become no-break spaces; the thin spaces around the dash stay.
 */
export function formatDateRangeUnbroken(start: string | Date, end: string | Date, timeZone: string, lang: Lang): string {
  return formatDateRange(start, end, timeZone, lang).replaceAll(' ', '\u00a0');
}

/** A number of hours set as a rule, with only the decimals it has: 40 -> "40", 37.5 -> "37.5". */
export function formatHourLimit(hours: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 2 }).format(hours);
}

/** Hours with two decimals, as the API rounds them: 7.5 -> "7.50". */
export function formatHours(hours: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(hours);
}

/** The local calendar date (YYYY-MM-DD) of an instant in a zone: the key that groups a day. */
export function localDateKey(iso: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

/** A running timer: 0:05:09, 12:00:00. Negative spans (a clock running behind) show as 0:00:00. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(total / 3600)}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** The local dates from the range's start to its end (both instants), one per calendar day. */
export function daysInRange(startIso: string, endIso: string, timeZone: string): string[] {
  const days: string[] = [];
  const end = localDateKey(endIso, timeZone);
  // Step by 12 hours and keep each new date: a 23- or 25-hour DST day is neither skipped nor doubled.
  for (let t = Date.parse(startIso); ; t += 12 * 3600 * 1000) {
    const key = localDateKey(new Date(t), timeZone);
    if (days[days.length - 1] !== key) days.push(key);
    if (key >= end || days.length > 62) break;
  }
  return days;
}

/** Whether Intl knows the zone (an IANA name such as "America/New_York", or "UTC"). */
export function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.trim() !== '';
  } catch {
    return false;
  }
}

/**
 * A time zone as people name it, with its place: "Eastern Time (New York)", "hora oriental
 * (New York)". The stored IANA name ("America/New_York") is what forms take and the API
 * returns; screens show this. UTC and the fixed "Etc/…" zones keep their own name, which
 * Intl would write as "GMT+00:00". A zone Intl cannot name is shown as stored.
 */
export function formatTimeZone(timeZone: string, lang: Lang): string {
  if (timeZone === 'UTC' || timeZone.startsWith('Etc/')) return timeZone.replace(/^Etc\//, '');
  let generic: string | undefined;
  try {
    generic = new Intl.DateTimeFormat(LOCALES[lang], { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    return timeZone;
  }
  const place = timeZone.split('/').pop()!.replace(/_/g, ' ');
  return generic ? `${generic} (${place})` : timeZone;
}
