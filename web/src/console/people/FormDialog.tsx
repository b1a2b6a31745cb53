// A form in a modal <dialog>: the browser traps focus and Escape cancels; the title names the
// dialog, and the submit button names what it does.
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';

export function FormDialog({
  open,
  title,
  submitLabel,
  cancelLabel,
  workingLabel,
  busy,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  cancelLabel: string;
  workingLabel: string;
  busy: boolean;
  onSubmit(): void;
  onClose(): void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Pages unmount the dialog when it is done, and a removed dialog gives focus back to nobody:
  // return it to the button that opened it, so the keyboard user is where they were. This
  // effect comes first, to see that button before showModal moves focus into the dialog.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
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
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      {open && (
        <form onSubmit={submit} noValidate>
          <h2 id={titleId}>{title}</h2>
          {children}
          <div className="dialog-actions">
            <button type="button" className="secondary" onClick={onClose} disabled={busy}>
              {cancelLabel}
            </button>
            <button type="submit" className="primary" disabled={busy}>
              {busy ? workingLabel : submitLabel}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
