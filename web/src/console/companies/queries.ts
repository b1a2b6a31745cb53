// The companies' server state (keys in ../people/keys.ts): every change refreshes the company
// and employee lists, which show each other's names and counts.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { paths } from '../../api/schema';
import { api, unwrap } from '../api.ts';
import { companyKeys, invalidatePeople } from '../people/keys.ts';

type CompanyList = paths['/api/v1/admin/companies']['get']['responses'][200]['content']['application/json']['data'];
export type Company = CompanyList['items'][number];
export type CompanyInput = paths['/api/v1/admin/companies']['post']['requestBody']['content']['application/json'];
export type CompanyChanges = NonNullable<paths['/api/v1/admin/companies/{id}']['put']['requestBody']>['content']['application/json'];
export type PayPeriodType = Company['payPeriodType'];
export const PAY_PERIOD_TYPES: readonly PayPeriodType[] = ['WEEKLY', 'BI_WEEKLY', 'SEMI_MONTHLY', 'MONTHLY'];

export interface CompanyQuery {
  page: number;
  search: string;
  showAll: boolean;
  pageSize?: number;
}

export function useCompanies(query: CompanyQuery) {
  return useQuery({
    queryKey: companyKeys.list(query),
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/admin/companies', {
          params: { query: { page: query.page, pageSize: query.pageSize ?? 20, ...(query.search ? { search: query.search } : {}), ...(query.showAll ? {} : { active: 'true' }) } },
        }),
      ),
    placeholderData: (previous) => previous,
  });
}

/** Every industry, inactive ones too, so a company keeps showing the one it has. */
export function useIndustries() {
  return useQuery({
    queryKey: companyKeys.industries,
    queryFn: async () => (await unwrap(api.GET('/api/v1/admin/industries', { params: { query: { active: 'false' } } }))).industries,
    staleTime: 5 * 60_000,
  });
}

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values, idempotencyKey }: { id: string | null; values: CompanyInput & CompanyChanges; idempotencyKey: string }) =>
      id
        ? unwrap(api.PUT('/api/v1/admin/companies/{id}', { params: { path: { id } }, body: values }))
        : unwrap(api.POST('/api/v1/admin/companies', { params: { header: { 'idempotency-key': idempotencyKey } }, body: values })),
    onSuccess: () => invalidatePeople(queryClient),
  });
}

export function useDeactivateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/v1/admin/companies/{id}', { params: { path: { id } } })),
    onSuccess: () => invalidatePeople(queryClient),
  });
}
