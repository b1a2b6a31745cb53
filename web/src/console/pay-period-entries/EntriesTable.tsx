// The timesheet's entries as ONE table, so that every week's columns line up: a group of rows
// per workweek (its heading row, a row per entry with the local day as the row header, the
// week's totals when there are several), and the pay period's totals in the footer. Buttons name their entry ("Edit
// the entry of Mon, Mar 2, 9:00 AM") so a screen reader tells rows apart. Without `actions` the
// table is read-only, as printed timesheets show it (PrintTimesheetsPage).
import { PunchTime } from '../../ui/PunchTime.tsx';
import { useCatalogue } from '../catalogue.ts';
import { badgeClass, FLAG_TONE, OPEN_ENTRY_TONE } from '../ui/tones.ts';
import { entryFlags, type HoursTotals, type WeekGroup } from './entry-groups.ts';
import { entriesMessages } from './messages.ts';
import type { Entry } from './queries.ts';
import type { EntryFormat } from './useEntryFormat.ts';

/** Day, In, Out, Break, Hours, Regular, Overtime, Job / task, Notes, Flags (and Actions). */
const READ_ONLY_COLUMNS = 10;

interface RowActions {
  /** Set while the period is locked: edit buttons are disabled and point at the stated reason. */
  lockedReasonId: string | null;
  onCorrect(entry: Entry): void;
  onDelete(entry: Entry): void;
  onHistory(entry: Entry): void;
}

export function EntriesTable({
  weeks,
  periodTotals,
  format,
  now,
  actions,
}: {
  weeks: WeekGroup<Entry>[];
  periodTotals: HoursTotals;
  format: EntryFormat;
  now: number;
  actions?: RowActions;
}) {
  const { t } = useCatalogue(entriesMessages);
  const columns = READ_ONLY_COLUMNS + (actions ? 1 : 0);
  return (
    <div className="table-wrap entries-table-wrap">
      <table className="data-table entries-table">
        <caption className="visually-hidden">{t('table.caption')}</caption>
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
            {actions && <th scope="col" className="no-print">{t('table.actions')}</th>}
          </tr>
        </thead>
        {weeks.map((week) => (
          <tbody key={week.weekStart}>
            <tr className="entries-week-head">
              <th scope="rowgroup" colSpan={columns}>
                {t('table.week', { date: format.dayKey(week.weekStart) })}
              </th>
            </tr>
            {week.days.map((day) =>
              day.entries.map((entry, index) => (
                <EntryRow
                  key={entry.id}
                  entry={entry}
                  dayLabel={index === 0 ? { text: format.shortDayKey(day.day), rows: day.entries.length } : null}
                  format={format}
                  now={now}
                  actions={actions}
                />
              )),
            )}
            {weeks.length > 1 && <TotalsRow className="entries-total" label={t('table.weekTotal')} totals={week.totals} format={format} columns={columns} />}
          </tbody>
        ))}
        <tfoot>
          <TotalsRow className="entries-period-total" label={t('table.periodTotal')} totals={periodTotals} format={format} columns={columns} />
        </tfoot>
      </table>
    </div>
  );
}

function EntryRow({
  entry,
  dayLabel,
  format,
  now,
  actions,
}: {
  entry: Entry;
  /** On the day's first entry: the day, as the header of the day's rows. */
  dayLabel: { text: string; rows: number } | null;
  format: EntryFormat;
  now: number;
  actions: RowActions | undefined;
}) {
  const { t } = useCatalogue(entriesMessages);
  const none = t('table.none');
  const when = format.instant(entry.clockIn);
  const flags = entryFlags(entry, now);
  const hours = (value: number | null) => (value === null ? none : format.hours(value));
  return (
    <tr className={dayLabel ? 'entries-day-start' : undefined}>
      {dayLabel && (
        <th scope="row" rowSpan={dayLabel.rows} className="entries-day">
          {dayLabel.text}
        </th>
      )}
      <td>{format.time(entry.clockIn)}</td>
      <td>{entry.clockOut ? <PunchTime at={entry.clockOut} from={entry.clockIn} timeZone={format.timeZone} lang={format.lang} /> : <span className={badgeClass(OPEN_ENTRY_TONE)}>{t('table.stillOpen')}</span>}</td>
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
              <span key={flag} className={badgeClass(FLAG_TONE[flag])}>
                {t(`flag.${flag}`)}
              </span>
            ))}
      </td>
      {actions && <EntryActions entry={entry} when={when} {...actions} />}
    </tr>
  );
}

/** Edit, Delete and History of one entry, each named by the entry's time for a screen reader. */
function EntryActions({ entry, when, lockedReasonId, onCorrect, onDelete, onHistory }: { entry: Entry; when: string } & RowActions) {
  const { t } = useCatalogue(entriesMessages);
  return (
    <td className="no-print">
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
          className="secondary danger-outline"
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
  );
}

/** A totals row: its label under Day to Break, the hours under their columns. */
function TotalsRow({ className, label, totals, format, columns }: { className: string; label: string; totals: HoursTotals; format: EntryFormat; columns: number }) {
  return (
    <tr className={className}>
      <th scope="row" colSpan={4}>
        {label}
      </th>
      <td className="num">{format.hours(totals.totalHours)}</td>
      <td className="num">{format.hours(totals.regularHours)}</td>
      <td className="num">{format.hours(totals.overtimeHours)}</td>
      <td colSpan={columns - 7} />
    </tr>
  );
}
