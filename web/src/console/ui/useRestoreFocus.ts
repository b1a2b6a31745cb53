// A modal dialog that is unmounted (rather than closed) does not hand focus back, so a keyboard
// user would land on <body>. These return focus to what opened the dialog, or to the page when
// that control is gone (a deleted row).
import { useEffect, useState } from 'react';

function restoreFocus(opener: HTMLElement | null): void {
  // After React has removed the dialog; only when focus was really lost with it.
  setTimeout(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    if (opener?.isConnected) opener.focus();
    else document.getElementById('main')?.focus();
  });
}

function focused(): HTMLElement | null {
  return document.activeElement instanceof HTMLElement ? document.activeElement : null;
}

/**
 * For a dialog shown while `open`: remembers the focused control when it opens and gives focus
 * back when it closes or unmounts. The opener is read while rendering: by the time effects run,
 * a field with autoFocus or showModal may already have taken the focus.
 */
export function useRestoreFocus(open: boolean): void {
  const [opened, setOpened] = useState(() => ({ open, opener: open ? focused() : null }));
  if (opened.open !== open) setOpened({ open, opener: open ? focused() : opened.opener });
  const opener = opened.opener;
  useEffect(() => {
    if (!open) return;
    return () => restoreFocus(opener);
  }, [open, opener]);
}
