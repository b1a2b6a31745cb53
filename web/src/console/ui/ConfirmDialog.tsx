// Confirmation before anything destructive or hard to undo: a modal <dialog> (focus trapped and
// Escape to cancel by the browser), whose confirm button names the action.
import { useEffect, useRef, type ReactNode } from 'react';
import { useCatalogue } from '../catalogue.ts';
import { uiMessages } from './messages.ts';

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy = false,
  danger = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useCatalogue(uiMessages);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="confirm-title" onCancel={(event) => { event.preventDefault(); onCancel(); }}>
      <h2 id="confirm-title">{title}</h2>
      {children}
      <div className="dialog-actions">
        <button type="button" className="secondary" onClick={onCancel} disabled={busy}>
          {t('confirm.cancel')}
        </button>
        <button type="button" className={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy}>
          {busy ? t('confirm.working') : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
