// The review page's server state: the period (header, entries for the chart, export stamp) and
// its per-employee timesheets (counts, totals, rows), with the types derived from the API.
import { useQuery } from '@tanstack/react-query';
import type { paths } from '../../api/schema';
import { api, unwrap } from '../api.ts';
import { periodKeys } from './keys.ts';

type Json<T> = T extends { responses: { 200: { content: { 'application/json': { data: infer D } } } } } ? D : never;
export type PeriodDetail = Json<paths['/api/v1/admin/pay-periods/{id}']['get']>;
export type PeriodReview = Json<paths['/api/v1/admin/pay-periods/{id}/timesheets']['get']>;
export type Timesheet = PeriodReview['timesheets'][number];
export type TimesheetStatus = Timesheet['status'];

export const TIMESHEET_STATUSES: readonly TimesheetStatus[] = ['NOT_SUBMITTED', 'SUBMITTED', 'APPROVED', 'REJECTED'];

export function usePeriod(id: string) {
  return useQuery({
    queryKey: periodKeys.detail(id),
    queryFn: () => unwrap(api.GET('/api/v1/admin/pay-periods/{id}', { params: { path: { id } } })),
  });
}

export function useReview(id: string) {
  return useQuery({
    queryKey: periodKeys.review(id),
    queryFn: () => unwrap(api.GET('/api/v1/admin/pay-periods/{id}/timesheets', { params: { path: { id } } })),
  });
}

export const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;

/** The state machine of docs/time-rules.md §15: what the bookkeeper may do with this row now. */
export function canApprove(sheet: Timesheet, locked: boolean): boolean {
  return !locked && sheet.status !== 'APPROVED' && sheet.totals.entries > 0 && sheet.totals.openEntries === 0;
}

/**
 * Why Approve is off for a row, when the bookkeeper can do something about it there: an entry
 * still open, or no entries at all. A locked period says so once, above the table; an approved
 * row needs no reason.
 */
export function approveBlockedBy(sheet: Timesheet, locked: boolean): 'openEntry' | 'noEntries' | null {
  if (locked || sheet.status === 'APPROVED') return null;
  if (sheet.totals.openEntries > 0) return 'openEntry';
  if (sheet.totals.entries === 0) return 'noEntries';
  return null;
}

export function canReject(sheet: Timesheet, locked: boolean): boolean {
  return !locked && (sheet.status === 'SUBMITTED' || sheet.status === 'APPROVED');
}
