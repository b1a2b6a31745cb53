// Clocking in and out: each one statement, settled by the database's constraints and locks.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/open.ts';
import type { TimeEntryWithPeriod } from '../time-entries/time-entries.repository.ts';
import { ENTRY_JSON, toTimeEntry, type Json } from './timesheet-records.ts';

export interface ClockInValues {
  employeeId: string;
  companyId: string;
  /** The punch's time: now, or the offline punch's occurredAt. */
  now: Date;
  /** The server's time when the punch arrived. */
  recordedAt: Date;
  jobCode: string | null;
  taskCode: string | null;
  notes: string | null;
  clockInIp: string | null;
  clockInDevice: string | null;
}

/**
 * Clock in as ONE statement: the pay period is the company's unlocked one covering now, and
 * the partial unique index time_entries_one_open_per_employee decides a concurrent second
 * clock in (one open entry per employee, docs/time-rules.md §7): nothing comes back when the employee already has an open entry, nor
 * when the exclusion constraint time_entries_no_overlap refuses it (an entry running past now).
 * Neither raises an error, so the statement never aborts a surrounding transaction (a request
 * with an Idempotency-Key runs in one) and the caller can still ask which of the two it was.
 */
export async function insertOpenEntry(db: Db, v: ClockInValues): Promise<TimeEntryWithPeriod | null> {
  const now = v.now.toISOString();
  const rows = await queryRows<{ entry: Json }>(
    db,
    sql`with period as (
          select id from pay_periods
          where company_id = ${v.companyId}::uuid and locked = false
            and start_date <= ${now}::timestamptz and end_date >= ${now}::timestamptz
          order by start_date desc limit 1
        ), te as (
          insert into time_entries (employee_id, company_id, pay_period_id, clock_in, clock_in_recorded_at, job_code, task_code, notes, clock_in_ip, clock_in_device)
          values (${v.employeeId}::uuid, ${v.companyId}::uuid, (select id from period), ${now}::timestamptz, ${v.recordedAt.toISOString()}::timestamptz,
                  ${v.jobCode}, ${v.taskCode}, ${v.notes}, ${v.clockInIp}, ${v.clockInDevice})
          on conflict do nothing
          returning *
        )
        select ${ENTRY_JSON} as entry from te left join pay_periods pp on pp.id = te.pay_period_id`,
  );
  return rows[0] ? toTimeEntry(rows[0].entry) : null;
}

export interface ClockOutValues {
  employeeId: string;
  /** The punch's time: now, or the offline punch's occurredAt. */
  now: Date;
  /** The server's time when the punch arrived. */
  recordedAt: Date;
  /** null keeps the entry's break. */
  breakMinutes: number | null;
  /** null keeps the entry's notes (omitted keeps the existing notes). */
  notes: string | null;
  clockOutIp: string | null;
}

export interface ClosedEntryRef {
  id: string;
  clockIn: Date;
  clockOut: Date;
  breakMinutes: number;
}

/**
 * Closes the open entry, in the caller's transaction. The employee row is locked first, in
 * the same statement (the lock lockEmployee takes, employees.repository.ts), so clock out and admin
 * corrections of one employee take turns in the same order and cannot deadlock.
 */
export async function closeOpenEntry(tx: Db, v: ClockOutValues): Promise<ClosedEntryRef | null> {
  const rows = await queryRows<{ id: string; clock_in: Date | string; clock_out: Date | string; break_minutes: number }>(
    tx,
    sql`with locked as materialized (select id from employees where id = ${v.employeeId}::uuid for update)
        update time_entries te
        set clock_out = ${v.now.toISOString()}::timestamptz,
            clock_out_recorded_at = ${v.recordedAt.toISOString()}::timestamptz,
            break_minutes = coalesce(${v.breakMinutes}::int, te.break_minutes),
            notes = coalesce(${v.notes}::varchar, te.notes),
            clock_out_ip = ${v.clockOutIp},
            updated_at = now()
        from locked
        where te.employee_id = locked.id and te.clock_out is null
        returning te.id, te.clock_in, te.clock_out, te.break_minutes`,
  );
  const row = rows[0];
  return row ? { id: row.id, clockIn: new Date(row.clock_in), clockOut: new Date(row.clock_out), breakMinutes: Number(row.break_minutes) } : null;
}

/**
 * Whether a locked pay period of the company covers `instant`. Only an offline punch asks: a
 * punch at now links to the unlocked period or to none, as it always has. `for share` keeps
 * the period from being locked meanwhile, until the caller's transaction ends.
 */
export async function isInLockedPeriod(tx: Db, companyId: string, instant: Date): Promise<boolean> {
  const at = instant.toISOString();
  const rows = await queryRows<{ locked: boolean }>(
    tx,
    sql`select locked from pay_periods
        where company_id = ${companyId}::uuid and start_date <= ${at}::timestamptz and end_date >= ${at}::timestamptz
        for share`,
  );
  return rows.some((row) => row.locked);
}

export async function findTimeEntry(db: Db, id: string): Promise<TimeEntryWithPeriod | null> {
  const rows = await queryRows<{ entry: Json }>(
    db,
    sql`select ${ENTRY_JSON} as entry from time_entries te left join pay_periods pp on pp.id = te.pay_period_id where te.id = ${id}::uuid`,
  );
  return rows[0] ? toTimeEntry(rows[0].entry) : null;
}
