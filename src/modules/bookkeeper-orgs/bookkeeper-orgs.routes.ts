// /api/v1/admin/bookkeeper-orgs (docs/api.md §15).
import { Type } from 'typebox';
import type { AppContext } from '../../core/context.ts';
import { FailureLabel } from '../../core/errors.ts';
import { ADMIN_ROLES } from '../../domain/enums.ts';
import { adminOf, uncheckedAdminOf } from '../../http/auth-guard.ts';
import type { AppInstance } from '../../http/plugin.ts';
import { requestMeta } from '../../http/request-meta.ts';
import {
  DateTime,
  envelope,
  errorResponses,
  idParams,
  ListQuery,
  paginated,
  RequiredStr,
} from '../../http/schemas.ts';
import { createOrg, deactivateOrg, getOrg, listOrgs, updateOrg } from './bookkeeper-orgs.service.ts';

const TAGS = ['Bookkeeper organizations'];

/** An optional text field that may be cleared with null (a JSON type array keeps the validation messages plain). */
const NullableText = (options: { format?: string; maxLength?: number } = {}) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 255, ...options });

export const OrganizationCount = Type.Object({ companies: Type.Integer(), adminUsers: Type.Integer() });

export const Organization = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    slug: Type.String(),
    email: Type.Union([Type.String(), Type.Null()]),
    phone: Type.Union([Type.String(), Type.Null()]),
    address: Type.Union([Type.String(), Type.Null()]),
    city: Type.Union([Type.String(), Type.Null()]),
    state: Type.Union([Type.String(), Type.Null()]),
    zipCode: Type.Union([Type.String(), Type.Null()]),
    country: Type.String(),
    timezone: Type.String(),
    dateFormat: Type.String(),
    overtimeThreshold: Type.Number(),
    overtimeMultiplier: Type.Number(),
    active: Type.Boolean(),
    createdAt: DateTime,
    updatedAt: DateTime,
    _count: OrganizationCount,
  },
  { additionalProperties: false },
);

export const OrganizationDetail = Type.Object(
  {
    ...Organization.properties,
    companies: Type.Array(
      Type.Object(
        {
          id: Type.String({ format: 'uuid' }),
          name: Type.String(),
          active: Type.Boolean(),
          _count: Type.Object({ employees: Type.Integer() }),
        },
        { additionalProperties: false },
      ),
    ),
    adminUsers: Type.Array(
      Type.Object(
        {
          id: Type.String({ format: 'uuid' }),
          firstName: Type.String(),
          lastName: Type.String(),
          email: Type.String(),
          role: Type.Enum([...ADMIN_ROLES]),
          active: Type.Boolean(),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/** Fields shared by create and update. Bounds above the minimums keep values inside their columns. */
const orgFields = {
  email: Type.Optional(NullableText({ format: 'email' })),
  phone: Type.Optional(NullableText()),
  address: Type.Optional(NullableText()),
  city: Type.Optional(NullableText()),
  state: Type.Optional(NullableText()),
  zipCode: Type.Optional(NullableText()),
  country: Type.Optional(RequiredStr()),
  /** Checked against the IANA database in the service (`timezone: must be a valid IANA time zone`). */
  timezone: Type.Optional(RequiredStr({ maxLength: 64 })),
  dateFormat: Type.Optional(RequiredStr({ maxLength: 32 })),
  /** Weekly hours before overtime; a week has 168 hours. */
  overtimeThreshold: Type.Optional(Type.Number({ minimum: 0, maximum: 168 })),
  overtimeMultiplier: Type.Optional(Type.Number({ minimum: 1, maximum: 10 })),
};

const CreateOrgBody = Type.Object(
  {
    name: RequiredStr(),
    /** Explicit slugs take the generated form: lowercase letters and digits in runs joined by single hyphens. */
    slug: Type.Optional(Type.String({ minLength: 1, maxLength: 255, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' })),
    ...orgFields,
  },
  {
    additionalProperties: false,
    examples: [
      {
        name: 'Acme Bookkeeping',
        email: 'office@acme-books.example',
        phone: '+1 212 555 0100',
        timezone: 'America/Chicago',
        overtimeThreshold: 40,
        overtimeMultiplier: 1.5,
      },
    ],
  },
);

const UpdateOrgBody = Type.Object(
  {
    name: Type.Optional(RequiredStr()),
    ...orgFields,
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, examples: [{ timezone: 'America/Denver', overtimeThreshold: 40, active: true }] },
);

export async function bookkeeperOrgRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const base = '/admin/bookkeeper-orgs';

  app.get(
    base,
    {
      // The list's own statement checks the caller (bookkeeper-orgs.service.ts listOrgs); a
      // malformed query is refused after the caller's own refusal, as for the timesheet read.
      attachValidation: true,
      config: { auth: 'admin', callerCheckedByHandler: true, failureError: FailureLabel.fetchOrganizations },
      schema: {
        tags: TAGS,
        summary: 'List organizations (a SUPER_ADMIN sees every one, an ADMIN its own)',
        querystring: ListQuery,
        response: { 200: envelope(paginated(Organization)), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const credential = await uncheckedAdminOf(ctx, request);
      const query = request.query;
      const page = await listOrgs(ctx.db, credential, {
        page: query.page ?? 1,
        pageSize: query.pageSize ?? 20,
        search: query.search,
        active: query.active,
      });
      return { success: true as const, data: page };
    },
  );

  app.post(
    base,
    {
      config: { auth: 'admin', failureError: FailureLabel.createOrganization },
      schema: {
        tags: TAGS,
        summary: 'Create an organization (a separate tenant; any admin token)',
        body: CreateOrgBody,
        response: { 201: envelope(Organization), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const org = await createOrg(ctx.db, adminOf(request), request.body, requestMeta(request), ctx.clock.now());
      return reply.code(201).send({ success: true as const, data: org, message: 'Organization created successfully' });
    },
  );

  app.get(
    `${base}/:id`,
    {
      config: { auth: 'admin', failureError: FailureLabel.fetchOrganization },
      schema: {
        tags: TAGS,
        summary: 'An organization with its companies and admin users',
        params: idParams('Organization'),
        response: { 200: envelope(OrganizationDetail), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      return { success: true as const, data: await getOrg(ctx.db, adminOf(request), id) };
    },
  );

  app.put(
    `${base}/:id`,
    {
      config: { auth: 'admin', failureError: FailureLabel.updateOrganization },
      schema: {
        tags: TAGS,
        summary: 'Update an organization (only the supplied fields change)',
        params: idParams('Organization'),
        body: UpdateOrgBody,
        response: { 200: envelope(Organization), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const org = await updateOrg(ctx.db, adminOf(request), id, request.body, requestMeta(request), ctx.clock.now());
      return { success: true as const, data: org, message: 'Organization updated successfully' };
    },
  );

  app.delete(
    `${base}/:id`,
    {
      config: { auth: 'admin', failureError: FailureLabel.deleteOrganization },
      schema: {
        tags: TAGS,
        summary: 'Deactivate an organization (soft delete: its admins and employees stop working)',
        params: idParams('Organization'),
        response: { 200: envelope(Organization), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const org = await deactivateOrg(ctx.db, adminOf(request), id, requestMeta(request), ctx.clock.now());
      return { success: true as const, data: org, message: 'Organization deactivated successfully' };
    },
  );
}
