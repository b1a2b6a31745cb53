// The audit writer every service uses: logins, verifies and every admin write leave a row.
// Pass the transaction when there is one, so the record commits with the change it describes.
import { auditLogs } from '../db/schema.ts';
import type { Db } from '../db/open.ts';
import type { AuditActorType } from '../domain/enums.ts';
import type { Actor } from './access.ts';

/** Where a request came from: routes read it off the request, services pass it on. */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

export interface AuditEntry {
  /** `auth.login.success`, `time_entry.update`, … (docs/api.md §16). */
  action: string;
  actor?: Actor | null;
  /**
   * For attempts with no authenticated actor (failed logins): who it was about, if known.
   * `system` (with no actor id): a write made from the command line, not through the API.
   */
  actorType?: AuditActorType | null;
  actorId?: string | null;
  bookkeeperOrgId?: string | null;
  entityType?: string | null;
  entityId?: string | null;
  details?: Record<string, unknown> | null;
}

/** The columns of an audit_logs row that a writer sets (the id and created_at are the database's). */
export type AuditRow = Omit<typeof auditLogs.$inferInsert, 'id' | 'createdAt'>;

/** The audit_logs row of an entry: recordAudit inserts it; a statement that folds its audit row in (auth.repository.ts, login) sends the same values. */
export function auditRow(meta: RequestMeta, entry: AuditEntry): AuditRow {
  return {
    action: entry.action,
    actorType: entry.actor?.type ?? entry.actorType ?? null,
    actorId: entry.actor?.userId ?? entry.actorId ?? null,
    bookkeeperOrgId: entry.bookkeeperOrgId ?? entry.actor?.bookkeeperOrgId ?? null,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId ?? null,
    ip: meta.ip?.slice(0, 64) ?? null,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
    details: entry.details ?? null,
  };
}

export async function recordAudit(db: Db, meta: RequestMeta, entry: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values(auditRow(meta, entry));
}
