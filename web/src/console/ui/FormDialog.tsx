// A form in a modal <dialog> (create, edit, reset password): the browser traps focus and Escape
// cancels; the title names the dialog; the submit button names what it does. A `problem` line is
// an alert, so a refusal is read out where the person is. Focus goes back to the opener.
import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useCatalogue } from '../catalogue.ts';
import { useModal } from './ConfirmDialog.tsx';
import { uiMessages } from './messages.ts';
import { useRestoreFocus } from './useRestoreFocus.ts';

export function FormDialog({
  open,
  title,
  submitLabel,
  workingLabel,
  busy,
  problem,
  children,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  /** What the submit button says while busy; "Working…" unless the feature says better. */
  workingLabel?: string;
  busy: boolean;
  /** A refusal for the whole form, shown under the fields (field problems go next to fields). */
  problem?: string | undefined;
  children: ReactNode;
  onSubmit(): void;
  onCancel(): void;
}) {
  const { t } = useCatalogue(uiMessages);
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  useRestoreFocus(open);
  useModal(ref, open);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <dialog
      ref={ref}
      className="dialog form-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {open && (
        <form onSubmit={submit} noValidate>
          <h2 id={titleId}>{title}</h2>
          {children}
          {problem !== undefined && (
            <p className="error" role="alert">
              {problem}
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" className="secondary" onClick={onCancel} disabled={busy}>
              {t('confirm.cancel')}
            </button>
            <button type="submit" className="primary" disabled={busy}>
              {busy ? (workingLabel ?? t('confirm.working')) : submitLabel}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
