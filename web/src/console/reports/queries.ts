// The reports page's server state: one key factory; the report, and the pay periods its filter
// offers.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { paths } from '../../api/schema';
import { api, unwrap } from '../api.ts';

type ReportOperation = paths['/api/v1/admin/reports/hours']['get'];
export type ReportQuery = NonNullable<ReportOperation['parameters']['query']>;
export type HoursReport = ReportOperation['responses'][200]['content']['application/json']['data'];
export type ReportRow = HoursReport['rows'][number];
export type GroupBy = NonNullable<ReportQuery['groupBy']>;
export const GROUPINGS: readonly GroupBy[] = ['employee', 'day', 'week', 'jobCode'];

/**
 * The pay periods offered in the filter: a company's newest page of them, at the API's largest page
 * size (two years of weekly periods). The companies are every one (people/company-choices.ts).
 */
const CHOICES_PAGE_SIZE = 100;

type JsonAnswer = ReportOperation['responses'][200]['content']['application/json'];

/**
 * The route documents two media types for 200 (JSON, or CSV when asked), so the client types the
 * body as either; without `format=csv` or `Accept: text/csv` it is always the JSON envelope.
 */
const asJsonAnswer = <R extends { response: Response }>(call: Promise<R>) =>
  call as unknown as Promise<{ data?: JsonAnswer; error?: unknown; response: Response }>;

export const reportKeys = {
  all: ['reports'] as const,
  hours: (query: ReportQuery) => ['reports', 'hours', query] as const,
  payPeriods: (companyId: string) => ['reports', 'pay-periods', companyId] as const,
};

/** The report as JSON; On the clock reads each workweek's hours through it too. */
export const fetchHoursReport = (query: ReportQuery) => unwrap(asJsonAnswer(api.GET('/api/v1/admin/reports/hours', { params: { query } })));

export function useHoursReport(query: ReportQuery | null) {
  return useQuery({
    queryKey: reportKeys.hours(query ?? {}),
    queryFn: () => fetchHoursReport(query!),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    // A refused range is the person's to fix; asking again would only repeat the refusal.
    retry: false,
  });
}

export function usePayPeriods(companyId: string) {
  return useQuery({
    queryKey: reportKeys.payPeriods(companyId),
    queryFn: () => unwrap(api.GET('/api/v1/admin/pay-periods', { params: { query: { companyId, pageSize: CHOICES_PAGE_SIZE } } })),
    enabled: companyId !== '',
    staleTime: 60_000,
  });
}

/** The report as the API's CSV file (the cookie session, `format=csv`), with the name it gave. */
export async function downloadReportCsv(query: ReportQuery): Promise<{ blob: Blob; filename: string }> {
  const result = await api.GET('/api/v1/admin/reports/hours', { params: { query: { ...query, format: 'csv' } }, parseAs: 'blob' });
  // Errors are the JSON envelope either way (docs/time-rules.md §15), which unwrap turns into an ApiError.
  if (!result.response.ok) await unwrap(Promise.resolve(result));
  const disposition = result.response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'hours-report.csv';
  return { blob: result.data as Blob, filename };
}
