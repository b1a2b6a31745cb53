// The open entries of the admin's organization (or of one company): the people on the clock now,
// and what their overtime outlook needs: each workweek's closed hours and the organization's rule.
// The entries are under the time entries' prefix and the hours under the reports', so a correction
// made on any page (which refreshes everything but the session) refreshes both.
import { useQueries, useQuery } from '@tanstack/react-query';
import type { paths } from '../../api/schema';
import { api, unwrap } from '../api.ts';
import type { CompanyChoice } from '../people/company-choices.ts';
import { fetchHoursReport, reportKeys, type ReportQuery } from '../reports/queries.ts';
import { useAdmin } from '../session.tsx';

type EntryPage = paths['/api/v1/admin/time-entries']['get']['responses'][200]['content']['application/json']['data'];
export type OpenEntry = EntryPage['items'][number];

/** A minute: often enough to see a clock in soon after it happens; two small statements (the page and its count) a minute per open page. */
const REFRESH_MS = 60_000;
const PAGE_SIZE = 50;

export function useOpenEntries(query: { companyId: string; page: number }) {
  return useQuery({
    queryKey: ['time-entries', 'open', query] as const,
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/admin/time-entries', {
          params: { query: { open: true, page: query.page, pageSize: PAGE_SIZE, ...(query.companyId ? { companyId: query.companyId } : {}) } },
        }),
      ),
    refetchInterval: REFRESH_MS,
    placeholderData: (previous) => previous,
  });
}

/** The weekly overtime rule the outlook measures against: the organization's threshold, and the zone its weeks are in. */
export interface OvertimeRule {
  thresholdHours: number;
  timeZone: string;
}

/**
 * The organization whose list this is: the admin's own without a company filter; with one, the
 * company's, from the company choices (every company of the admin's view). Null until known, or for
 * a company that is not among them. Only a SUPER_ADMIN's filter can name another organization's
 * company.
 */
export function useListOrganization(companyId: string, choices: readonly CompanyChoice[] | undefined): string | null {
  const admin = useAdmin();
  if (!companyId) return admin.bookkeeperOrgId;
  const chosen = choices?.find((company) => company.id === companyId);
  if (chosen) return chosen.bookkeeperOrgId;
  // An ADMIN's companies are all its own organization's.
  return admin.role === 'SUPER_ADMIN' ? null : admin.bookkeeperOrgId;
}

/**
 * The rule of the organization that owns the list: the signed-in admin's own from the session, or,
 * when a SUPER_ADMIN filters to another organization's company, that organization's. Undefined
 * while it is not known yet, as is `orgId` before the company choices have loaded (null).
 */
export function useOvertimeRule(orgId: string | null): OvertimeRule | undefined {
  const own = useAdmin().bookkeeperOrg;
  const isOther = orgId !== null && orgId !== own.id;
  const other = useQuery({
    queryKey: ['organizations', 'one', orgId] as const,
    queryFn: () => unwrap(api.GET('/api/v1/admin/bookkeeper-orgs/{id}', { params: { path: { id: orgId! } } })),
    enabled: isOther,
    staleTime: 5 * 60_000,
  });
  const org = orgId === null ? undefined : isOther ? other.data : own;
  return org ? { thresholdHours: org.overtimeThreshold, timeZone: org.timezone } : undefined;
}

/**
 * The closed hours of each workweek, per employee: one hours report (grouped by employee) per
 * week the page's open shifts began in. That is one report nearly always; a shift begun before
 * Sunday's midnight, or forgotten for days, adds its own week.
 *
 * The hours a row needs change only when a shift closes, and a closed shift leaves the list: its
 * person's hours matter again only at their next clock in, which is a new open entry. So the
 * reports are asked again when the page's open entries change (`openEntries`, their ids), not on
 * the list's minute. An organization's week can be a thousand rows (BENCHMARKS.md, "On the
 * clock's reads"). A correction anywhere refreshes them, as it does every cached query, and so do
 * `refetch` (Refresh now) and coming back to the tab after a minute.
 * `closedHours(week, employeeId)` is undefined until that week's report has answered.
 */
export function useWeekClosedHours(weeks: readonly { startDate: string; endDate: string }[], companyId: string, openEntries: readonly string[]) {
  const openEntriesKey = [...openEntries].sort().join(',');
  return useQueries({
    queries: weeks.map((week) => {
      const query: ReportQuery = { groupBy: 'employee', startDate: week.startDate, endDate: week.endDate, ...(companyId ? { companyId } : {}) };
      return {
        queryKey: [...reportKeys.hours(query), { openEntries: openEntriesKey }] as const,
        queryFn: () => fetchHoursReport(query),
        staleTime: REFRESH_MS,
      };
    }),
    combine: (results) => {
      const byWeek = new Map<string, Map<string, number>>();
      results.forEach((result, index) => {
        if (!result.data) return;
        byWeek.set(weeks[index]!.startDate, new Map(result.data.rows.map((row) => [row.key ?? '', row.totalHours])));
      });
      return {
        /** An employee with no closed entry that week has 0 hours, once the report has answered. */
        closedHours: (weekStart: string, employeeId: string): number | undefined => {
          const hours = byWeek.get(weekStart);
          return hours ? (hours.get(employeeId) ?? 0) : undefined;
        },
        refetch: () => Promise.all(results.map((result) => result.refetch())),
      };
    },
  });
}
