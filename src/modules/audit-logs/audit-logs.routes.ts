// GET /api/v1/admin/audit-logs (CONTRACT §7). The entries are written by the services that
// act, through recordAudit (audit.ts).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import type { AppContext } from '../../context.ts';
import { adminOf } from '../../http/auth-guard.ts';
import { DateTime, envelope, errorResponses, paginated, PaginationQuery } from '../../http/schemas.ts';
import { listAuditLogs } from './audit-logs.service.ts';

const NullableString = Type.Union([Type.String(), Type.Null()]);

export const AuditLog = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    action: Type.String(),
    actorType: NullableString,
    actorId: NullableString,
    bookkeeperOrgId: NullableString,
    entityType: NullableString,
    entityId: NullableString,
    ip: NullableString,
    userAgent: NullableString,
    details: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]),
    createdAt: DateTime,
  },
  { additionalProperties: false },
);

const AuditLogQuery = Type.Object({
  ...PaginationQuery,
  action: Type.Optional(Type.String({ maxLength: 64 })),
  /** An admin's or an employee's id; an id that matches nothing gives an empty page. */
  actorId: Type.Optional(Type.String({ format: 'uuid' })),
  startDate: Type.Optional(Type.String({ maxLength: 64 })),
  endDate: Type.Optional(Type.String({ maxLength: 64 })),
});
type AuditLogQuery = Static<typeof AuditLogQuery>;

export async function auditLogRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/admin/audit-logs',
    {
      config: { auth: 'admin', failureError: 'Failed to fetch audit logs' },
      schema: {
        tags: ['Audit log'],
        summary: 'List audit log entries, newest first (an ADMIN sees its own organization\'s)',
        querystring: AuditLogQuery,
        response: { 200: envelope(paginated(AuditLog)), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const query = request.query as AuditLogQuery;
      const page = await listAuditLogs(ctx.db, adminOf(request), {
        page: query.page ?? 1,
        pageSize: query.pageSize ?? 20,
        action: query.action,
        actorId: query.actorId,
        startDate: query.startDate,
        endDate: query.endDate,
      });
      return { success: true as const, data: page };
    },
  );
}
