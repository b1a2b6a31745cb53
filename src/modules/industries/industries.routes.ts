// /api/v1/admin/industries: the lookup (optional auth, never 401) and its
// SUPER_ADMIN-only management (docs/api.md §15).
import { Type } from 'typebox';
import type { AppContext } from '../../core/context.ts';
import { FailureLabel } from '../../core/errors.ts';
import { adminOf } from '../../http/auth-guard.ts';
import type { AppInstance } from '../../http/plugin.ts';
import { requestMeta } from '../../http/request-meta.ts';
import { DateTime, envelope, errorResponses, idParams, RequiredStr } from '../../http/schemas.ts';
import { createIndustry, listIndustries, updateIndustry } from './industries.service.ts';

const TAGS = ['Industries'];

export const Industry = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    active: Type.Boolean(),
    createdAt: DateTime,
    updatedAt: DateTime,
    _count: Type.Object({ companies: Type.Integer() }),
  },
  { additionalProperties: false },
);

const IndustryListQuery = Type.Object({
  active: Type.Optional(Type.String({ maxLength: 16 })),
  search: Type.Optional(Type.String({ maxLength: 255 })),
});

const Description = Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 255 });

const CreateIndustryBody = Type.Object(
  {
    name: RequiredStr(),
    description: Type.Optional(Description),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, examples: [{ name: 'Landscaping', description: 'Lawn care, gardening and groundskeeping' }] },
);

const UpdateIndustryBody = Type.Object(
  {
    name: Type.Optional(RequiredStr()),
    description: Type.Optional(Description),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, examples: [{ active: false }] },
);

export async function industryRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const base = '/admin/industries';

  app.get(
    base,
    {
      // Optional auth: a missing, invalid or expired token is treated as no token (never 401).
      config: { auth: 'optional', failureError: FailureLabel.fetchIndustries },
      schema: {
        tags: TAGS,
        summary: 'List industries (active ones unless active=false), ordered by name',
        querystring: IndustryListQuery,
        response: {
          200: envelope(Type.Object({ industries: Type.Array(Industry), total: Type.Integer() })),
          ...errorResponses(),
        },
      },
    },
    async (request) => {
      const query = request.query;
      return { success: true as const, data: await listIndustries(ctx.db, query) };
    },
  );

  app.post(
    base,
    {
      config: { auth: 'admin', failureError: FailureLabel.createIndustry },
      schema: {
        tags: TAGS,
        summary: 'Create an industry (SUPER_ADMIN only)',
        body: CreateIndustryBody,
        response: { 201: envelope(Industry), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const industry = await createIndustry(ctx.db, adminOf(request), request.body, requestMeta(request), ctx.clock.now());
      return reply.code(201).send({ success: true as const, data: industry, message: 'Industry created successfully' });
    },
  );

  app.put(
    `${base}/:id`,
    {
      config: { auth: 'admin', failureError: FailureLabel.updateIndustry },
      schema: {
        tags: TAGS,
        summary: 'Update an industry (SUPER_ADMIN only; only the supplied fields change)',
        params: idParams('Industry'),
        body: UpdateIndustryBody,
        response: { 200: envelope(Industry), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const industry = await updateIndustry(ctx.db, adminOf(request), id, request.body, requestMeta(request), ctx.clock.now());
      return { success: true as const, data: industry, message: 'Industry updated successfully' };
    },
  );
}
