// The employees' server state (keys in ../people/keys.ts); creating or deactivating someone changes the
// company's employee count too, so those lists are invalidated with them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { paths } from '../../api/schema';
import { api, unwrap } from '../api.ts';
import { fetchEveryPage, LARGEST_PAGE_SIZE } from '../every-page.ts';
import { employeeKeys, invalidatePeople } from '../people/keys.ts';
import { fetchHoursReport, reportKeys, type ReportQuery } from '../reports/queries.ts';

type EmployeeList = paths['/api/v1/admin/employees']['get']['responses'][200]['content']['application/json']['data'];
export type Employee = EmployeeList['items'][number];
export type EmployeeInput = paths['/api/v1/admin/employees']['post']['requestBody']['content']['application/json'];
export type EmployeeChanges = NonNullable<paths['/api/v1/admin/employees/{id}']['put']['requestBody']>['content']['application/json'];
export type PayType = Employee['payType'];
export const PAY_TYPES: readonly PayType[] = ['HOURLY', 'SALARY'];

export interface EmployeeQuery {
  page: number;
  search: string;
  showAll: boolean;
  companyId: string;
}

function fetchEmployeePage(query: EmployeeQuery, pageSize: number) {
  return unwrap(
    api.GET('/api/v1/admin/employees', {
      params: {
        query: {
          page: query.page,
          pageSize,
          ...(query.search ? { search: query.search } : {}),
          ...(query.companyId ? { companyId: query.companyId } : {}),
          ...(query.showAll ? {} : { active: 'true' }),
        },
      },
    }),
  );
}

export function useEmployees(query: EmployeeQuery) {
  return useQuery({
    queryKey: employeeKeys.list(query),
    queryFn: () => fetchEmployeePage(query, 20),
    placeholderData: (previous) => previous,
  });
}

/** Every employee the list's filters match, for a download or an import's matching. */
export function fetchEveryEmployee(query: Omit<EmployeeQuery, 'page'>): Promise<Employee[]> {
  return fetchEveryPage((page) => fetchEmployeePage({ ...query, page }, LARGEST_PAGE_SIZE));
}

/**
 * Every employee of a company, active or not, for a picker (the reports' employee filter): a past
 * report needs the people who have left too. Nothing is read until a company is chosen.
 */
export function useEmployeeChoices(companyId: string) {
  return useQuery({
    queryKey: employeeKeys.choices(companyId),
    queryFn: () => fetchEveryEmployee({ companyId, showAll: true, search: '' }),
    enabled: companyId !== '',
    staleTime: 60_000,
  });
}

export function useEmployee(id: string) {
  return useQuery({
    queryKey: employeeKeys.detail(id),
    queryFn: () => unwrap(api.GET('/api/v1/admin/employees/{id}', { params: { path: { id } } })),
    retry: false,
  });
}

/** The employee's entries, newest clock-in first (the list's order). */
export function useEmployeeEntries(id: string, page: number) {
  return useQuery({
    queryKey: employeeKeys.entries(id, page),
    queryFn: () => unwrap(api.GET('/api/v1/admin/time-entries', { params: { query: { employeeId: id, page, pageSize: 10 } } })),
    placeholderData: (previous) => previous,
  });
}

/**
 * The employee's week for the week card: the hours report of the week's closed entries (under the
 * reports' prefix) and the open entry, if any (under the time entries', so a clock out made on
 * any page refreshes it). `week` is null until the organization's zone is known.
 */
export function useEmployeeWeek(employeeId: string, week: { startDate: string; endDate: string } | null) {
  // The report takes its organization from the employee (docs/time-rules.md §15), so a SUPER_ADMIN
  // looking at another firm's employee reads that firm's week.
  const query: ReportQuery = { groupBy: 'employee', employeeId, startDate: week?.startDate ?? '', endDate: week?.endDate ?? '' };
  const hours = useQuery({ queryKey: reportKeys.hours(query), queryFn: () => fetchHoursReport(query), enabled: week !== null });
  const open = useQuery(openEntryQuery(employeeId));
  return { hours, open };
}

/**
 * The employee's open entry, if any (an employee has at most one: docs/time-rules.md §7), under the
 * time entries' prefix, so a clock out made on any page refreshes it.
 */
export function openEntryQuery(employeeId: string) {
  return {
    queryKey: ['time-entries', 'open', { employeeId }] as const,
    queryFn: () => unwrap(api.GET('/api/v1/admin/time-entries', { params: { query: { employeeId, open: true, pageSize: 1 } } })),
  };
}

/** One new employee; the same key sent again answers the first result (docs/api.md §12). */
export function createEmployee(values: EmployeeInput, idempotencyKey: string) {
  return unwrap(api.POST('/api/v1/admin/employees', { params: { header: { 'idempotency-key': idempotencyKey } }, body: values }));
}

export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, idempotencyKey }: { values: EmployeeInput; idempotencyKey: string }) => createEmployee(values, idempotencyKey),
    onSuccess: () => invalidatePeople(queryClient),
  });
}

/** Only the fields given change. */
export function updateEmployee(id: string, changes: EmployeeChanges) {
  return unwrap(api.PUT('/api/v1/admin/employees/{id}', { params: { path: { id } }, body: changes }));
}

export function useUpdateEmployee(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: EmployeeChanges) => updateEmployee(id, changes),
    onSuccess: () => invalidatePeople(queryClient),
  });
}

export function useDeactivateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/v1/admin/employees/{id}', { params: { path: { id } } })),
    onSuccess: () => invalidatePeople(queryClient),
  });
}

export const fullName = (employee: { firstName: string; lastName: string }) => `${employee.firstName} ${employee.lastName}`;
