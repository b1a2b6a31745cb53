// The organization's companies, for the company filter and the create form's picker. One page of
// 100 (the API's largest) covers a bookkeeper's client list; the companies page owns the rest.
import { useQuery } from '@tanstack/react-query';
import type { paths } from '../../api/schema';
import { api, unwrap } from '../api.ts';
import { useAdmin } from '../session.tsx';
import { companyChoicesKey } from './keys.ts';

export type CompanyChoice = paths['/api/v1/admin/companies']['get']['responses'][200]['content']['application/json']['data']['items'][number];

export function useCompanyChoices() {
  const { bookkeeperOrgId } = useAdmin();
  return useQuery({
    queryKey: [...companyChoicesKey, bookkeeperOrgId],
    queryFn: async () => (await unwrap(api.GET('/api/v1/admin/companies', { params: { query: { bookkeeperOrgId, pageSize: 100 } } }))).items,
    staleTime: 60_000,
  });
}
