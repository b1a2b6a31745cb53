// One entry's edit history from the audit log (docs/api.md §16): who changed it, when (in the
// organization's zone), and a before/after table of the fields that changed (entry-diff.ts).
import { useEffect, useId, useRef } from 'react';
import { useCatalogue } from '../catalogue.ts';
import { LoadError } from '../ui/PageState.tsx';
import { auditSnapshots, entryDiff } from './entry-diff.ts';
import { entriesMessages } from './messages.ts';
import { useActorName, useEntryHistory, type AuditRow, type Entry } from './queries.ts';
import type { EntryFormat } from './useEntryFormat.ts';

const ACTIONS = { 'time_entry.create': 'history.create', 'time_entry.update': 'history.update', 'time_entry.delete': 'history.delete' } as const;

export function EntryHistoryDialog({ entry, format, onClose }: { entry: Entry; format: EntryFormat; onClose(): void }) {
  const { t } = useCatalogue(entriesMessages);
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const history = useEntryHistory(entry.id);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const rows = history.data?.items ?? [];
  return (
    <dialog
      ref={ref}
      className="dialog entry-history-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={`${id}-title`}>{t('history.title', { when: format.instant(entry.clockIn) })}</h2>
      {history.isPending ? (
        <p role="status">{t('history.loading')}</p>
      ) : history.isError ? (
        <LoadError error={history.error} onRetry={() => void history.refetch()} />
      ) : rows.length === 0 ? (
        <p className="state state-empty">{t('history.empty')}</p>
      ) : (
        // Focusable, so that a long history scrolls from the keyboard as well.
        <ol className="entry-history" tabIndex={0} aria-labelledby={`${id}-title`}>
          {rows.map((row) => (
            <HistoryItem key={row.id} row={row} format={format} />
          ))}
        </ol>
      )}
      {history.data && history.data.total > rows.length && <p className="hint">{t('history.more', { shown: rows.length, total: history.data.total })}</p>}
      <div className="dialog-actions">
        <button type="button" className="primary" onClick={onClose} autoFocus>
          {t('history.close')}
        </button>
      </div>
    </dialog>
  );
}

function HistoryItem({ row, format }: { row: AuditRow; format: EntryFormat }) {
  const { t } = useCatalogue(entriesMessages);
  const isAdmin = row.actorType === 'admin' && row.actorId !== null;
  const actor = useActorName(isAdmin ? row.actorId : null);
  const who = row.actorType === 'employee' ? t('history.employee') : (actor.data ?? t('history.someone'));
  const { before, after } = auditSnapshots(row.details);
  const changes = entryDiff(before, after, format);
  const action = ACTIONS[row.action as keyof typeof ACTIONS];
  const none = t('table.none');
  return (
    <li className="entry-history-item">
      <h3>
        {action ? t(action) : row.action}
        <span className="entry-history-who"> · {t('history.by', { who, when: format.instant(row.createdAt) })}</span>
      </h3>
      {changes.length === 0 ? (
        <p className="hint">{t('history.noChanges')}</p>
      ) : (
        <table className="data-table entry-diff">
          {/* The same widths in every change of the list, so that Before and After line up. */}
          <colgroup>
            <col className="entry-diff-field" />
            <col />
            <col />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">{t('history.field')}</th>
              <th scope="col">{t('history.before')}</th>
              <th scope="col">{t('history.after')}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.field}>
                <th scope="row">{t(`field.${change.field}`)}</th>
                <td className={change.before === null ? 'entry-diff-none' : 'entry-diff-before'}>{change.before ?? none}</td>
                <td className={change.after === null ? 'entry-diff-none' : 'entry-diff-after'}>{change.after ?? none}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}
