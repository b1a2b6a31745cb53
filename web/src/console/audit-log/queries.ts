// The audit log's server state: one key factory, so a page and its filters share cache entries.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { paths } from '../../api/schema';
import { api, unwrap } from '../api.ts';
import { fetchEveryPage, LARGEST_PAGE_SIZE } from '../every-page.ts';

type AuditQuery = NonNullable<paths['/api/v1/admin/audit-logs']['get']['parameters']['query']>;
export type AuditLogPage = paths['/api/v1/admin/audit-logs']['get']['responses'][200]['content']['application/json']['data'];
export type AuditLogRow = AuditLogPage['items'][number];
type AdminList = paths['/api/v1/admin/users']['get']['responses'][200]['content']['application/json']['data'];
export type AdminSummary = AdminList['items'][number];

export const PAGE_SIZE = 25;

export const auditLogKeys = {
  all: ['audit-logs'] as const,
  list: (query: AuditQuery) => ['audit-logs', 'list', query] as const,
  admins: () => ['audit-logs', 'admins'] as const,
};

export function useAuditLogs(query: AuditQuery) {
  return useQuery({
    queryKey: auditLogKeys.list(query),
    queryFn: () => unwrap(api.GET('/api/v1/admin/audit-logs', { params: { query } })),
    placeholderData: keepPreviousData,
    // A bad date filter is the person's to fix, not a moment's hiccup.
    retry: false,
  });
}

/** Every administrator of the caller's view (a SUPER_ADMIN's spans every organization): the actor filter and the names in the Who column. */
export function useAdmins() {
  return useQuery({
    queryKey: auditLogKeys.admins(),
    queryFn: () => fetchEveryPage((page) => unwrap(api.GET('/api/v1/admin/users', { params: { query: { page, pageSize: LARGEST_PAGE_SIZE } } }))),
    staleTime: 5 * 60_000,
  });
}
