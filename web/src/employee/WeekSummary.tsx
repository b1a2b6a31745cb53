// The home screen's week so far: regular and overtime hours of the current workweek (the week the
// organization's overtime threshold counts, docs/time-rules.md §3 and §8), and how far the
// employee is from that threshold. The figures are the service's, which count a shift once it is
// clocked out; while one is open in this week, the line under them counts it too, minute by
// minute, and says when overtime starts if the employee stays (ui/overtime-outlook.ts).
import type { Timesheet } from '../api/employee.ts';
import { formatHourLimit, formatHours, formatTime } from '../i18n/format.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { weekStanding } from '../ui/overtime-outlook.ts';
import { useNow } from '../ui/useNow.ts';
import { HoursTotals } from './HoursTotals.tsx';

const HOUR_MS = 3600 * 1000;

/**
 * `openSince` is the open shift's clock in: the sheet's open entry, or a clock in still queued
 * offline (EmployeeApp).
 */
export function WeekSummary({ sheet, openSince = sheet.clockStatus.openTimeEntry?.clockIn ?? null }: { sheet: Timesheet; openSince?: string | null }) {
  const { t, lang } = useI18n();
  const now = useNow(30_000);
  const { overtimeThreshold: threshold, timezone: timeZone } = sheet.company.bookkeeperOrg;
  const { regularHours, overtimeHours } = sheet.totals;
  const hours = (value: number) => t('hours.value', { hours: formatHours(value, lang) });
  // The rule as the organization set it: "40 h", "37.5 h".
  const limit = t('hours.value', { hours: formatHourLimit(threshold, lang) });
  const time = (at: number) => formatTime(new Date(at), timeZone, lang);
  const [weekStart, weekEnd] = [Date.parse(sheet.dateRange.startDate), Date.parse(sheet.dateRange.endDate)];
  const isInThisWeek = (clockIn: string) => Date.parse(clockIn) >= weekStart && Date.parse(clockIn) <= weekEnd;
  const standing = weekStanding({ regularHours, overtimeHours, thresholdHours: threshold, openSince, isInThisWeek }, now);

  let line: string;
  switch (standing.kind) {
    case 'before':
      line = t('week.untilOvertime', { left: hours(standing.leftHours), threshold: limit });
      break;
    case 'past':
      line = t('week.pastOvertime', { threshold: limit });
      break;
    case 'shiftAllOvertime':
      line = `${t('week.pastOvertime', { threshold: limit })} ${t('week.shiftAllOvertime')}`;
      break;
    case 'shiftPast':
      line = t('week.shiftPastOvertime', { threshold: limit, time: time(standing.passedAt) });
      break;
    case 'shiftBefore': {
      const left = hours(standing.untilMs / HOUR_MS);
      line =
        standing.overtimeAt === null
          ? t('week.shiftUntilOvertime', { left, threshold: limit })
          : t('week.shiftOvertimeAt', { left, threshold: limit, time: time(standing.overtimeAt) });
    }
  }
  // A shift begun in an earlier week counts toward that week, once it is clocked out.
  if (standing.openShift === 'earlierWeek') line += ` ${t('week.openShift')}`;
  return (
    <section className="week-summary" aria-labelledby="week-summary-heading">
      <h2 id="week-summary-heading">{t('week.heading')}</h2>
      <HoursTotals regular={regularHours} overtime={overtimeHours} />
      <p className="hint">{line}</p>
    </section>
  );
}
