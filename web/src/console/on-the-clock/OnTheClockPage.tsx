// On the clock: the people clocked in now (their open entries), with how long each has been on the
// clock, their week so far against the overtime threshold (ui/overtime-outlook.ts), and the flags a
// bookkeeper acts on: a shift open over 12 hours is most often a forgotten clock out, which the
// row's Clock out records (ClockOutDialog).
// Company and page in the URL; the list refreshes itself every minute and the times on the clock
// every half minute.
import { useMemo, useState } from 'react';
import { formatDay, formatHourLimit, formatTime, formatTimeZone } from '../../i18n/format.ts';
import type { Lang } from '../../i18n/translate.ts';
import { isLongOpenShift } from '../../ui/long-shift.ts';
import { NEAR_OVERTIME_HOURS } from '../../ui/overtime-outlook.ts';
import { useNow } from '../../ui/useNow.ts';
import { useCatalogue, type Translate } from '../catalogue.ts';
import { fullName } from '../employees/queries.ts';
import type { PageProps } from '../page-props.ts';
import { entryFlags } from '../pay-period-entries/entry-groups.ts';
import { FlagBadge } from '../pay-periods/badges.tsx';
import { useCompanyChoices } from '../people/company-choices.ts';
import { CompanyFilter } from '../people/CompanyFilter.tsx';
import { formatMonthDay } from '../reports/format.ts';
import { Link, useQueryParams } from '../router.tsx';
import { useTimeZone } from '../session.tsx';
import { ListStates } from '../ui/PageState.tsx';
import { badgeClass } from '../ui/tones.ts';
import { usePageTitle } from '../ui/usePageTitle.ts';
import { ClockOutDialog } from './ClockOutDialog.tsx';
import { onTheClockMessages, type OnTheClockKey } from './messages.ts';
import { useListOrganization, useOpenEntries, type OpenEntry } from './queries.ts';
import { useWeekOutlooks, type WeekOutlook } from './useWeekOutlooks.ts';

/** A span of time as "2 h 05 min", whole minutes down. */
function durationText(ms: number, t: Translate<OnTheClockKey>): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  return t('elapsed', { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, '0') });
}

interface SummaryCounts {
  total: number;
  longShifts: number;
  overtime: number;
  nearOvertime: number;
}

/** "3 people on the clock · 1 for over 12 hours · 1 in overtime": the page's answer before its table. */
function summaryText({ total, longShifts, overtime, nearOvertime }: SummaryCounts, t: Translate<OnTheClockKey>): string {
  const parts = [t(total === 1 ? 'summary.one' : 'summary.other', { count: total })];
  if (longShifts > 0) parts.push(t('summary.long', { count: longShifts }));
  if (overtime > 0) parts.push(t('summary.overtime', { count: overtime }));
  if (nearOvertime > 0) parts.push(t('summary.nearOvertime', { count: nearOvertime }));
  return parts.join(' · ');
}

export default function OnTheClockPage(_props: PageProps) {
  const { t, lang } = useCatalogue(onTheClockMessages);
  usePageTitle(t('title'));
  const timeZone = useTimeZone();
  const [query, setQuery] = useQueryParams();
  const companyId = query.get('companyId') ?? '';
  const page = Math.max(1, Number(query.get('page')) || 1);
  const entries = useOpenEntries({ companyId, page });
  const companies = useCompanyChoices();
  const now = useNow(30_000);
  const companyName = (id: string) => companies.data?.find((company) => company.id === id)?.name ?? t('none');
  const orgId = useListOrganization(companyId, companies.data);
  const items = useMemo(() => entries.data?.items ?? [], [entries.data]);
  const { rule, outlookOf, refetch: refetchWeeks } = useWeekOutlooks(items, orgId, companyId, now);
  // Once per entry for the rows and the summary's counts alike.
  const weekOf = new Map(items.map((entry) => [entry.id, outlookOf(entry)]));
  const outlooks = [...weekOf.values()].map((week) => week.outlook);
  const counts: SummaryCounts = {
    total: entries.data?.total ?? 0,
    longShifts: items.filter((entry) => isLongOpenShift(entry.clockIn, now)).length,
    overtime: outlooks.filter((outlook) => outlook?.state === 'over').length,
    nearOvertime: outlooks.filter((outlook) => outlook?.state === 'near').length,
  };
  const [closing, setClosing] = useState<OpenEntry | null>(null);
  const [done, setDone] = useState('');

  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t('title')}</h1>
          <p className="hint">{t('lead')}</p>
          {rule && <p className="hint">{t('lead.week', { threshold: formatHourLimit(rule.thresholdHours, lang), near: NEAR_OVERTIME_HOURS })}</p>}
        </div>
      </div>
      <p className="notice" role="status">
        {done}
      </p>
      <div className="toolbar">
        <CompanyFilter value={companyId} companies={companies} onChange={(id) => setQuery({ companyId: id, page: null })} />
        {/* Never disabled: the minute's own refresh would take the focus away from a keyboard user. */}
        <button
          type="button"
          className="secondary"
          aria-busy={entries.isFetching}
          onClick={() => {
            if (entries.isFetching) return;
            void entries.refetch();
            void refetchWeeks();
          }}
        >
          {entries.isFetching && !entries.isPending ? t('refreshing') : t('refresh')}
        </button>
      </div>
      {entries.data && (
        // Not a live region: its time changes every minute, which a screen reader would announce.
        <p className="clock-summary">
          {entries.data.total > 0 && <strong>{summaryText(counts, t)}</strong>}
          <span className="hint">{t('updated', { time: formatTime(new Date(entries.dataUpdatedAt), timeZone, lang) })}</span>
        </p>
      )}

      <ListStates list={entries} empty={companyId ? t('emptyCompany', { company: companyName(companyId) }) : t('empty')}>
        {(data) => (
          <div className="table-wrap">
            {/* On a phone each row becomes a card (console.css, "On the clock"). CSS display changes
                can cost a table its semantics in some browsers, so the roles are written out. */}
            <table className="data-table clock-table" role="table">
              <caption className="visually-hidden">{t('table.caption', { zone: formatTimeZone(timeZone, lang) })}</caption>
              <thead role="rowgroup">
                <tr role="row">
                  <th scope="col" role="columnheader">
                    {t('col.name')}
                  </th>
                  <th scope="col" role="columnheader">
                    {t('col.company')}
                  </th>
                  <th scope="col" role="columnheader">
                    {t('col.clockIn')}
                  </th>
                  <th scope="col" role="columnheader" className="num">
                    {t('col.elapsed')}
                  </th>
                  <th scope="col" role="columnheader" className="num">
                    {t('col.week')}
                  </th>
                  <th scope="col" role="columnheader">
                    {t('col.codes')}
                  </th>
                  <th scope="col" role="columnheader">
                    {t('col.flags')}
                  </th>
                  <th scope="col" role="columnheader">
                    {t('col.actions')}
                  </th>
                </tr>
              </thead>
              <tbody role="rowgroup">
                {data.items.map((entry) => (
                  <OpenEntryRow
                    key={entry.id}
                    entry={entry}
                    week={weekOf.get(entry.id) ?? outlookOf(entry)}
                    company={companyName(entry.companyId)}
                    now={now}
                    timeZone={timeZone}
                    lang={lang}
                    t={t}
                    onClockOut={() => {
                      setDone('');
                      setClosing(entry);
                    }}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListStates>
      {closing && (
        <ClockOutDialog
          key={closing.id}
          entry={closing}
          name={fullName(closing.employee)}
          onClose={() => setClosing(null)}
          onClockedOut={(message) => {
            setClosing(null);
            setDone(message);
          }}
        />
      )}
    </>
  );
}

interface RowProps {
  entry: OpenEntry;
  week: WeekOutlook;
  company: string;
  now: number;
  timeZone: string;
  lang: Lang;
  t: Translate<OnTheClockKey>;
  onClockOut(): void;
}

function OpenEntryRow({ entry, week, company, now, timeZone, lang, t, onClockOut }: RowProps) {
  const name = fullName(entry.employee);
  // Every row is an open entry, so only the flags beyond OPEN_ENTRY say something here.
  const flags = entryFlags(entry, now).filter((flag) => flag !== 'OPEN_ENTRY');
  const codes = [entry.jobCode, entry.taskCode].filter(Boolean).join(' / ');
  return (
    <tr role="row">
      <th scope="row" role="rowheader" className="row-name clock-name">
        <Link to={`/admin/employees/${entry.employeeId}`}>{`${entry.employee.lastName}, ${entry.employee.firstName}`}</Link>
        {entry.employee.employeeNumber && <span className="hint row-sub">{entry.employee.employeeNumber}</span>}
      </th>
      <td role="cell" className="clock-company">
        {company}
      </td>
      <td role="cell" className="clock-in" data-label={t('col.clockIn')}>
        {formatTime(entry.clockIn, timeZone, lang)}
        <span className="hint row-sub">{formatDay(entry.clockIn, timeZone, lang)}</span>
      </td>
      <td role="cell" className="num clock-elapsed" data-label={t('col.elapsed')}>
        {durationText(now - Date.parse(entry.clockIn), t)}
      </td>
      <td role="cell" className="num clock-week" data-label={t('col.week')}>
        <WeekSoFar week={week} lang={lang} t={t} />
      </td>
      <td role="cell" className={codes ? 'clock-codes' : 'clock-codes clock-none'} data-label={t('col.codes')}>
        {codes || t('none')}
      </td>
      <td role="cell" className={flags.length > 0 ? 'clock-flags' : 'clock-flags clock-none'}>
        {flags.length > 0 ? (
          <span className="flag-list">
            {flags.map((flag) => (
              <FlagBadge key={flag} flag={flag} />
            ))}
          </span>
        ) : (
          t('none')
        )}
      </td>
      <td role="cell" className="clock-actions">
        <div className="row-actions">
          <button type="button" className="secondary" onClick={onClockOut}>
            {t('clockOut')}
            <span className="visually-hidden"> {name}</span>
          </button>
          {entry.payPeriod ? (
            <Link to={`/admin/pay-periods/${entry.payPeriod.id}/employees/${entry.employeeId}`}>
              {t('entries')}
              <span className="visually-hidden"> {t('entries.of', { name })}</span>
            </Link>
          ) : (
            <span className="hint">{t('noPeriod')}</span>
          )}
        </div>
      </td>
    </tr>
  );
}

/**
 * The week's hours with the open shift, and, within the near window or past the threshold, how far
 * from overtime in words. A shift begun in an earlier workweek (before Sunday's midnight, or
 * forgotten for days) counts toward that week, which is named.
 */
function WeekSoFar({ week: { outlook, earlierWeek }, lang, t }: { week: WeekOutlook; lang: Lang; t: Translate<OnTheClockKey> }) {
  if (!outlook) return <>{t('none')}</>;
  return (
    <>
      <span>{durationText(outlook.weekMs, t)}</span>
      {earlierWeek && <span className="hint row-sub">{t('week.of', { date: formatMonthDay(earlierWeek, lang) })}</span>}
      {outlook.state === 'near' && <span className={`${badgeClass('warn')} clock-outlook`}>{t('week.near', { time: durationText(outlook.untilMs, t) })}</span>}
      {outlook.state === 'over' && <span className={`${badgeClass('bad')} clock-outlook`}>{t('week.over', { time: durationText(outlook.overMs, t) })}</span>}
    </>
  );
}
