// Admin users (docs/api.md §15): list, create, get, update, deactivate. The password is
// write-only: no response schema has a field for it or for its hash.
import type {} from '@fastify/swagger';
import { Type } from 'typebox';
import type { AppContext } from '../../core/context.ts';
import { FailureLabel } from '../../core/errors.ts';
import { ADMIN_ROLES } from '../../domain/enums.ts';
import { adminOf } from '../../http/auth-guard.ts';
import type { AppInstance } from '../../http/plugin.ts';
import { requestMeta } from '../../http/request-meta.ts';
import {
  DateTime,
  Email,
  envelope,
  errorResponses,
  idParams,
  ListQuery,
  Nullable,
  NullableDateTime,
  paginated,
  RequiredStr,
} from '../../http/schemas.ts';
import { createAdminUser, deactivateAdminUser, getAdminUser, listAdminUsers, updateAdminUser } from './admin-users.service.ts';

const TAGS = ['Admin users'];
export const Role = Type.Enum([...ADMIN_ROLES]);

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

/** Compared as typed (never trimmed); at least 8 characters. */
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

const AdminUserListQuery = Type.Object({
  ...ListQuery.properties,
  bookkeeperOrgId: Type.Optional(Type.String({ description: 'SUPER_ADMIN: one organization only' })),
});

const config = { auth: 'admin' as const };

export async function adminUserRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/admin/users',
    {
      config: { ...config, failureError: FailureLabel.fetchAdminUsers },
      schema: {
        tags: TAGS,
        summary: 'List admin users (search on name and email)',
        querystring: AdminUserListQuery,
        response: { 200: envelope(paginated(AdminUser)), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await listAdminUsers(ctx, adminOf(request), request.query) }),
  );

  app.post(
    '/admin/users',
    {
      config: { ...config, failureError: FailureLabel.createAdminUser },
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

  app.get(
    '/admin/users/:id',
    {
      config: { ...config, failureError: FailureLabel.fetchAdminUser },
      schema: {
        tags: TAGS,
        summary: 'Get an admin user',
        params: idParams('Admin user'),
        response: { 200: envelope(AdminUser), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await getAdminUser(ctx, adminOf(request), request.params.id) }),
  );

  app.put(
    '/admin/users/:id',
    {
      config: { ...config, failureError: FailureLabel.updateAdminUser },
      schema: {
        tags: TAGS,
        summary: 'Update an admin user (only the supplied fields change; a new password ends earlier tokens)',
        params: idParams('Admin user'),
        body: UpdateAdminUserBody,
        response: { 200: envelope(AdminUser), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateAdminUser(ctx, adminOf(request), request.params.id, request.body, requestMeta(request)),
      message: 'Admin user updated successfully',
    }),
  );

  app.delete(
    '/admin/users/:id',
    {
      config: { ...config, failureError: FailureLabel.deactivateAdminUser },
      schema: {
        tags: TAGS,
        summary: 'Deactivate an admin user (its tokens stop working)',
        params: idParams('Admin user'),
        response: { 200: envelope(AdminUser), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await deactivateAdminUser(ctx, adminOf(request), request.params.id, requestMeta(request)),
      message: 'Admin user deactivated successfully',
    }),
  );
}
