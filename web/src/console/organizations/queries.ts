// Organizations' server state: one key factory; Users reads the list for its organization choice.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { paths } from '../../api/schema';
import { api, unwrap } from '../api.ts';
import { fetchEveryPage, LARGEST_PAGE_SIZE } from '../every-page.ts';

export type Organization = paths['/api/v1/admin/bookkeeper-orgs/{id}']['put']['responses'][200]['content']['application/json']['data'];
export type OrgListQuery = { page: number; pageSize: number; search: string; showAll: boolean };

export const orgKeys = {
  all: ['organizations'] as const,
  list: (query: OrgListQuery) => ['organizations', 'list', query] as const,
  choices: ['organizations', 'choices'] as const,
};

export function useOrganizations(query: OrgListQuery, enabled = true) {
  return useQuery({
    queryKey: orgKeys.list(query),
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/admin/bookkeeper-orgs', {
          params: {
            query: {
              page: query.page,
              pageSize: query.pageSize,
              ...(query.search ? { search: query.search } : {}),
              ...(query.showAll ? {} : { active: 'true' }),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every active organization by name, however many, for a SUPER_ADMIN's choice of one. */
export function useOrganizationChoices() {
  return useQuery({
    queryKey: orgKeys.choices,
    queryFn: () =>
      fetchEveryPage((page) => unwrap(api.GET('/api/v1/admin/bookkeeper-orgs', { params: { query: { page, pageSize: LARGEST_PAGE_SIZE, active: 'true' } } }))),
  });
}
