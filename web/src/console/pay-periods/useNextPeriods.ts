// The next pay period of each of the organization's active companies: each company's latest
// period (one small read per company, newest first) and the period that follows it
// (next-period.ts), in the organization's zone.
//
// The latest periods are read once for the page and kept while it is open, not refreshed after
// its own run: a period whose answer was lost is then sent again as the same request, under its
// Idempotency-Key, rather than moving the company on to the period after it. They sit under the
// period lists' key, so a period created elsewhere marks them for reading again, and leaving the
// page does the same (`forgetLatestPeriods`).
import { useQueries } from '@tanstack/react-query';
import { api, unwrap } from '../api.ts';
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
  const latest = useQueries({
    queries: active.map((company) => ({
      queryKey: [...LATEST_KEY, company.id],
      staleTime: Infinity,
      queryFn: async () => (await unwrap(api.GET('/api/v1/admin/pay-periods', { params: { query: { companyId: company.id, pageSize: 1 } } }))).items[0] ?? null,
    })),
  });
  const today = todayIn(timeZone);
  const rows = active.map((company, index) => {
    const period = latest[index]?.data ?? null;
    const next = period ? nextPeriod({ periodType: period.periodType as PeriodType, lastDay: toDateInput(period.endDate, timeZone) }, today) : null;
    return { company, latest: period, next };
  });
  const failed = companies.error ?? latest.find((query) => query.error)?.error ?? null;
  return {
    rows,
    isPending: companies.isPending || latest.some((query) => query.isPending),
    error: failed,
    retry: () => {
      void companies.refetch();
      for (const query of latest) if (query.error) void query.refetch();
    },
  };
}
