// Confirmation before anything destructive or hard to undo: a modal <dialog> (focus trapped and
// Escape to cancel by the browser), whose confirm button names the action. Focus goes back to
// what opened it when it closes, even when the page unmounts it. Once the service has refused the
// action for good (`refused`: a pay period with entries cannot be deleted), the dialog no longer
// offers it: only Close is left, and it takes the focus.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useCatalogue } from '../catalogue.ts';
import { uiMessages } from './messages.ts';
import { useRestoreFocus } from './useRestoreFocus.ts';

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy = false,
  danger = false,
  refused = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  danger?: boolean;
  refused?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useCatalogue(uiMessages);
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useRestoreFocus(open);
  useModal(ref, open);
  // The confirm button that had the focus is gone: the focus goes to what is left.
  useEffect(() => {
    if (refused) cancel.current?.focus();
  }, [refused]);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onCancel={(event) => { event.preventDefault(); onCancel(); }}>
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="dialog-actions">
        <button ref={cancel} type="button" className="secondary" onClick={onCancel} disabled={busy}>
          {refused ? t('confirm.close') : t('confirm.cancel')}
        </button>
        {!refused && (
          <button type="button" className={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy}>
            {busy ? t('confirm.working') : confirmLabel}
          </button>
        )}
      </div>
    </dialog>
  );
}

/** Shows the <dialog> as a modal while `open` (the browser then traps focus). */
export function useModal(ref: React.RefObject<HTMLDialogElement | null>, open: boolean): void {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [ref, open]);
}
