// Companies (docs/api.md §15): list, create, get, update, deactivate. Thin handlers; the rules
// live in companies.service.ts.
import type {} from '@fastify/swagger';
import { Type } from 'typebox';
import type { AppContext } from '../../core/context.ts';
import { FailureLabel } from '../../core/errors.ts';
import { PERIOD_TYPES } from '../../domain/enums.ts';
import { adminOf } from '../../http/auth-guard.ts';
import type { AppInstance } from '../../http/plugin.ts';
import { requestMeta } from '../../http/request-meta.ts';
import {
  DateTime,
  envelope,
  errorResponses,
  idParams,
  ListQuery,
  Nullable,
  paginated,
  RequiredStr,
} from '../../http/schemas.ts';
import { NullableEmail, NullableStr } from './body-schemas.ts';
import { createCompany, deactivateCompany, getCompany, listCompanies, updateCompany } from './companies.service.ts';

const TAGS = ['Companies'];
export const PayPeriodType = Type.Enum([...PERIOD_TYPES]);

export const Company = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    bookkeeperOrgId: Type.String({ format: 'uuid' }),
    industryId: Nullable(Type.String({ format: 'uuid' })),
    name: Type.String(),
    payPeriodType: PayPeriodType,
    email: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    address: Nullable(Type.String()),
    city: Nullable(Type.String()),
    state: Nullable(Type.String()),
    zipCode: Nullable(Type.String()),
    active: Type.Boolean(),
    qbCompanyName: Nullable(Type.String()),
    qbCompanyCreateTime: Nullable(Type.String()),
    qbRegularPayrollItem: Type.String(),
    qbOvertimePayrollItem: Type.String(),
    createdAt: DateTime,
    updatedAt: DateTime,
    _count: Type.Object({ employees: Type.Integer() }),
  },
  { title: 'Company' },
);

const optionalText = () => Type.Optional(NullableStr());
const companyFields = {
  industryId: Type.Optional(NullableStr(255, 'An existing industry; null clears it')),
  payPeriodType: Type.Optional(PayPeriodType),
  email: Type.Optional(NullableEmail),
  phone: optionalText(),
  address: optionalText(),
  city: optionalText(),
  state: optionalText(),
  zipCode: optionalText(),
  qbCompanyName: optionalText(),
  qbCompanyCreateTime: Type.Optional(NullableStr(64)),
  qbRegularPayrollItem: Type.Optional(RequiredStr({ examples: ['Hourly Rate'] })),
  qbOvertimePayrollItem: Type.Optional(RequiredStr({ examples: ['Overtime Rate'] })),
};

const CreateCompanyBody = Type.Object(
  {
    name: RequiredStr(),
    bookkeeperOrgId: Type.Optional(Type.String({ description: 'SUPER_ADMIN only; defaults to the caller’s organization' })),
    ...companyFields,
  },
  {
    additionalProperties: false,
    examples: [
      {
        name: 'Acme Plumbing',
        payPeriodType: 'WEEKLY',
        email: 'office@acme.example',
        phone: '(212) 555-0100',
        city: 'New York',
        state: 'NY',
        qbCompanyName: 'Acme Plumbing LLC',
      },
    ],
  },
);

const UpdateCompanyBody = Type.Object(
  { name: Type.Optional(RequiredStr()), ...companyFields, active: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, examples: [{ name: 'Acme Plumbing & Heating', qbOvertimePayrollItem: 'Overtime (x1.5)' }] },
);

const CompanyListQuery = Type.Object({
  ...ListQuery.properties,
  bookkeeperOrgId: Type.Optional(Type.String({ description: 'SUPER_ADMIN: one organization only' })),
});

const config = { auth: 'admin' as const };

export async function companyRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/admin/companies',
    {
      config: { ...config, failureError: FailureLabel.fetchCompanies },
      schema: {
        tags: TAGS,
        summary: 'List companies (search on name and email)',
        querystring: CompanyListQuery,
        response: { 200: envelope(paginated(Company)), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await listCompanies(ctx, adminOf(request), request.query) }),
  );

  app.post(
    '/admin/companies',
    {
      config: { ...config, failureError: FailureLabel.createCompany },
      schema: {
        tags: TAGS,
        summary: 'Create a company',
        body: CreateCompanyBody,
        response: { 201: envelope(Company), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const company = await createCompany(ctx, adminOf(request), request.body, requestMeta(request));
      return reply.code(201).send({ success: true, data: company, message: 'Company created successfully' });
    },
  );

  app.get(
    '/admin/companies/:id',
    {
      config: { ...config, failureError: FailureLabel.fetchCompany },
      schema: {
        tags: TAGS,
        summary: 'Get a company',
        params: idParams('Company'),
        response: { 200: envelope(Company), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await getCompany(ctx, adminOf(request), request.params.id) }),
  );

  app.put(
    '/admin/companies/:id',
    {
      config: { ...config, failureError: FailureLabel.updateCompany },
      schema: {
        tags: TAGS,
        summary: 'Update a company (only the supplied fields change)',
        params: idParams('Company'),
        body: UpdateCompanyBody,
        response: { 200: envelope(Company), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateCompany(ctx, adminOf(request), request.params.id, request.body, requestMeta(request)),
      message: 'Company updated successfully',
    }),
  );

  app.delete(
    '/admin/companies/:id',
    {
      config: { ...config, failureError: FailureLabel.deactivateCompany },
      schema: {
        tags: TAGS,
        summary: 'Deactivate a company (its employees can no longer use the API)',
        params: idParams('Company'),
        response: { 200: envelope(Company), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await deactivateCompany(ctx, adminOf(request), request.params.id, requestMeta(request)),
      message: 'Company deactivated successfully',
    }),
  );
}
