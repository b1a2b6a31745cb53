// The report's dates and amounts via Intl, in the organization's zone and the person's language.
// Day and week keys are calendar dates already local to the organization (docs/time-rules.md §15),
// so they are formatted as dates, never shifted through another zone.
import type { Lang } from '../../i18n/translate.ts';

const LOCALES: Record<Lang, string> = { en: 'en-US', es: 'es-US' };

/** Pay is in US dollars: the exports it feeds (QuickBooks IIF, payroll CSV) are US payroll's. */
export function formatMoney(amount: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'USD' }).format(amount);
}

export function formatCount(count: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALES[lang]).format(count);
}

/** A YYYY-MM-DD calendar date as "Mon, Mar 2, 2026" / "lun, 2 mar 2026". */
export function formatCalendarDate(key: string, lang: Lang, withWeekday = true): string {
  const [year, month, day] = key.split('-').map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day!, 12));
  return new Intl.DateTimeFormat(LOCALES[lang], { timeZone: 'UTC', ...(withWeekday && { weekday: 'short' }), month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}

/** A YYYY-MM-DD calendar date as "Nov 22" / "22 nov": a date of this year or near it, where the year goes without saying. */
export function formatMonthDay(key: string, lang: Lang): string {
  const [year, month, day] = key.split('-').map(Number);
  return new Intl.DateTimeFormat(LOCALES[lang], { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(new Date(Date.UTC(year!, month! - 1, day!, 12)));
}

/** Today's date in the zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The first day of the current month in the zone, as YYYY-MM-DD: the report's default start. */
export function monthStartIn(timeZone: string, now = new Date()): string {
  return `${todayIn(timeZone, now).slice(0, 8)}01`;
}
