// Pay-period rules (docs/time-rules.md §4, §5; tenants docs/api.md §9): tenant checks first, dates read
// in the organization's time zone, overlap decided by the database's exclusion constraint
// (never a read-then-insert), every write audit-logged inside its transaction.
import type { AppContext } from '../../core/context.ts';
import { isConstraintViolation } from '../../db/errors.ts';
import type { Room } from '../../db/text-bytes.ts';
import { parseDateInput } from '../../domain/dates.ts';
import { resolvePeriodRange, type PeriodType } from '../../domain/pay-period-dates.ts';
import { Errors } from '../../core/errors.ts';
import { toPage, type Page } from '../../core/page.ts';
import { requireAccess, type AdminActor } from '../../core/access.ts';
import { recordAudit, type RequestMeta } from '../../core/audit.ts';
import {
  deletePayPeriodWithoutEntries,
  insertPayPeriod,
  linkUnassignedEntries,
  lockPeriodLinks,
  listPayPeriods as queryPayPeriods,
  lockPayPeriod,
  payPeriodDetailJson,
  updatePayPeriod as writePayPeriod,
  type PayPeriodInsert,
  type PayPeriodListItem,
  type PayPeriodRow,
  type PayPeriodWithCompany,
} from './pay-periods.repository.ts';
import { findPeriodCompany } from '../companies/companies.repository.ts';
import type { PayPeriodStatus } from '../../domain/enums.ts';

export const OVERLAP_CONSTRAINT = 'pay_periods_no_overlap';
const TIME_ENTRY_FK = 'time_entries_pay_period_id_pay_periods_id_fk';
const INVALID_DATE = 'must be a valid date';

export interface PayPeriodListQuery {
  companyId?: string;
  status?: PayPeriodStatus;
  page?: number;
  pageSize?: number;
}

export interface CreatePayPeriodInput {
  companyId: string;
  periodType: PeriodType;
  startDate: string;
  endDate?: string;
  payDate?: string;
}

export interface UpdatePayPeriodInput {
  status?: PayPeriodStatus;
  locked?: boolean;
  /** null clears it. */
  payDate?: string | null;
  exportedBy?: string;
  iifFilename?: string;
}

export async function listPayPeriods(ctx: AppContext, actor: AdminActor, query: PayPeriodListQuery): Promise<Page<PayPeriodListItem>> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  let companyId: string | null = null;
  if (query.companyId !== undefined) {
    // A filter naming another organization's company is a 403 (docs/api.md §9); a SUPER_ADMIN may name any.
    await requireAccess(ctx.db, actor, { companyId: query.companyId });
    companyId = query.companyId;
  }
  const { rows, total } = await queryPayPeriods(ctx.db, {
    companyId,
    // Without companyId: the caller's own organization, for a SUPER_ADMIN too (docs/api.md §9).
    bookkeeperOrgId: actor.bookkeeperOrgId,
    status: query.status ?? null,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return toPage(rows, total, page, pageSize);
}

export async function createPayPeriod(
  ctx: AppContext,
  actor: AdminActor,
  input: CreatePayPeriodInput,
  meta: RequestMeta,
): Promise<PayPeriodWithCompany> {
  await requireAccess(ctx.db, actor, { companyId: input.companyId });
  const company = await findPeriodCompany(ctx.db, input.companyId);
  if (!company) throw Errors.notFound('Company');

  // Dates are read in the company's organization time zone (docs/time-rules.md §4).
  const problems: string[] = [];
  const range = resolvePeriodRange(
    { periodType: input.periodType, startDate: input.startDate, endDate: input.endDate ?? null },
    company.timezone,
  );
  if ('error' in range) {
    if (range.error === 'range') problems.push('endDate: must not be before startDate');
    else if (range.error === 'startDate' || input.endDate !== undefined) problems.push(`${range.error}: ${INVALID_DATE}`);
    else problems.push(`endDate: ${range.reason}`);
  }
  const payDate = input.payDate === undefined ? null : parseDateInput(input.payDate, company.timezone, 'start');
  if (input.payDate !== undefined && payDate === null) problems.push(`payDate: ${INVALID_DATE}`);
  if (problems.length > 0 || 'error' in range) throw Errors.validationFailed(problems.join(', '));

  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      // The link lock first, in its own statement: creates for one company take turns, so the
      // INSERT below sees a rival's committed period and fails on the exclusion constraint.
      // Two INSERTs racing on that constraint can instead wait on each other and deadlock.
      // Holding it also makes an entry written concurrently either be seen by the linking below
      // or see this period itself (the trigger link_entry_to_covering_period).
      await lockPeriodLinks(tx, company.id, 'period creator');
      const created = await insertPayPeriod(tx, {
        companyId: company.id,
        periodType: input.periodType,
        startDate: range.startDate,
        endDate: range.endDate,
        payDate,
        status: 'OPEN',
        locked: false,
        createdAt: now,
        updatedAt: now,
      });
      // Entries clocked in before anyone created the period would otherwise never be submitted.
      const linkedEntries = await linkUnassignedEntries(tx, created, now);
      await recordAudit(tx, meta, {
        action: 'pay_period.create',
        actor,
        bookkeeperOrgId: company.bookkeeperOrgId,
        entityType: 'pay_period',
        entityId: created.id,
        details: { after: auditView(created), linkedEntries },
      });
      return { ...created, company: { id: company.id, name: company.name } };
    });
  } catch (error) {
    // The exclusion constraint decides overlap, so two concurrent creates cannot both pass (docs/time-rules.md §5).
    if (isConstraintViolation(error, OVERLAP_CONSTRAINT)) throw Errors.overlappingPayPeriod();
    throw error;
  }
}

/**
 * The period with its company, entries (with trimmed employees) and totals: the JSON text of
 * the response's `data` as bytes with `room` around them, built by the database in one
 * statement after the access check.
 */
export async function getPayPeriodJson(ctx: AppContext, actor: AdminActor, id: string, room: Room): Promise<Buffer> {
  await requireAccess(ctx.db, actor, { payPeriodId: id });
  const json = await payPeriodDetailJson(ctx.db, id, room);
  if (json === undefined) throw Errors.notFound('Pay period');
  return json;
}

/**
 * Any status may be set from any other (docs/api.md §15); kept permissive: any
 * status may follow any other, and a locked period can still be updated (that is how it is
 * unlocked). `exportedBy` stamps `exportedAt` with the server's now.
 */
export async function updatePayPeriod(
  ctx: AppContext,
  actor: AdminActor,
  id: string,
  input: UpdatePayPeriodInput,
  meta: RequestMeta,
): Promise<PayPeriodWithCompany> {
  // A pay period never changes company, so the check holds for the transaction.
  await requireAccess(ctx.db, actor, { payPeriodId: id });
  return ctx.db.transaction(async (tx) => {
    const locked = await lockPayPeriod(tx, id);
    if (!locked) throw Errors.notFound('Pay period');
    const before = locked.period;

    const now = ctx.clock.now();
    const changes: Partial<PayPeriodInsert> = { updatedAt: now };
    if (input.status !== undefined) changes.status = input.status;
    if (input.locked !== undefined) changes.locked = input.locked;
    if (input.payDate !== undefined) {
      const payDate = input.payDate === null ? null : parseDateInput(input.payDate, locked.timezone, 'start');
      if (input.payDate !== null && payDate === null) throw Errors.validationFailed(`payDate: ${INVALID_DATE}`);
      changes.payDate = payDate;
    }
    if (input.exportedBy !== undefined) {
      changes.exportedBy = input.exportedBy;
      changes.exportedAt = now;
    }
    if (input.iifFilename !== undefined) changes.iifFilename = input.iifFilename;

    const after = await writePayPeriod(tx, id, changes);
    await recordAudit(tx, meta, {
      action: 'pay_period.update',
      actor,
      bookkeeperOrgId: locked.bookkeeperOrgId,
      entityType: 'pay_period',
      entityId: id,
      details: { before: auditView(before), after: auditView(after) },
    });
    return { ...after, company: locked.company };
  });
}

/**
 * Permanent delete, refused while any time entry refers to the period. Access first
 * (docs/api.md §9: another tenant's period with entries is a 403), then one conditional DELETE.
 */
export async function deletePayPeriod(ctx: AppContext, actor: AdminActor, id: string, meta: RequestMeta): Promise<void> {
  await requireAccess(ctx.db, actor, { payPeriodId: id });
  try {
    await ctx.db.transaction(async (tx) => {
      // The row lock makes a concurrent clock-in that would link to this period wait for us.
      const locked = await lockPayPeriod(tx, id);
      if (!locked) throw Errors.notFound('Pay period');
      if (!(await deletePayPeriodWithoutEntries(tx, id))) throw cannotDelete();
      await recordAudit(tx, meta, {
        action: 'pay_period.delete',
        actor,
        bookkeeperOrgId: locked.bookkeeperOrgId,
        entityType: 'pay_period',
        entityId: id,
        details: { before: auditView(locked.period) },
      });
    });
  } catch (error) {
    // ON DELETE RESTRICT: an entry committed after the statement's snapshot still blocks the delete.
    if (isConstraintViolation(error, TIME_ENTRY_FK)) throw cannotDelete();
    throw error;
  }
}

function cannotDelete() {
  return Errors.cannotDeletePayPeriod('The pay period has time entries');
}

function auditView(period: PayPeriodRow): Record<string, unknown> {
  const view: Record<string, unknown> = { ...period };
  delete view.createdAt;
  delete view.updatedAt;
  return view;
}
