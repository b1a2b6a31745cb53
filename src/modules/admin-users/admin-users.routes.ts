// Admin users (CONTRACT §7): list, create, get, update, deactivate. The password is
// write-only: no response schema has a field for it or for its hash.
import type {} from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import type { AppContext } from '../../context.ts';
import { adminOf } from '../../http/auth-guard.ts';
import { requestMeta } from '../../http/request-meta.ts';
import {
  DateTime,
  Email,
  envelope,
  errorResponses,
  IdParams,
  ListQuery,
  Nullable,
  NullableDateTime,
  paginated,
  RequiredStr,
} from '../../http/schemas.ts';
import { createAdminUser, deactivateAdminUser, getAdminUser, listAdminUsers, updateAdminUser } from './admin-users.service.ts';

const TAGS = ['Admin users'];
export const Role = Type.Enum(['SUPER_ADMIN', 'ADMIN']);

export const AdminUser = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    role: Role,
    active: Type.Boolean(),
    bookkeeperOrgId: Type.String({ format: 'uuid' }),
    lastLoginAt: NullableDateTime,
    createdAt: DateTime,
    updatedAt: DateTime,
    bookkeeperOrg: Type.Object({
      id: Type.String({ format: 'uuid' }),
      name: Type.String(),
      slug: Type.String(),
      email: Nullable(Type.String()),
      phone: Nullable(Type.String()),
      timezone: Type.String(),
      dateFormat: Type.String(),
      overtimeThreshold: Type.Number(),
      overtimeMultiplier: Type.Number(),
      active: Type.Boolean(),
    }),
  },
  { title: 'Admin user' },
);

/** Compared as typed (never trimmed); at least 8 characters (CONTRACT §7). */
const Password = Type.String({ minLength: 8, maxLength: 255, description: 'At least 8 characters; write-only' });

const CreateAdminUserBody = Type.Object(
  {
    email: Email,
    password: Password,
    firstName: RequiredStr(),
    lastName: RequiredStr(),
    role: Type.Optional(Role),
    bookkeeperOrgId: Type.Optional(Type.String({ description: 'SUPER_ADMIN only; defaults to the caller’s organization' })),
  },
  {
    additionalProperties: false,
    examples: [{ email: 'grace@firm.example', password: 'a long passphrase', firstName: 'Grace', lastName: 'Hopper', role: 'ADMIN' }],
  },
);
type CreateAdminUserBody = Static<typeof CreateAdminUserBody>;

const UpdateAdminUserBody = Type.Object(
  {
    email: Type.Optional(Email),
    password: Type.Optional(Password),
    firstName: Type.Optional(RequiredStr()),
    lastName: Type.Optional(RequiredStr()),
    role: Type.Optional(Role),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, examples: [{ lastName: 'Hopper-Murray', password: 'another long passphrase' }] },
);
type UpdateAdminUserBody = Static<typeof UpdateAdminUserBody>;

const AdminUserListQuery = Type.Object({
  ...ListQuery.properties,
  bookkeeperOrgId: Type.Optional(Type.String({ description: 'SUPER_ADMIN: one organization only' })),
});
type AdminUserListQuery = Static<typeof AdminUserListQuery>;

const config = { auth: 'admin' as const };

export async function adminUserRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Querystring: AdminUserListQuery }>(
    '/admin/users',
    {
      config: { ...config, failureError: 'Failed to fetch admin users' },
      schema: {
        tags: TAGS,
        summary: 'List admin users (search on name and email)',
        querystring: AdminUserListQuery,
        response: { 200: envelope(paginated(AdminUser)), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true, data: await listAdminUsers(ctx, adminOf(request), request.query) }),
  );

  app.post<{ Body: CreateAdminUserBody }>(
    '/admin/users',
    {
      config: { ...config, failureError: 'Failed to create admin user' },
      schema: {
        tags: TAGS,
        summary: 'Create an admin user',
        body: CreateAdminUserBody,
        response: { 201: envelope(AdminUser), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = await createAdminUser(ctx, adminOf(request), request.body, requestMeta(request));
      return reply.code(201).send({ success: true, data: user, message: 'Admin user created successfully' });
    },
  );

  app.get<{ Params: IdParams }>(
    '/admin/users/:id',
    {
      config: { ...config, failureError: 'Failed to fetch admin user' },
      schema: {
        tags: TAGS,
        summary: 'Get an admin user',
        params: IdParams,
        response: { 200: envelope(AdminUser), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true, data: await getAdminUser(ctx, adminOf(request), request.params.id) }),
  );

  app.put<{ Params: IdParams; Body: UpdateAdminUserBody }>(
    '/admin/users/:id',
    {
      config: { ...config, failureError: 'Failed to update admin user' },
      schema: {
        tags: TAGS,
        summary: 'Update an admin user (only the supplied fields change; a new password ends earlier tokens)',
        params: IdParams,
        body: UpdateAdminUserBody,
        response: { 200: envelope(AdminUser), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true,
      data: await updateAdminUser(ctx, adminOf(request), request.params.id, request.body, requestMeta(request)),
      message: 'Admin user updated successfully',
    }),
  );

  app.delete<{ Params: IdParams }>(
    '/admin/users/:id',
    {
      config: { ...config, failureError: 'Failed to deactivate admin user' },
      schema: {
        tags: TAGS,
        summary: 'Deactivate an admin user (its tokens stop working)',
        params: IdParams,
        response: { 200: envelope(AdminUser), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true,
      data: await deactivateAdminUser(ctx, adminOf(request), request.params.id, requestMeta(request)),
      message: 'Admin user deactivated successfully',
    }),
  );
}
