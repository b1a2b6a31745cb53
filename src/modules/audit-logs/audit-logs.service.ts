// Reading the audit log (docs/api.md §16): newest first; an ADMIN sees its own organization's
// entries, a SUPER_ADMIN every entry. Date filters are read in the admin's organization time
// zone, like every other date input (docs/time-rules.md §2): a date-only `startDate` is the start of that
// local day, a date-only `endDate` its end.
import type { Db } from '../../db/open.ts';
import { parseDateInput } from '../../domain/dates.ts';
import { Errors } from '../../core/errors.ts';
import { toPage, type Page } from '../../core/page.ts';
import { orgScope, type AdminActor } from '../../core/access.ts';
import { findOrgTimezone } from '../bookkeeper-orgs/bookkeeper-orgs.repository.ts';
import { listAuditLogs as listAuditLogRows, type AuditLogRow } from './audit-logs.repository.ts';

export interface ListAuditLogsInput {
  page: number;
  pageSize: number;
  action?: string;
  actorId?: string;
  entityType?: string;
  entityId?: string;
  startDate?: string;
  endDate?: string;
}

const DEFAULT_TIMEZONE = 'America/New_York';

export async function listAuditLogs(db: Db, actor: AdminActor, input: ListAuditLogsInput): Promise<Page<AuditLogRow>> {
  let from: Date | null = null;
  let to: Date | null = null;
  if (input.startDate !== undefined || input.endDate !== undefined) {
    const timezone = (await findOrgTimezone(db, actor.bookkeeperOrgId)) ?? DEFAULT_TIMEZONE;
    const problems: string[] = [];
    if (input.startDate !== undefined) {
      from = parseDateInput(input.startDate, timezone, 'start');
      if (!from) problems.push('startDate: must be a valid date (YYYY-MM-DD or ISO-8601 date-time)');
    }
    if (input.endDate !== undefined) {
      to = parseDateInput(input.endDate, timezone, 'end');
      if (!to) problems.push('endDate: must be a valid date (YYYY-MM-DD or ISO-8601 date-time)');
    }
    if (from && to && to < from) problems.push('endDate: must not be before startDate');
    if (problems.length > 0) throw Errors.validationFailed(problems.join(', '));
  }
  const { rows, total } = await listAuditLogRows(db, {
    bookkeeperOrgId: orgScope(actor),
    action: input.action?.trim() || null,
    actorId: input.actorId ?? null,
    entityType: input.entityType?.trim() || null,
    entityId: input.entityId ?? null,
    from,
    to,
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  });
  return toPage(rows, total, input.page, input.pageSize);
}
