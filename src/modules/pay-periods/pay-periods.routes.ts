// Pay periods: list, create, get, update, delete (docs/api.md §15).
// Thin handlers; the rules live in pay-periods.service.ts.
import type {} from '@fastify/swagger';
import { Type } from 'typebox';
import type { AppContext } from '../../core/context.ts';
import { FailureLabel } from '../../core/errors.ts';
import { PAY_PERIOD_STATUSES, PERIOD_TYPES } from '../../domain/enums.ts';
import { adminOf } from '../../http/auth-guard.ts';
import { EntryEmployee, TimeEntryFields } from '../time-entries/time-entry.schema.ts';
import type { AppInstance } from '../../http/plugin.ts';
import { costlyReadLimit, holdUntilSent } from '../../http/costly-reads.ts';
import { DATA_ENVELOPE_ROOM, sendDataJson } from '../../http/prebuilt-json.ts';
import { requestMeta } from '../../http/request-meta.ts';
import {
  DateTime,
  envelope,
  errorResponses,
  idParams,
  MessageEnvelope,
  Nullable,
  NullableDateTime,
  paginated,
  PaginationQuery,
  RequiredStr,
} from '../../http/schemas.ts';
import { createPayPeriod, deletePayPeriod, getPayPeriodJson, listPayPeriods, updatePayPeriod } from './pay-periods.service.ts';

const TAGS = ['Pay periods'];
const Uuid = Type.String({ format: 'uuid' });

export const PayPeriodType = Type.Enum([...PERIOD_TYPES]);
export const PayPeriodStatus = Type.Enum([...PAY_PERIOD_STATUSES]);

const DATE_HELP = '`YYYY-MM-DD` (read in the organization time zone) or an ISO-8601 datetime';
/** A date input; the service parses it in the organization's time zone (docs/time-rules.md §2). */
const DateInput = (description: string, example: string) =>
  Type.String({ minLength: 1, maxLength: 64, description: `${description}; ${DATE_HELP}`, examples: [example] });
const NullableDateInput = (description: string) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 64, description: `${description}; ${DATE_HELP}; null clears it` });

const payPeriodFields = {
  id: Uuid,
  companyId: Uuid,
  periodType: PayPeriodType,
  startDate: DateTime,
  endDate: DateTime,
  payDate: NullableDateTime,
  status: PayPeriodStatus,
  locked: Type.Boolean(),
  exportedBy: Nullable(Type.String()),
  exportedAt: NullableDateTime,
  iifFilename: Nullable(Type.String()),
  createdAt: DateTime,
  updatedAt: DateTime,
};
const CompanyRef = Type.Object({ id: Uuid, name: Type.String() });

/** A pay period with its company, as create and update return it. */
export const PayPeriod = Type.Object({ ...payPeriodFields, company: CompanyRef }, { title: 'Pay period' });

const PayPeriodListItem = Type.Object(
  { ...payPeriodFields, company: CompanyRef, _count: Type.Object({ timeEntries: Type.Integer() }) },
  { title: 'Pay period (list item)' },
);

const PeriodTimeEntry = Type.Object({ ...TimeEntryFields, employee: EntryEmployee }, { title: 'Pay period time entry' });

const PayPeriodDetail = Type.Object(
  {
    ...payPeriodFields,
    company: Type.Object({ id: Uuid, name: Type.String(), bookkeeperOrgId: Uuid }),
    timeEntries: Type.Array(PeriodTimeEntry),
    totals: Type.Object({ totalHours: Type.Number(), regularHours: Type.Number(), overtimeHours: Type.Number() }),
  },
  { title: 'Pay period (detail)' },
);

const PayPeriodListQuery = Type.Object({
  ...PaginationQuery,
  companyId: Type.Optional(Type.String({ maxLength: 255, description: 'A company of the caller’s organization' })),
  status: Type.Optional(PayPeriodStatus),
});

const CreatePayPeriodBody = Type.Object(
  {
    companyId: RequiredStr({ examples: ['3f1c2a4e-8d7b-4c6a-9e21-5b0d7f3a1c92'] }),
    periodType: PayPeriodType,
    startDate: DateInput('First instant of the period', '2026-04-05'),
    endDate: Type.Optional(NullableDateInput('Last instant; omitted or null: computed from periodType')),
    payDate: Type.Optional(NullableDateInput('The pay date')),
  },
  {
    additionalProperties: false,
    examples: [
      { companyId: '3f1c2a4e-8d7b-4c6a-9e21-5b0d7f3a1c92', periodType: 'BI_WEEKLY', startDate: '2026-04-05', payDate: '2026-04-24' },
    ],
  },
);

const UpdatePayPeriodBody = Type.Object(
  {
    status: Type.Optional(PayPeriodStatus),
    locked: Type.Optional(Type.Boolean()),
    payDate: Type.Optional(NullableDateInput('The pay date')),
    exportedBy: Type.Optional(
      Type.String({ minLength: 1, maxLength: 255, description: 'Who exported it; also stamps exportedAt with the server’s now' }),
    ),
    iifFilename: Type.Optional(RequiredStr({ examples: ['acme-2026-04-05.iif'] })),
  },
  {
    additionalProperties: false,
    examples: [{ status: 'APPROVED', locked: true, exportedBy: 'ada@example.com', iifFilename: 'acme-2026-04-05.iif' }],
  },
);

const config = { auth: 'admin' as const };

export async function payPeriodRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const getOnes = costlyReadLimit();
  app.get(
    '/admin/pay-periods',
    {
      config: { ...config, failureError: FailureLabel.fetchPayPeriods },
      schema: {
        tags: TAGS,
        summary: 'List pay periods, newest start first (the caller’s organization, or one company)',
        querystring: PayPeriodListQuery,
        response: { 200: envelope(paginated(PayPeriodListItem)), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await listPayPeriods(ctx, adminOf(request), request.query) }),
  );

  app.post(
    '/admin/pay-periods',
    {
      config: { ...config, failureError: FailureLabel.createPayPeriod },
      schema: {
        tags: TAGS,
        summary: 'Create a pay period (OPEN, unlocked); links the company’s unassigned entries it covers',
        body: CreatePayPeriodBody,
        response: { 201: envelope(PayPeriod), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { endDate, payDate, ...rest } = request.body;
      const period = await createPayPeriod(
        ctx,
        adminOf(request),
        { ...rest, ...(endDate != null ? { endDate } : {}), ...(payDate != null ? { payDate } : {}) },
        requestMeta(request),
      );
      return reply.code(201).send({ success: true, data: period, message: 'Pay period created successfully' });
    },
  );

  app.get(
    '/admin/pay-periods/:id',
    {
      config: { ...config, failureError: FailureLabel.fetchPayPeriod },
      schema: {
        tags: TAGS,
        summary: 'Get a pay period with its time entries and totals',
        params: idParams('Pay period'),
        response: { 200: envelope(PayPeriodDetail), ...errorResponses(401, 403, 404) },
      },
    },
    // The database builds this answer's JSON (thousands of entries in a busy period).
    async (request, reply) => {
      await holdUntilSent(getOnes, reply);
      return sendDataJson(reply, await getPayPeriodJson(ctx, adminOf(request), request.params.id, DATA_ENVELOPE_ROOM));
    },
  );

  app.put(
    '/admin/pay-periods/:id',
    {
      config: { ...config, failureError: FailureLabel.updatePayPeriod },
      schema: {
        tags: TAGS,
        summary: 'Update a pay period (only the supplied fields change)',
        params: idParams('Pay period'),
        body: UpdatePayPeriodBody,
        response: { 200: envelope(PayPeriod), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updatePayPeriod(ctx, adminOf(request), request.params.id, request.body, requestMeta(request)),
      message: 'Pay period updated successfully',
    }),
  );

  app.delete(
    '/admin/pay-periods/:id',
    {
      config: { ...config, failureError: FailureLabel.deletePayPeriod },
      schema: {
        tags: TAGS,
        summary: 'Delete a pay period permanently (refused while it has time entries)',
        params: idParams('Pay period'),
        response: { 200: MessageEnvelope, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await deletePayPeriod(ctx, adminOf(request), request.params.id, requestMeta(request));
      return { success: true as const, message: 'Pay period deleted successfully' };
    },
  );
}
