// Dates, times and hours of the entries page, in the organization's time zone and the language
// the bookkeeper picked (docs/time-rules.md §1: every calendar rule uses the organization's zone).
import { useMemo } from 'react';
import { formatDateRange, formatHours, formatTime, formatTimeZone } from '../../i18n/format.ts';
import type { Lang } from '../../i18n/translate.ts';
import { useCatalogue } from '../catalogue.ts';
import { useTimeZone } from '../session.tsx';
import type { EntryDiffFormat } from './entry-diff.ts';
import { entriesMessages } from './messages.ts';

const LOCALES: Record<Lang, string> = { en: 'en-US', es: 'es-US' };

export interface EntryFormat extends EntryDiffFormat {
  timeZone: string;
  /** "Eastern Time (New York)": the zone as the page names it. */
  zoneName: string;
  /** The picked language, and its Intl locale. */
  lang: Lang;
  locale: string;
  /** "9:00 AM" */
  time(iso: string): string;
  /** "Monday, March 2" for a local date key (YYYY-MM-DD). */
  dayKey(day: string): string;
  /** "Mon, Mar 2": the table's day column. */
  shortDayKey(day: string): string;
  /** "Mon, Mar 2, 9:00 AM": names one entry. */
  instant(iso: string): string;
  /** "Mar 1 – 7, 2026" */
  range(start: string, end: string): string;
  /** "7.50" */
  hours(value: number): string;
  minutes(value: number): string;
}

export function useEntryFormat(): EntryFormat {
  const timeZone = useTimeZone();
  const { t, lang } = useCatalogue(entriesMessages);
  return useMemo(() => {
    const locale = LOCALES[lang];
    const dayFormat = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' });
    const shortDayFormat = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' });
    const instantFormat = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
    return {
      timeZone,
      zoneName: formatTimeZone(timeZone, lang),
      lang,
      locale,
      time: (iso) => formatTime(iso, timeZone, lang),
      // A local date key is a calendar date, not an instant: read it at UTC noon so no zone moves it.
      dayKey: (day) => dayFormat.format(new Date(`${day}T12:00:00Z`)),
      shortDayKey: (day) => shortDayFormat.format(new Date(`${day}T12:00:00Z`)),
      instant: (iso) => instantFormat.format(new Date(iso)),
      range: (start, end) => formatDateRange(start, end, timeZone, lang),
      hours: (value) => formatHours(value, lang),
      minutes: (value) => t('table.minutes', { minutes: new Intl.NumberFormat(locale).format(value) }),
      status: (value) => (value === 'PENDING' || value === 'APPROVED' ? t(`entryStatus.${value}`) : value),
    };
  }, [timeZone, lang, t]);
}
