// The open entries of the admin's organization (or of one company): the people on the clock now.
// Under the time entries' prefix, so a correction made on any page (which refreshes everything but
// the session) takes a closed shift off this list too.
import { useQuery } from '@tanstack/react-query';
import type { paths } from '../../api/schema';
import { api, unwrap } from '../api.ts';

type EntryPage = paths['/api/v1/admin/time-entries']['get']['responses'][200]['content']['application/json']['data'];
export type OpenEntry = EntryPage['items'][number];

/** A minute: often enough to see a clock in soon after it happens; two small statements (the page and its count) a minute per open page. */
const REFRESH_MS = 60_000;
const PAGE_SIZE = 50;

export function useOpenEntries(query: { companyId: string; page: number }) {
  return useQuery({
    queryKey: ['time-entries', 'open', query] as const,
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/admin/time-entries', {
          params: { query: { open: true, page: query.page, pageSize: PAGE_SIZE, ...(query.companyId ? { companyId: query.companyId } : {}) } },
        }),
      ),
    refetchInterval: REFRESH_MS,
    placeholderData: (previous) => previous,
  });
}
