// Employees (docs/api.md §15): list (with the `companyId` filter), create, get, update, deactivate.
// The PIN is write-only: no response schema has a field for it or for its hash.
import type {} from '@fastify/swagger';
import { Type } from 'typebox';
import type { AppContext } from '../../core/context.ts';
import { FailureLabel } from '../../core/errors.ts';
import { PAY_TYPES } from '../../domain/enums.ts';
import { adminActorOf, adminOf, uncheckedAdminOf } from '../../http/auth-guard.ts';
import type { AppInstance } from '../../http/plugin.ts';
import { sendDataJsonText } from '../../http/prebuilt-json.ts';
import { requestMeta } from '../../http/request-meta.ts';
import { DateTime, envelope, errorResponses, idParams, ListQuery, Nullable, paginated, RequiredStr } from '../../http/schemas.ts';
import { NullableEmail, NullableStr } from '../companies/body-schemas.ts';
import { createEmployee, deactivateEmployee, getEmployee, listEmployees, updateEmployee } from './employees.service.ts';

const TAGS = ['Employees'];
export const PayType = Type.Enum([...PAY_TYPES]);

export const Employee = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    companyId: Type.String({ format: 'uuid' }),
    firstName: Type.String(),
    lastName: Type.String(),
    email: Nullable(Type.String()),
    phone: Type.String({ description: 'E.164' }),
    employeeNumber: Nullable(Type.String()),
    jobTitle: Nullable(Type.String()),
    payRate: Type.Number(),
    payType: PayType,
    active: Type.Boolean(),
    qbName: Nullable(Type.String({ description: 'The name QuickBooks lists the employee under, when not "Last, First"' })),
    createdAt: DateTime,
    updatedAt: DateTime,
    company: Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String(), bookkeeperOrgId: Type.String({ format: 'uuid' }) }),
  },
  { title: 'Employee' },
);

/** 4 to 8 digits, compared as typed (never trimmed). */
const Pin = Type.String({ minLength: 4, maxLength: 8, pattern: '^[0-9]+$', description: '4 to 8 digits; write-only' });

const employeeFields = {
  email: Type.Optional(NullableEmail),
  employeeNumber: Type.Optional(NullableStr(255, 'Unique within the company')),
  jobTitle: Type.Optional(NullableStr()),
  // numeric(12, 2): the maximum keeps an absurd rate a 400 rather than a database overflow.
  payRate: Type.Optional(Type.Number({ minimum: 0, maximum: 999_999_999 })),
  payType: Type.Optional(PayType),
  qbName: Type.Optional(NullableStr()),
};

const CreateEmployeeBody = Type.Object(
  {
    companyId: Type.String(),
    firstName: RequiredStr(),
    lastName: RequiredStr(),
    phone: RequiredStr({ maxLength: 40 }),
    pin: Pin,
    ...employeeFields,
  },
  {
    additionalProperties: false,
    examples: [
      {
        companyId: '2b0c3a52-5d1e-4d8e-9a55-0c7f3f1f1a10',
        firstName: 'Maria',
        lastName: 'Lopez',
        phone: '(212) 555-0101',
        pin: '4821',
        employeeNumber: 'E-104',
        jobTitle: 'Plumber',
        payRate: 32.5,
        payType: 'HOURLY',
      },
    ],
  },
);

const UpdateEmployeeBody = Type.Object(
  {
    firstName: Type.Optional(RequiredStr()),
    lastName: Type.Optional(RequiredStr()),
    phone: Type.Optional(RequiredStr({ maxLength: 40 })),
    pin: Type.Optional(Pin),
    ...employeeFields,
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, examples: [{ jobTitle: 'Lead plumber', payRate: 36, pin: '9307' }] },
);

const EmployeeListQuery = Type.Object({
  ...ListQuery.properties,
  companyId: Type.Optional(Type.String({ description: 'Only this company’s employees' })),
});

const config = { auth: 'admin' as const };

export async function employeeRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/admin/employees',
    {
      // The search box's statement checks the caller (employees.service.ts listEmployees); a
      // malformed query is refused after the caller's own refusal, as for the organization list.
      attachValidation: true,
      config: { ...config, callerCheckedByHandler: true, failureError: FailureLabel.fetchEmployees },
      schema: {
        tags: TAGS,
        summary: 'List employees (search on name, email and employee number)',
        querystring: EmployeeListQuery,
        response: { 200: envelope(paginated(Employee)), ...errorResponses(401, 403, 404) },
      },
    },
    // A search's page is JSON that the database built (employees.repository.ts); the schema documents it.
    async (request, reply) => {
      const credential = await uncheckedAdminOf(ctx, request);
      const page = await listEmployees(ctx, { credential, actor: () => adminActorOf(ctx, request) }, request.query);
      return typeof page === 'string' ? sendDataJsonText(reply, page) : { success: true as const, data: page };
    },
  );

  app.post(
    '/admin/employees',
    {
      config: { ...config, failureError: FailureLabel.createEmployee },
      schema: {
        tags: TAGS,
        summary: 'Create an employee',
        body: CreateEmployeeBody,
        response: { 201: envelope(Employee), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const employee = await createEmployee(ctx, adminOf(request), request.body, requestMeta(request));
      return reply.code(201).send({ success: true, data: employee, message: 'Employee created successfully' });
    },
  );

  app.get(
    '/admin/employees/:id',
    {
      config: { ...config, failureError: FailureLabel.fetchEmployee },
      schema: {
        tags: TAGS,
        summary: 'Get an employee',
        params: idParams('Employee'),
        response: { 200: envelope(Employee), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await getEmployee(ctx, adminOf(request), request.params.id) }),
  );

  app.put(
    '/admin/employees/:id',
    {
      config: { ...config, failureError: FailureLabel.updateEmployee },
      schema: {
        tags: TAGS,
        summary: 'Update an employee (only the supplied fields change; a new pin ends earlier tokens)',
        params: idParams('Employee'),
        body: UpdateEmployeeBody,
        response: { 200: envelope(Employee), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateEmployee(ctx, adminOf(request), request.params.id, request.body, requestMeta(request)),
      message: 'Employee updated successfully',
    }),
  );

  app.delete(
    '/admin/employees/:id',
    {
      config: { ...config, failureError: FailureLabel.deactivateEmployee },
      schema: {
        tags: TAGS,
        summary: 'Deactivate an employee',
        params: idParams('Employee'),
        response: { 200: envelope(Employee), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await deactivateEmployee(ctx, adminOf(request), request.params.id, requestMeta(request)),
      message: 'Employee deactivated successfully',
    }),
  );
}
