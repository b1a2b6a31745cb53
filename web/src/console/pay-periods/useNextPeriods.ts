// The next pay period of each of the organization's active companies: each company's latest
// period (one small read per company, newest first, under the period lists' key so a new period
// refreshes it) and the period that follows it (next-period.ts), in the organization's zone.
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

export function useNextPeriods(): { rows: CompanyNext[]; isPending: boolean; error: unknown; retry(): void } {
  const admin = useAdmin();
  const timeZone = useTimeZone();
  const companies = useCompanyChoices(admin.bookkeeperOrgId);
  const active = (companies.data ?? []).filter((company) => company.active);
  const latest = useQueries({
    queries: active.map((company) => ({
      queryKey: [...periodKeys.lists(), 'latest', company.id],
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
