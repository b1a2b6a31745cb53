// This week's days (or those of one of the employee's pay periods), entries and totals, a small
// chart, the employee's own timesheet state with any rejection reason, and Submit timesheet.
// The service's refusals are explained in words, never shown as raw labels.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { newIdempotencyKey, type Api } from '../api/client.ts';
import { employeeKeys, myTimesheets, submitTimesheet, timesheet, type EmployeeTimesheet, type Timesheet, type TimeEntry } from '../api/employee.ts';
import { formatDateRange, formatDateRangeUnbroken, formatDay, formatHours, localDateKey } from '../i18n/format.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { errorMessage } from '../ui/errors.ts';
import { anyHours, HoursChart } from '../ui/HoursChart.tsx';
import { hoursPerDay } from '../ui/hours-per-day.ts';
import { PunchTime } from '../ui/PunchTime.tsx';
import { HoursTotals } from './HoursTotals.tsx';

/** A punch counts as made offline when it reached the service more than 2 minutes after (or before) its own time. */
const OFFLINE_GAP_MS = 2 * 60 * 1000;
function madeOffline(at: string, recordedAt: string | null): boolean {
  return recordedAt !== null && Math.abs(Date.parse(recordedAt) - Date.parse(at)) > OFFLINE_GAP_MS;
}

/** `from`: a clock out's clock in (see ui/PunchTime.tsx). */
function PunchTimeTagged({ at, recordedAt, zone, from }: { at: string; recordedAt: string | null; zone: string; from?: string }) {
  const { t, lang } = useI18n();
  return (
    <>
      <PunchTime at={at} from={from} timeZone={zone} lang={lang} />
      {madeOffline(at, recordedAt) && <span className="tag">{t('hours.offlinePunch')}</span>}
    </>
  );
}

/**
 * An entry's day ("Tue, Nov 10", "mar, 10 de nov"), its date in a span of its own, so that a
 * narrow column breaks it after the weekday rather than inside the date ("10 de" over "nov").
 */
function DayLabel({ at, zone }: { at: string; zone: string }) {
  const { lang } = useI18n();
  const [weekday, ...date] = formatDay(at, zone, lang).split(', ');
  if (date.length === 0) return <>{weekday}</>;
  return (
    <>
      {weekday}, <span className="day-date">{date.join(', ')}</span>
    </>
  );
}

function EntriesTable({ sheet }: { sheet: Timesheet }) {
  const { t, lang } = useI18n();
  const zone = sheet.company.bookkeeperOrg.timezone;
  const byDay = new Map<string, TimeEntry[]>();
  for (const entry of [...sheet.timeEntries].reverse()) {
    const key = localDateKey(entry.clockIn, zone);
    byDay.set(key, [...(byDay.get(key) ?? []), entry]);
  }
  if (sheet.timeEntries.length === 0) return <p>{t('hours.noEntries')}</p>;
  const hours = (value: number | null) => (value === null ? '—' : t('hours.value', { hours: formatHours(value, lang) }));
  // A column of "0 min" tells nothing and costs a phone the room that keeps each time on one line.
  const showBreaks = sheet.timeEntries.some((entry) => entry.breakMinutes > 0);
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={t('hours.heading')}>
      <table className={showBreaks ? 'with-breaks' : undefined}>
        <thead>
          <tr>
            <th scope="col">{t('hours.day')}</th>
            <th scope="col">{t('hours.in')}</th>
            <th scope="col">{t('hours.out')}</th>
            {showBreaks && <th scope="col">{t('hours.break')}</th>}
            <th scope="col">{t('hours.hours')}</th>
          </tr>
        </thead>
        <tbody>
          {[...byDay.entries()].flatMap(([, entries]) =>
            entries.map((entry) => (
              <tr key={entry.id}>
                <th scope="row">
                  <DayLabel at={entry.clockIn} zone={zone} />
                </th>
                <td className="time"><PunchTimeTagged at={entry.clockIn} recordedAt={entry.clockInRecordedAt} zone={zone} /></td>
                <td className="time">{entry.clockOut ? <PunchTimeTagged at={entry.clockOut} recordedAt={entry.clockOutRecordedAt} zone={zone} from={entry.clockIn} /> : t('hours.open')}</td>
                {showBreaks && <td>{t('hours.minutes', { minutes: entry.breakMinutes })}</td>}
                <td>{hours(entry.totalHours)}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The timesheet's state in words (a coloured edge repeats it), and why it was sent back, if it was. */
function TimesheetState({ record, zone, showPeriod }: { record: EmployeeTimesheet | undefined; zone: string; showPeriod: boolean }) {
  const { t, lang } = useI18n();
  if (!record) return <p className="period-status">{t('hours.noPeriod')}</p>;
  const { payPeriod } = record;
  return (
    <div className={`period-status state-${record.status}`} data-testid="timesheet-state">
      <p>
        <strong>{t('hours.status', { status: t(`hours.status.${record.status}`) })}</strong>
        {showPeriod && <> {t('hours.statusFor', { dates: formatDateRangeUnbroken(payPeriod.startDate, payPeriod.endDate, zone, lang) })}</>}
      </p>
      {record.rejectionReason && (
        <>
          <p>{t('hours.rejectionReason', { reason: record.rejectionReason })}</p>
          <p className="hint">{t('hours.resubmit')}</p>
        </>
      )}
    </div>
  );
}

/**
 * Why Submit is off, when what the app holds already shows that the service would refuse it: no
 * pay period, a shift still open, or no hours in it. The service's other refusals (a locked
 * period, one already submitted) stay its own and are explained once tried.
 */
function submitBlocker(targetId: string | null, record: EmployeeTimesheet | undefined): 'error.noPayPeriod' | 'error.openEntries' | 'error.noEntries' | null {
  if (!targetId) return 'error.noPayPeriod';
  if (record && record.totals.openEntries > 0) return 'error.openEntries';
  if (record && record.totals.entries === 0) return 'error.noEntries';
  return null;
}

const WEEK = 'week';

export function MyHours({ api, initial }: { api: Api; initial: Timesheet | undefined }) {
  const { t, lang } = useI18n();
  const queryClient = useQueryClient();
  // This week, or the id of one of the employee's pay periods.
  const [selected, setSelected] = useState<string>(WEEK);
  const payPeriodId = selected === WEEK ? null : selected;
  const timesheets = useQuery({ queryKey: employeeKeys.timesheets(), queryFn: () => myTimesheets(api) });
  const query = useQuery({
    queryKey: employeeKeys.timesheet(payPeriodId),
    queryFn: () => timesheet(api, payPeriodId ? { payPeriodId } : {}),
    initialData: payPeriodId ? undefined : initial,
  });
  // The timesheet whose state shows and which Submit sends: the chosen pay period, or in the week
  // view the pay period that covers today.
  const targetId = payPeriodId ?? initial?.currentPayPeriod?.id ?? null;
  const record = timesheets.data?.items.find((item) => item.payPeriod.id === targetId);
  const intent = useRef<string | null>(null);
  const submit = useMutation({
    mutationFn: (id: string) => {
      intent.current ??= newIdempotencyKey();
      return submitTimesheet(api, id, intent.current);
    },
    onSettled: () => {
      intent.current = null;
      void queryClient.invalidateQueries({ queryKey: employeeKeys.all });
    },
  });
  const sheet = query.data;
  const zone = (sheet ?? initial)?.company.bookkeeperOrg.timezone;
  // A period that cannot be read (gone, or the service down) says why instead of loading forever.
  if (!sheet || !zone) return <p role={query.isError ? 'alert' : 'status'} className={query.isError ? 'error' : undefined}>{query.isError ? errorMessage(query.error, t) : t('hours.loading')}</p>;
  const days = hoursPerDay(sheet.timeEntries, sheet.dateRange, zone, lang);
  const blocker = submitBlocker(targetId, record);
  const notYet = blocker && t(blocker);
  const choose = (value: string) => {
    submit.reset();
    setSelected(value);
  };

  return (
    <section className="hours" aria-labelledby="hours-heading">
      <h2 id="hours-heading">{t('hours.heading')}</h2>
      <label className="field">
        <span>{t('hours.range')}</span>
        <select value={selected} onChange={(e) => choose(e.target.value)}>
          <option value={WEEK}>{t('hours.thisWeek')}</option>
          {timesheets.data?.items.map(({ payPeriod }) => (
            <option key={payPeriod.id} value={payPeriod.id}>
              {t('hours.payPeriod', { dates: formatDateRange(payPeriod.startDate, payPeriod.endDate, zone, lang) })}
            </option>
          ))}
        </select>
      </label>
      <TimesheetState record={record} zone={zone} showPeriod={payPeriodId === null} />
      {/* A period without hours (none yet, or only open or 0.00 h entries) shows no chart: it was a blank box. */}
      {anyHours(days) && <HoursChart days={days} />}
      <EntriesTable sheet={sheet} />
      <HoursTotals regular={sheet.totals.regularHours} overtime={sheet.totals.overtimeHours} total={sheet.totals.totalHours} label={t('hours.totals')} />
      <button type="button" className="primary" disabled={submit.isPending || notYet !== null} onClick={() => (targetId ? submit.mutate(targetId) : undefined)} aria-describedby="submit-result">
        {t('hours.submit')}
      </button>
      <p id="submit-result" role="status" className={submit.isError ? 'error' : notYet !== null ? 'hint' : 'ok'}>
        {submit.isError ? errorMessage(submit.error, t) : submit.isSuccess ? t('hours.submitted') : (notYet ?? '')}
      </p>
    </section>
  );
}
