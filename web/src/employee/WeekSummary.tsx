// The home screen's week so far: regular and overtime hours of the current workweek (the week the
// organization's overtime threshold counts, docs/time-rules.md §3 and §8), and how far the
// employee is from that threshold. The figures are the service's, which count a shift once it is
// clocked out; while one is open in this week, the line under them counts it too, minute by
// minute (ui/overtime-outlook.ts), and says when overtime starts if the employee stays.
import type { Timesheet } from '../api/employee.ts';
import { formatHourLimit, formatHours, formatTime } from '../i18n/format.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { LONG_SHIFT_HOURS } from '../ui/long-shift.ts';
import { overtimeOutlook } from '../ui/overtime-outlook.ts';
import { useNow } from '../ui/useNow.ts';
import { HoursTotals } from './HoursTotals.tsx';

const HOUR_MS = 3600 * 1000;

/**
 * `openSince` is the open shift's clock in: the sheet's open entry, or a clock in still queued
 * offline (EmployeeApp). A shift begun before this workweek counts toward its own week, not this one.
 */
export function WeekSummary({ sheet, openSince = sheet.clockStatus.openTimeEntry?.clockIn ?? null }: { sheet: Timesheet; openSince?: string | null }) {
  const { t, lang } = useI18n();
  const now = useNow(30_000);
  const threshold = sheet.company.bookkeeperOrg.overtimeThreshold;
  const timeZone = sheet.company.bookkeeperOrg.timezone;
  const { regularHours, overtimeHours } = sheet.totals;
  const hours = (value: number) => t('hours.value', { hours: formatHours(value, lang) });
  // The rule as the organization set it: "40 h", "37.5 h".
  const limit = t('hours.value', { hours: formatHourLimit(threshold, lang) });
  const shiftInThisWeek = openSince !== null && Date.parse(openSince) >= Date.parse(sheet.dateRange.startDate) && Date.parse(openSince) <= Date.parse(sheet.dateRange.endDate);

  let line: string;
  if (!shiftInThisWeek) {
    line = regularHours < threshold ? t('week.untilOvertime', { left: hours(Math.max(0, threshold - regularHours)), threshold: limit }) : t('week.pastOvertime', { threshold: limit });
    if (openSince !== null) line += ` ${t('week.openShift')}`;
  } else if (regularHours >= threshold) {
    line = `${t('week.pastOvertime', { threshold: limit })} ${t('week.shiftAllOvertime')}`;
  } else {
    const outlook = overtimeOutlook(regularHours + overtimeHours, now - Date.parse(openSince), threshold);
    if (outlook.state === 'over') {
      line = t('week.shiftPastOvertime', { threshold: limit, time: formatTime(new Date(now - outlook.overMs), timeZone, lang) });
    } else {
      const left = hours(outlook.untilMs / HOUR_MS);
      // Where overtime would start within a long shift's length, the time of day says more than a count.
      line =
        outlook.untilMs <= LONG_SHIFT_HOURS * HOUR_MS
          ? t('week.shiftOvertimeAt', { left, threshold: limit, time: formatTime(new Date(now + outlook.untilMs), timeZone, lang) })
          : t('week.shiftUntilOvertime', { left, threshold: limit });
    }
  }
  return (
    <section className="week-summary" aria-labelledby="week-summary-heading">
      <h2 id="week-summary-heading">{t('week.heading')}</h2>
      <HoursTotals regular={regularHours} overtime={overtimeHours} />
      <p className="hint">{line}</p>
    </section>
  );
}
