// Reading the employee's timesheet: everything it shows in one statement.
import { sql } from 'drizzle-orm';
import { queryPreparedRows, type Db } from '../../db/open.ts';
import type { PayType, PeriodType } from '../../domain/enums.ts';
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
 * Everything the timesheet shows, in one statement, prepared once per connection (one name per
 * statement text: with and without the pay-period filter); planning it on every request cost
 * more than running it (BENCHMARKS.md).
 */
export async function readTimesheet(db: Db, q: TimesheetQuery): Promise<TimesheetRows | null> {
  const now = q.now.toISOString();
  const periodFilter = q.payPeriodId ? sql`and te.pay_period_id = ${q.payPeriodId}::uuid` : sql``;
  const rows = await queryPreparedRows<{ employee: Json; company: Json; entries: Json[]; current_period: Json | null; open_entry: Json | null }>(
    db,
    q.payPeriodId ? 'payclock_timesheet_period' : 'payclock_timesheet_week',
    sql`select
          json_build_object('id', e.id, 'firstName', e.first_name, 'lastName', e.last_name, 'employeeNumber', e.employee_number,
                            'jobTitle', e.job_title, 'payRate', e.pay_rate, 'payType', e.pay_type) as employee,
          json_build_object('id', c.id, 'name', c.name, 'payPeriodType', c.pay_period_type,
                            'bookkeeperOrg', json_build_object('overtimeThreshold', o.overtime_threshold,
                                                               'overtimeMultiplier', o.overtime_multiplier, 'timezone', o.timezone)) as company,
          coalesce((select json_agg(${ENTRY_JSON} order by te.clock_in desc, te.id desc)
                    from time_entries te left join pay_periods pp on pp.id = te.pay_period_id
                    where te.employee_id = e.id and te.clock_in >= ${q.start.toISOString()}::timestamptz
                      and te.clock_in <= ${q.end.toISOString()}::timestamptz ${periodFilter}), '[]'::json) as entries,
          (select ${PERIOD_JSON} from pay_periods p
           where p.company_id = c.id and p.start_date <= ${now}::timestamptz and p.end_date >= ${now}::timestamptz
           order by p.start_date desc limit 1) as current_period,
          (select json_build_object('id', te.id, 'clockIn', te.clock_in) from time_entries te
           where te.employee_id = e.id and te.clock_out is null limit 1) as open_entry
        from employees e
        join companies c on c.id = e.company_id
        join bookkeeper_orgs o on o.id = c.bookkeeper_org_id
        where e.id = ${q.employeeId}::uuid and e.company_id = ${q.companyId}::uuid`,
  );
  const row = rows[0];
  if (!row) return null;
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
