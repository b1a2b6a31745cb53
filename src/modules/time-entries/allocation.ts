// Reallocating a workweek (docs/time-rules.md §9): whenever an entry of a week is created, closed,
// changed or deleted, every closed entry of that employee's week is allocated again, so the
// result never depends on the order of edits. Call it inside the transaction that changed
// the entry; lockEmployee (employees.repository.ts) first so that two writers of one
// employee's entries take turns.
//
// Locked pay periods never change: a reallocation that would rewrite an entry of a locked
// period throws 400 `Pay period locked`, and the caller's transaction rolls back. Every
// writer (admin corrections, clock out) goes through here, so each gets the rule.
//
// "An entry of a locked period" is an entry whose pay_period_id names a locked period. An
// unlinked entry whose clockIn lies inside a locked period is not one: no period's payroll
// (submit, export, the period's totals) counts it, so its figures change no locked figure;
// and it is what a clock in during a locked period writes, so counting it would leave that
// employee unable to ever clock out. (Admin edits of such an entry itself are still refused,
// by the stricter direct check in time-entries.service.ts.)
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/open.ts';
import { allocateWeek, type WorkEntry } from '../../domain/overtime.ts';
import { workweekOf } from '../../domain/workweek.ts';
import { Errors } from '../../core/errors.ts';

export interface AllocationSettings {
  timezone: string;
  overtimeThreshold: number;
  /** The `updated_at` of re-allocated rows: the caller's injected clock; the database's now() when absent. */
  now?: Date;
}

/** Allocates again the workweeks containing each instant (duplicates are fine). Returns how many entries changed. */
export async function reallocateWorkweeks(tx: Db, employeeId: string, instants: Date[], settings: AllocationSettings): Promise<number> {
  const weeks = new Map<number, { start: Date; end: Date }>();
  for (const instant of instants) {
    const week = workweekOf(instant, settings.timezone);
    weeks.set(week.start.getTime(), week);
  }
  let changed = 0;
  for (const week of weeks.values()) changed += await reallocateWeek(tx, employeeId, week, settings.overtimeThreshold, settings.now);
  return changed;
}

interface WeekRow {
  id: string;
  /** Whether the entry's pay period is locked; null for an unlinked entry. */
  period_locked: boolean | null;
  clock_in: Date;
  clock_out: Date | null;
  break_minutes: number;
  worked_seconds: number | null;
  total_hours: string | number | null;
  regular_hours: string | number | null;
  overtime_hours: string | number | null;
}

async function reallocateWeek(
  tx: Db,
  employeeId: string,
  week: { start: Date; end: Date },
  threshold: number,
  now: Date | undefined,
): Promise<number> {
  // Each entry's pay period is read FOR KEY SHARE: locking a period goes through
  // lockPayPeriod's FOR UPDATE, which conflicts with it, so no period of the week can become
  // locked between this check and the commit (and one being locked now is waited for, then
  // read as committed). KEY SHARE is the lock the foreign key of every insert takes anyway, so
  // concurrent writers of one period do not block each other.
  const rows = await queryRows<WeekRow>(
    tx,
    sql`select te.id, te.clock_in, te.clock_out, te.break_minutes, te.worked_seconds,
               te.total_hours, te.regular_hours, te.overtime_hours, p.locked as period_locked
        from time_entries te
        left join lateral (select pp.locked from pay_periods pp where pp.id = te.pay_period_id for key share) p on true
        where te.employee_id = ${employeeId} and te.clock_in >= ${week.start} and te.clock_in <= ${week.end}`,
  );
  const entries: WorkEntry[] = rows.map((row) => ({
    id: row.id,
    clockIn: new Date(row.clock_in),
    clockOut: row.clock_out ? new Date(row.clock_out) : null,
    breakMinutes: row.break_minutes,
  }));
  const current = new Map(rows.map((row) => [row.id, row]));
  // Only rows whose figures move are written: a week of unchanged entries costs no UPDATE.
  const changes = allocateWeek(entries, threshold).filter((allocation) => {
    const row = current.get(allocation.id)!;
    return (
      row.worked_seconds !== allocation.workedSeconds ||
      Number(row.total_hours) !== allocation.totalHours ||
      Number(row.regular_hours) !== allocation.regularHours ||
      Number(row.overtime_hours) !== allocation.overtimeHours ||
      row.total_hours === null
    );
  });
  if (changes.length === 0) return 0;
  if (changes.some((allocation) => current.get(allocation.id)!.period_locked)) {
    throw Errors.payPeriodLocked('The change would alter the hours of an entry in a locked pay period');
  }
  const values = sql.join(
    changes.map((a) => sql`(${a.id}::uuid, ${a.workedSeconds}::int, ${a.totalHours}::numeric, ${a.regularHours}::numeric, ${a.overtimeHours}::numeric)`),
    sql`, `,
  );
  await tx.execute(sql`
    update time_entries as t
    set worked_seconds = v.worked_seconds, total_hours = v.total_hours, regular_hours = v.regular_hours,
        overtime_hours = v.overtime_hours, updated_at = ${now ? sql`${now}::timestamptz` : sql`now()`}
    from (values ${values}) as v(id, worked_seconds, total_hours, regular_hours, overtime_hours)
    where t.id = v.id`);
  return changes.length;
}
