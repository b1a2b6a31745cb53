// The companies a bookkeeper picks from (the employee and pay-period filters, the new-employee and
// new-pay-period forms), by name. Kept under companyKeys, so adding, editing or deactivating a
// company (invalidatePeople) refreshes every picker at once.
import { useQuery } from '@tanstack/react-query';
import type { paths } from '../../api/schema';
import { api, unwrap } from '../api.ts';
import { fetchEveryPage, LARGEST_PAGE_SIZE } from '../every-page.ts';
import { useAdmin } from '../session.tsx';
import { companyKeys } from './keys.ts';

export type CompanyChoice = paths['/api/v1/admin/companies']['get']['responses'][200]['content']['application/json']['data']['items'][number];

/**
 * Every company of the caller's view, however many: a firm past 100 clients can still pick the ones
 * after the 100th by name. `bookkeeperOrgId` narrows a SUPER_ADMIN's choices to one organization;
 * without it the caller's whole view (docs/api.md §9). An ADMIN's view is its own organization
 * already, so its pickers share one list and one read whether they narrow or not.
 */
export function useCompanyChoices(bookkeeperOrgId?: string) {
  const narrowTo = useAdmin().role === 'SUPER_ADMIN' ? bookkeeperOrgId : undefined;
  return useQuery({
    queryKey: [...companyKeys.choices, narrowTo ?? 'every'],
    queryFn: () =>
      fetchEveryPage((page) =>
        unwrap(api.GET('/api/v1/admin/companies', { params: { query: { page, pageSize: LARGEST_PAGE_SIZE, ...(narrowTo ? { bookkeeperOrgId: narrowTo } : {}) } } })),
      ),
    staleTime: 60_000,
  });
}
