// One workweek of the timesheet as a table: a row per entry grouped by local day, the week's
// totals in the footer, and per row the buttons to correct, delete and see the history. Buttons
// name their entry ("Correct the entry of Mon, Mar 2, 9:00 AM") so a screen reader tells rows apart.
import { useCatalogue } from '../catalogue.ts';
import { entryFlags, type WeekGroup } from './entry-groups.ts';
import { entriesMessages } from './messages.ts';
import type { Entry } from './queries.ts';
import type { EntryFormat } from './useEntryFormat.ts';

const FLAG_BADGES = { OPEN_ENTRY: 'badge-warn', LONG_SHIFT: 'badge-bad', OFFLINE_PUNCH: 'badge-info' } as const;

export function EntriesWeekTable({
  week,
  format,
  now,
  lockedReasonId,
  onCorrect,
  onDelete,
  onHistory,
}: {
  week: WeekGroup<Entry>;
  format: EntryFormat;
  now: number;
  /** Set while the period is locked: edit buttons are disabled and point at the stated reason. */
  lockedReasonId: string | null;
  onCorrect(entry: Entry): void;
  onDelete(entry: Entry): void;
  onHistory(entry: Entry): void;
}) {
  const { t } = useCatalogue(entriesMessages);
  const none = t('table.none');
  const weekLabel = t('table.week', { date: format.dayKey(week.weekStart) });
  return (
    <div className="table-wrap entries-week">
      <table className="data-table entries-table">
        <caption>{weekLabel}</caption>
        <thead>
          <tr>
            <th scope="col">{t('table.day')}</th>
            <th scope="col">{t('table.in')}</th>
            <th scope="col">{t('table.out')}</th>
            <th scope="col" className="num">{t('table.break')}</th>
            <th scope="col" className="num">{t('table.hours')}</th>
            <th scope="col" className="num">{t('table.regular')}</th>
            <th scope="col" className="num">{t('table.overtime')}</th>
            <th scope="col">{t('table.codes')}</th>
            <th scope="col">{t('table.notes')}</th>
            <th scope="col">{t('table.flags')}</th>
            <th scope="col">{t('table.actions')}</th>
          </tr>
        </thead>
        {week.days.map((day) => (
          <tbody key={day.day}>
            {day.entries.map((entry, index) => {
              const when = format.instant(entry.clockIn);
              const flags = entryFlags(entry, now);
              const hours = (value: number | null) => (value === null ? none : format.hours(value));
              return (
                <tr key={entry.id}>
                  {index === 0 && (
                    <th scope="rowgroup" rowSpan={day.entries.length} className="entries-day">
                      {format.shortDayKey(day.day)}
                    </th>
                  )}
                  <td>{format.time(entry.clockIn)}</td>
                  <td>{entry.clockOut ? format.time(entry.clockOut) : <span className="badge badge-warn">{t('table.stillOpen')}</span>}</td>
                  <td className="num">{format.minutes(entry.breakMinutes)}</td>
                  <td className="num">{hours(entry.totalHours)}</td>
                  <td className="num">{hours(entry.regularHours)}</td>
                  <td className="num">{hours(entry.overtimeHours)}</td>
                  <td>{[entry.jobCode, entry.taskCode].filter(Boolean).join(' / ') || none}</td>
                  <td className="entries-notes">{entry.notes || none}</td>
                  <td>
                    {flags.length === 0
                      ? none
                      : flags.map((flag) => (
                          <span key={flag} className={`badge ${FLAG_BADGES[flag]}`}>
                            {t(`flag.${flag}`)}
                          </span>
                        ))}
                  </td>
                  <td>
                    <div className="entries-actions">
                      <button
                        type="button"
                        className="secondary"
                        aria-label={t('action.correctEntry', { when })}
                        disabled={lockedReasonId !== null}
                        aria-describedby={lockedReasonId ?? undefined}
                        onClick={() => onCorrect(entry)}
                      >
                        {t('action.correct')}
                      </button>
                      <button
                        type="button"
                        className="secondary entries-delete"
                        aria-label={t('action.deleteEntry', { when })}
                        disabled={lockedReasonId !== null}
                        aria-describedby={lockedReasonId ?? undefined}
                        onClick={() => onDelete(entry)}
                      >
                        {t('action.delete')}
                      </button>
                      <button type="button" className="secondary" aria-label={t('action.historyEntry', { when })} onClick={() => onHistory(entry)}>
                        {t('action.history')}
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        ))}
        <tfoot>
          <tr className="entries-total">
            <th scope="row" colSpan={4}>
              {t('table.weekTotal')}
            </th>
            <td className="num">{format.hours(week.totals.totalHours)}</td>
            <td className="num">{format.hours(week.totals.regularHours)}</td>
            <td className="num">{format.hours(week.totals.overtimeHours)}</td>
            <td colSpan={4} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
