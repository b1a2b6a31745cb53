// Server state of the entries page: one employee's timesheet in one pay period (with its
// entries), an entry's edit history from the audit log, and who made each change. Keys come from
// one factory so a correction invalidates exactly what it changed.
import { useQuery } from '@tanstack/react-query';
import type { paths } from '../../api/schema';
import { ApiError, api, newIdempotencyKey, unwrap } from '../api.ts';

type TimesheetPath = paths['/api/v1/admin/pay-periods/{id}/timesheets/{employeeId}']['get'];
export type Timesheet = TimesheetPath['responses'][200]['content']['application/json']['data'];
export type Entry = Timesheet['timeEntries'][number];
type AuditPage = paths['/api/v1/admin/audit-logs']['get']['responses'][200]['content']['application/json']['data'];
export type AuditRow = AuditPage['items'][number];
export type CreateEntryBody = NonNullable<paths['/api/v1/admin/time-entries']['post']['requestBody']>['content']['application/json'];
export type UpdateEntryBody = NonNullable<paths['/api/v1/admin/time-entries/{id}']['put']['requestBody']>['content']['application/json'];

export const entryKeys = {
  all: ['pay-period-entries'] as const,
  timesheet: (payPeriodId: string, employeeId: string) => [...entryKeys.all, 'timesheet', payPeriodId, employeeId] as const,
  histories: () => [...entryKeys.all, 'history'] as const,
  history: (entryId: string) => [...entryKeys.histories(), entryId] as const,
  actor: (adminId: string) => [...entryKeys.all, 'actor', adminId] as const,
};

export const timesheetQuery = (payPeriodId: string, employeeId: string) => ({
  queryKey: entryKeys.timesheet(payPeriodId, employeeId),
  queryFn: () => unwrap(api.GET('/api/v1/admin/pay-periods/{id}/timesheets/{employeeId}', { params: { path: { id: payPeriodId, employeeId } } })),
});

export function useTimesheet(payPeriodId: string, employeeId: string) {
  return useQuery(timesheetQuery(payPeriodId, employeeId));
}

/** The newest changes of one entry (a page of 50 covers any entry a person has corrected by hand). */
export const HISTORY_PAGE_SIZE = 50;

export function useEntryHistory(entryId: string | null) {
  return useQuery({
    queryKey: entryKeys.history(entryId ?? ''),
    enabled: entryId !== null,
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/admin/audit-logs', {
          params: { query: { entityType: 'time_entry', entityId: entryId!, pageSize: HISTORY_PAGE_SIZE } },
        }),
      ),
  });
}

/**
 * An admin's name for the history ("who"). Null when the admin is out of reach (another
 * organization's SUPER_ADMIN answers 403, a removed one 404): the row then says "an administrator".
 */
export function useActorName(adminId: string | null) {
  return useQuery({
    queryKey: entryKeys.actor(adminId ?? ''),
    enabled: adminId !== null,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      try {
        const user = await unwrap(api.GET('/api/v1/admin/users/{id}', { params: { path: { id: adminId! } } }));
        return `${user.firstName} ${user.lastName}`;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return null;
        throw error;
      }
    },
  });
}

/** One Idempotency-Key per intent: a double click on Save creates one entry. */
export const newEntryIntent = newIdempotencyKey;

export function createEntry(body: CreateEntryBody, idempotencyKey: string) {
  return unwrap(api.POST('/api/v1/admin/time-entries', { body, params: { header: { 'idempotency-key': idempotencyKey } } }));
}

export function updateEntry(id: string, body: UpdateEntryBody) {
  return unwrap(api.PUT('/api/v1/admin/time-entries/{id}', { params: { path: { id } }, body }));
}

export function deleteEntry(id: string) {
  return unwrap(api.DELETE('/api/v1/admin/time-entries/{id}', { params: { path: { id } } }));
}
