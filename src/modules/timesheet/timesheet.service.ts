// The employee's own time: clock in and out, submit a pay period, read the timesheet
// (docs/time-rules.md §12, §13, §14; a 2xx only after the commit, docs/api.md §13).
// Concurrency is settled by the database: the
// partial unique index for a double clock in, row locks for clock out and submit. A punch is one
// statement that also checks the caller (docs/architecture.md, "How a punch reaches the database").
import type { AppContext } from '../../core/context.ts';
import { isUuid } from '../../core/access.ts';
import { employeeActorFrom, type EmployeeCredential } from '../../core/employee-caller.ts';
import type { InactiveEmployeeLabel } from '../../core/errors.ts';
import type { Db } from '../../db/open.ts';
import { parseDateInput } from '../../domain/dates.ts';
import { sumHours } from '../../domain/hours.ts';
import { resolveOccurredAt } from '../../domain/offline-punch.ts';
import { isOfflinePunch } from '../../domain/timesheet-flags.ts';
import { workweekOf } from '../../domain/workweek.ts';
import { Errors } from '../../core/errors.ts';
import { assertMayAct, requireAccess, type EmployeeActor } from '../../core/access.ts';
import { recordAudit, type RequestMeta } from '../../core/audit.ts';
import { findOpenEntry, type OpenEntryRef, type TimeEntryWithPeriod } from '../time-entries/time-entries.repository.ts';
import type { PayPeriodWithCompany } from '../pay-periods/pay-periods.repository.ts';
import { markSubmitted } from '../timesheets/timesheets.repository.ts';
import { recordTimesheetAudit } from '../timesheets/timesheets.service.ts';
import type { ClockOutRefusal } from './clock.repository.ts';
import { punchWriterFor } from './punch-writer.ts';
import { lockPeriodForSubmit, submitPeriod } from './submit.repository.ts';
import { findPeriodRef, readTimesheetJson } from './timesheet-read.repository.ts';
import { timesheetReaderFor } from './timesheet-reader.ts';

export interface TimeEntryInput {
  action: string;
  notes?: string;
  jobCode?: string;
  taskCode?: string;
  breakMinutes?: number;
  clockInIp?: string;
  clockInDevice?: string;
  /** An offline punch's own time (ISO-8601 with an offset); omitted means now. */
  occurredAt?: string;
}

/**
 * The employee behind a punch or a timesheet read: its verified token, which the handler's own
 * statement checks (active, company, organization, not logged out), and how to check it on its
 * own for a refusal that comes before any statement (the caller's own refusal must win, as when
 * the auth guard checks it first).
 */
export interface UncheckedCaller {
  credential: EmployeeCredential;
  inactiveLabel: InactiveEmployeeLabel | undefined;
  verify(): Promise<EmployeeActor>;
}

export interface ClockInResult {
  timeEntry: TimeEntryWithPeriod;
  message: string;
}

export interface ClockOutResult extends ClockInResult {
  summary: { totalHours: number; regularHours: number; overtimeHours: number; breakMinutes: number };
}

const alreadyClockedIn = (open: OpenEntryRef | undefined) =>
  Errors.alreadyClockedIn('Clock out of the open entry first', open ? { openTimeEntry: open } : undefined);

/** `clockInIp` from the body, else the client's address. */
const ipOf = (input: TimeEntryInput, meta: RequestMeta): string | null => input.clockInIp || meta.ip || null;

/** A refusal that needs no statement: the caller is checked first, so its own refusal wins. */
async function refuse(puncher: UncheckedCaller, error: Error): Promise<never> {
  await puncher.verify();
  throw error;
}

export async function recordTimeEntry(ctx: AppContext, puncher: UncheckedCaller, input: TimeEntryInput, meta: RequestMeta): Promise<ClockInResult | ClockOutResult> {
  if (input.action === 'clock_in') return clockIn(ctx, puncher, input, meta);
  if (input.action === 'clock_out') return clockOut(ctx, puncher, input, meta);
  return refuse(puncher, Errors.invalidAction('action: must be one of clock_in, clock_out'));
}

interface PunchTimes {
  at: Date;
  recordedAt: Date;
  offline: boolean;
}

/**
 * The punch's time and the server's: equal for a live punch; for an offline one (§ offline
 * punches) `occurredAt`, which must lie between 24 hours ago and 2 minutes ahead.
 */
async function punchTimes(ctx: AppContext, puncher: UncheckedCaller, input: TimeEntryInput): Promise<PunchTimes> {
  const recordedAt = ctx.clock.now();
  if (!isUuid(puncher.credential.userId)) await refuse(puncher, Errors.authenticationRequired());
  if (input.occurredAt === undefined) return { at: recordedAt, recordedAt, offline: false };
  const resolved = resolveOccurredAt(input.occurredAt, recordedAt);
  if (!resolved.ok) return refuse(puncher, Errors.invalidTimeEntryData(`occurredAt: ${resolved.reason}`));
  return { at: resolved.instant, recordedAt, offline: true };
}

/** The audit row of a punch sent with occurredAt: when it happened and when it arrived. */
function recordPunchAudit(tx: Db, meta: RequestMeta, actor: EmployeeActor, action: string, entryId: string, punch: PunchTimes) {
  return recordAudit(tx, meta, {
    action,
    actor,
    entityType: 'time_entry',
    entityId: entryId,
    details: { occurredAt: punch.at.toISOString(), recordedAt: punch.recordedAt.toISOString(), offline: isOfflinePunch(punch.at, punch.recordedAt) },
  });
}

/**
 * A live punch is its one statement (coalesced with concurrent punches, punch-writer.ts); an
 * offline one also leaves an audit row, in one transaction with it.
 */
function inPunchTransaction<T>(ctx: AppContext, punch: PunchTimes, run: (db: Db) => Promise<T>): Promise<T> {
  return punch.offline ? ctx.db.transaction((tx) => run(tx as unknown as Db)) : run(ctx.db);
}

export async function clockIn(ctx: AppContext, puncher: UncheckedCaller, input: TimeEntryInput, meta: RequestMeta): Promise<ClockInResult> {
  const punch = await punchTimes(ctx, puncher, input);
  const entry = await inPunchTransaction(ctx, punch, async (db) => {
    const outcome = await punchWriterFor(db, punch.offline).clockIn({
      credential: puncher.credential,
      now: punch.at,
      recordedAt: punch.recordedAt,
      offline: punch.offline,
      jobCode: input.jobCode ?? null,
      taskCode: input.taskCode ?? null,
      notes: input.notes ?? null,
      clockInIp: ipOf(input, meta),
      clockInDevice: input.clockInDevice ?? null,
    });
    const actor = employeeActorFrom(outcome.caller, puncher.credential, puncher.inactiveLabel);
    if (outcome.periodLocked) throw Errors.payPeriodLocked('The pay period covering occurredAt is locked');
    if (outcome.entry && punch.offline) await recordPunchAudit(db, meta, actor, 'time_entry.clock_in', outcome.entry.id, punch);
    return outcome.entry;
  });
  if (entry) return { timeEntry: entry, message: 'Clocked in successfully' };
  // Refused by the unique index or the exclusion constraint (the insert does nothing rather than
  // raise, so a request's held transaction survives it): an open entry, maybe a concurrent clock
  // in that committed first, else an entry covering the punch's time (an admin correction).
  const open = await findOpenEntry(ctx.db, puncher.credential.userId);
  if (open) throw alreadyClockedIn(open);
  throw Errors.overlappingTimeEntry(`Another time entry of this employee covers ${punch.offline ? 'occurredAt' : 'now'}`);
}

const CLOCK_OUT_REFUSALS: Record<ClockOutRefusal, () => Error> = {
  // The statement refused the caller although its row passed employeeActorFrom: never expected.
  caller: () => Errors.authenticationRequired(),
  no_open_entry: () => Errors.noOpenTimeEntry('Clock in first'),
  // Clock out before clock in (an open entry whose clockIn an admin set in the future).
  clock_out_before_clock_in: () => Errors.invalidTimeEntryData('clockOut: must not be before clockIn'),
  occurred_at_not_after_clock_in: () => Errors.invalidTimeEntryData("occurredAt: must be after the open entry's clockIn"),
  break_too_long: () => Errors.invalidTimeEntryData('breakMinutes: must not exceed the time between clock in and clock out'),
  period_locked: () => Errors.payPeriodLocked('The change would alter the hours of an entry in a locked pay period'),
};

export async function clockOut(ctx: AppContext, puncher: UncheckedCaller, input: TimeEntryInput, meta: RequestMeta): Promise<ClockOutResult> {
  const punch = await punchTimes(ctx, puncher, input);
  const entry = await inPunchTransaction(ctx, punch, async (db) => {
    const outcome = await punchWriterFor(db, punch.offline).clockOut({
      credential: puncher.credential,
      now: punch.at,
      recordedAt: punch.recordedAt,
      offline: punch.offline,
      breakMinutes: input.breakMinutes ?? null,
      notes: input.notes ?? null,
      clockOutIp: ipOf(input, meta),
    });
    const actor = employeeActorFrom(outcome.caller, puncher.credential, puncher.inactiveLabel);
    if (outcome.outcome !== 'closed') throw CLOCK_OUT_REFUSALS[outcome.outcome]();
    if (punch.offline) await recordPunchAudit(db, meta, actor, 'time_entry.clock_out', outcome.entry.id, punch);
    return outcome.entry;
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
}

export interface SubmitResponse {
  payPeriod: PayPeriodWithCompany;
  timeEntriesCount: number;
  totals: { totalHours: number; regularHours: number; overtimeHours: number };
  message: string;
}

/** The submit checks, in their documented order (docs/time-rules.md §14), under the period's row lock. */
export async function submitTimesheet(ctx: AppContext, actor: EmployeeActor, payPeriodId: string, meta: RequestMeta): Promise<SubmitResponse> {
  await requireAccess(ctx.db, actor, { payPeriodId });
  return ctx.db.transaction(async (tx) => {
    const period = await lockPeriodForSubmit(tx, payPeriodId, actor.userId);
    if (!period) throw Errors.notFound('Pay period');
    if (period.locked) throw Errors.payPeriodLocked();
    if (period.status !== 'OPEN') throw Errors.alreadySubmitted(`The pay period is ${period.status}`);
    const open = period.entries.filter((e) => e.clockOut === null).map((e) => ({ id: e.id, clockIn: e.clockIn }));
    if (open.length > 0) throw Errors.openTimeEntries('Clock out before submitting', { openEntries: open });
    if (period.entries.length === 0) throw Errors.noTimeEntries();

    const result = await submitPeriod(tx, period.id, actor.userId);
    // The employee's own timesheet of the period is SUBMITTED too (per-employee review).
    const timesheet = await markSubmitted(tx, period.id, actor.userId, ctx.clock.now());
    await recordTimesheetAudit(tx, meta, actor, { id: period.id }, 'timesheet.submit', timesheet.before, timesheet.after);
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

function parseBound(input: string | undefined, tz: string, bound: 'start' | 'end'): Date | undefined {
  if (input === undefined || input === '') return undefined;
  const parsed = parseDateInput(input, tz, bound);
  if (!parsed) throw Errors.invalidDateFormat(`${bound === 'start' ? 'startDate' : 'endDate'}: must be YYYY-MM-DD or an ISO-8601 date-time`);
  return parsed;
}

const given = (value: string | undefined): string | undefined => (value === '' ? undefined : value);

/**
 * The timesheet (docs/time-rules.md §13): date-only bounds are the start/end of that local day; without
 * dates the range is the pay period's when `payPeriodId` is given, else the current workweek
 * in the organization's time zone.
 *
 * Without dates (the employee app's and the kiosk's reads) the caller check, the pay period's
 * owner and the timesheet are one statement, shared with the other such reads of the moment
 * (timesheet-reader.ts). Dates are parsed in the caller's zone, so with
 * them the caller is checked first, on its own.
 *
 * The answer's `data` is JSON text that the database builds (timesheet-read.repository.ts), to
 * be sent as it is.
 */
export async function getTimesheetJson(ctx: AppContext, caller: UncheckedCaller, input: TimesheetInput): Promise<string> {
  const now = ctx.clock.now();
  const payPeriodId = given(input.payPeriodId);
  const oneStatement =
    given(input.startDate) === undefined && given(input.endDate) === undefined && isUuid(caller.credential.userId) && (payPeriodId === undefined || isUuid(payPeriodId));
  if (!oneStatement) return timesheetOfActor(ctx, await caller.verify(), input, now);

  const read = await timesheetReaderFor(ctx.db)({ credential: caller.credential, payPeriodId: payPeriodId ?? null, now });
  const actor = employeeActorFrom(read.caller, caller.credential, caller.inactiveLabel);
  if (payPeriodId !== undefined) {
    if (!read.period) throw Errors.notFound('Pay period');
    assertMayAct(actor, { bookkeeperOrgId: read.period.bookkeeperOrgId, companyId: read.period.companyId });
  } else {
    // The week is workweekOf's (src/domain/workweek.ts). Should PostgreSQL's zone rules ever
    // differ from Node's for this zone, the week is read again with workweekOf's bounds.
    const week = workweekOf(now, actor.timezone);
    if (week.start.getTime() !== read.range?.start.getTime() || week.end.getTime() !== read.range.end.getTime()) {
      return timesheetOfActor(ctx, actor, input, now);
    }
  }
  if (read.data === null) throw Errors.notFound('Employee');
  return read.data;
}

/** The timesheet of a caller already checked, with dates parsed in its zone: the period's access check and the period first, then the read. */
async function timesheetOfActor(ctx: AppContext, actor: EmployeeActor, input: TimesheetInput, now: Date): Promise<string> {
  const tz = actor.timezone;
  let start = parseBound(input.startDate, tz, 'start');
  let end = parseBound(input.endDate, tz, 'end');

  let payPeriodId: string | null = null;
  const askedPeriodId = given(input.payPeriodId);
  if (askedPeriodId !== undefined) {
    await requireAccess(ctx.db, actor, { payPeriodId: askedPeriodId });
    const period = await findPeriodRef(ctx.db, askedPeriodId);
    if (!period) throw Errors.notFound('Pay period');
    payPeriodId = period.id;
    start ??= period.startDate;
    end ??= period.endDate;
  }
  const week = workweekOf(now, tz);
  start ??= week.start;
  end ??= week.end;
  if (start.getTime() > end.getTime()) throw Errors.invalidDateRange('startDate must not be after endDate');

  const data = await readTimesheetJson(ctx.db, { employeeId: actor.userId, companyId: actor.companyId, start, end, payPeriodId, now });
  // The caller was checked a moment ago; gone now means deactivated or moved meanwhile.
  if (data === null) throw Errors.notFound('Employee');
  return data;
}
