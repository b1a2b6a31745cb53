// Audit log queries. Each filter combination is served by one of the (key, created_at desc)
// indexes: audit_logs_org_created_idx for an ADMIN's list, _actor_, _action_ and _entity_ for those
// filters.
import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { auditLogs } from '../../db/schema.ts';

export type AuditLogRow = typeof auditLogs.$inferSelect;

export interface AuditLogFilter {
  /** null: every organization (SUPER_ADMIN); else only this one's entries. */
  bookkeeperOrgId: string | null;
  action: string | null;
  actorId: string | null;
  entityType: string | null;
  entityId: string | null;
  from: Date | null;
  to: Date | null;
  limit: number;
  offset: number;
}

function listWhere(filter: AuditLogFilter): SQL | undefined {
  return and(
    filter.bookkeeperOrgId ? eq(auditLogs.bookkeeperOrgId, filter.bookkeeperOrgId) : undefined,
    filter.action ? eq(auditLogs.action, filter.action) : undefined,
    filter.actorId ? eq(auditLogs.actorId, filter.actorId) : undefined,
    filter.entityType ? eq(auditLogs.entityType, filter.entityType) : undefined,
    filter.entityId ? eq(auditLogs.entityId, filter.entityId) : undefined,
    filter.from ? gte(auditLogs.createdAt, filter.from) : undefined,
    filter.to ? lte(auditLogs.createdAt, filter.to) : undefined,
  );
}

/** Newest first; one statement for the page, one for the total. */
export async function listAuditLogs(db: Db, filter: AuditLogFilter): Promise<{ rows: AuditLogRow[]; total: number }> {
  const where = listWhere(filter);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(auditLogs)
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(auditLogs).where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}
