// Admin users' server state: one key factory, so a change invalidates exactly the lists it touches.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { paths } from '../../api/schema';
import { api, unwrap } from '../api.ts';

export type AdminUser = paths['/api/v1/admin/users/{id}']['get']['responses'][200]['content']['application/json']['data'];
export type UserListQuery = { page: number; pageSize: number; search: string; showAll: boolean };

export const userKeys = {
  all: ['admin-users'] as const,
  list: (query: UserListQuery) => ['admin-users', 'list', query] as const,
};

export function useUsers(query: UserListQuery) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/admin/users', {
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
  });
}
