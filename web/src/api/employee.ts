// The employee's calls, typed by the generated schema. The offline queue's `occurredAt` (the
// moment of a punch made without a connection) is part of the entry body there.
import { newIdempotencyKey, unwrap, type Api } from './client.ts';
import type { paths } from './schema.d.ts';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Ok<Op> = Op extends { responses: { 200: infer R } } ? (Json<R> extends { data: infer D } ? D : never) : never;

export type VerifyBody = Json<paths['/api/v1/auth/employee/verify']['post']['requestBody']>;
export type VerifyResult = Ok<paths['/api/v1/auth/employee/verify']['post']>;
export type EmployeeUser = VerifyResult['user'];
export type Timesheet = Ok<paths['/api/v1/employee/timesheet']['get']>;
export type TimeEntry = Timesheet['timeEntries'][number];
export type PunchResult = Ok<paths['/api/v1/employee/timesheet/entry']['post']>;
export type EmployeeTimesheet = Ok<paths['/api/v1/employee/timesheets']['get']>['items'][number];
export type TimesheetState = EmployeeTimesheet['status'];
export type Me = Ok<paths['/api/v1/auth/me']['get']>;

type EntryBody = Json<paths['/api/v1/employee/timesheet/entry']['post']['requestBody']>;
export type PunchAction = 'clock_in' | 'clock_out';
/** The entry body, with the action narrowed to the two the service knows. */
export type PunchBody = EntryBody & { action: PunchAction };

type CompanyRequired = Json<paths['/api/v1/auth/employee/verify']['post']['responses'][409]>;
/** One company a phone and correct PIN matched: the 409 Company required chooser's choices. */
export type CompanyChoice = CompanyRequired['data']['companies'][number];

/** The choices a 409 Company required carries; none when the answer had no usable list. */
export function companyChoices(data: unknown): CompanyChoice[] {
  const companies = (data as Partial<CompanyRequired['data']> | null | undefined)?.companies;
  if (!Array.isArray(companies)) return [];
  return companies.filter((c): c is CompanyChoice => typeof c?.id === 'string' && typeof c?.name === 'string');
}

export const verify = (api: Api, body: VerifyBody) => unwrap(api.POST('/api/v1/auth/employee/verify', { body }));

export const logout = (api: Api) => unwrap(api.POST('/api/v1/auth/logout', {}));

export const me = (api: Api) => unwrap(api.GET('/api/v1/auth/me', {}));

export const timesheet = (api: Api, range: { payPeriodId?: string } = {}) =>
  unwrap(api.GET('/api/v1/employee/timesheet', { params: { query: range.payPeriodId ? { payPeriodId: range.payPeriodId } : {} } }));

export function punch(api: Api, body: PunchBody, idempotencyKey: string) {
  return unwrap(
    api.POST('/api/v1/employee/timesheet/entry', {
      body,
      params: { header: { 'idempotency-key': idempotencyKey } },
    }),
  );
}

/** The caller's timesheets, one per pay period, newest first (the first page of 100 is plenty for a picker). */
export const myTimesheets = (api: Api) => unwrap(api.GET('/api/v1/employee/timesheets', { params: { query: { pageSize: 100 } } }));

/** Submits the caller's own timesheet of one pay period for review; colleagues' are untouched. */
export function submitTimesheet(api: Api, payPeriodId: string, idempotencyKey = newIdempotencyKey()) {
  return unwrap(
    api.POST('/api/v1/employee/timesheets/{payPeriodId}/submit', {
      params: { path: { payPeriodId }, header: { 'idempotency-key': idempotencyKey } },
    }),
  );
}

/** TanStack Query keys, one factory for the employee's resources. */
export const employeeKeys = {
  all: ['employee'] as const,
  me: () => [...employeeKeys.all, 'me'] as const,
  timesheets: () => [...employeeKeys.all, 'timesheets'] as const,
  timesheet: (payPeriodId: string | null) => [...employeeKeys.all, 'timesheet', payPeriodId ?? 'week'] as const,
};
