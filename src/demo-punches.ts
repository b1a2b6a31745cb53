// Two weeks of punches for the demo employees of seed-demo, so that a fresh install has a
// timesheet review and an hours report worth looking at: weekday shifts in the two workweeks
// before the current one, with one week of overtime, one long shift, one offline punch and
// one entry still open. Weekly pay periods cover those weeks and the current one. Running it
// again adds nothing: an employee who has entries is left alone.
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { queryRows, type Db } from './db/open.ts';
import { workweekOf } from './domain/workweek.ts';
import { lockEmployee } from './modules/employees/employees.repository.ts';
import { reallocateWorkweeks } from './modules/time-entries/allocation.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

export interface DemoShift {
  clockIn: Date;
  /** null: still open. */
  clockOut: Date | null;
  breakMinutes: number;
  /** When the clock in reached the server (later than clockIn for the offline punch). */
  clockInRecordedAt: Date;
  jobCode: string;
}

/**
 * The shifts of the demo employee number `index` (0-based across the demo): Monday to Friday
 * from 08:00 local, 8 h worked after a 30-minute break. Employee 0 works 10 h days in the
 * last full week (10 h of overtime), 1 has a 13-hour Wednesday, 2's Thursday clock in arrived
 * 40 minutes late from an offline phone, and 3 clocked in 3 hours before `now` and is still in.
 */
export function demoShifts(index: number, now: Date, timezone: string): DemoShift[] {
  const currentWeek = workweekOf(now, timezone).start;
  const shifts: DemoShift[] = [];
  for (const weeksBack of [2, 1]) {
    const sunday = DateTime.fromJSDate(new Date(currentWeek.getTime() - weeksBack * 7 * DAY + 12 * HOUR), { zone: timezone }).startOf('day');
    for (let weekday = 1; weekday <= 5; weekday++) {
      const clockIn = sunday.plus({ days: weekday }).set({ hour: 8 }).toJSDate();
      let worked = 8;
      if (index === 0 && weeksBack === 1) worked = 10;
      if (index === 1 && weeksBack === 2 && weekday === 3) worked = 13;
      const offline = index === 2 && weeksBack === 1 && weekday === 4;
      shifts.push({
        clockIn,
        clockOut: new Date(clockIn.getTime() + worked * HOUR + 30 * 60_000),
        breakMinutes: 30,
        clockInRecordedAt: offline ? new Date(clockIn.getTime() + 40 * 60_000) : clockIn,
        jobCode: weekday % 2 === 0 ? 'SERVICE' : 'INSTALL',
      });
    }
  }
  if (index === 3) {
    const clockIn = new Date(now.getTime() - 3 * HOUR);
    shifts.push({ clockIn, clockOut: null, breakMinutes: 0, clockInRecordedAt: clockIn, jobCode: 'SERVICE' });
  }
  return shifts;
}

/** Weekly pay periods of the company for the two weeks before `now`'s and `now`'s own, where none overlaps. */
export async function seedDemoPayPeriods(db: Db, companyId: string, now: Date, timezone: string): Promise<void> {
  const currentWeek = workweekOf(now, timezone);
  for (const weeksBack of [2, 1, 0]) {
    const week = workweekOf(new Date(currentWeek.start.getTime() - weeksBack * 7 * DAY + 12 * HOUR), timezone);
    await db.execute(
      sql`insert into pay_periods (company_id, period_type, start_date, end_date)
          select ${companyId}::uuid, 'WEEKLY', ${week.start.toISOString()}::timestamptz, ${week.end.toISOString()}::timestamptz
          where not exists (select 1 from pay_periods where company_id = ${companyId}::uuid
                            and start_date <= ${week.end.toISOString()}::timestamptz and end_date >= ${week.start.toISOString()}::timestamptz)`,
    );
  }
}

/** Writes the employee's demo shifts, linked to the periods covering them, and allocates their weeks. */
export async function seedDemoPunches(db: Db, employee: { id: string; companyId: string }, index: number, now: Date, settings: { timezone: string; overtimeThreshold: number }): Promise<number> {
  return db.transaction(async (tx) => {
    await lockEmployee(tx, employee.id);
    const [existing] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from time_entries where employee_id = ${employee.id}::uuid`);
    if (Number(existing?.n) > 0) return 0;
    const shifts = demoShifts(index, now, settings.timezone);
    for (const shift of shifts) {
      const at = shift.clockIn.toISOString();
      const out = shift.clockOut?.toISOString() ?? null;
      await tx.execute(
        sql`insert into time_entries (employee_id, company_id, pay_period_id, clock_in, clock_out, break_minutes,
                                      clock_in_recorded_at, clock_out_recorded_at, job_code, clock_in_device)
            values (${employee.id}::uuid, ${employee.companyId}::uuid,
                    (select id from pay_periods where company_id = ${employee.companyId}::uuid and not locked
                       and start_date <= ${at}::timestamptz and end_date >= ${at}::timestamptz limit 1),
                    ${at}::timestamptz, ${out}::timestamptz, ${shift.breakMinutes},
                    ${shift.clockInRecordedAt.toISOString()}::timestamptz, ${out}::timestamptz, ${shift.jobCode}, 'demo')`,
      );
    }
    await reallocateWorkweeks(tx, employee.id, shifts.map((s) => s.clockIn), { ...settings, now });
    return shifts.length;
  });
}
