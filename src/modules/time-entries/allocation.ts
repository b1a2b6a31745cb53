// Reallocating a workweek (CONTRACT §4): whenever an entry of a week is created, closed,
// changed or deleted, every closed entry of that employee's week is allocated again, so the
// result never depends on the order of edits. Call it inside the transaction that changed
// the entry; lockEmployee first so that two writers of one employee's entries take turns.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/open.ts';
import { allocateWeek, type WorkEntry } from '../../domain/overtime.ts';
import { workweekOf } from '../../domain/workweek.ts';

export interface AllocationSettings {
  timezone: string;
  overtimeThreshold: number;
  /** The `updated_at` of re-allocated rows: the caller's injected clock; the database's now() when absent. */
  now?: Date;
}

/**
 * Serializes writers of one employee's time entries for the rest of the transaction (a row
 * lock on the employee), so that two concurrent edits cannot allocate a week from stale rows.
 */
export async function lockEmployee(tx: Db, employeeId: string): Promise<void> {
  await tx.execute(sql`select 1 from employees where id = ${employeeId} for update`);
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
  const rows = await queryRows<WeekRow>(
    tx,
    sql`select id, clock_in, clock_out, break_minutes, worked_seconds, total_hours, regular_hours, overtime_hours
        from time_entries
        where employee_id = ${employeeId} and clock_in >= ${week.start} and clock_in <= ${week.end}`,
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
