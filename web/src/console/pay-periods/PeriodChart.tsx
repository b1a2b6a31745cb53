// The period's hours per local day, regular and overtime stacked, from its closed entries (an
// entry counts on the day of its clock-in, as the workweek rules of docs/time-rules.md do).
import { anyHours, HoursChart } from '../../ui/HoursChart.tsx';
import { hoursPerDay } from '../../ui/hours-per-day.ts';
import { useCatalogue } from '../catalogue.ts';
import { useTimeZone } from '../session.tsx';
import { periodMessages } from './messages.ts';
import type { PeriodDetail } from './review-data.ts';

export function PeriodChart({ period }: { period: PeriodDetail }) {
  const { t, lang } = useCatalogue(periodMessages);
  const timeZone = useTimeZone();
  const days = hoursPerDay(period.timeEntries, period, timeZone, lang);
  if (!anyHours(days)) return <p className="muted">{t('chart.empty')}</p>;
  // About one viewBox unit per pixel, so a week and a month both read at the same size.
  return (
    <div className="period-chart" style={{ ['--chart-days' as string]: days.length }}>
      {/* The console's chart gives every day about 4rem, room for its hours whatever the period's length. */}
      <HoursChart days={days} values />
    </div>
  );
}
