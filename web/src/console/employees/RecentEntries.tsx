// The employee's time entries, newest first, in the organization's time zone: hours split into
// regular and overtime, an open entry marked as open (it has no hours yet: docs/api.md §4), with
// a Clock out for a shift the employee forgot to end.
import { useState } from 'react';
import { formatDateRange, formatDay, formatHours, formatTime, formatTimeZone } from '../../i18n/format.ts';
import { PunchTime } from '../../ui/PunchTime.tsx';
import { useCatalogue } from '../catalogue.ts';
import { badgeClass, LOCKED_TONE, OPEN_ENTRY_TONE } from '../ui/tones.ts';
import { useQueryParams } from '../router.tsx';
import { useTimeZone } from '../session.tsx';
import { ClockOutDialog } from '../on-the-clock/ClockOutDialog.tsx';
import { ListStates } from '../ui/PageState.tsx';
import { employeePageMessages } from './messages.ts';
import { fullName, useEmployeeEntries, type Employee } from './queries.ts';

type ListedEntry = NonNullable<ReturnType<typeof useEmployeeEntries>['data']>['items'][number];

export function RecentEntries({ employee, onClockedOut }: { employee: Employee; onClockedOut(message: string): void }) {
  const { t, lang } = useCatalogue(employeePageMessages);
  const timeZone = useTimeZone();
  const [query] = useQueryParams();
  const page = Math.max(1, Number(query.get('page')) || 1);
  const entries = useEmployeeEntries(employee.id, page);
  const hours = (value: number | null) => (value === null ? '—' : formatHours(value, lang));
  const [closing, setClosing] = useState<ListedEntry | null>(null);

  return (
    <section className="card" aria-labelledby="entries-heading">
      <h2 id="entries-heading">{t('entries.heading')}</h2>
      <ListStates list={entries} empty={t('entries.empty')}>
        {(data) => (
          <div className="table-wrap">
            <table className="data-table">
              <caption>{t('entries.caption', { name: fullName(employee), zone: formatTimeZone(timeZone, lang) })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('col.day')}</th>
                  <th scope="col">{t('col.in')}</th>
                  <th scope="col">{t('col.out')}</th>
                  <th scope="col" className="num">
                    {t('col.break')}
                  </th>
                  <th scope="col" className="num">
                    {t('col.hours')}
                  </th>
                  <th scope="col" className="num">
                    {t('col.regular')}
                  </th>
                  <th scope="col" className="num">
                    {t('col.overtime')}
                  </th>
                  <th scope="col">{t('col.period')}</th>
                  <th scope="col">{t('col.status')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((entry) => (
                  <tr key={entry.id}>
                    <th scope="row" className="row-name">{formatDay(entry.clockIn, timeZone, lang)}</th>
                    <td>{formatTime(entry.clockIn, timeZone, lang)}</td>
                    <td>
                      {entry.clockOut ? (
                        <PunchTime at={entry.clockOut} from={entry.clockIn} timeZone={timeZone} lang={lang} />
                      ) : (
                        <div className="open-punch">
                          <span className={badgeClass(OPEN_ENTRY_TONE)}>{t('open')}</span>
                          <button type="button" className="secondary" onClick={() => setClosing(entry)}>
                            {t('clockOut')}
                          </button>
                        </div>
                      )}
                    </td>
                    <td className="num">{entry.breakMinutes > 0 ? t('minutes', { minutes: entry.breakMinutes }) : '—'}</td>
                    <td className="num">{hours(entry.totalHours)}</td>
                    <td className="num">{hours(entry.regularHours)}</td>
                    <td className="num">{hours(entry.overtimeHours)}</td>
                    <td>
                      {entry.payPeriod ? formatDateRange(entry.payPeriod.startDate, entry.payPeriod.endDate, timeZone, lang) : t('noPeriod')}
                      {entry.payPeriod?.locked && <span className={`${badgeClass(LOCKED_TONE)} entry-locked`}>{t('locked')}</span>}
                    </td>
                    <td>
                      <span className={`badge ${entry.status === 'APPROVED' ? 'badge-ok' : 'badge-warn'}`}>{t(`status.${entry.status}`)}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListStates>
      {closing && (
        <ClockOutDialog
          entry={closing}
          name={fullName(employee)}
          onClose={() => setClosing(null)}
          onClockedOut={(message) => {
            setClosing(null);
            onClockedOut(message);
          }}
        />
      )}
    </section>
  );
}
