// Admin corrections of time entries (CONTRACT §7, time rules §4). Every write runs in one
// transaction: lock the employee, write, allocate again each workweek it touches, audit.
// Overlaps and a second open entry are decided by the database (time_entries_no_overlap,
// time_entries_one_open_per_employee), never by a read-then-write.
import type { AppContext } from '../../context.ts';
import { isConstraintViolation } from '../../db/errors.ts';
import type { Db } from '../../db/open.ts';
import { parseDateInput } from '../../domain/dates.ts';
import { breakExceedsElapsed } from '../../domain/overtime.ts';
import { AppError, Errors } from '../../http/errors.ts';
import { toPage, type Page } from '../../http/schemas.ts';
import { assertOrgAccess, isUuid, type AdminActor } from '../access.ts';
import { recordAudit, type RequestMeta } from '../audit-logs/audit.ts';
import { lockEmployee, reallocateWorkweeks } from './allocation.ts';
import {
  deleteTimeEntry as removeTimeEntry,
  findCompanyOrg,
  findEmployeeOwner,
  findOpenEntry,
  findOrgTimezone,
  findPayPeriodOrg,
  findPeriodCovering,
  findPeriodLocked,
  findTimeEntryOwned,
  findTimeEntryRecord,
  insertTimeEntry,
  listTimeEntries as queryTimeEntries,
  updateTimeEntry as writeTimeEntry,
  type TimeEntryInsert,
  type TimeEntryOwned,
  type TimeEntryRecord,
  type TimeEntryStatus,
} from './time-entries.repository.ts';

/** The validation label of every admin time-entry route (CONTRACT §2). */
export const INVALID_TIME_ENTRY = 'Invalid time entry data';
const DEFAULT_TIMEZONE = 'America/New_York';

export interface TimeEntryListQuery {
  page?: number;
  pageSize?: number;
  employeeId?: string;
  companyId?: string;
  payPeriodId?: string;
  startDate?: string;
  endDate?: string;
  status?: TimeEntryStatus;
}

interface EntryFields {
  clockOut?: string;
  breakMinutes?: number;
  jobCode?: string;
  taskCode?: string;
  notes?: string;
}

export interface CreateTimeEntryInput extends EntryFields {
  employeeId: string;
  clockIn: string;
}

export interface UpdateTimeEntryInput extends EntryFields {
  clockIn?: string;
  status?: TimeEntryStatus;
}

export async function listTimeEntries(ctx: AppContext, actor: AdminActor, query: TimeEntryListQuery): Promise<Page<TimeEntryRecord>> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  // Each reference filter: unknown (or not a UUID) is a 404 with its label, another
  // organization's a 403 (CONTRACT §2, §3). A SUPER_ADMIN may name any organization's.
  const employeeId = query.employeeId !== undefined ? await ownedReference(actor, 'Employee', query.employeeId, (id) => findEmployeeOwner(ctx.db, id)) : null;
  const companyId = query.companyId !== undefined ? await ownedReference(actor, 'Company', query.companyId, (id) => findCompanyOrg(ctx.db, id)) : null;
  const payPeriodId =
    query.payPeriodId !== undefined ? await ownedReference(actor, 'Pay period', query.payPeriodId, (id) => findPayPeriodOrg(ctx.db, id)) : null;

  let from: Date | null = null;
  let to: Date | null = null;
  if (query.startDate !== undefined || query.endDate !== undefined) {
    // Date-only bounds are whole local days in the admin's organization (CONTRACT §4).
    const timezone = (await findOrgTimezone(ctx.db, actor.bookkeeperOrgId)) ?? DEFAULT_TIMEZONE;
    const problems: string[] = [];
    if (query.startDate !== undefined) {
      from = parseDateInput(query.startDate, timezone, 'start');
      if (!from) problems.push('startDate: must be a valid date (YYYY-MM-DD or ISO-8601 date-time)');
    }
    if (query.endDate !== undefined) {
      to = parseDateInput(query.endDate, timezone, 'end');
      if (!to) problems.push('endDate: must be a valid date (YYYY-MM-DD or ISO-8601 date-time)');
    }
    if (from && to && to < from) problems.push('endDate: must not be before startDate');
    if (problems.length > 0) throw Errors.validation(INVALID_TIME_ENTRY, problems.join(', '));
  }

  const { rows, total } = await queryTimeEntries(ctx.db, {
    // Without a reference filter the list is the admin's own organization, for a SUPER_ADMIN
    // too (like the pay-period list, CONTRACT §3); a reference filter already scopes it.
    bookkeeperOrgId: employeeId || companyId || payPeriodId ? null : actor.bookkeeperOrgId,
    employeeId,
    companyId,
    payPeriodId,
    from,
    to,
    status: query.status ?? null,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return toPage(rows, total, page, pageSize);
}

export async function getTimeEntry(ctx: AppContext, actor: AdminActor, id: string): Promise<TimeEntryRecord> {
  await ownedEntry(ctx.db, actor, id);
  const record = await findTimeEntryRecord(ctx.db, id);
  if (!record) throw Errors.notFound('Time entry');
  return record;
}

export async function createTimeEntry(ctx: AppContext, actor: AdminActor, input: CreateTimeEntryInput, meta: RequestMeta): Promise<TimeEntryRecord> {
  const employee = isUuid(input.employeeId) ? await findEmployeeOwner(ctx.db, input.employeeId) : undefined;
  if (!employee) throw Errors.notFound('Employee');
  assertOrgAccess(actor, employee.bookkeeperOrgId);

  const now = ctx.clock.now();
  const clockIn = instantOf('clockIn', input.clockIn, employee.timezone);
  const clockOut = input.clockOut !== undefined ? instantOf('clockOut', input.clockOut, employee.timezone) : null;
  const breakMinutes = input.breakMinutes ?? 0;
  assertEntryTimes({ clockIn, clockOut, breakMinutes }, now);

  try {
    return await ctx.db.transaction(async (tx) => {
      await lockEmployee(tx, employee.id);
      const period = await findPeriodCovering(tx, employee.companyId, clockIn);
      if (period?.locked) throw Errors.businessRule('Pay period locked', 'The pay period covering clockIn is locked');
      const values: TimeEntryInsert = {
        employeeId: employee.id,
        companyId: employee.companyId,
        payPeriodId: period?.id ?? null,
        clockIn,
        clockOut,
        breakMinutes,
        jobCode: emptyToNull(input.jobCode),
        taskCode: emptyToNull(input.taskCode),
        notes: emptyToNull(input.notes),
        createdAt: now,
        updatedAt: now,
      };
      const id = await insertTimeEntry(tx, values);
      await reallocateWorkweeks(tx, employee.id, [clockIn], { ...employee, now });
      const created = (await findTimeEntryRecord(tx, id))!;
      await recordAudit(tx, meta, {
        action: 'time_entry.create',
        actor,
        bookkeeperOrgId: employee.bookkeeperOrgId,
        entityType: 'time_entry',
        entityId: id,
        details: { after: auditView(created) },
      });
      return created;
    });
  } catch (error) {
    throw await writeConflict(ctx.db, error, employee.id, clockOut === null);
  }
}

export async function updateTimeEntry(
  ctx: AppContext,
  actor: AdminActor,
  id: string,
  input: UpdateTimeEntryInput,
  meta: RequestMeta,
): Promise<TimeEntryRecord> {
  // Access first (CONTRACT §2): another organization's entry is a 403 whatever else is wrong.
  const found = await ownedEntry(ctx.db, actor, id);
  const now = ctx.clock.now();
  const newClockIn = input.clockIn !== undefined ? instantOf('clockIn', input.clockIn, found.timezone) : undefined;
  const newClockOut = input.clockOut !== undefined ? instantOf('clockOut', input.clockOut, found.timezone) : undefined;

  try {
    return await ctx.db.transaction(async (tx) => {
      await lockEmployee(tx, found.employeeId);
      // Read again under the employee lock: the row the change is computed from is current.
      const before = await findTimeEntryOwned(tx, id);
      if (!before) throw Errors.notFound('Time entry');
      const clockIn = newClockIn ?? before.clockIn;
      const clockOut = newClockOut ?? before.clockOut;
      const breakMinutes = input.breakMinutes ?? before.breakMinutes;
      assertEntryTimes({ clockIn, clockOut, breakMinutes }, now, newClockIn !== undefined, newClockOut !== undefined);

      // Neither the period the entry is in now nor the one it would move to may be locked.
      const moved = clockIn.getTime() !== before.clockIn.getTime();
      await assertNotLocked(tx, before);
      let payPeriodId = before.payPeriodId;
      if (moved) {
        const target = await findPeriodCovering(tx, before.companyId, clockIn);
        if (target?.locked) throw Errors.businessRule('Pay period locked', 'The pay period covering the new clockIn is locked');
        payPeriodId = target?.id ?? null;
      }

      const changes: Partial<TimeEntryInsert> = { clockIn, clockOut, breakMinutes, payPeriodId, updatedAt: now };
      for (const key of ['jobCode', 'taskCode', 'notes'] as const) {
        if (input[key] !== undefined) changes[key] = emptyToNull(input[key]);
      }
      if (input.status !== undefined) {
        changes.status = input.status;
        changes.approved = input.status === 'APPROVED';
      }
      const beforeRecord = (await findTimeEntryRecord(tx, id))!;
      await writeTimeEntry(tx, id, changes);
      // Both weeks when the entry moved (CONTRACT §4): the old one loses it, the new one gains it.
      await reallocateWorkweeks(tx, before.employeeId, [before.clockIn, clockIn], { ...before, now });
      const after = (await findTimeEntryRecord(tx, id))!;
      await recordAudit(tx, meta, {
        action: 'time_entry.update',
        actor,
        bookkeeperOrgId: before.bookkeeperOrgId,
        entityType: 'time_entry',
        entityId: id,
        details: { before: auditView(beforeRecord), after: auditView(after) },
      });
      return after;
    });
  } catch (error) {
    // An update never makes a second open entry (an entry cannot be reopened), so a conflict
    // here is an overlap, even when the entry being changed is the open one.
    throw await writeConflict(ctx.db, error, found.employeeId, false);
  }
}

export async function deleteTimeEntry(ctx: AppContext, actor: AdminActor, id: string, meta: RequestMeta): Promise<void> {
  const found = await ownedEntry(ctx.db, actor, id);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockEmployee(tx, found.employeeId);
    const before = await findTimeEntryOwned(tx, id);
    if (!before) throw Errors.notFound('Time entry');
    await assertNotLocked(tx, before);
    const beforeRecord = (await findTimeEntryRecord(tx, id))!;
    await removeTimeEntry(tx, id);
    await reallocateWorkweeks(tx, before.employeeId, [before.clockIn], { ...before, now });
    await recordAudit(tx, meta, {
      action: 'time_entry.delete',
      actor,
      bookkeeperOrgId: before.bookkeeperOrgId,
      entityType: 'time_entry',
      entityId: id,
      details: { before: auditView(beforeRecord) },
    });
  });
}

/** The entry, after the tenant check: 404 for an unknown id (a non-UUID too), 403 for another organization's. */
async function ownedEntry(db: Db, actor: AdminActor, id: string): Promise<TimeEntryOwned> {
  const entry = isUuid(id) ? await findTimeEntryOwned(db, id) : undefined;
  if (!entry) throw Errors.notFound('Time entry');
  assertOrgAccess(actor, entry.bookkeeperOrgId);
  return entry;
}

async function ownedReference(
  actor: AdminActor,
  thing: 'Employee' | 'Company' | 'Pay period',
  id: string,
  find: (id: string) => Promise<{ id: string; bookkeeperOrgId: string } | undefined>,
): Promise<string> {
  const found = isUuid(id) ? await find(id) : undefined;
  if (!found) throw Errors.notFound(thing);
  assertOrgAccess(actor, found.bookkeeperOrgId);
  return found.id;
}

/**
 * An entry inside a locked period cannot change: the period it is linked to, and the one
 * covering its clockIn (an entry written before its period existed is linked to none).
 */
async function assertNotLocked(tx: Db, entry: TimeEntryOwned): Promise<void> {
  const linkedLocked = entry.payPeriodId ? await findPeriodLocked(tx, entry.payPeriodId) : false;
  const covering = linkedLocked ? undefined : await findPeriodCovering(tx, entry.companyId, entry.clockIn);
  if (linkedLocked || covering?.locked) throw Errors.businessRule('Pay period locked', 'The time entry is in a locked pay period');
}

/** A body timestamp: strict ISO-8601 with an offset, a real date between 1970 and 9999 (CONTRACT §2). */
function instantOf(field: string, input: string, timezone: string): Date {
  const instant = /[T]\d{2}:\d{2}/.test(input) ? parseDateInput(input, timezone, 'start') : null;
  if (!instant) throw Errors.validation(INVALID_TIME_ENTRY, `${field}: must be a valid ISO-8601 date-time`);
  return instant;
}

/**
 * CONTRACT §4 and §7: clockIn not in the future, clockOut not before clockIn, a break no
 * longer than the elapsed time. A corrected clockOut in the future is refused too: it would
 * pay for time not yet worked. On update only the fields that were sent are judged against now.
 */
function assertEntryTimes(
  entry: { clockIn: Date; clockOut: Date | null; breakMinutes: number },
  now: Date,
  clockInSent = true,
  clockOutSent = true,
): void {
  const problems: string[] = [];
  if (clockInSent && entry.clockIn > now) problems.push('clockIn: must not be in the future');
  if (entry.clockOut) {
    if (entry.clockOut < entry.clockIn) problems.push('clockOut: must not be before clockIn');
    else if (breakExceedsElapsed({ clockIn: entry.clockIn, clockOut: entry.clockOut, breakMinutes: entry.breakMinutes })) {
      problems.push('breakMinutes: must not exceed the time between clockIn and clockOut');
    }
    if (clockOutSent && entry.clockOut > now) problems.push('clockOut: must not be in the future');
  }
  if (problems.length > 0) throw Errors.validation(INVALID_TIME_ENTRY, problems.join(', '));
}

/**
 * Turns a constraint violation of the write into its label. A second open entry always
 * overlaps the first (both run to infinity), so whichever of the two constraints PostgreSQL
 * checks first, an open entry next to another open one is `Already clocked in`, with the
 * open entry in `data.openTimeEntry` (CONTRACT §2), read after the rollback.
 */
async function writeConflict(db: Db, error: unknown, employeeId: string, entryIsOpen: boolean): Promise<unknown> {
  if (error instanceof AppError) return error;
  const secondOpen = isConstraintViolation(error, 'time_entries_one_open_per_employee');
  const overlap = isConstraintViolation(error, 'time_entries_no_overlap');
  if (!secondOpen && !overlap) return error;
  if (secondOpen || entryIsOpen) {
    const open = await findOpenEntry(db, employeeId);
    if (open || secondOpen) {
      return Errors.businessRule('Already clocked in', 'The employee already has an open time entry', {
        openTimeEntry: open ? { id: open.id, clockIn: open.clockIn.toISOString() } : null,
      });
    }
  }
  return Errors.businessRule('Overlapping time entry', 'The time entry overlaps another entry of the employee');
}

function emptyToNull(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

/** What the audit log keeps of an entry: its fields, without the nested summaries. */
function auditView(entry: TimeEntryRecord): Record<string, unknown> {
  const { employee: _employee, payPeriod: _payPeriod, ...fields } = entry;
  return fields;
}
