// The pay-period pages' dates and money: Intl in the organization's time zone and the person's
// language (the shared helpers in web/src/i18n/format.ts do hours and plain dates).
import type { Lang } from '../../i18n/translate.ts';

const LOCALES: Record<Lang, string> = { en: 'en-US', es: 'es-US' };

/** "Nov 1 – 14, 2026": the period's first and last local day. */
export function formatPeriodDates(start: string, end: string, timeZone: string, lang: Lang): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { timeZone, month: 'short', day: 'numeric', year: 'numeric' }).formatRange(new Date(start), new Date(end));
}

/** A calendar date typed in a form (`YYYY-MM-DD`), shown in words: "Friday, November 14, 2026". */
export function formatCalendarDate(date: string, lang: Lang): string {
  // Noon UTC names the same calendar day in every zone, so the text is the date that was typed.
  return new Intl.DateTimeFormat(LOCALES[lang], { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(`${date}T12:00:00Z`));
}

/** An instant as date and time: "Nov 14, 2026, 4:05 PM". */
export function formatDateTime(iso: string, timeZone: string, lang: Lang): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** Pay in US dollars, cents shown: "$1,187.50" (payclock's organizations pay in USD). */
export function formatMoney(amount: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'USD' }).format(amount);
}

export function formatCount(n: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALES[lang]).format(n);
}

/** The local calendar date (`YYYY-MM-DD`) of an instant in a zone, as a date input holds it. */
export function toDateInput(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}
