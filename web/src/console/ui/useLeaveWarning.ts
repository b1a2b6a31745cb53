// Asks before the page is left while `question` is set: for pages that hold something the service
// cannot give back, such as PINs made up and not yet printed, or a bulk run half done.
// - Another console page (a link, the navigation, the back and forward buttons) and signing out
//   ask `question` first (router.tsx).
// - The browser leaving (closing the tab, reloading, another address, back past the console's
//   first page) asks in the browser's own words, the only ones it shows.
import { useEffect } from 'react';
import { askBeforeLeaving } from '../router.tsx';

export function useLeaveWarning(question: string | null): void {
  useEffect(() => {
    if (question === null) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    const forget = askBeforeLeaving(question);
    return () => {
      window.removeEventListener('beforeunload', warn);
      forget();
    };
  }, [question]);
}
