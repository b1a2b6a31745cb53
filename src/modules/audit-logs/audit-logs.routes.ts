// GET /api/v1/admin/audit-logs (docs/api.md §16). The entries are written by the services that
// act, through recordAudit (audit.ts).
import { Type } from 'typebox';
import type { AppContext } from '../../core/context.ts';
import { FailureLabel } from '../../core/errors.ts';
import { adminOf } from '../../http/auth-guard.ts';
import type { AppInstance } from '../../http/plugin.ts';
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
  entityType: Type.Optional(Type.String({ maxLength: 64, description: 'The kind of record changed, e.g. `time_entry`' })),
  /** One record's history (a time entry's corrections); an id that matches nothing gives an empty page. */
  entityId: Type.Optional(Type.String({ format: 'uuid', description: 'Only the entries about this record, e.g. one time entry' })),
  startDate: Type.Optional(Type.String({ maxLength: 64 })),
  endDate: Type.Optional(Type.String({ maxLength: 64 })),
});

export async function auditLogRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/admin/audit-logs',
    {
      config: { auth: 'admin', failureError: FailureLabel.fetchAuditLogs },
      schema: {
        tags: ['Audit log'],
        summary: 'List audit log entries, newest first (an ADMIN sees its own organization\'s)',
        querystring: AuditLogQuery,
        response: { 200: envelope(paginated(AuditLog)), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const query = request.query;
      const page = await listAuditLogs(ctx.db, adminOf(request), {
        page: query.page ?? 1,
        pageSize: query.pageSize ?? 20,
        action: query.action,
        actorId: query.actorId,
        entityType: query.entityType,
        entityId: query.entityId,
        startDate: query.startDate,
        endDate: query.endDate,
      });
      return { success: true as const, data: page };
    },
  );
}
