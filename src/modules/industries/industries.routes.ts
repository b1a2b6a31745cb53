// /api/v1/admin/industries: the lookup of SPEC.md (optional auth, never 401) and its
// SUPER_ADMIN-only management (CONTRACT §7).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import type { AppContext } from '../../context.ts';
import { adminOf } from '../../http/auth-guard.ts';
import { requestMeta } from '../../http/request-meta.ts';
import { DateTime, envelope, errorResponses, IdParams, RequiredStr } from '../../http/schemas.ts';
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
type IndustryListQuery = Static<typeof IndustryListQuery>;

const Description = Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 255 });

const CreateIndustryBody = Type.Object(
  {
    name: RequiredStr(),
    description: Type.Optional(Description),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, examples: [{ name: 'Landscaping', description: 'Lawn care, gardening and groundskeeping' }] },
);
type CreateIndustryBody = Static<typeof CreateIndustryBody>;

const UpdateIndustryBody = Type.Object(
  {
    name: Type.Optional(RequiredStr()),
    description: Type.Optional(Description),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, examples: [{ active: false }] },
);
type UpdateIndustryBody = Static<typeof UpdateIndustryBody>;

export async function industryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/admin/industries';

  api.get(
    base,
    {
      // Optional auth: a missing, invalid or expired token is treated as no token (never 401).
      config: { auth: 'optional', failureError: 'Failed to fetch industries' },
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
      const query = request.query as IndustryListQuery;
      return { success: true as const, data: await listIndustries(ctx.db, query) };
    },
  );

  api.post(
    base,
    {
      config: { auth: 'admin', failureError: 'Failed to create industry' },
      schema: {
        tags: TAGS,
        summary: 'Create an industry (SUPER_ADMIN only)',
        body: CreateIndustryBody,
        response: { 201: envelope(Industry), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const industry = await createIndustry(ctx.db, adminOf(request), request.body as CreateIndustryBody, requestMeta(request), ctx.clock.now());
      return reply.code(201).send({ success: true as const, data: industry, message: 'Industry created successfully' });
    },
  );

  api.put(
    `${base}/:id`,
    {
      config: { auth: 'admin', failureError: 'Failed to update industry' },
      schema: {
        tags: TAGS,
        summary: 'Update an industry (SUPER_ADMIN only; only the supplied fields change)',
        params: IdParams,
        body: UpdateIndustryBody,
        response: { 200: envelope(Industry), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params as IdParams;
      const industry = await updateIndustry(ctx.db, adminOf(request), id, request.body as UpdateIndustryBody, requestMeta(request), ctx.clock.now());
      return { success: true as const, data: industry, message: 'Industry updated successfully' };
    },
  );
}
