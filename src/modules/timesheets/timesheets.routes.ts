// The per-employee timesheet review: the employee's own timesheets and submit, the admin's
// review list, get-one, approve and reject. Thin handlers; the rules are in timesheets.service.ts.
import type {} from '@fastify/swagger';
import { Type } from 'typebox';
import type { AppContext } from '../../core/context.ts';
import { PAY_TYPES, TIMESHEET_STATUSES, type TimesheetStatus } from '../../domain/enums.ts';
import { TIMESHEET_FLAGS } from '../../domain/timesheet-flags.ts';
import { adminOf, employeeOf } from '../../http/auth-guard.ts';
import type { AppInstance } from '../../http/plugin.ts';
import { requestMeta } from '../../http/request-meta.ts';
import { FailureLabel, InactiveEmployeeLabel } from '../../core/errors.ts';
import { envelope, errorResponses, idParams, Nullable, NullableDateTime, paginated, PaginationQuery, pathId } from '../../http/schemas.ts';
import { PayPeriodSummary } from '../time-entries/time-entry.schema.ts';
import { TimeEntry } from '../timesheet/timesheet.schemas.ts';
import {
  approveTimesheet,
  getEmployeeTimesheet,
  getOwnTimesheet,
  listOwnTimesheets,
  rejectTimesheet,
  reviewPeriod,
  submitOwnTimesheet,
} from './timesheets.service.ts';

const Uuid = Type.String({ format: 'uuid' });

export const Pay = Type.Object(
  {
    regular: Type.Number({ description: 'regularHours × payRate, rounded half up to cents' }),
    overtime: Type.Number({ description: "overtimeHours × payRate × the organization's overtimeMultiplier, rounded half up to cents" }),
    total: Type.Number({ description: 'regular + overtime' }),
  },
  { title: 'Pay', examples: [{ regular: 1000, overtime: 187.5, total: 1187.5 }] },
);

const Timesheet = Type.Object(
  {
    payPeriod: PayPeriodSummary,
    employee: Type.Object({
      id: Uuid,
      firstName: Type.String(),
      lastName: Type.String(),
      employeeNumber: Nullable(Type.String()),
      payType: Type.Enum([...PAY_TYPES]),
      payRate: Type.Number(),
    }),
    status: Type.Enum([...TIMESHEET_STATUSES]),
    submittedAt: NullableDateTime,
    decidedAt: NullableDateTime,
    decidedBy: Nullable(Type.Object({ id: Uuid, firstName: Type.String(), lastName: Type.String() })),
    rejectionReason: Nullable(Type.String()),
    totals: Type.Object({
      totalHours: Type.Number(),
      regularHours: Type.Number(),
      overtimeHours: Type.Number(),
      entries: Type.Integer(),
      openEntries: Type.Integer(),
    }),
    pay: Nullable(Pay),
    flags: Type.Array(Type.Enum([...TIMESHEET_FLAGS]), { description: 'In this order, those that apply: OPEN_ENTRY, LONG_SHIFT, OFFLINE_PUNCH, EDITED' }),
  },
  { title: 'Employee timesheet' },
);

const TimesheetDetail = Type.Object({ ...Timesheet.properties, timeEntries: Type.Array(TimeEntry, { description: 'Oldest first' }) }, { title: 'Employee timesheet with entries' });

const PeriodReview = Type.Object({
  timesheets: Type.Array(Timesheet),
  counts: Type.Object(Object.fromEntries(TIMESHEET_STATUSES.map((s) => [s, Type.Integer()])) as Record<TimesheetStatus, ReturnType<typeof Type.Integer>>),
  totals: Type.Object({
    totalHours: Type.Number(),
    regularHours: Type.Number(),
    overtimeHours: Type.Number(),
    entries: Type.Integer(),
    openEntries: Type.Integer(),
    pay: Pay,
  }),
});

const PeriodParams = Type.Object({ payPeriodId: pathId('Pay period') });
const ReviewParams = idParams('Pay period');
const DecisionParams = Type.Object({ id: pathId('Pay period'), employeeId: pathId('Employee') });
const ListQuery = Type.Object(PaginationQuery);

const RejectBody = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: 2000, description: 'Why the timesheet goes back to the employee (1 to 2,000 characters)' }) },
  { additionalProperties: false, examples: [{ reason: 'Tuesday shows 14 hours; please check the clock out.' }] },
);

const EMPLOYEE_TAGS = ['Employee timesheet'];
const ADMIN_TAGS = ['Timesheet review'];
const timesheetEnvelope = envelope(Type.Object({ timesheet: TimesheetDetail }));

export async function timesheetReviewRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/employee/timesheets',
    {
      config: { auth: 'employee', inactiveEmployeeLabel: InactiveEmployeeLabel.notFound, failureError: FailureLabel.fetchTimesheets },
      schema: {
        tags: EMPLOYEE_TAGS,
        summary: "The employee's timesheets, one per pay period of its company, newest first",
        querystring: ListQuery,
        response: { 200: envelope(paginated(Timesheet)), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await listOwnTimesheets(ctx, employeeOf(request), request.query) }),
  );

  app.get(
    '/employee/timesheets/:payPeriodId',
    {
      config: { auth: 'employee', inactiveEmployeeLabel: InactiveEmployeeLabel.notFound, failureError: FailureLabel.fetchTimesheet },
      schema: {
        tags: EMPLOYEE_TAGS,
        summary: "The employee's timesheet of one pay period, with its entries",
        params: PeriodParams,
        response: { 200: envelope(TimesheetDetail), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await getOwnTimesheet(ctx, employeeOf(request), request.params.payPeriodId) }),
  );

  app.post(
    '/employee/timesheets/:payPeriodId/submit',
    {
      config: { auth: 'employee', inactiveEmployeeLabel: InactiveEmployeeLabel.notFoundOrInactive, failureError: FailureLabel.submitTimesheet },
      schema: {
        tags: EMPLOYEE_TAGS,
        summary: "Submit the employee's own timesheet of a pay period for review (accepts an Idempotency-Key header)",
        params: PeriodParams,
        response: { 200: timesheetEnvelope, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { timesheet: await submitOwnTimesheet(ctx, employeeOf(request), request.params.payPeriodId, requestMeta(request)) },
    }),
  );

  app.get(
    '/admin/pay-periods/:id/timesheets',
    {
      config: { auth: 'admin', failureError: FailureLabel.fetchTimesheets },
      schema: {
        tags: ADMIN_TAGS,
        summary: 'Every timesheet of a pay period (active employees and those with entries), with counts by status and totals',
        params: ReviewParams,
        response: { 200: envelope(PeriodReview), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await reviewPeriod(ctx, adminOf(request), request.params.id) }),
  );

  app.get(
    '/admin/pay-periods/:id/timesheets/:employeeId',
    {
      config: { auth: 'admin', failureError: FailureLabel.fetchTimesheet },
      schema: {
        tags: ADMIN_TAGS,
        summary: "One employee's timesheet of a pay period, with its entries",
        params: DecisionParams,
        response: { 200: envelope(TimesheetDetail), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getEmployeeTimesheet(ctx, adminOf(request), request.params.id, request.params.employeeId),
    }),
  );

  app.post(
    '/admin/pay-periods/:id/timesheets/:employeeId/approve',
    {
      config: { auth: 'admin', failureError: FailureLabel.approveTimesheet },
      schema: {
        tags: ADMIN_TAGS,
        summary: "Approve an employee's timesheet: its entries become APPROVED (accepts an Idempotency-Key header)",
        params: DecisionParams,
        response: { 200: timesheetEnvelope, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { timesheet: await approveTimesheet(ctx, adminOf(request), request.params.id, request.params.employeeId, requestMeta(request)) },
    }),
  );

  app.post(
    '/admin/pay-periods/:id/timesheets/:employeeId/reject',
    {
      config: { auth: 'admin', failureError: FailureLabel.rejectTimesheet },
      schema: {
        tags: ADMIN_TAGS,
        summary: "Reject an employee's timesheet with a reason: its entries return to PENDING (accepts an Idempotency-Key header)",
        params: DecisionParams,
        body: RejectBody,
        response: { 200: timesheetEnvelope, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => ({
      success: true as const,
      data: {
        timesheet: await rejectTimesheet(ctx, adminOf(request), request.params.id, request.params.employeeId, request.body.reason, requestMeta(request)),
      },
    }),
  );
}
