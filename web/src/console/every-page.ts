// Every item of a paged admin list, for a choice or a file that must hold them all: a page of 100
// (the API's largest, docs/api.md §7) at a time, until the list's last page.

export const LARGEST_PAGE_SIZE = 100;

export interface ListPage<T> {
  items: T[];
  totalPages: number;
}

/**
 * `fetchPage(page)` reads one page at LARGEST_PAGE_SIZE. The pages are read one after another, not
 * all at once, so a long list is a few requests in a row rather than a burst on the service.
 * `enough(items)` ends the reading early once what has been read will do, and `maxPages` bounds it.
 */
export async function fetchEveryPage<T>(
  fetchPage: (page: number) => Promise<ListPage<T>>,
  { enough = () => false, maxPages = Infinity }: { enough?: (items: readonly T[]) => boolean; maxPages?: number } = {},
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const answer = await fetchPage(page);
    items.push(...answer.items);
    if (page >= answer.totalPages || enough(items)) break;
  }
  return items;
}
