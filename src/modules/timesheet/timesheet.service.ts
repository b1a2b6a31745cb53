// The employee's own time: clock in and out, submit a pay period, read the timesheet
// (SPEC.md "POST /employee/timesheet/entry", "…/submit", "GET /employee/timesheet";
// CONTRACT §4 time rules, §6 safety of writes). Concurrency is settled by the database: the
// partial unique index for a double clock in, row locks for clock out and submit.
import type { AppContext } from '../../context.ts';
import { isConstraintViolation } from '../../db/errors.ts';
import { parseDateInput } from '../../domain/dates.ts';
import { sumHours } from '../../domain/hours.ts';
import { breakExceedsElapsed } from '../../domain/overtime.ts';
import { workweekOf } from '../../domain/workweek.ts';
import { Errors } from '../../http/errors.ts';
import { isUuid, type EmployeeActor } from '../access.ts';
import { recordAudit, type RequestMeta } from '../audit-logs/audit.ts';
import { reallocateWorkweeks } from '../time-entries/allocation.ts';
import {
  closeOpenEntry,
  findOpenEntry,
  findPeriodRef,
  findTimeEntry,
  insertOpenEntry,
  lockPeriodForSubmit,
  readTimesheet,
  submitPeriod,
  type OpenEntryRef,
  type PayPeriodRecord,
  type TimeEntryRecord,
  type TimesheetRows,
} from './timesheet.repository.ts';

const INVALID_ENTRY = 'Invalid time entry data';

export interface TimeEntryInput {
  action: string;
  notes?: string;
  jobCode?: string;
  taskCode?: string;
  breakMinutes?: number;
  clockInIp?: string;
  clockInDevice?: string;
}

export interface ClockInResult {
  timeEntry: TimeEntryRecord;
  message: string;
}

export interface ClockOutResult extends ClockInResult {
  summary: { totalHours: number; regularHours: number; overtimeHours: number; breakMinutes: number };
}

const alreadyClockedIn = (open: OpenEntryRef | null) =>
  Errors.businessRule('Already clocked in', 'Clock out of the open entry first', open ? { openTimeEntry: open } : undefined);

/** `clockInIp` from the body, else the client's address (SPEC.md "Time entry"). */
const ipOf = (input: TimeEntryInput, meta: RequestMeta): string | null => input.clockInIp || meta.ip || null;

export async function recordTimeEntry(
  ctx: AppContext,
  actor: EmployeeActor,
  input: TimeEntryInput,
  meta: RequestMeta,
): Promise<ClockInResult | ClockOutResult> {
  if (input.action === 'clock_in') return clockIn(ctx, actor, input, meta);
  if (input.action === 'clock_out') return clockOut(ctx, actor, input, meta);
  throw Errors.businessRule('Invalid action', 'action: must be one of clock_in, clock_out');
}

export async function clockIn(ctx: AppContext, actor: EmployeeActor, input: TimeEntryInput, meta: RequestMeta): Promise<ClockInResult> {
  let entry: TimeEntryRecord | null;
  try {
    entry = await insertOpenEntry(ctx.db, {
      employeeId: actor.userId,
      companyId: actor.companyId,
      now: ctx.clock.now(),
      jobCode: input.jobCode ?? null,
      taskCode: input.taskCode ?? null,
      notes: input.notes ?? null,
      clockInIp: ipOf(input, meta),
      clockInDevice: input.clockInDevice ?? null,
    });
  } catch (error) {
    // The exclusion constraint: an entry ending after now (an admin correction), or a
    // concurrent clock in that slipped past the unique index's pre-check and committed first.
    if (!isConstraintViolation(error, 'time_entries_no_overlap')) throw error;
    const open = await findOpenEntry(ctx.db, actor.userId);
    if (open) throw alreadyClockedIn(open);
    throw Errors.businessRule('Overlapping time entry', 'Another time entry of this employee runs past now');
  }
  if (!entry) throw alreadyClockedIn(await findOpenEntry(ctx.db, actor.userId));
  return { timeEntry: entry, message: 'Clocked in successfully' };
}

export async function clockOut(ctx: AppContext, actor: EmployeeActor, input: TimeEntryInput, meta: RequestMeta): Promise<ClockOutResult> {
  try {
    const entry = await ctx.db.transaction(async (tx) => {
      const closed = await closeOpenEntry(tx, {
        employeeId: actor.userId,
        now: ctx.clock.now(),
        breakMinutes: input.breakMinutes ?? null,
        notes: input.notes ?? null,
        clockOutIp: ipOf(input, meta),
      });
      if (!closed) throw Errors.businessRule('No open time entry', 'Clock in first');
      // CONTRACT §4: a break longer than the elapsed time is refused; throwing rolls the close back.
      if (breakExceedsElapsed(closed)) throw Errors.validation(INVALID_ENTRY, 'breakMinutes: must not exceed the time between clock in and clock out');
      await reallocateWorkweeks(tx, actor.userId, [closed.clockIn], { timezone: actor.timezone, overtimeThreshold: actor.overtimeThreshold });
      return (await findTimeEntry(tx, closed.id))!;
    });
    return {
      timeEntry: entry,
      message: 'Clocked out successfully',
      summary: {
        totalHours: entry.totalHours ?? 0,
        regularHours: entry.regularHours ?? 0,
        overtimeHours: entry.overtimeHours ?? 0,
        breakMinutes: entry.breakMinutes,
      },
    };
  } catch (error) {
    // Clock out before clock in (an open entry whose clockIn an admin set in the future).
    if (isConstraintViolation(error, 'time_entries_clock_order_check')) {
      throw Errors.validation(INVALID_ENTRY, 'clockOut: must not be before clockIn');
    }
    throw error;
  }
}

export interface SubmitResponse {
  payPeriod: PayPeriodRecord;
  timeEntriesCount: number;
  totals: { totalHours: number; regularHours: number; overtimeHours: number };
  message: string;
}

/** SPEC.md's checks, in SPEC.md's order, under the period's row lock. */
export async function submitTimesheet(ctx: AppContext, actor: EmployeeActor, payPeriodId: string, meta: RequestMeta): Promise<SubmitResponse> {
  if (!isUuid(payPeriodId)) throw Errors.notFound('Pay period');
  return ctx.db.transaction(async (tx) => {
    const period = await lockPeriodForSubmit(tx, payPeriodId, actor.userId);
    if (!period) throw Errors.notFound('Pay period');
    if (period.companyId !== actor.companyId) throw Errors.accessDenied();
    if (period.locked) throw Errors.businessRule('Pay period locked');
    if (period.status !== 'OPEN') throw Errors.businessRule('Already submitted', `The pay period is ${period.status}`);
    const open = period.entries.filter((e) => e.clockOut === null).map((e) => ({ id: e.id, clockIn: e.clockIn }));
    if (open.length > 0) throw Errors.businessRule('Open time entries', 'Clock out before submitting', { openEntries: open });
    if (period.entries.length === 0) throw Errors.businessRule('No time entries');

    const result = await submitPeriod(tx, period.id, actor.userId);
    await recordAudit(tx, meta, {
      action: 'pay_period.submit',
      actor,
      entityType: 'pay_period',
      entityId: period.id,
      details: { timeEntriesCount: result.timeEntriesCount, approvedEntries: result.approvedCount, totals: result.totals },
    });
    return {
      payPeriod: result.payPeriod,
      timeEntriesCount: result.timeEntriesCount,
      totals: {
        totalHours: sumHours([result.totals.totalHours]),
        regularHours: sumHours([result.totals.regularHours]),
        overtimeHours: sumHours([result.totals.overtimeHours]),
      },
      message: 'Timesheet submitted successfully',
    };
  });
}

export interface TimesheetInput {
  startDate?: string;
  endDate?: string;
  payPeriodId?: string;
}

export interface TimesheetResponse extends Omit<TimesheetRows, 'openTimeEntry'> {
  totals: { totalHours: number; regularHours: number; overtimeHours: number; pendingEntries: number; approvedEntries: number };
  clockStatus: { isClockedIn: boolean; openTimeEntry: OpenEntryRef | null };
  dateRange: { startDate: Date; endDate: Date };
}

function parseBound(input: string | undefined, tz: string, bound: 'start' | 'end'): Date | undefined {
  if (input === undefined || input === '') return undefined;
  const parsed = parseDateInput(input, tz, bound);
  if (!parsed) throw Errors.businessRule('Invalid date format', `${bound === 'start' ? 'startDate' : 'endDate'}: must be YYYY-MM-DD or an ISO-8601 date-time`);
  return parsed;
}

/**
 * The timesheet (CONTRACT §4): date-only bounds are the start/end of that local day; without
 * dates the range is the pay period's when `payPeriodId` is given, else the current workweek
 * in the organization's time zone.
 */
export async function getTimesheet(ctx: AppContext, actor: EmployeeActor, input: TimesheetInput): Promise<TimesheetResponse> {
  const now = ctx.clock.now();
  const tz = actor.timezone;
  let start = parseBound(input.startDate, tz, 'start');
  let end = parseBound(input.endDate, tz, 'end');

  let payPeriodId: string | null = null;
  if (input.payPeriodId !== undefined && input.payPeriodId !== '') {
    if (!isUuid(input.payPeriodId)) throw Errors.notFound('Pay period');
    const period = await findPeriodRef(ctx.db, input.payPeriodId);
    if (!period) throw Errors.notFound('Pay period');
    if (period.companyId !== actor.companyId) throw Errors.accessDenied();
    payPeriodId = period.id;
    start ??= period.startDate;
    end ??= period.endDate;
  }
  const week = workweekOf(now, tz);
  start ??= week.start;
  end ??= week.end;
  if (start.getTime() > end.getTime()) throw Errors.businessRule('Invalid date range', 'startDate must not be after endDate');

  const rows = await readTimesheet(ctx.db, { employeeId: actor.userId, companyId: actor.companyId, start, end, payPeriodId, now });
  // The guard found the employee a moment ago; gone now means deactivated or moved meanwhile.
  if (!rows) throw Errors.notFound('Employee');
  const entries = rows.timeEntries;
  return {
    employee: rows.employee,
    company: rows.company,
    timeEntries: entries,
    currentPayPeriod: rows.currentPayPeriod,
    totals: {
      totalHours: sumHours(entries.map((e) => e.totalHours)),
      regularHours: sumHours(entries.map((e) => e.regularHours)),
      overtimeHours: sumHours(entries.map((e) => e.overtimeHours)),
      pendingEntries: entries.filter((e) => e.status === 'PENDING').length,
      approvedEntries: entries.filter((e) => e.approved).length,
    },
    clockStatus: { isClockedIn: rows.openTimeEntry !== null, openTimeEntry: rows.openTimeEntry },
    dateRange: { startDate: start, endDate: end },
  };
}
