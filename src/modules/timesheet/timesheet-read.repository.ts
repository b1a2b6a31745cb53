// Reading the employee's timesheet: everything it shows in one statement, with or without the
// caller check folded in.
import { sql, type SQL } from 'drizzle-orm';
import type { EmployeeActorRow } from '../../core/actors.ts';
import type { EmployeeCredential } from '../../core/employee-caller.ts';
import { queryPreparedRows, type Db } from '../../db/open.ts';
import type { PayType, PeriodType } from '../../domain/enums.ts';
import { employeeActorSelect } from '../auth/actor.repository.ts';
import type { PayPeriodRow } from '../pay-periods/pay-periods.repository.ts';
import type { OpenEntryRef, TimeEntryWithPeriod } from '../time-entries/time-entries.repository.ts';
import { date, ENTRY_JSON, PERIOD_JSON, toPayPeriod, toTimeEntry, type Json } from './timesheet-records.ts';

const toOpenEntry = (json: Json | null): OpenEntryRef | null => (json ? { id: json.id as string, clockIn: date(json.clockIn) } : null);

export interface PeriodRef {
  id: string;
  companyId: string;
  startDate: Date;
  endDate: Date;
}

export async function findPeriodRef(db: Db, payPeriodId: string): Promise<PeriodRef | null> {
  const rows = await queryPreparedRows<{ id: string; company_id: string; start_date: Date | string; end_date: Date | string }>(
    db,
    'payclock_period_ref',
    sql`select id, company_id, start_date, end_date from pay_periods where id = ${payPeriodId}::uuid`,
  );
  const row = rows[0];
  return row ? { id: row.id, companyId: row.company_id, startDate: new Date(row.start_date), endDate: new Date(row.end_date) } : null;
}

export interface TimesheetQuery {
  employeeId: string;
  companyId: string;
  start: Date;
  end: Date;
  payPeriodId: string | null;
  now: Date;
}

export interface TimesheetRows {
  employee: {
    id: string;
    firstName: string;
    lastName: string;
    employeeNumber: string | null;
    jobTitle: string | null;
    payRate: number;
    payType: PayType;
  };
  company: {
    id: string;
    name: string;
    payPeriodType: PeriodType;
    bookkeeperOrg: { overtimeThreshold: number; overtimeMultiplier: number; timezone: string };
  };
  timeEntries: TimeEntryWithPeriod[];
  currentPayPeriod: PayPeriodRow | null;
  openTimeEntry: OpenEntryRef | null;
}

/**
 * SQL: everything the timesheet shows of `employee` in `company` between `start` and `end` (each
 * a value or a column of the statement it is part of), one row of JSON columns.
 */
function timesheetSelect(employee: SQL, company: SQL, start: SQL, end: SQL, periodFilter: SQL, now: string): SQL {
  return sql`select
          json_build_object('id', e.id, 'firstName', e.first_name, 'lastName', e.last_name, 'employeeNumber', e.employee_number,
                            'jobTitle', e.job_title, 'payRate', e.pay_rate, 'payType', e.pay_type) as employee,
          json_build_object('id', c.id, 'name', c.name, 'payPeriodType', c.pay_period_type,
                            'bookkeeperOrg', json_build_object('overtimeThreshold', o.overtime_threshold,
                                                               'overtimeMultiplier', o.overtime_multiplier, 'timezone', o.timezone)) as company,
          coalesce((select json_agg(${ENTRY_JSON} order by te.clock_in desc, te.id desc)
                    from time_entries te left join pay_periods pp on pp.id = te.pay_period_id
                    where te.employee_id = e.id and te.clock_in >= ${start} and te.clock_in <= ${end} ${periodFilter}), '[]'::json) as entries,
          (select ${PERIOD_JSON} from pay_periods p
           where p.company_id = c.id and p.start_date <= ${now}::timestamptz and p.end_date >= ${now}::timestamptz
           order by p.start_date desc limit 1) as current_period,
          (select json_build_object('id', te.id, 'clockIn', te.clock_in) from time_entries te
           where te.employee_id = e.id and te.clock_out is null limit 1) as open_entry
        from employees e
        join companies c on c.id = e.company_id
        join bookkeeper_orgs o on o.id = c.bookkeeper_org_id
        where e.id = ${employee} and e.company_id = ${company}`;
}

type TimesheetJson = { employee: Json; company: Json; entries: Json[]; current_period: Json | null; open_entry: Json | null };

function toTimesheetRows(row: TimesheetJson): TimesheetRows {
  const org = (row.company.bookkeeperOrg ?? {}) as Json;
  return {
    employee: { ...(row.employee as unknown as TimesheetRows['employee']), payRate: Number(row.employee.payRate) },
    company: {
      ...(row.company as unknown as TimesheetRows['company']),
      bookkeeperOrg: {
        overtimeThreshold: Number(org.overtimeThreshold),
        overtimeMultiplier: Number(org.overtimeMultiplier),
        timezone: org.timezone as string,
      },
    },
    timeEntries: row.entries.map(toTimeEntry),
    currentPayPeriod: row.current_period ? toPayPeriod(row.current_period) : null,
    openTimeEntry: toOpenEntry(row.open_entry),
  };
}

/**
 * Everything the timesheet shows, in one statement, prepared once per connection (one name per
 * statement text: with and without the pay-period filter); planning it on every request cost
 * more than running it (BENCHMARKS.md). For a caller already checked, and bounds already known.
 */
export async function readTimesheet(db: Db, q: TimesheetQuery): Promise<TimesheetRows | null> {
  const periodFilter = q.payPeriodId ? sql`and te.pay_period_id = ${q.payPeriodId}::uuid` : sql``;
  const rows = await queryPreparedRows<TimesheetJson>(
    db,
    q.payPeriodId ? 'payclock_timesheet_period' : 'payclock_timesheet_week',
    timesheetSelect(sql`${q.employeeId}::uuid`, sql`${q.companyId}::uuid`, sql`${q.start.toISOString()}::timestamptz`, sql`${q.end.toISOString()}::timestamptz`, periodFilter, q.now.toISOString()),
  );
  const row = rows[0];
  return row ? toTimesheetRows(row) : null;
}

export interface CallerTimesheetQuery {
  /** The employee token's caller, not yet checked: the statement checks it. */
  credential: EmployeeCredential;
  /** The pay period to read (a UUID), or null for the current workweek. */
  payPeriodId: string | null;
  now: Date;
}

export interface CallerTimesheet {
  /** The caller's row exactly as the auth guard checks it (core/employee-caller.ts); null when the employee is gone. */
  caller: EmployeeActorRow | null;
  /** The pay period asked for, with its owner; null when none was asked for or it does not exist. */
  period: (PeriodRef & { bookkeeperOrgId: string }) | null;
  /** The range read: the pay period's, or the current workweek as payclock_workweek_start gives it. */
  range: { start: Date; end: Date } | null;
  /** What the timesheet shows, whatever the caller row says; null when the employee is gone. */
  rows: TimesheetRows | null;
}

const fromEpochMs = (value: number | null): Date | null => (value === null ? null : new Date(Number(value)));

/**
 * The caller check, the pay period's owner and everything the timesheet shows, in ONE statement
 * (the guard's own caller query is skipped, docs/architecture.md §3): the range is the pay
 * period's, or the current workweek computed in SQL by payclock_workweek_start, the function
 * the clock out allocates with (pinned against workweekOf by test/timesheet/punch-sql.test.ts).
 * The JSON is built whether or not the caller may act; the service answers from the caller row
 * first, so it never leaves the server for a refused caller.
 */
export async function readCallerTimesheet(db: Db, q: CallerTimesheetQuery): Promise<CallerTimesheet> {
  const now = q.now.toISOString();
  // Bounds truncated to milliseconds, as a JavaScript Date holds them (readTimesheet's bounds).
  const range = q.payPeriodId
    ? sql`select p.id as period_id, p.company_id as period_company_id, pc.bookkeeper_org_id as period_org_id,
                 date_trunc('milliseconds', p.start_date) as range_start, date_trunc('milliseconds', p.end_date) as range_end
          from pay_periods p join companies pc on pc.id = p.company_id where p.id = ${q.payPeriodId}::uuid`
    : sql`select null::uuid as period_id, null::uuid as period_company_id, null::uuid as period_org_id, w.start as range_start,
                 payclock_workweek_start(w.start + interval '8 days', caller.timezone) - interval '1 millisecond' as range_end
          from caller cross join lateral (select payclock_workweek_start(${now}::timestamptz, caller.timezone) as start) w`;
  const periodFilter = q.payPeriodId ? sql`and te.pay_period_id = range.period_id` : sql``;
  const rows = await queryPreparedRows<
    TimesheetJson & { caller: EmployeeActorRow | null; period_id: string | null; period_company_id: string | null; period_org_id: string | null; range_start_ms: number | null; range_end_ms: number | null }
  >(
    db,
    q.payPeriodId ? 'payclock_caller_timesheet_period' : 'payclock_caller_timesheet_week',
    sql`with caller as (${employeeActorSelect(q.credential.userId, q.credential.hash)}),
      range as (${range})
      select (select row_to_json(caller) from caller) as caller, range.period_id, range.period_company_id, range.period_org_id,
             (extract(epoch from range.range_start) * 1000)::float8 as range_start_ms, (extract(epoch from range.range_end) * 1000)::float8 as range_end_ms,
             t.employee, t.company, t.entries, t.current_period, t.open_entry
      from (select 1) one
      left join caller on true
      left join range on true
      left join lateral (${timesheetSelect(sql`caller.id`, sql`caller.company_id`, sql`range.range_start`, sql`range.range_end`, periodFilter, now)}) t on true`,
  );
  const row = rows[0]!;
  const start = fromEpochMs(row.range_start_ms);
  const end = fromEpochMs(row.range_end_ms);
  return {
    caller: row.caller,
    period:
      row.period_id && row.period_company_id && row.period_org_id && start && end
        ? { id: row.period_id, companyId: row.period_company_id, bookkeeperOrgId: row.period_org_id, startDate: start, endDate: end }
        : null,
    range: start && end ? { start, end } : null,
    rows: row.employee ? toTimesheetRows(row) : null,
  };
}
