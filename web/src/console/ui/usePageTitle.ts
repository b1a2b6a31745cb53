import { useEffect } from 'react';

/** The tab's title names the page, so history and screen readers tell pages apart. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · payclock`;
  }, [title]);
}
