// The employee's current workweek, for the bookkeeper (docs/time-rules.md §3, §8): the hours the
// service has allocated so far, and how near overtime the week is, counting an open shift of this
// week minute by minute as On the clock and the employee's own app do (ui/overtime-outlook.ts).
import { formatDay, formatHourLimit, formatHours, formatTime } from '../../i18n/format.ts';
import { weekStanding, type WeekStanding } from '../../ui/overtime-outlook.ts';
import { useNow } from '../../ui/useNow.ts';
import { useCatalogue, type Translate } from '../catalogue.ts';
import { workweekOf } from '../on-the-clock/workweek.ts';
import { useOvertimeRule } from '../on-the-clock/queries.ts';
import { formatMonthDay } from '../reports/format.ts';
import { LoadError } from '../ui/PageState.tsx';
import { employeePageMessages, type EmployeePageKey } from './messages.ts';
import { useEmployeeWeek, type Employee } from './queries.ts';

const HOUR_MS = 3600 * 1000;

export function WeekCard({ employee }: { employee: Employee }) {
  const { t, lang } = useCatalogue(employeePageMessages);
  const now = useNow(30_000);
  const rule = useOvertimeRule(employee.company.bookkeeperOrgId);
  const week = rule ? workweekOf(new Date(now).toISOString(), rule.timeZone) : null;
  const { hours, open } = useEmployeeWeek(employee.id, week);
  const openEntry = open.data?.items[0] ?? null;

  let body;
  if (!rule || !week || hours.isPending || open.isPending) {
    body = <p className="hint">{t('week.loading')}</p>;
  } else if (hours.isError || open.isError) {
    body = <LoadError error={hours.error ?? open.error} onRetry={() => void Promise.all([hours.refetch(), open.refetch()])} />;
  } else {
    const { regularHours, overtimeHours, totalHours } = hours.data.totals;
    const standing = weekStanding(
      {
        regularHours,
        overtimeHours,
        thresholdHours: rule.thresholdHours,
        openSince: openEntry?.clockIn ?? null,
        isInThisWeek: (clockIn) => workweekOf(clockIn, rule.timeZone).startDate === week.startDate,
      },
      now,
    );
    const time = (at: string | number) => formatTime(new Date(at), rule.timeZone, lang);
    body = (
      <>
        <dl className="entries-totals">
          {(
            [
              ['col.hours', totalHours],
              ['col.regular', regularHours],
              ['col.overtime', overtimeHours],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt>{t(label)}</dt>
              <dd>{t('week.hours', { hours: formatHours(value, lang) })}</dd>
            </div>
          ))}
        </dl>
        {/* A line of its own, without a full stop: a time may end in one already ("8:15 a.m."). */}
        {openEntry && (
          <p className="week-standing">
            <strong>{t('week.onTheClock', { day: formatDay(openEntry.clockIn, rule.timeZone, lang), time: time(openEntry.clockIn) })}</strong>
          </p>
        )}
        <p className="week-standing">{standingText(standing, formatHourLimit(rule.thresholdHours, lang), (value) => formatHours(value, lang), time, t)}</p>
      </>
    );
  }
  return (
    <section className="card" aria-labelledby="week-heading">
      <h2 id="week-heading">{t('week.heading')}</h2>
      {rule && week && (
        <p className="hint">{t('week.range', { start: formatMonthDay(week.startDate, lang), end: formatMonthDay(week.endDate, lang), threshold: formatHourLimit(rule.thresholdHours, lang) })}</p>
      )}
      {body}
    </section>
  );
}

function standingText(standing: WeekStanding, threshold: string, hours: (value: number) => string, time: (at: number) => string, t: Translate<EmployeePageKey>): string {
  let text: string;
  switch (standing.kind) {
    case 'before':
      text = t('week.before', { left: hours(standing.leftHours) });
      break;
    case 'past':
      text = t('week.past', { threshold });
      break;
    case 'shiftAllOvertime':
      text = t('week.shiftAll', { threshold });
      break;
    case 'shiftPast':
      text = t('week.shiftPast', { threshold, time: time(standing.passedAt) });
      break;
    case 'shiftBefore': {
      const left = hours(standing.untilMs / HOUR_MS);
      text = standing.overtimeAt === null ? t('week.shiftBefore', { left }) : t('week.shiftBeforeAt', { left, time: time(standing.overtimeAt) });
    }
  }
  return standing.openShift === 'earlierWeek' ? `${text} ${t('week.earlierShift')}` : text;
}
