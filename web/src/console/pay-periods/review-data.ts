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

/** Approves one employee's timesheet of a period under `idempotencyKey`: a request sent again after a lost answer is applied once (docs/api.md §12). */
export function approveTimesheet(periodId: string, employeeId: string, idempotencyKey: string) {
  return unwrap(
    api.POST('/api/v1/admin/pay-periods/{id}/timesheets/{employeeId}/approve', {
      params: { path: { id: periodId, employeeId } },
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  );
}

export function useReview(id: string) {
  return useQuery({
    queryKey: periodKeys.review(id),
    queryFn: () => unwrap(api.GET('/api/v1/admin/pay-periods/{id}/timesheets', { params: { path: { id } } })),
  });
}

export const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;

/**
 * The state machine of docs/time-rules.md §15: why the bookkeeper may not approve this row now,
 * or null when they may.
 */
export function approveBlockedBy(sheet: Timesheet, locked: boolean): 'locked' | 'approved' | 'openEntry' | 'noEntries' | null {
  if (locked) return 'locked';
  if (sheet.status === 'APPROVED') return 'approved';
  if (sheet.totals.openEntries > 0) return 'openEntry';
  if (sheet.totals.entries === 0) return 'noEntries';
  return null;
}

/**
 * The reason a row states beside its Approve, where the bookkeeper can act on it there. A locked
 * period says so once, above the table; an approved row needs no reason.
 */
export function approveReasonShown(blockedBy: ReturnType<typeof approveBlockedBy>): 'openEntry' | 'noEntries' | null {
  return blockedBy === 'openEntry' || blockedBy === 'noEntries' ? blockedBy : null;
}

export function canReject(sheet: Timesheet, locked: boolean): boolean {
  return !locked && (sheet.status === 'SUBMITTED' || sheet.status === 'APPROVED');
}
