// /admin/pay-periods/:id/employees/:employeeId — one employee's entries in one pay period, as the
// review page opens them: the timesheet's state, the entries by workweek and day with the
// overtime the service allocated, and add / correct / delete with the admin time-entry routes.
// After every change the timesheet is fetched again, so the figures shown are the service's own
// reallocation (docs/time-rules.md §9), never a client-side guess.
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { useCatalogue } from '../catalogue.ts';
import { Link } from '../router.tsx';
import type { PageProps } from '../page-props.ts';
import { allButTheSession } from '../session.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Empty, LoadError, Loading } from '../ui/PageState.tsx';
import { uiMessages } from '../ui/messages.ts';
import { problemText } from '../ui/problems.ts';
import { badgeClass, LOCKED_TONE } from '../ui/tones.ts';
import { usePageTitle } from '../ui/usePageTitle.ts';
import { EntriesTable } from './EntriesTable.tsx';
import { EntryFormDialog, type EntryFormMode, type EntrySaved } from './EntryFormDialog.tsx';
import { EntryHistoryDialog } from './EntryHistoryDialog.tsx';
import { groupEntries, weekOvertime } from './entry-groups.ts';
import { entryProblems } from './entry-problems.ts';
import { localDateKey } from '../../i18n/format.ts';
import { entriesMessages } from './messages.ts';
import { deleteEntry, entryKeys, useTimesheet, type Entry, type Timesheet } from './queries.ts';
import { useEntryFormat } from './useEntryFormat.ts';
import { SignatureLines } from './SignatureLines.tsx';
import { SummaryCard } from './SummaryCard.tsx';

interface Status {
  text: string;
  tone: 'ok' | 'error';
}

export default function EmployeeEntriesPage({ params }: PageProps) {
  const payPeriodId = params.id!;
  const employeeId = params.employeeId!;
  const { t } = useCatalogue(entriesMessages);
  const ui = useCatalogue(uiMessages);
  const format = useEntryFormat();
  const queryClient = useQueryClient();
  const timesheet = useTimesheet(payPeriodId, employeeId);
  const lockedId = useId();
  const statusRef = useRef<HTMLDivElement>(null);
  const [form, setForm] = useState<EntryFormMode | null>(null);
  const [history, setHistory] = useState<Entry | null>(null);
  const [deleting, setDeleting] = useState<Entry | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);
  // The button that opened a dialog gets focus back when the dialog is dismissed, so a keyboard
  // user stays on the row they were working on.
  const opener = useRef<HTMLElement | null>(null);
  const rememberOpener = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const dismissed = () => requestAnimationFrame(() => opener.current?.focus());

  const sheet = timesheet.data;
  const name = sheet ? `${sheet.employee.firstName} ${sheet.employee.lastName}` : '';
  usePageTitle(sheet ? t('page.title', { name }) : t('status.label'));
  const weeks = useMemo(() => (sheet ? groupEntries(sheet.timeEntries, format.timeZone) : []), [sheet, format.timeZone]);
  const now = Date.now();

  /**
   * Fetches the timesheet again and answers it: the overtime in the message is the service's.
   * Everything else cached (the review page, reports) is marked stale too, since a correction
   * moves hours there as well.
   */
  async function refreshed(): Promise<Timesheet | undefined> {
    const key = entryKeys.timesheet(payPeriodId, employeeId);
    await queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ predicate: (query) => allButTheSession(query) && query.queryKey[0] !== entryKeys.all[0] });
    void queryClient.invalidateQueries({ queryKey: entryKeys.histories() });
    return queryClient.getQueryData<Timesheet>(key);
  }

  function announce(next: Status) {
    setStatus(next);
    // The dialog that caused it has closed; the message is where focus lands, so it is read out.
    requestAnimationFrame(() => statusRef.current?.focus());
  }

  async function saved(result: EntrySaved) {
    if (result.kind === 'unchanged') {
      setForm(null);
      announce({ text: t('done.unchanged'), tone: 'ok' });
      return;
    }
    const fresh = await refreshed();
    setForm(null);
    const clockIn = result.entry!.clockIn;
    const listed = fresh?.timeEntries.some((entry) => entry.id === result.entry!.id) ?? false;
    const overtime = format.hours(weekOvertime(fresh?.timeEntries ?? [], clockIn, format.timeZone));
    const day = format.dayKey(localDateKey(clockIn, format.timeZone));
    if (result.kind === 'corrected') announce({ text: t('done.corrected', { hours: overtime }), tone: 'ok' });
    else if (listed) announce({ text: t('done.created', { day, hours: overtime }), tone: 'ok' });
    else announce({ text: t('done.createdElsewhere', { day }), tone: 'ok' });
  }

  async function confirmDelete() {
    const entry = deleting;
    if (!entry) return;
    setDeleteBusy(true);
    try {
      await deleteEntry(entry.id);
      const fresh = await refreshed();
      const day = format.dayKey(localDateKey(entry.clockIn, format.timeZone));
      announce({ text: t('done.deleted', { day, hours: format.hours(weekOvertime(fresh?.timeEntries ?? [], entry.clockIn, format.timeZone)) }), tone: 'ok' });
    } catch (error) {
      const known = entryProblems(error);
      if (known?.form?.key === 'problem.notFound') await refreshed();
      announce({ text: known?.form ? t(known.form.key) : problemText(error, ui.t), tone: 'error' });
    } finally {
      setDeleteBusy(false);
      setDeleting(null);
    }
  }

  if (timesheet.isPending) return <Loading />;
  if (timesheet.isError || !sheet) return <LoadError error={timesheet.error} onRetry={() => void timesheet.refetch()} />;

  const locked = sheet.payPeriod.locked;
  const periodStartDay = localDateKey(sheet.payPeriod.startDate, format.timeZone);

  return (
    <div className="entries-page">
      <p className="entries-back">
        <Link to={`/admin/pay-periods/${encodeURIComponent(payPeriodId)}`}>← {t('page.back')}</Link>
      </p>
      <div className="page-header">
        <h1>{t('page.title', { name })}</h1>
        <div className="header-actions">
          {/* The page as a paper timesheet, with lines to sign (console.css, "Printing"; SignatureLines). */}
          <button type="button" className="secondary" onClick={() => window.print()}>
            {t('action.print')}
          </button>
          <button
            type="button"
            className="primary"
            disabled={locked}
            aria-describedby={locked ? lockedId : undefined}
            onClick={() => {
              rememberOpener();
              setStatus(null);
              setForm({ kind: 'add', defaultDay: periodStartDay });
            }}
          >
            {t('action.add')}
          </button>
        </div>
      </div>

      <div
        ref={statusRef}
        tabIndex={-1}
        role={status?.tone === 'error' ? 'alert' : 'status'}
        aria-live={status?.tone === 'error' ? 'assertive' : 'polite'}
        className={status ? `entries-status entries-status-${status.tone}` : 'entries-status'}
      >
        {status?.text}
      </div>

      <SummaryCard sheet={sheet} format={format} />

      {locked && (
        <p id={lockedId} className="entries-locked" role="note">
          <span className={badgeClass(LOCKED_TONE)}>{t('period.locked')}</span> {t('locked.notice')}
        </p>
      )}

      {weeks.length === 0 ? (
        <Empty>
          <p>{t('entries.empty')}</p>
        </Empty>
      ) : (
        <EntriesTable
          weeks={weeks}
          periodTotals={sheet.totals}
          format={format}
          now={now}
          actions={{
            lockedReasonId: locked ? lockedId : null,
            onCorrect: (entry) => {
              rememberOpener();
              setStatus(null);
              setForm({ kind: 'correct', entry });
            },
            onDelete: (entry) => {
              rememberOpener();
              setStatus(null);
              setDeleting(entry);
            },
            onHistory: (entry) => {
              rememberOpener();
              setHistory(entry);
            },
          }}
        />
      )}

      <SignatureLines format={format} />

      {form && (
        <EntryFormDialog
          key={form.kind === 'add' ? 'add' : form.entry.id}
          mode={form}
          employeeId={employeeId}
          format={format}
          onSaved={saved}
          onClose={() => {
            setForm(null);
            dismissed();
          }}
        />
      )}
      {history && (
        <EntryHistoryDialog
          entry={history}
          format={format}
          onClose={() => {
            setHistory(null);
            dismissed();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.title')}
        confirmLabel={t('delete.confirm')}
        danger
        busy={deleteBusy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => {
          setDeleting(null);
          dismissed();
        }}
      >
        {deleting && (
          <p>
            {t('delete.body', {
              day: format.dayKey(localDateKey(deleting.clockIn, format.timeZone)),
              from: format.time(deleting.clockIn),
              to: deleting.clockOut ? format.time(deleting.clockOut) : t('table.stillOpen'),
            })}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
