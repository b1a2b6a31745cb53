// The period's hours per local day, regular and overtime stacked, from its closed entries (an
// entry counts on the day of its clock-in, as the workweek rules of docs/time-rules.md do).
import { chartDayLabel, daysInRange, localDateKey } from '../../i18n/format.ts';
import { anyHours, HoursChart, type DayHours } from '../../ui/HoursChart.tsx';
import type { Lang } from '../../i18n/translate.ts';
import { useCatalogue } from '../catalogue.ts';
import { useTimeZone } from '../session.tsx';
import { periodMessages } from './messages.ts';
import type { PeriodDetail } from './review-data.ts';

const LOCALES: Record<Lang, string> = { en: 'en-US', es: 'es-US' };

export function periodDays(period: PeriodDetail, timeZone: string, lang: Lang): DayHours[] {
  const byDay = new Map<string, { regular: number; overtime: number }>();
  for (const entry of period.timeEntries) {
    if (entry.clockOut === null) continue;
    const key = localDateKey(entry.clockIn, timeZone);
    const day = byDay.get(key) ?? { regular: 0, overtime: 0 };
    day.regular += entry.regularHours ?? 0;
    day.overtime += entry.overtimeHours ?? 0;
    byDay.set(key, day);
  }
  // Keys are local dates; read at noon UTC they name the same day in words.
  const label = new Intl.DateTimeFormat(LOCALES[lang], { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' });
  const keys = daysInRange(period.startDate, period.endDate, timeZone);
  return keys.map((key) => {
    const hours = byDay.get(key) ?? { regular: 0, overtime: 0 };
    return {
      label: label.format(new Date(`${key}T12:00:00Z`)),
      axis: chartDayLabel(key, lang, keys.length),
      regular: Math.round(hours.regular * 100) / 100,
      overtime: Math.round(hours.overtime * 100) / 100,
    };
  });
}

export function PeriodChart({ period }: { period: PeriodDetail }) {
  const { t, lang } = useCatalogue(periodMessages);
  const timeZone = useTimeZone();
  const days = periodDays(period, timeZone, lang);
  if (!anyHours(days)) return <p className="muted">{t('chart.empty')}</p>;
  // About one viewBox unit per pixel, so a week and a month both read at the same size.
  return (
    <div className="period-chart" style={{ ['--chart-days' as string]: days.length }}>
      {/* The console's chart gives every day about 4rem, room for its hours whatever the period's length. */}
      <HoursChart days={days} values />
    </div>
  );
}
