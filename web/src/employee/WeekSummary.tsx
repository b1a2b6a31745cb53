// The home screen's week so far: regular and overtime hours of the current workweek (the week the
// organization's overtime threshold counts, docs/time-rules.md §3 and §8), and how far the
// employee is from that threshold. It reads the timesheet the app already holds; a shift still
// open is counted once it is clocked out, as the service counts it.
import type { Timesheet } from '../api/employee.ts';
import { formatHourLimit, formatHours } from '../i18n/format.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { HoursTotals } from './HoursTotals.tsx';

export function WeekSummary({ sheet }: { sheet: Timesheet }) {
  const { t, lang } = useI18n();
  const threshold = sheet.company.bookkeeperOrg.overtimeThreshold;
  const { regularHours, overtimeHours } = sheet.totals;
  const left = t('hours.value', { hours: formatHours(Math.max(0, threshold - regularHours), lang) });
  // The rule as the organization set it: "40 h", "37.5 h".
  const limit = t('hours.value', { hours: formatHourLimit(threshold, lang) });
  return (
    <section className="week-summary" aria-labelledby="week-summary-heading">
      <h2 id="week-summary-heading">{t('week.heading')}</h2>
      <HoursTotals regular={regularHours} overtime={overtimeHours} />
      <p className="hint">
        {regularHours < threshold ? t('week.untilOvertime', { left, threshold: limit }) : t('week.pastOvertime', { threshold: limit })}
        {sheet.clockStatus.isClockedIn && <> {t('week.openShift')}</>}
      </p>
    </section>
  );
}
