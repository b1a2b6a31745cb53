// The employee's timesheet routes (SPEC.md): clock in/out, submit, read. Thin handlers; the
// rules live in timesheet.service.ts.
import type {} from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import type { AppContext } from '../../context.ts';
import { employeeOf } from '../../http/auth-guard.ts';
import { requestMeta } from '../../http/request-meta.ts';
import { DateTime, envelope, errorResponses, Nullable, Str } from '../../http/schemas.ts';
import { getTimesheet, recordTimeEntry, submitTimesheet } from './timesheet.service.ts';
import {
  HoursTotals,
  OpenTimeEntry,
  PayPeriod,
  TimeEntry,
  TimesheetCompany,
  TimesheetEmployee,
} from './timesheet.schemas.ts';

const TAGS = ['Employee timesheet'];

const TimeEntryBody = Type.Object(
  {
    // A plain string: a value other than clock_in/clock_out is SPEC.md's 400 `Invalid action`,
    // not a validation failure.
    action: Str({ examples: ['clock_in', 'clock_out'] }),
    notes: Type.Optional(Str({ maxLength: 2000 })),
    jobCode: Type.Optional(Str()),
    taskCode: Type.Optional(Str()),
    breakMinutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 525_600 })),
    clockInIp: Type.Optional(Str()),
    clockInDevice: Type.Optional(Str()),
  },
  {
    additionalProperties: false,
    examples: [
      { action: 'clock_in', jobCode: 'JOB-12', taskCode: 'INSTALL', clockInDevice: 'kiosk-3' },
      { action: 'clock_out', breakMinutes: 30, notes: 'Finished the install' },
    ],
  },
);
type TimeEntryBody = Static<typeof TimeEntryBody>;

const TimeEntryResult = Type.Object({
  timeEntry: TimeEntry,
  message: Type.String(),
  summary: Type.Optional(
    Type.Object({ totalHours: Type.Number(), regularHours: Type.Number(), overtimeHours: Type.Number(), breakMinutes: Type.Integer() }),
  ),
});

const SubmitBody = Type.Object(
  { payPeriodId: Type.String({ minLength: 1, maxLength: 255 }) },
  { additionalProperties: false, examples: [{ payPeriodId: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f' }] },
);
type SubmitBody = Static<typeof SubmitBody>;

const SubmitResult = Type.Object({
  payPeriod: PayPeriod,
  timeEntriesCount: Type.Integer(),
  totals: HoursTotals,
  message: Type.String(),
});

const TimesheetQuery = Type.Object({
  startDate: Type.Optional(Type.String({ maxLength: 64, description: 'YYYY-MM-DD (start of that local day) or ISO-8601' })),
  endDate: Type.Optional(Type.String({ maxLength: 64, description: 'YYYY-MM-DD (end of that local day) or ISO-8601' })),
  payPeriodId: Type.Optional(Type.String({ maxLength: 255 })),
});
type TimesheetQuery = Static<typeof TimesheetQuery>;

const Timesheet = Type.Object({
  employee: TimesheetEmployee,
  company: TimesheetCompany,
  timeEntries: Type.Array(TimeEntry),
  currentPayPeriod: Nullable(PayPeriod),
  totals: Type.Object({
    ...HoursTotals.properties,
    pendingEntries: Type.Integer(),
    approvedEntries: Type.Integer(),
  }),
  clockStatus: Type.Object({ isClockedIn: Type.Boolean(), openTimeEntry: Nullable(OpenTimeEntry) }),
  dateRange: Type.Object({ startDate: DateTime, endDate: DateTime }),
});

export async function timesheetRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post<{ Body: TimeEntryBody }>(
    '/employee/timesheet/entry',
    {
      config: {
        auth: 'employee',
        inactiveEmployeeLabel: 'Employee not found or inactive',
        validationError: 'Invalid time entry data',
        failureError: 'Failed to create time entry',
      },
      schema: {
        tags: TAGS,
        summary: 'Clock in or clock out (accepts an Idempotency-Key header)',
        body: TimeEntryBody,
        response: { 200: envelope(TimeEntryResult), ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => ({
      success: true,
      data: await recordTimeEntry(ctx, employeeOf(request), request.body, requestMeta(request)),
    }),
  );

  app.post<{ Body: SubmitBody }>(
    '/employee/timesheet/submit',
    {
      config: { auth: 'employee', inactiveEmployeeLabel: 'Employee not found or inactive', failureError: 'Failed to submit timesheet' },
      schema: {
        tags: TAGS,
        summary: "Submit a pay period's timesheet (accepts an Idempotency-Key header)",
        body: SubmitBody,
        response: { 200: envelope(SubmitResult), ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const data = await submitTimesheet(ctx, employeeOf(request), request.body.payPeriodId, requestMeta(request));
      return { success: true, data, message: data.message };
    },
  );

  app.get<{ Querystring: TimesheetQuery }>(
    '/employee/timesheet',
    {
      config: { auth: 'employee', inactiveEmployeeLabel: 'Employee not found', failureError: 'Failed to fetch timesheet' },
      schema: {
        tags: TAGS,
        summary: "The employee's timesheet: entries of a range (default: the current workweek), totals, clock status",
        querystring: TimesheetQuery,
        response: { 200: envelope(Timesheet), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true, data: await getTimesheet(ctx, employeeOf(request), request.query) }),
  );
}
