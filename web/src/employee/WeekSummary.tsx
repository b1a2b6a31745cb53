// The home screen's week so far: regular and overtime hours of the current workweek (the week the
// organization's overtime threshold counts, docs/time-rules.md §3 and §8), and how far the
// employee is from that threshold. It reads the timesheet the app already holds; a shift still
// open is counted once it is clocked out, as the service counts it.
import type { Timesheet } from '../api/employee.ts';
import { formatHourLimit, formatHours } from '../i18n/format.ts';
import { useI18n } from '../i18n/i18n.tsx';

export function WeekSummary({ sheet }: { sheet: Timesheet }) {
  const { t, lang } = useI18n();
  const hours = (value: number) => t('hours.value', { hours: formatHours(value, lang) });
  const threshold = sheet.company.bookkeeperOrg.overtimeThreshold;
  const { regularHours, overtimeHours } = sheet.totals;
  const left = Math.max(0, threshold - regularHours);
  // The rule as the organization set it: "40 h", "37.5 h".
  const limit = t('hours.value', { hours: formatHourLimit(threshold, lang) });
  return (
    <section className="week-summary" aria-labelledby="week-summary-heading">
      <h2 id="week-summary-heading">{t('week.heading')}</h2>
      <dl className="totals">
        <div>
          <dt>{t('hours.regular')}</dt>
          <dd>{hours(regularHours)}</dd>
        </div>
        <div>
          <dt>{t('hours.overtime')}</dt>
          <dd>{hours(overtimeHours)}</dd>
        </div>
      </dl>
      <p className="hint">
        {left > 0 ? t('week.untilOvertime', { left: hours(left), threshold: limit }) : t('week.pastOvertime', { threshold: limit })}
        {sheet.clockStatus.isClockedIn && <> {t('week.openShift')}</>}
      </p>
    </section>
  );
}
