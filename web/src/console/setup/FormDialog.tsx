// A form in a modal <dialog> (create, edit, reset password): the browser traps focus and Escape
// cancels; the title names the dialog; the submit button names what it does. Its problem line
// is an alert, so a refusal is read out where the person is.
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useCatalogue } from '../catalogue.ts';
import { uiMessages } from '../ui/messages.ts';

export function FormDialog({
  open,
  title,
  submitLabel,
  busy,
  problem,
  children,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  busy: boolean;
  problem?: string | undefined;
  children: ReactNode;
  onSubmit(): void;
  onCancel(): void;
}) {
  const { t } = useCatalogue(uiMessages);
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <dialog
      ref={ref}
      className="dialog form-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {open && (
        <form onSubmit={submit} noValidate>
          <h2 id={`${id}-title`}>{title}</h2>
          {children}
          <p className="error" role="alert">
            {problem ?? ''}
          </p>
          <div className="dialog-actions">
            <button type="button" className="secondary" onClick={onCancel} disabled={busy}>
              {t('confirm.cancel')}
            </button>
            <button type="submit" className="primary" disabled={busy}>
              {busy ? t('confirm.working') : submitLabel}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
