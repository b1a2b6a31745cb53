// The next pay period of each of the organization's active companies: each company's latest
// period and the period that follows it (next-period.ts), in the organization's zone.
//
// The latest periods come from the organization's newest periods (newest start first, so a
// company's first one there is its latest), a page of 100 at a time until every active company
// has one among them, and at most one page more than the companies fill. Only a company that is
// still not among them (no period yet, or none recent) is read on its own: on a weekly round that
// is none or a few, where one read per company made as many requests as companies.
//
// The latest periods are read once for the page and kept while it is open, not refreshed after
// its own run: a period whose answer was lost is then sent again as the same request, under its
// Idempotency-Key, rather than moving the company on to the period after it. They sit under the
// period lists' key, so a period created elsewhere marks them for reading again, and leaving the
// page does the same (`forgetLatestPeriods`).
import { useQueries, useQuery } from '@tanstack/react-query';
import type { paths } from '../../api/schema';
import { api, unwrap } from '../api.ts';
import { fetchEveryPage, LARGEST_PAGE_SIZE } from '../every-page.ts';
import { useCompanyChoices, type CompanyChoice } from '../people/company-choices.ts';
import { todayIn } from '../reports/format.ts';
import { useAdmin, useTimeZone } from '../session.tsx';
import { toDateInput } from './format.ts';
import { periodKeys } from './keys.ts';
import { nextPeriod, type NextPeriod } from './next-period.ts';
import type { PeriodType } from './period-end.ts';

export interface CompanyNext {
  company: CompanyChoice;
  latest: { startDate: string; endDate: string; status: 'OPEN' | 'SUBMITTED' | 'APPROVED' | 'PAID' | 'CLOSED' } | null;
  /** Null without a latest period (or past the year 9999). */
  next: NextPeriod | null;
}

type Period = paths['/api/v1/admin/pay-periods']['get']['responses'][200]['content']['application/json']['data']['items'][number];

const LATEST_KEY = [...periodKeys.lists(), 'latest'] as const;

/** Every period query but the latest ones this page plans from. */
export const allButLatestPeriods = { queryKey: periodKeys.all, predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[2] !== 'latest' };

/** On leaving the page: the latest periods are read again next time. */
export const forgetLatestPeriods = { queryKey: LATEST_KEY, refetchType: 'none' } as const;

export function useNextPeriods(): { rows: CompanyNext[]; isPending: boolean; error: unknown; retry(): void } {
  const admin = useAdmin();
  const timeZone = useTimeZone();
  const companies = useCompanyChoices(admin.bookkeeperOrgId);
  const active = (companies.data ?? []).filter((company) => company.active);
  const newest = useQuery({
    queryKey: [...LATEST_KEY, 'organization'],
    staleTime: Infinity,
    enabled: companies.data !== undefined,
    queryFn: () => fetchNewestPeriods(new Set(active.map((company) => company.id))),
  });
  const latestIn = new Map<string, Period>();
  for (const period of newest.data ?? []) if (!latestIn.has(period.companyId)) latestIn.set(period.companyId, period);
  const unseen = newest.data ? active.filter((company) => !latestIn.has(company.id)) : [];
  const own = useQueries({
    queries: unseen.map((company) => ({
      queryKey: [...LATEST_KEY, company.id],
      staleTime: Infinity,
      queryFn: async () => (await unwrap(api.GET('/api/v1/admin/pay-periods', { params: { query: { companyId: company.id, pageSize: 1 } } }))).items[0] ?? null,
    })),
  });
  unseen.forEach((company, index) => {
    const period = own[index]?.data;
    if (period) latestIn.set(company.id, period);
  });
  const today = todayIn(timeZone);
  const rows = active.map((company) => {
    const period = latestIn.get(company.id) ?? null;
    const next = period ? nextPeriod({ periodType: period.periodType as PeriodType, lastDay: toDateInput(period.endDate, timeZone) }, today) : null;
    return { company, latest: period, next };
  });
  const failed = companies.error ?? newest.error ?? own.find((query) => query.error)?.error ?? null;
  return {
    rows,
    // The newest periods wait for the companies, so a failed companies read leaves them pending: the error shows instead.
    isPending: failed === null && (companies.isPending || newest.isPending || own.some((query) => query.isPending)),
    error: failed,
    retry: () => {
      void companies.refetch();
      if (newest.error) void newest.refetch();
      for (const query of own) if (query.error) void query.refetch();
    },
  };
}

/**
 * The organization's newest periods, until each of `companyIds` has one among them or the pages
 * run out. A company with no period at all would otherwise have every page read: the pages stop
 * one past those the companies would fill with one period each.
 */
function fetchNewestPeriods(companyIds: ReadonlySet<string>): Promise<Period[]> {
  const everyCompanySeen = (periods: readonly Period[]) => new Set(periods.map((period) => period.companyId).filter((id) => companyIds.has(id))).size === companyIds.size;
  if (companyIds.size === 0) return Promise.resolve([]);
  return fetchEveryPage((page) => unwrap(api.GET('/api/v1/admin/pay-periods', { params: { query: { page, pageSize: LARGEST_PAGE_SIZE } } })), {
    enough: everyCompanySeen,
    maxPages: Math.ceil(companyIds.size / LARGEST_PAGE_SIZE) + 1,
  });
}
