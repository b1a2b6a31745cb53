// Queries of the employee timesheet. Each use case is designed for few round trips: records
// come back as JSON built in the statement (entry + its pay-period summary in one object), and
// the shapes are turned into typed records (Dates, numbers) in one place, toTimeEntry.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/open.ts';

export interface PayPeriodSummary {
  id: string;
  startDate: Date;
  endDate: Date;
  status: string;
  locked: boolean;
}

export interface TimeEntryRecord {
  id: string;
  employeeId: string;
  companyId: string;
  payPeriodId: string | null;
  clockIn: Date;
  clockOut: Date | null;
  breakMinutes: number;
  totalHours: number | null;
  regularHours: number | null;
  overtimeHours: number | null;
  jobCode: string | null;
  taskCode: string | null;
  notes: string | null;
  clockInIp: string | null;
  clockOutIp: string | null;
  clockInDevice: string | null;
  status: 'PENDING' | 'APPROVED';
  approved: boolean;
  createdAt: Date;
  updatedAt: Date;
  payPeriod: PayPeriodSummary | null;
}

export interface PayPeriodRecord {
  id: string;
  companyId: string;
  periodType: 'WEEKLY' | 'BI_WEEKLY' | 'SEMI_MONTHLY' | 'MONTHLY';
  startDate: Date;
  endDate: Date;
  payDate: Date | null;
  status: 'OPEN' | 'SUBMITTED' | 'APPROVED' | 'PAID' | 'CLOSED';
  locked: boolean;
  exportedBy: string | null;
  exportedAt: Date | null;
  iifFilename: string | null;
  createdAt: Date;
  updatedAt: Date;
  company?: { id: string; name: string };
}

export interface OpenEntryRef {
  id: string;
  clockIn: Date;
}

type Json = Record<string, unknown>;

const date = (value: unknown): Date => new Date(value as string);
const dateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string));
const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

function toPayPeriodSummary(json: Json | null): PayPeriodSummary | null {
  if (!json) return null;
  return { id: json.id as string, startDate: date(json.startDate), endDate: date(json.endDate), status: json.status as string, locked: json.locked as boolean };
}

/** A time entry built by ENTRY_JSON, with Dates and numbers where JSON has strings. */
export function toTimeEntry(json: Json): TimeEntryRecord {
  return {
    ...(json as unknown as TimeEntryRecord),
    clockIn: date(json.clockIn),
    clockOut: dateOrNull(json.clockOut),
    breakMinutes: Number(json.breakMinutes),
    totalHours: numOrNull(json.totalHours),
    regularHours: numOrNull(json.regularHours),
    overtimeHours: numOrNull(json.overtimeHours),
    createdAt: date(json.createdAt),
    updatedAt: date(json.updatedAt),
    payPeriod: toPayPeriodSummary(json.payPeriod as Json | null),
  };
}

export function toPayPeriod(json: Json): PayPeriodRecord {
  return {
    ...(json as unknown as PayPeriodRecord),
    startDate: date(json.startDate),
    endDate: date(json.endDate),
    payDate: dateOrNull(json.payDate),
    exportedAt: dateOrNull(json.exportedAt),
    createdAt: date(json.createdAt),
    updatedAt: date(json.updatedAt),
  };
}

const toOpenEntry = (json: Json | null): OpenEntryRef | null => (json ? { id: json.id as string, clockIn: date(json.clockIn) } : null);

/** The entry `te` with the summary of its pay period `pp` (left-joined), as one JSON object. */
const ENTRY_JSON = sql.raw(`json_build_object(
  'id', te.id, 'employeeId', te.employee_id, 'companyId', te.company_id, 'payPeriodId', te.pay_period_id,
  'clockIn', te.clock_in, 'clockOut', te.clock_out, 'breakMinutes', te.break_minutes,
  'totalHours', te.total_hours, 'regularHours', te.regular_hours, 'overtimeHours', te.overtime_hours,
  'jobCode', te.job_code, 'taskCode', te.task_code, 'notes', te.notes,
  'clockInIp', te.clock_in_ip, 'clockOutIp', te.clock_out_ip, 'clockInDevice', te.clock_in_device,
  'status', te.status, 'approved', te.approved, 'createdAt', te.created_at, 'updatedAt', te.updated_at,
  'payPeriod', case when pp.id is null then null else json_build_object(
    'id', pp.id, 'startDate', pp.start_date, 'endDate', pp.end_date, 'status', pp.status, 'locked', pp.locked) end)`);

/** The pay period `p` as one JSON object (without its company). */
const PERIOD_JSON = sql.raw(`json_build_object(
  'id', p.id, 'companyId', p.company_id, 'periodType', p.period_type, 'startDate', p.start_date, 'endDate', p.end_date,
  'payDate', p.pay_date, 'status', p.status, 'locked', p.locked, 'exportedBy', p.exported_by, 'exportedAt', p.exported_at,
  'iifFilename', p.iif_filename, 'createdAt', p.created_at, 'updatedAt', p.updated_at)`);

export interface ClockInValues {
  employeeId: string;
  companyId: string;
  now: Date;
  jobCode: string | null;
  taskCode: string | null;
  notes: string | null;
  clockInIp: string | null;
  clockInDevice: string | null;
}

/**
 * Clock in as ONE statement: the pay period is the company's unlocked one covering now, and
 * the partial unique index time_entries_one_open_per_employee decides a concurrent second
 * clock in (CONTRACT §6): nothing comes back when the employee already has an open entry.
 */
export async function insertOpenEntry(db: Db, v: ClockInValues): Promise<TimeEntryRecord | null> {
  const now = v.now.toISOString();
  const rows = await queryRows<{ entry: Json }>(
    db,
    sql`with period as (
          select id from pay_periods
          where company_id = ${v.companyId}::uuid and locked = false
            and start_date <= ${now}::timestamptz and end_date >= ${now}::timestamptz
          order by start_date desc limit 1
        ), te as (
          insert into time_entries (employee_id, company_id, pay_period_id, clock_in, job_code, task_code, notes, clock_in_ip, clock_in_device)
          values (${v.employeeId}::uuid, ${v.companyId}::uuid, (select id from period), ${now}::timestamptz,
                  ${v.jobCode}, ${v.taskCode}, ${v.notes}, ${v.clockInIp}, ${v.clockInDevice})
          on conflict (employee_id) where clock_out is null do nothing
          returning *
        )
        select ${ENTRY_JSON} as entry from te left join pay_periods pp on pp.id = te.pay_period_id`,
  );
  return rows[0] ? toTimeEntry(rows[0].entry) : null;
}

export async function findOpenEntry(db: Db, employeeId: string): Promise<OpenEntryRef | null> {
  const rows = await queryRows<{ id: string; clock_in: Date | string }>(
    db,
    sql`select id, clock_in from time_entries where employee_id = ${employeeId}::uuid and clock_out is null`,
  );
  return rows[0] ? { id: rows[0].id, clockIn: new Date(rows[0].clock_in) } : null;
}

export interface ClockOutValues {
  employeeId: string;
  now: Date;
  /** null keeps the entry's break. */
  breakMinutes: number | null;
  /** null keeps the entry's notes (SPEC.md: omitted keeps the existing notes). */
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
 * the same statement (the lock lockEmployee takes, allocation.ts), so clock out and admin
 * corrections of one employee take turns in the same order and cannot deadlock.
 */
export async function closeOpenEntry(tx: Db, v: ClockOutValues): Promise<ClosedEntryRef | null> {
  const rows = await queryRows<{ id: string; clock_in: Date | string; clock_out: Date | string; break_minutes: number }>(
    tx,
    sql`with locked as materialized (select id from employees where id = ${v.employeeId}::uuid for update)
        update time_entries te
        set clock_out = ${v.now.toISOString()}::timestamptz,
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

export async function findTimeEntry(db: Db, id: string): Promise<TimeEntryRecord | null> {
  const rows = await queryRows<{ entry: Json }>(
    db,
    sql`select ${ENTRY_JSON} as entry from time_entries te left join pay_periods pp on pp.id = te.pay_period_id where te.id = ${id}::uuid`,
  );
  return rows[0] ? toTimeEntry(rows[0].entry) : null;
}

export interface PeriodForSubmit {
  id: string;
  companyId: string;
  locked: boolean;
  status: PayPeriodRecord['status'];
  entries: Array<{ id: string; clockIn: Date; clockOut: Date | null }>;
}

/**
 * The pay period, locked FOR UPDATE so that concurrent submits of one period take turns (the
 * second then sees SUBMITTED), with the employee's entries in it: one round trip.
 */
export async function lockPeriodForSubmit(tx: Db, payPeriodId: string, employeeId: string): Promise<PeriodForSubmit | null> {
  const rows = await queryRows<{ id: string; company_id: string; locked: boolean; status: PayPeriodRecord['status']; entries: Json[] }>(
    tx,
    sql`select p.id, p.company_id, p.locked, p.status,
               coalesce((select json_agg(json_build_object('id', te.id, 'clockIn', te.clock_in, 'clockOut', te.clock_out) order by te.clock_in)
                         from time_entries te where te.pay_period_id = p.id and te.employee_id = ${employeeId}::uuid), '[]'::json) as entries
        from pay_periods p where p.id = ${payPeriodId}::uuid
        for update of p`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    companyId: row.company_id,
    locked: row.locked,
    status: row.status,
    entries: row.entries.map((e) => ({ id: e.id as string, clockIn: date(e.clockIn), clockOut: dateOrNull(e.clockOut) })),
  };
}

export interface SubmitResult {
  payPeriod: PayPeriodRecord;
  approvedCount: number;
  timeEntriesCount: number;
  totals: { totalHours: number; regularHours: number; overtimeHours: number };
}

/**
 * The employee's PENDING entries of the period become APPROVED (approved = true, CONTRACT §3)
 * and the period SUBMITTED, in one statement that also returns the counts and the totals.
 */
export async function submitPeriod(tx: Db, payPeriodId: string, employeeId: string): Promise<SubmitResult> {
  const rows = await queryRows<{ period: Json; approved_count: number; entries_count: number; total: number; regular: number; overtime: number }>(
    tx,
    sql`with approved as (
          update time_entries set status = 'APPROVED', approved = true, updated_at = now()
          where pay_period_id = ${payPeriodId}::uuid and employee_id = ${employeeId}::uuid and status = 'PENDING'
          returning id
        ), p as (
          update pay_periods set status = 'SUBMITTED', updated_at = now() where id = ${payPeriodId}::uuid returning *
        ), sums as (
          select count(*)::int as entries_count,
                 coalesce(sum(total_hours), 0)::float8 as total,
                 coalesce(sum(regular_hours), 0)::float8 as regular,
                 coalesce(sum(overtime_hours), 0)::float8 as overtime
          from time_entries where pay_period_id = ${payPeriodId}::uuid and employee_id = ${employeeId}::uuid
        )
        select ${PERIOD_JSON}::jsonb || jsonb_build_object('company', jsonb_build_object('id', c.id, 'name', c.name)) as period,
               (select count(*)::int from approved) as approved_count, sums.*
        from p join companies c on c.id = p.company_id, sums`,
  );
  const row = rows[0]!;
  return {
    payPeriod: toPayPeriod(row.period),
    approvedCount: Number(row.approved_count),
    timeEntriesCount: Number(row.entries_count),
    totals: { totalHours: Number(row.total), regularHours: Number(row.regular), overtimeHours: Number(row.overtime) },
  };
}

export interface PeriodRef {
  id: string;
  companyId: string;
  startDate: Date;
  endDate: Date;
}

export async function findPeriodRef(db: Db, payPeriodId: string): Promise<PeriodRef | null> {
  const rows = await queryRows<{ id: string; company_id: string; start_date: Date | string; end_date: Date | string }>(
    db,
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
    payType: 'HOURLY' | 'SALARY';
  };
  company: {
    id: string;
    name: string;
    payPeriodType: 'WEEKLY' | 'BI_WEEKLY' | 'SEMI_MONTHLY' | 'MONTHLY';
    bookkeeperOrg: { overtimeThreshold: number; overtimeMultiplier: number; timezone: string };
  };
  timeEntries: TimeEntryRecord[];
  currentPayPeriod: PayPeriodRecord | null;
  openTimeEntry: OpenEntryRef | null;
}

/** Everything the timesheet shows, in one statement. */
export async function readTimesheet(db: Db, q: TimesheetQuery): Promise<TimesheetRows | null> {
  const now = q.now.toISOString();
  const periodFilter = q.payPeriodId ? sql`and te.pay_period_id = ${q.payPeriodId}::uuid` : sql``;
  const rows = await queryRows<{ employee: Json; company: Json; entries: Json[]; current_period: Json | null; open_entry: Json | null }>(
    db,
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
