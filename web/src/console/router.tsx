// The console's URL is its state: the page, the record's id and the filters are in the path and
// the query string, so the back button and a shared link both work. A few lines over the History
// API are all the console needs; no router library.
import { useCallback, useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

/** What pages that ask before they are left would ask (ui/useLeaveWarning.ts); the newest is asked. */
const leaveQuestions: string[] = [];

/** While registered, going to another console page asks `question` first; the returned function unregisters it. */
export function askBeforeLeaving(question: string): () => void {
  leaveQuestions.push(question);
  return () => {
    const at = leaveQuestions.lastIndexOf(question);
    if (at >= 0) leaveQuestions.splice(at, 1);
  };
}

/** Whether the page may be left: yes when it holds nothing that would be lost, or when the person agrees. */
export function confirmLeaving(): boolean {
  const question = leaveQuestions.at(-1);
  return question === undefined || window.confirm(question);
}

const currentUrl = () => location.pathname + location.search;
const pathOf = (url: string) => new URL(url, location.origin).pathname;

/** The URL of the page on screen: where a back or forward step that the person refused returns to. */
let shownUrl = typeof location === 'undefined' ? '' : currentUrl();

/**
 * Goes to a console URL without reloading; `replace` for changes that should not add history
 * (typing in a search box); `confirmed` when the caller has already asked (confirmLeaving).
 */
export function navigate(to: string, { replace = false, confirmed = false }: { replace?: boolean; confirmed?: boolean } = {}): void {
  if (to === currentUrl()) return;
  // Another page, not the same page's filters: ask first if the page holds what would be lost.
  if (!confirmed && pathOf(to) !== location.pathname && !confirmLeaving()) return;
  if (replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  shownUrl = currentUrl();
  for (const listener of listeners) listener();
  if (!replace) window.scrollTo(0, 0);
}

// The back and forward buttons ask too. The browser has already moved when it says so (popstate),
// so a person who stays gets the page's URL back as a new entry, before any page hears of the
// step: this listener is added when the module loads, ahead of every page's own (subscribe).
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', (event) => {
    if (pathOf(currentUrl()) !== pathOf(shownUrl) && !confirmLeaving()) {
      event.stopImmediatePropagation();
      history.pushState(null, '', shownUrl);
      return;
    }
    shownUrl = currentUrl();
  });
}

export interface ConsoleLocation {
  pathname: string;
  search: URLSearchParams;
}

export function useLocation(): ConsoleLocation {
  const url = useSyncExternalStore(subscribe, currentUrl);
  const parsed = new URL(url, location.origin);
  return { pathname: parsed.pathname.replace(/\/+$/, '') || '/', search: parsed.searchParams };
}

/**
 * `/admin/pay-periods/:id` against a path: the named segments, or null. Segments are decoded, so
 * a page gets the id as typed.
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = pathname.split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i]!;
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(have[i]!);
      } catch {
        return null;
      }
    } else if (part !== have[i]) return null;
  }
  return params;
}

/** A path with query parameters; empty values are left out so URLs stay short. */
export function href(pathname: string, query: Record<string, string | number | null | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${pathname}?${text}` : pathname;
}

/**
 * The page's filters as URL query parameters: read them from `search`, change them with
 * `setQuery({ search: 'ab', page: null })` (null removes one).
 */
export function useQueryParams(): [URLSearchParams, (changes: Record<string, string | number | null>, options?: { replace?: boolean }) => void] {
  const { pathname, search } = useLocation();
  const setQuery = useCallback(
    (changes: Record<string, string | number | null>, options: { replace?: boolean } = {}) => {
      const next = new URLSearchParams(location.search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      const text = next.toString();
      navigate(text ? `${pathname}?${text}` : pathname, options);
    },
    [pathname],
  );
  return [search, setQuery];
}

/** An in-console link: a plain click navigates without a reload; a modified click (new tab) is the browser's. */
export function Link({ to, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={follow} {...rest} />;
}
