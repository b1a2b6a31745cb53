// Asks before the browser leaves the page (closing the tab, reloading, typing another address)
// while `active`: for pages that hold something the service cannot give back, such as PINs made
// up and not yet printed, or a bulk run half done. Browsers show their own words for it.
import { useEffect } from 'react';

export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
