// The employee's timesheet routes (docs/time-rules.md §12–§14): clock in/out, submit, read. Thin handlers; the
// rules live in timesheet.service.ts.
import type {} from '@fastify/swagger';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../core/context.ts';
import { Errors, FailureLabel, InactiveEmployeeLabel, ValidationLabel } from '../../core/errors.ts';
import { employeeActorOf, employeeOf, refuseAttachedValidation } from '../../http/auth-guard.ts';
import type { AppInstance } from '../../http/plugin.ts';
import { requestMeta } from '../../http/request-meta.ts';
import { sendDataJsonText } from '../../http/prebuilt-json.ts';
import { DateTime, envelope, errorResponses, Nullable, Str } from '../../http/schemas.ts';
import { getTimesheetJson, recordTimeEntry, submitTimesheet, type UncheckedCaller } from './timesheet.service.ts';
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
    // A plain string: a value other than clock_in/clock_out is its own 400 `Invalid action`,
    // not a validation failure.
    action: Str({ examples: ['clock_in', 'clock_out'] }),
    notes: Type.Optional(Str({ maxLength: 2000 })),
    jobCode: Type.Optional(Str()),
    taskCode: Type.Optional(Str()),
    breakMinutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 525_600 })),
    clockInIp: Type.Optional(Str()),
    clockInDevice: Type.Optional(Str()),
    occurredAt: Type.Optional(
      Type.String({
        maxLength: 64,
        description:
          'An offline punch: when the employee punched, ISO-8601 with an offset, at most 24 hours ago and 2 minutes ahead. Omitted: now.',
        examples: ['2026-03-02T08:58:00-05:00'],
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      { action: 'clock_in', jobCode: 'JOB-12', taskCode: 'INSTALL', clockInDevice: 'kiosk-3' },
      { action: 'clock_out', breakMinutes: 30, notes: 'Finished the install' },
      { action: 'clock_in', occurredAt: '2026-03-02T08:58:00-05:00', clockInDevice: 'phone-offline' },
    ],
  },
);

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

/**
 * The caller of a punch or a timesheet read, checked by the handler's own statement (auth-guard.ts
 * `callerCheckedByHandler`); a malformed request is refused after the caller's own refusal.
 */
async function uncheckedCallerOf(ctx: AppContext, request: FastifyRequest): Promise<UncheckedCaller> {
  const credential = request.employeeCredential;
  if (!credential) throw Errors.authenticationRequired();
  await refuseAttachedValidation(ctx, request);
  return { credential, inactiveLabel: request.routeOptions.config.inactiveEmployeeLabel, verify: () => employeeActorOf(ctx, request) };
}

export async function timesheetRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.post(
    '/employee/timesheet/entry',
    {
      // A malformed body is refused by uncheckedCallerOf, after the caller's own refusal (which
      // the guard leaves to the punch's statement): validated, attached, not thrown.
      attachValidation: true,
      config: {
        auth: 'employee',
        callerCheckedByHandler: true,
        quietSuccessLog: true,
        inactiveEmployeeLabel: InactiveEmployeeLabel.notFoundOrInactive,
        validationError: ValidationLabel.timeEntry,
        failureError: FailureLabel.createTimeEntry,
      },
      schema: {
        tags: TAGS,
        summary: 'Clock in or clock out (accepts an Idempotency-Key header)',
        body: TimeEntryBody,
        response: { 200: envelope(TimeEntryResult), ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => ({ success: true as const, data: await recordTimeEntry(ctx, await uncheckedCallerOf(ctx, request), request.body, requestMeta(request)) }),
  );

  app.post(
    '/employee/timesheet/submit',
    {
      config: { auth: 'employee', inactiveEmployeeLabel: InactiveEmployeeLabel.notFoundOrInactive, failureError: FailureLabel.submitTimesheet },
      schema: {
        tags: TAGS,
        summary: "Submit a pay period's timesheet (accepts an Idempotency-Key header)",
        body: SubmitBody,
        response: { 200: envelope(SubmitResult), ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const data = await submitTimesheet(ctx, employeeOf(request), request.body.payPeriodId, requestMeta(request));
      return { success: true as const, data, message: data.message };
    },
  );

  app.get(
    '/employee/timesheet',
    {
      // The read's own statement checks the caller (timesheet.service.ts getTimesheet); a
      // malformed query is refused after the caller's own refusal, as for a punch.
      attachValidation: true,
      config: { auth: 'employee', callerCheckedByHandler: true, inactiveEmployeeLabel: InactiveEmployeeLabel.notFound, failureError: FailureLabel.fetchTimesheet },
      schema: {
        tags: TAGS,
        summary: "The employee's timesheet: entries of a range (default: the current workweek), totals, clock status",
        querystring: TimesheetQuery,
        response: { 200: envelope(Timesheet), ...errorResponses(401, 403, 404) },
      },
    },
    // The database builds this answer's JSON (timesheet-read.repository.ts); the schema documents it.
    async (request, reply) => sendDataJsonText(reply, await getTimesheetJson(ctx, await uncheckedCallerOf(ctx, request), request.query)),
  );
}
