// The per-employee timesheet review: an employee submits its own timesheet of a pay period,
// an admin approves it or rejects it with a reason. The shared-period submit of the employee
// timesheet module is unchanged and also marks the employee's timesheet SUBMITTED.
//
// State machine (from → to):
//   NOT_SUBMITTED, REJECTED           → SUBMITTED  employee submits; entries unchanged
//   NOT_SUBMITTED, SUBMITTED, REJECTED → APPROVED   admin approves; entries APPROVED
//   SUBMITTED, APPROVED                → REJECTED   admin rejects with a reason; entries PENDING
// Submit and approve need an unlocked period with at least one entry and none open; reject
// needs an unlocked period. Racing changes take turns on the timesheet's row lock
// (lockTimesheet), so each answers according to the state the previous one left.
import type { AppContext } from '../../core/context.ts';
import type { Db } from '../../db/open.ts';
import { addPay, centsToAmounts, hourlyPayCents, ZERO_PAY, type PayAmounts, type PayCents } from '../../domain/pay.ts';
import { sumHours } from '../../domain/hours.ts';
import { timesheetFlags, type TimesheetFlag } from '../../domain/timesheet-flags.ts';
import { Errors } from '../../core/errors.ts';
import { toPage, type Page } from '../../core/page.ts';
import { isUuid, requireAccess, type Actor, type AdminActor, type EmployeeActor } from '../../core/access.ts';
import { recordAudit, type RequestMeta } from '../../core/audit.ts';
import type { TimesheetStatus } from '../../domain/enums.ts';
import type { TimeEntryWithPeriod } from '../time-entries/time-entries.repository.ts';
import {
  applyTimesheetChange,
  findEmployeeCompany,
  findPeriodOwner,
  findTimesheet,
  listEmployeeTimesheets,
  listPeriodTimesheets,
  listTimesheetEntries,
  lockTimesheet,
  type LockedTimesheet,
  type PeriodOwner,
  type TimesheetChange,
  type TimesheetRow,
  type TimesheetState,
} from './timesheets.repository.ts';

export interface TimesheetRecord {
  payPeriod: TimesheetRow['payPeriod'];
  employee: TimesheetRow['employee'];
  status: TimesheetStatus;
  submittedAt: Date | null;
  decidedAt: Date | null;
  decidedBy: TimesheetRow['decidedBy'];
  rejectionReason: string | null;
  totals: { totalHours: number; regularHours: number; overtimeHours: number; entries: number; openEntries: number };
  pay: PayAmounts | null;
  flags: TimesheetFlag[];
}

export interface TimesheetDetail extends TimesheetRecord {
  timeEntries: TimeEntryWithPeriod[];
}

/** Pay in cents of one timesheet: HOURLY only (a salary is not paid by the hour). */
function payOf(row: TimesheetRow): PayCents | null {
  if (row.employee.payType !== 'HOURLY') return null;
  return hourlyPayCents(row.hours, row.employee.payRate, row.overtimeMultiplier);
}

function toRecord(row: TimesheetRow): TimesheetRecord {
  const pay = payOf(row);
  return {
    payPeriod: row.payPeriod,
    employee: row.employee,
    status: row.status,
    submittedAt: row.submittedAt,
    decidedAt: row.decidedAt,
    decidedBy: row.decidedBy,
    rejectionReason: row.rejectionReason,
    totals: {
      totalHours: sumHours([row.hours.totalHours]),
      regularHours: sumHours([row.hours.regularHours]),
      overtimeHours: sumHours([row.hours.overtimeHours]),
      entries: row.hours.entries,
      openEntries: row.flagCounts.openEntries,
    },
    pay: pay ? centsToAmounts(pay) : null,
    flags: timesheetFlags(row.flagCounts),
  };
}

async function detailOf(db: Db, payPeriodId: string, employeeId: string, now: Date): Promise<TimesheetDetail> {
  const row = await findTimesheet(db, payPeriodId, employeeId, now);
  if (!row) throw Errors.notFound('Employee');
  return { ...toRecord(row), timeEntries: await listTimesheetEntries(db, payPeriodId, employeeId) };
}

// ---- employee routes -------------------------------------------------------------------

/** A period of the employee's own company: unknown is 404, another company's is 403. */
async function ownPeriod(db: Db, actor: EmployeeActor, payPeriodId: string): Promise<PeriodOwner> {
  await requireAccess(db, actor, { payPeriodId });
  return periodOwner(db, payPeriodId);
}

/** The period's company and organization, once access is settled (a vanished row is still a 404). */
async function periodOwner(db: Db, payPeriodId: string): Promise<PeriodOwner> {
  const period = await findPeriodOwner(db, payPeriodId);
  if (!period) throw Errors.notFound('Pay period');
  return period;
}

export async function listOwnTimesheets(ctx: AppContext, actor: EmployeeActor, query: { page?: number; pageSize?: number }): Promise<Page<TimesheetRecord>> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const { rows, total } = await listEmployeeTimesheets(ctx.db, actor.userId, ctx.clock.now(), { limit: pageSize, offset: (page - 1) * pageSize });
  return toPage(rows.map(toRecord), total, page, pageSize);
}

export async function getOwnTimesheet(ctx: AppContext, actor: EmployeeActor, payPeriodId: string): Promise<TimesheetDetail> {
  const period = await ownPeriod(ctx.db, actor, payPeriodId);
  return detailOf(ctx.db, period.id, actor.userId, ctx.clock.now());
}

export async function submitOwnTimesheet(ctx: AppContext, actor: EmployeeActor, payPeriodId: string, meta: RequestMeta): Promise<TimesheetDetail> {
  const period = await ownPeriod(ctx.db, actor, payPeriodId);
  return changeTimesheet(ctx, actor, period, actor.userId, meta, (locked, now) => {
    assertUnlocked(locked);
    if (locked.state.status === 'SUBMITTED' || locked.state.status === 'APPROVED') {
      throw Errors.alreadySubmitted(`The timesheet is ${locked.state.status}`);
    }
    assertCompleteEntries(locked);
    return { to: 'SUBMITTED', at: now };
  });
}

// ---- admin routes ----------------------------------------------------------------------

/** The period (404, then 403 for another organization) and, when named, its company's employee (404). */
async function adminSubject(db: Db, actor: AdminActor, payPeriodId: string, employeeId?: string): Promise<PeriodOwner> {
  await requireAccess(db, actor, { payPeriodId });
  const period = await periodOwner(db, payPeriodId);
  if (employeeId !== undefined) {
    // Another company's employee is not part of this period: the same 404 as an unknown one.
    const companyId = isUuid(employeeId) ? await findEmployeeCompany(db, employeeId) : null;
    if (companyId !== period.companyId) throw Errors.notFound('Employee');
  }
  return period;
}

export interface PeriodReview {
  timesheets: TimesheetRecord[];
  counts: Record<TimesheetStatus, number>;
  totals: { totalHours: number; regularHours: number; overtimeHours: number; entries: number; openEntries: number; pay: PayAmounts };
}

export async function reviewPeriod(ctx: AppContext, actor: AdminActor, payPeriodId: string): Promise<PeriodReview> {
  const period = await adminSubject(ctx.db, actor, payPeriodId);
  const rows = await listPeriodTimesheets(ctx.db, period.id, ctx.clock.now());
  const counts: Record<TimesheetStatus, number> = { NOT_SUBMITTED: 0, SUBMITTED: 0, APPROVED: 0, REJECTED: 0 };
  let pay = ZERO_PAY;
  for (const row of rows) {
    counts[row.status] += 1;
    pay = addPay(pay, payOf(row) ?? ZERO_PAY);
  }
  return {
    timesheets: rows.map(toRecord),
    counts,
    totals: {
      totalHours: sumHours(rows.map((r) => r.hours.totalHours)),
      regularHours: sumHours(rows.map((r) => r.hours.regularHours)),
      overtimeHours: sumHours(rows.map((r) => r.hours.overtimeHours)),
      entries: rows.reduce((sum, r) => sum + r.hours.entries, 0),
      openEntries: rows.reduce((sum, r) => sum + r.flagCounts.openEntries, 0),
      pay: centsToAmounts(pay),
    },
  };
}

export async function getEmployeeTimesheet(ctx: AppContext, actor: AdminActor, payPeriodId: string, employeeId: string): Promise<TimesheetDetail> {
  const period = await adminSubject(ctx.db, actor, payPeriodId, employeeId);
  return detailOf(ctx.db, period.id, employeeId, ctx.clock.now());
}

export async function approveTimesheet(ctx: AppContext, actor: AdminActor, payPeriodId: string, employeeId: string, meta: RequestMeta): Promise<TimesheetDetail> {
  const period = await adminSubject(ctx.db, actor, payPeriodId, employeeId);
  return changeTimesheet(ctx, actor, period, employeeId, meta, (locked, now) => {
    assertUnlocked(locked);
    if (locked.state.status === 'APPROVED') throw Errors.alreadyApproved();
    assertCompleteEntries(locked);
    return { to: 'APPROVED', at: now, adminId: actor.userId };
  });
}

export async function rejectTimesheet(
  ctx: AppContext,
  actor: AdminActor,
  payPeriodId: string,
  employeeId: string,
  reason: string,
  meta: RequestMeta,
): Promise<TimesheetDetail> {
  const period = await adminSubject(ctx.db, actor, payPeriodId, employeeId);
  return changeTimesheet(ctx, actor, period, employeeId, meta, (locked, now) => {
    assertUnlocked(locked);
    if (locked.state.status !== 'SUBMITTED' && locked.state.status !== 'APPROVED') throw Errors.timesheetNotSubmitted(locked.state.status);
    return { to: 'REJECTED', at: now, adminId: actor.userId, reason };
  });
}

// ---- the one write path ----------------------------------------------------------------

function assertUnlocked(locked: LockedTimesheet): void {
  if (locked.periodLocked) throw Errors.payPeriodLocked();
}

function assertCompleteEntries(locked: LockedTimesheet): void {
  if (locked.openEntries.length > 0) throw Errors.openTimeEntries('Every entry must be clocked out first', { openEntries: locked.openEntries });
  if (locked.entries === 0) throw Errors.noTimeEntries('The employee has no time entries in this pay period');
}

const ACTIONS: Record<TimesheetChange['to'], string> = {
  SUBMITTED: 'timesheet.submit',
  APPROVED: 'timesheet.approve',
  REJECTED: 'timesheet.reject',
};

/**
 * Locks the timesheet, lets `decide` check the rules against the state it found (throwing a
 * refusal rolls everything back), applies the change, audits it and answers the new record,
 * all in one transaction.
 */
async function changeTimesheet(
  ctx: AppContext,
  actor: Actor,
  period: PeriodOwner,
  employeeId: string,
  meta: RequestMeta,
  decide: (locked: LockedTimesheet, now: Date) => TimesheetChange,
): Promise<TimesheetDetail> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const locked = await lockTimesheet(tx, period.id, employeeId);
    const change = decide(locked, now);
    const after = await applyTimesheetChange(tx, period.id, employeeId, change);
    await recordTimesheetAudit(tx, meta, actor, period, ACTIONS[change.to], locked.state, after, change.to === 'REJECTED' ? change.reason : undefined);
    return detailOf(tx, period.id, employeeId, now);
  });
}

const auditView = (state: TimesheetState | null) =>
  state && {
    status: state.status,
    submittedAt: state.submittedAt?.toISOString() ?? null,
    decidedAt: state.decidedAt?.toISOString() ?? null,
    decidedBy: state.decidedBy,
    rejectionReason: state.rejectionReason,
  };

/** The audit row of a timesheet change: before, after, and the reason of a rejection. */
export async function recordTimesheetAudit(
  tx: Db,
  meta: RequestMeta,
  actor: Actor,
  period: { id: string; bookkeeperOrgId?: string },
  action: string,
  before: TimesheetState | null,
  after: TimesheetState,
  reason?: string,
): Promise<void> {
  await recordAudit(tx, meta, {
    action,
    actor,
    bookkeeperOrgId: period.bookkeeperOrgId ?? actor.bookkeeperOrgId,
    entityType: 'timesheet',
    entityId: after.id,
    details: {
      payPeriodId: period.id,
      before: auditView(before) ?? { status: 'NOT_SUBMITTED' },
      after: auditView(after),
      reason: reason ?? null,
    },
  });
}
