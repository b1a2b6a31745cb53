// A dialog that is unmounted (rather than closed) does not hand focus back, so a keyboard user
// would land on <body>. This returns focus to what opened it, or to the page when that control
// is gone (a deleted row).
import { useEffect, useState } from 'react';

export function useRestoreFocus(): void {
  // Read while rendering: by the time effects run, the dialog has already taken the focus.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(
    () => () => {
      // After React has removed the dialog; only when focus was really lost with it.
      setTimeout(() => {
        if (document.activeElement && document.activeElement !== document.body) return;
        if (opener?.isConnected) opener.focus();
        else document.getElementById('main')?.focus();
      });
    },
    [opener],
  );
}
