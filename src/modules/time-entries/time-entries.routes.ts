// Admin corrections of time entries (docs/time-rules.md §12): list with filters, create with explicit
// times, get, update, delete. Every route answers validation failures with
// `Invalid time entry data` (docs/api.md §6).
import type {} from '@fastify/swagger';
import { Type } from 'typebox';
import type { AppContext } from '../../core/context.ts';
import { FailureLabel, ValidationLabel } from '../../core/errors.ts';
import { TIME_ENTRY_STATUSES } from '../../domain/enums.ts';
import { adminOf } from '../../http/auth-guard.ts';
import type { AppInstance } from '../../http/plugin.ts';
import { requestMeta } from '../../http/request-meta.ts';
import {
  envelope,
  errorResponses,
  idParams,
  MessageEnvelope,
  Nullable,
  paginated,
  PaginationQuery,
  Str,
} from '../../http/schemas.ts';
import { EntryEmployee, PayPeriodSummary, TimeEntryFields } from './time-entry.schema.ts';
import { createTimeEntry, deleteTimeEntry, getTimeEntry, listTimeEntries, updateTimeEntry } from './time-entries.service.ts';

const TAGS = ['Time entries'];
const TimeEntryStatus = Type.Enum([...TIME_ENTRY_STATUSES]);

export const AdminTimeEntry = Type.Object(
  { ...TimeEntryFields, employee: EntryEmployee, payPeriod: Nullable(PayPeriodSummary) },
  { title: 'Admin time entry' },
);

const Timestamp = (description: string) => Type.String({ format: 'date-time', maxLength: 40, description });
const BreakMinutes = Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'Unpaid minutes; at most the time between clockIn and clockOut' });
const Notes = Str({ maxLength: 2000 });

const CreateTimeEntryBody = Type.Object(
  {
    employeeId: Type.String({ maxLength: 64 }),
    clockIn: Timestamp('ISO-8601 date-time with an offset; not in the future'),
    clockOut: Type.Optional(Timestamp('ISO-8601 date-time with an offset; omitted leaves the entry open')),
    breakMinutes: Type.Optional(BreakMinutes),
    jobCode: Type.Optional(Str()),
    taskCode: Type.Optional(Str()),
    notes: Type.Optional(Notes),
  },
  {
    additionalProperties: false,
    examples: [
      {
        employeeId: '6f1c2b8e-0d4a-4e8f-9b1a-2c3d4e5f6a7b',
        clockIn: '2026-03-02T13:00:00.000Z',
        clockOut: '2026-03-02T21:30:00.000Z',
        breakMinutes: 30,
        jobCode: 'J-100',
        notes: 'Forgot to clock in; entered from the paper sheet',
      },
    ],
  },
);

const UpdateTimeEntryBody = Type.Object(
  {
    clockIn: Type.Optional(Timestamp('ISO-8601 date-time with an offset; not in the future')),
    clockOut: Type.Optional(Timestamp('ISO-8601 date-time with an offset; an entry cannot be reopened')),
    breakMinutes: Type.Optional(BreakMinutes),
    jobCode: Type.Optional(Str()),
    taskCode: Type.Optional(Str()),
    notes: Type.Optional(Notes),
    status: Type.Optional(TimeEntryStatus),
  },
  { additionalProperties: false, examples: [{ clockOut: '2026-03-02T21:00:00.000Z', breakMinutes: 45, status: 'APPROVED' }] },
);

const TimeEntryListQuery = Type.Object({
  ...PaginationQuery,
  employeeId: Type.Optional(Type.String({ maxLength: 64, description: 'Only this employee’s entries' })),
  companyId: Type.Optional(Type.String({ maxLength: 64, description: 'Only this company’s entries' })),
  payPeriodId: Type.Optional(Type.String({ maxLength: 64, description: 'Only entries linked to this pay period' })),
  startDate: Type.Optional(Type.String({ maxLength: 64, description: 'clockIn from; a date-only value is the start of that day in the organization’s time zone' })),
  endDate: Type.Optional(Type.String({ maxLength: 64, description: 'clockIn until; a date-only value is the end of that day in the organization’s time zone' })),
  status: Type.Optional(TimeEntryStatus),
  open: Type.Optional(Type.Boolean({ description: 'true: only entries still open (no clockOut), such as the people on the clock now; false: only closed ones' })),
});

const config = { auth: 'admin' as const, validationError: ValidationLabel.timeEntry };

export async function timeEntryRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/admin/time-entries',
    {
      config: { ...config, failureError: FailureLabel.fetchTimeEntries },
      schema: {
        tags: TAGS,
        summary: 'List time entries, newest clockIn first (filters: employee, company, pay period, clockIn range, status, open)',
        querystring: TimeEntryListQuery,
        response: { 200: envelope(paginated(AdminTimeEntry)), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await listTimeEntries(ctx, adminOf(request), request.query) }),
  );

  app.post(
    '/admin/time-entries',
    {
      config: { ...config, failureError: FailureLabel.createTimeEntry },
      schema: {
        tags: TAGS,
        summary: 'Create a time entry (a correction); its workweek is allocated again',
        body: CreateTimeEntryBody,
        response: { 201: envelope(AdminTimeEntry), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const entry = await createTimeEntry(ctx, adminOf(request), request.body, requestMeta(request));
      return reply.code(201).send({ success: true, data: entry, message: 'Time entry created successfully' });
    },
  );

  app.get(
    '/admin/time-entries/:id',
    {
      config: { ...config, failureError: FailureLabel.fetchTimeEntry },
      schema: {
        tags: TAGS,
        summary: 'Get a time entry',
        params: idParams('Time entry'),
        response: { 200: envelope(AdminTimeEntry), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await getTimeEntry(ctx, adminOf(request), request.params.id) }),
  );

  app.put(
    '/admin/time-entries/:id',
    {
      config: { ...config, failureError: FailureLabel.updateTimeEntry },
      schema: {
        tags: TAGS,
        summary: 'Update a time entry (only the supplied fields change); the old and the new workweek are allocated again',
        params: idParams('Time entry'),
        body: UpdateTimeEntryBody,
        response: { 200: envelope(AdminTimeEntry), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateTimeEntry(ctx, adminOf(request), request.params.id, request.body, requestMeta(request)),
      message: 'Time entry updated successfully',
    }),
  );

  app.delete(
    '/admin/time-entries/:id',
    {
      config: { ...config, failureError: FailureLabel.deleteTimeEntry },
      schema: {
        tags: TAGS,
        summary: 'Delete a time entry; its workweek is allocated again',
        params: idParams('Time entry'),
        response: { 200: MessageEnvelope, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await deleteTimeEntry(ctx, adminOf(request), request.params.id, requestMeta(request));
      return { success: true as const, message: 'Time entry deleted successfully' };
    },
  );
}
