// The companies a bookkeeper picks from (the employee and pay-period filters, the new-employee and
// new-pay-period forms), by name. Kept under companyKeys, so adding, editing or deactivating a
// company (invalidatePeople) refreshes every picker at once.
import { useQuery } from '@tanstack/react-query';
import type { paths } from '../../api/schema';
import { api, unwrap } from '../api.ts';
import { companyKeys } from './keys.ts';

export type CompanyChoice = paths['/api/v1/admin/companies']['get']['responses'][200]['content']['application/json']['data']['items'][number];

/**
 * One page of 100 (the API's largest) covers a bookkeeper's client list; an organization with more
 * types a search on the companies page instead. `bookkeeperOrgId` narrows a SUPER_ADMIN's choices
 * to one organization; without it the caller's whole view (docs/api.md §9).
 */
export function useCompanyChoices(bookkeeperOrgId?: string) {
  return useQuery({
    queryKey: [...companyKeys.choices, bookkeeperOrgId ?? 'every'],
    queryFn: async () =>
      (await unwrap(api.GET('/api/v1/admin/companies', { params: { query: { pageSize: 100, ...(bookkeeperOrgId ? { bookkeeperOrgId } : {}) } } }))).items,
    staleTime: 60_000,
  });
}
