// Admin corrections of time entries (docs/time-rules.md §12, §11, §9). Every write runs in one
// transaction: lock the employee, write, allocate again each workweek it touches, audit.
// Overlaps and a second open entry are decided by the database (time_entries_no_overlap,
// time_entries_one_open_per_employee), never by a read-then-write.
import type { AppContext } from '../../core/context.ts';
import { isConstraintViolation } from '../../db/errors.ts';
import type { Db } from '../../db/open.ts';
import { parseDateInput } from '../../domain/dates.ts';
import { dateRangeProblems, entryAuditView, entryTimeProblems, mergeEntryTimes, parseEntryInstant, statusChange, type EntryTimes } from '../../domain/time-entry-rules.ts';
import { AppError, Errors } from '../../core/errors.ts';
import { toPage, type Page } from '../../core/page.ts';
import { requireAccess, type AdminActor } from '../../core/access.ts';
import { recordAudit, type RequestMeta } from '../../core/audit.ts';
import { lockPeriodLinks } from '../pay-periods/pay-periods.repository.ts';
import { findOrgTimezone } from '../bookkeeper-orgs/bookkeeper-orgs.repository.ts';
import { lockEmployee } from '../employees/employees.repository.ts';
import { reallocateWorkweeks } from './allocation.ts';
import {
  deleteTimeEntry as removeTimeEntry,
  findEmployeeOwner,
  findOpenEntry,
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

/**
 * What an admin write stamps on an entry: the EDITED mark, and for each time it sets, a
 * recorded time equal to the time itself. An admin's value is not a device punch, so it is
 * never an offline punch; the punch it replaced stays in the audit log's details.before.
 */
function adminWrittenTimes(times: { clockIn?: Date; clockOut?: Date | null }, now: Date): Partial<TimeEntryInsert> {
  const stamped: Partial<TimeEntryInsert> = { editedAt: now };
  if (times.clockIn !== undefined) stamped.clockInRecordedAt = times.clockIn;
  if (times.clockOut !== undefined) stamped.clockOutRecordedAt = times.clockOut;
  return stamped;
}
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
  open?: boolean;
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
  // organization's a 403 (docs/api.md §9). A SUPER_ADMIN may name any organization's.
  if (query.employeeId !== undefined) await requireAccess(ctx.db, actor, { employeeId: query.employeeId });
  if (query.companyId !== undefined) await requireAccess(ctx.db, actor, { companyId: query.companyId });
  if (query.payPeriodId !== undefined) await requireAccess(ctx.db, actor, { payPeriodId: query.payPeriodId });
  const employeeId = query.employeeId ?? null;
  const companyId = query.companyId ?? null;
  const payPeriodId = query.payPeriodId ?? null;

  let from: Date | null = null;
  let to: Date | null = null;
  if (query.startDate !== undefined || query.endDate !== undefined) {
    // Date-only bounds are whole local days in the admin's organization (docs/time-rules.md §2).
    const timezone = (await findOrgTimezone(ctx.db, actor.bookkeeperOrgId)) ?? DEFAULT_TIMEZONE;
    if (query.startDate !== undefined) from = parseDateInput(query.startDate, timezone, 'start');
    if (query.endDate !== undefined) to = parseDateInput(query.endDate, timezone, 'end');
    const problems = dateRangeProblems({ startDate: query.startDate, endDate: query.endDate, from, to });
    if (problems.length > 0) throw Errors.invalidTimeEntryData(problems.join(', '));
  }

  const { rows, total } = await queryTimeEntries(ctx.db, {
    // Without a reference filter the list is the admin's own organization, for a SUPER_ADMIN
    // too (like the pay-period list, docs/api.md §9); a reference filter already scopes it.
    bookkeeperOrgId: employeeId || companyId || payPeriodId ? null : actor.bookkeeperOrgId,
    employeeId,
    companyId,
    payPeriodId,
    from,
    to,
    status: query.status ?? null,
    open: query.open ?? null,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return toPage(rows, total, page, pageSize);
}

export async function getTimeEntry(ctx: AppContext, actor: AdminActor, id: string): Promise<TimeEntryRecord> {
  await requireAccess(ctx.db, actor, { timeEntryId: id });
  const record = await findTimeEntryRecord(ctx.db, id);
  if (!record) throw Errors.notFound('Time entry');
  return record;
}

export async function createTimeEntry(ctx: AppContext, actor: AdminActor, input: CreateTimeEntryInput, meta: RequestMeta): Promise<TimeEntryRecord> {
  await requireAccess(ctx.db, actor, { employeeId: input.employeeId });
  const employee = await findEmployeeOwner(ctx.db, input.employeeId);
  if (!employee) throw Errors.notFound('Employee');

  const now = ctx.clock.now();
  const clockIn = instantOf('clockIn', input.clockIn, employee.timezone);
  const clockOut = input.clockOut !== undefined ? instantOf('clockOut', input.clockOut, employee.timezone) : null;
  const breakMinutes = input.breakMinutes ?? 0;
  assertEntryTimes({ clockIn, clockOut, breakMinutes }, now);

  try {
    return await ctx.db.transaction(async (tx) => {
      await lockEmployee(tx, employee.id);
      // Under the link lock, the look-up sees a period whose create committed meanwhile.
      await lockPeriodLinks(tx, employee.companyId, 'entry writer');
      const period = await findPeriodCovering(tx, employee.companyId, clockIn);
      if (period?.locked) throw Errors.payPeriodLocked('The pay period covering clockIn is locked');
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
        ...adminWrittenTimes({ clockIn, clockOut }, now),
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
        details: { after: entryAuditView(created) },
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
  // Access first (docs/api.md §9): another organization's entry is a 403 whatever else is wrong.
  const found = await accessibleEntry(ctx.db, actor, id);
  const now = ctx.clock.now();
  const newClockIn = input.clockIn !== undefined ? instantOf('clockIn', input.clockIn, found.timezone) : undefined;
  const newClockOut = input.clockOut !== undefined ? instantOf('clockOut', input.clockOut, found.timezone) : undefined;

  try {
    return await ctx.db.transaction(async (tx) => {
      await lockEmployee(tx, found.employeeId);
      // Read again under the employee lock: the row the change is computed from is current.
      const before = await findTimeEntryOwned(tx, id);
      if (!before) throw Errors.notFound('Time entry');
      const { clockIn, clockOut, breakMinutes, moved } = mergeEntryTimes(before, {
        clockIn: newClockIn,
        clockOut: newClockOut,
        breakMinutes: input.breakMinutes,
      });
      assertEntryTimes({ clockIn, clockOut, breakMinutes }, now, newClockIn !== undefined, newClockOut !== undefined);

      // Neither the period the entry is in now nor the one it would move to may be locked.
      await assertNotLocked(tx, before);
      let payPeriodId = before.payPeriodId;
      if (moved) {
        // Before any row of the company is written: a pay-period create holds this lock while
        // it links rows, so taking it later, inside the UPDATE's trigger, could deadlock.
        await lockPeriodLinks(tx, before.companyId, 'entry writer');
        const target = await findPeriodCovering(tx, before.companyId, clockIn);
        if (target?.locked) throw Errors.payPeriodLocked('The pay period covering the new clockIn is locked');
        payPeriodId = target?.id ?? null;
      }

      const changes: Partial<TimeEntryInsert> = {
        clockIn,
        clockOut,
        breakMinutes,
        payPeriodId,
        ...adminWrittenTimes({ clockIn: newClockIn, clockOut: newClockOut ?? (before.clockOut === null ? clockOut : undefined) }, now),
        updatedAt: now,
      };
      for (const key of ['jobCode', 'taskCode', 'notes'] as const) {
        if (input[key] !== undefined) changes[key] = emptyToNull(input[key]);
      }
      if (input.status !== undefined) Object.assign(changes, statusChange(input.status));
      const beforeRecord = (await findTimeEntryRecord(tx, id))!;
      await writeTimeEntry(tx, id, changes);
      // Both weeks when the entry moved (docs/time-rules.md §9): the old one loses it, the new one gains it.
      await reallocateWorkweeks(tx, before.employeeId, [before.clockIn, clockIn], { ...before, now });
      const after = (await findTimeEntryRecord(tx, id))!;
      await recordAudit(tx, meta, {
        action: 'time_entry.update',
        actor,
        bookkeeperOrgId: before.bookkeeperOrgId,
        entityType: 'time_entry',
        entityId: id,
        details: { before: entryAuditView(beforeRecord), after: entryAuditView(after) },
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
  const found = await accessibleEntry(ctx.db, actor, id);
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
      details: { before: entryAuditView(beforeRecord) },
    });
  });
}

/** The entry with its organization's settings, after the tenant check. */
async function accessibleEntry(db: Db, actor: AdminActor, id: string): Promise<TimeEntryOwned> {
  await requireAccess(db, actor, { timeEntryId: id });
  const entry = await findTimeEntryOwned(db, id);
  if (!entry) throw Errors.notFound('Time entry');
  return entry;
}

/**
 * An entry inside a locked period cannot change: the period it is linked to, and the one
 * covering its clockIn (an entry written before its period existed is linked to none).
 */
async function assertNotLocked(tx: Db, entry: TimeEntryOwned): Promise<void> {
  const linkedLocked = entry.payPeriodId ? await findPeriodLocked(tx, entry.payPeriodId) : false;
  const covering = linkedLocked ? undefined : await findPeriodCovering(tx, entry.companyId, entry.clockIn);
  if (linkedLocked || covering?.locked) throw Errors.payPeriodLocked('The time entry is in a locked pay period');
}

/** A body timestamp: strict ISO-8601 with an offset, a real date between 1970 and 9999 (docs/time-rules.md §2). */
function instantOf(field: string, input: string, timezone: string): Date {
  const instant = parseEntryInstant(input, timezone);
  if (!instant) throw Errors.invalidTimeEntryData(`${field}: must be a valid ISO-8601 date-time`);
  return instant;
}

/** The time rules of an entry (entryTimeProblems, docs/time-rules.md) as one 400. */
function assertEntryTimes(entry: EntryTimes, now: Date, clockInSent = true, clockOutSent = true): void {
  const problems = entryTimeProblems(entry, now, clockInSent, clockOutSent);
  if (problems.length > 0) throw Errors.invalidTimeEntryData(problems.join(', '));
}

/**
 * Turns a constraint violation of the write into its label. A second open entry always
 * overlaps the first (both run to infinity), so whichever of the two constraints PostgreSQL
 * checks first, an open entry next to another open one is `Already clocked in`, with the
 * open entry in `data.openTimeEntry` (docs/api.md §2), read after the rollback.
 */
async function writeConflict(db: Db, error: unknown, employeeId: string, entryIsOpen: boolean): Promise<unknown> {
  if (error instanceof AppError) return error;
  const secondOpen = isConstraintViolation(error, 'time_entries_one_open_per_employee');
  const overlap = isConstraintViolation(error, 'time_entries_no_overlap');
  if (!secondOpen && !overlap) return error;
  if (secondOpen || entryIsOpen) {
    const open = await findOpenEntry(db, employeeId);
    if (open || secondOpen) {
      return Errors.alreadyClockedIn('The employee already has an open time entry', {
        openTimeEntry: open ? { id: open.id, clockIn: open.clockIn.toISOString() } : null,
      });
    }
  }
  return Errors.overlappingTimeEntry('The time entry overlaps another entry of the employee');
}

function emptyToNull(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}
