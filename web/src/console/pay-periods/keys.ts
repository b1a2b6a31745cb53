// TanStack Query keys of the pay-period pages, from one place, so a mutation invalidates exactly
// what it changed: `all` covers every list and record below it.
export const periodKeys = {
  all: ['pay-periods'] as const,
  lists: () => [...periodKeys.all, 'list'] as const,
  list: (filters: { companyId: string; status: string; page: number }) => [...periodKeys.lists(), filters] as const,
  detail: (id: string) => [...periodKeys.all, 'detail', id] as const,
  review: (id: string) => [...periodKeys.all, 'review', id] as const,
};
