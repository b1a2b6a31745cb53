// Queries of the per-employee timesheet review. A timesheet is one employee's entries in one
// pay period; its state lives in employee_timesheets (no row = NOT_SUBMITTED). Every record is
// read by one statement that aggregates the entries in SQL: counts, hour sums and the flag
// counts, so a review list of a large company never loads its entries.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/open.ts';
import type { PayType, TimesheetStatus } from '../../domain/enums.ts';
import { LONG_SHIFT_SECONDS, OFFLINE_PUNCH_TOLERANCE_SECONDS, type FlagCounts } from '../../domain/timesheet-flags.ts';
import type { OpenEntryRef, TimeEntryWithPeriod } from '../time-entries/time-entries.repository.ts';
import { ENTRY_JSON, toTimeEntry } from '../timesheet/timesheet-records.ts';

/**
 * Aggregates over the entries `te` of one group, the flags' per-entry tests included (their
 * thresholds come from the domain). `now` decides how long an open entry has been open.
 * Shared with the hours report.
 */
export function flagCountColumns(now: Date): SQL {
  const at = now.toISOString();
  return sql`count(*) filter (where te.clock_out is null)::int as open_entries,
    count(*) filter (where (te.clock_out is not null and te.worked_seconds > ${LONG_SHIFT_SECONDS}::int)
                        or (te.clock_out is null and te.clock_in < ${at}::timestamptz - make_interval(secs => ${LONG_SHIFT_SECONDS}::int)))::int as long_shifts,
    count(*) filter (where abs(extract(epoch from (te.clock_in_recorded_at - te.clock_in))) > ${OFFLINE_PUNCH_TOLERANCE_SECONDS}::int
                        or abs(extract(epoch from (te.clock_out_recorded_at - te.clock_out))) > ${OFFLINE_PUNCH_TOLERANCE_SECONDS}::int)::int as offline_punches,
    count(*) filter (where te.edited_at is not null)::int as edited_entries`;
}

export interface FlagCountRow {
  open_entries: number;
  long_shifts: number;
  offline_punches: number;
  edited_entries: number;
}

export const toFlagCounts = (row: FlagCountRow): FlagCounts => ({
  openEntries: Number(row.open_entries),
  longShifts: Number(row.long_shifts),
  offlinePunches: Number(row.offline_punches),
  editedEntries: Number(row.edited_entries),
});

export interface TimesheetRow {
  payPeriod: { id: string; startDate: Date; endDate: Date; status: string; locked: boolean };
  employee: { id: string; firstName: string; lastName: string; employeeNumber: string | null; payType: PayType; payRate: number };
  overtimeMultiplier: number;
  status: TimesheetStatus;
  submittedAt: Date | null;
  decidedAt: Date | null;
  decidedBy: { id: string; firstName: string; lastName: string } | null;
  rejectionReason: string | null;
  hours: { totalHours: number; regularHours: number; overtimeHours: number; entries: number };
  flagCounts: FlagCounts;
}

interface RawRow extends FlagCountRow {
  period_id: string;
  start_date: Date | string;
  end_date: Date | string;
  period_status: string;
  locked: boolean;
  employee_id: string;
  first_name: string;
  last_name: string;
  employee_number: string | null;
  pay_type: PayType;
  pay_rate: string | number;
  overtime_multiplier: string | number;
  status: TimesheetStatus;
  submitted_at: Date | string | null;
  decided_at: Date | string | null;
  decided_by_id: string | null;
  decided_by_first_name: string | null;
  decided_by_last_name: string | null;
  rejection_reason: string | null;
  entries: number;
  total_hours: number;
  regular_hours: number;
  overtime_hours: number;
}

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

function toTimesheetRow(row: RawRow): TimesheetRow {
  return {
    payPeriod: { id: row.period_id, startDate: new Date(row.start_date), endDate: new Date(row.end_date), status: row.period_status, locked: row.locked },
    employee: {
      id: row.employee_id,
      firstName: row.first_name,
      lastName: row.last_name,
      employeeNumber: row.employee_number,
      payType: row.pay_type,
      payRate: Number(row.pay_rate),
    },
    overtimeMultiplier: Number(row.overtime_multiplier),
    status: row.status,
    submittedAt: dateOrNull(row.submitted_at),
    decidedAt: dateOrNull(row.decided_at),
    decidedBy: row.decided_by_id ? { id: row.decided_by_id, firstName: row.decided_by_first_name!, lastName: row.decided_by_last_name! } : null,
    rejectionReason: row.rejection_reason,
    hours: {
      totalHours: Number(row.total_hours),
      regularHours: Number(row.regular_hours),
      overtimeHours: Number(row.overtime_hours),
      entries: Number(row.entries),
    },
    flagCounts: toFlagCounts(row),
  };
}

/** Every (pay period, employee) pair of one company that `where` keeps, with its aggregates. */
function selectTimesheets(now: Date, where: SQL, tail: SQL): SQL {
  return sql`select p.id as period_id, p.start_date, p.end_date, p.status as period_status, p.locked,
          e.id as employee_id, e.first_name, e.last_name, e.employee_number, e.pay_type, e.pay_rate::text as pay_rate,
          o.overtime_multiplier::text as overtime_multiplier,
          coalesce(ts.status, 'NOT_SUBMITTED') as status, ts.submitted_at, ts.decided_at, ts.rejection_reason,
          a.id as decided_by_id, a.first_name as decided_by_first_name, a.last_name as decided_by_last_name,
          agg.*
        from pay_periods p
        join companies c on c.id = p.company_id
        join bookkeeper_orgs o on o.id = c.bookkeeper_org_id
        join employees e on e.company_id = p.company_id
        left join employee_timesheets ts on ts.pay_period_id = p.id and ts.employee_id = e.id
        left join admin_users a on a.id = ts.decided_by
        cross join lateral (
          select count(*)::int as entries,
                 coalesce(sum(te.total_hours), 0)::float8 as total_hours,
                 coalesce(sum(te.regular_hours), 0)::float8 as regular_hours,
                 coalesce(sum(te.overtime_hours), 0)::float8 as overtime_hours,
                 ${flagCountColumns(now)}
          from time_entries te where te.pay_period_id = p.id and te.employee_id = e.id
        ) agg
        where ${where}
        ${tail}`;
}

/** The review list of a pay period: employees who are active or have entries in it, by name. */
export async function listPeriodTimesheets(db: Db, payPeriodId: string, now: Date): Promise<TimesheetRow[]> {
  const rows = await queryRows<RawRow>(
    db,
    selectTimesheets(now, sql`p.id = ${payPeriodId}::uuid and (e.active or agg.entries > 0)`, sql`order by e.last_name, e.first_name, e.id`),
  );
  return rows.map(toTimesheetRow);
}

export async function findTimesheet(db: Db, payPeriodId: string, employeeId: string, now: Date): Promise<TimesheetRow | null> {
  const rows = await queryRows<RawRow>(db, selectTimesheets(now, sql`p.id = ${payPeriodId}::uuid and e.id = ${employeeId}::uuid`, sql``));
  return rows[0] ? toTimesheetRow(rows[0]) : null;
}

/** The employee's timesheets, one per pay period of its company, newest start first. */
export async function listEmployeeTimesheets(
  db: Db,
  employeeId: string,
  now: Date,
  page: { limit: number; offset: number },
): Promise<{ rows: TimesheetRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    queryRows<RawRow>(db, selectTimesheets(now, sql`e.id = ${employeeId}::uuid`, sql`order by p.start_date desc, p.id limit ${page.limit} offset ${page.offset}`)),
    queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from pay_periods p join employees e on e.company_id = p.company_id where e.id = ${employeeId}::uuid`,
    ),
  ]);
  return { rows: rows.map(toTimesheetRow), total: Number(counted[0]?.total ?? 0) };
}

/** The employee's entries in the period, oldest first, in the shared entry shape. */
export async function listTimesheetEntries(db: Db, payPeriodId: string, employeeId: string): Promise<TimeEntryWithPeriod[]> {
  const rows = await queryRows<{ entry: Record<string, unknown> }>(
    db,
    sql`select ${ENTRY_JSON} as entry from time_entries te left join pay_periods pp on pp.id = te.pay_period_id
        where te.pay_period_id = ${payPeriodId}::uuid and te.employee_id = ${employeeId}::uuid
        order by te.clock_in, te.id`,
  );
  return rows.map((row) => toTimeEntry(row.entry));
}

export interface PeriodOwner {
  id: string;
  companyId: string;
  bookkeeperOrgId: string;
}

export async function findPeriodOwner(db: Db, payPeriodId: string): Promise<PeriodOwner | null> {
  const rows = await queryRows<{ id: string; company_id: string; bookkeeper_org_id: string }>(
    db,
    sql`select p.id, p.company_id, c.bookkeeper_org_id from pay_periods p join companies c on c.id = p.company_id where p.id = ${payPeriodId}::uuid`,
  );
  const row = rows[0];
  return row ? { id: row.id, companyId: row.company_id, bookkeeperOrgId: row.bookkeeper_org_id } : null;
}

export async function findEmployeeCompany(db: Db, employeeId: string): Promise<string | null> {
  const rows = await queryRows<{ company_id: string }>(db, sql`select company_id from employees where id = ${employeeId}::uuid`);
  return rows[0]?.company_id ?? null;
}

/** The state an audit row shows before and after a change. */
export interface TimesheetState {
  id: string;
  status: TimesheetStatus;
  submittedAt: Date | null;
  decidedAt: Date | null;
  decidedBy: string | null;
  rejectionReason: string | null;
}

export interface LockedTimesheet {
  periodLocked: boolean;
  state: TimesheetState;
  entries: number;
  openEntries: OpenEntryRef[];
}

interface StateRow {
  id: string;
  status: TimesheetStatus;
  submitted_at: Date | string | null;
  decided_at: Date | string | null;
  decided_by: string | null;
  rejection_reason: string | null;
}

const toState = (row: StateRow): TimesheetState => ({
  id: row.id,
  status: row.status,
  submittedAt: dateOrNull(row.submitted_at),
  decidedAt: dateOrNull(row.decided_at),
  decidedBy: row.decided_by,
  rejectionReason: row.rejection_reason,
});

const STATE_COLUMNS = sql`id, status, submitted_at, decided_at, decided_by, rejection_reason`;

async function ensureTimesheetRow(tx: Db, payPeriodId: string, employeeId: string): Promise<void> {
  await tx.execute(
    sql`insert into employee_timesheets (pay_period_id, employee_id) values (${payPeriodId}::uuid, ${employeeId}::uuid)
        on conflict (pay_period_id, employee_id) do nothing`,
  );
}

/**
 * Takes the locks a submit or decision needs, in the order every writer of an employee's
 * entries takes them (employee, then pay period, then the timesheet row), and reads what
 * the rules look at. Racing changes of one timesheet wait here, and each then sees the state
 * the previous one committed. The timesheet row is created NOT_SUBMITTED when missing; a
 * refusal rolls that back with everything else.
 */
export async function lockTimesheet(tx: Db, payPeriodId: string, employeeId: string): Promise<LockedTimesheet> {
  await tx.execute(sql`select 1 from employees where id = ${employeeId}::uuid for update`);
  const [period] = await queryRows<{ locked: boolean }>(tx, sql`select locked from pay_periods where id = ${payPeriodId}::uuid for share`);
  await ensureTimesheetRow(tx, payPeriodId, employeeId);
  const [state] = await queryRows<StateRow>(
    tx,
    sql`select ${STATE_COLUMNS} from employee_timesheets
        where pay_period_id = ${payPeriodId}::uuid and employee_id = ${employeeId}::uuid for update`,
  );
  const entries = await queryRows<{ id: string; clock_in: Date | string; clock_out: Date | string | null }>(
    tx,
    sql`select id, clock_in, clock_out from time_entries
        where pay_period_id = ${payPeriodId}::uuid and employee_id = ${employeeId}::uuid order by clock_in, id`,
  );
  return {
    periodLocked: period?.locked ?? false,
    state: toState(state!),
    entries: entries.length,
    openEntries: entries.filter((e) => e.clock_out === null).map((e) => ({ id: e.id, clockIn: new Date(e.clock_in) })),
  };
}

export type TimesheetChange =
  | { to: 'SUBMITTED'; at: Date }
  | { to: 'APPROVED'; at: Date; adminId: string }
  | { to: 'REJECTED'; at: Date; adminId: string; reason: string };

/**
 * Writes the new state of an existing timesheet row (lockTimesheet made it) and brings the employee's entries of the period in step: APPROVED on
 * an approval, PENDING on a rejection; a submit leaves them as they are.
 */
export async function applyTimesheetChange(tx: Db, payPeriodId: string, employeeId: string, change: TimesheetChange): Promise<TimesheetState> {
  const at = change.at.toISOString();
  const set =
    change.to === 'SUBMITTED'
      ? sql`status = 'SUBMITTED', submitted_at = ${at}::timestamptz, rejection_reason = null`
      : change.to === 'APPROVED'
        ? sql`status = 'APPROVED', decided_at = ${at}::timestamptz, decided_by = ${change.adminId}::uuid, rejection_reason = null`
        : sql`status = 'REJECTED', decided_at = ${at}::timestamptz, decided_by = ${change.adminId}::uuid, rejection_reason = ${change.reason}`;
  const [row] = await queryRows<StateRow>(
    tx,
    sql`update employee_timesheets set ${set}, updated_at = ${at}::timestamptz
        where pay_period_id = ${payPeriodId}::uuid and employee_id = ${employeeId}::uuid
        returning ${STATE_COLUMNS}`,
  );
  if (change.to !== 'SUBMITTED') {
    const approved = change.to === 'APPROVED';
    await tx.execute(
      sql`update time_entries set status = ${approved ? 'APPROVED' : 'PENDING'}, approved = ${approved}, updated_at = ${at}::timestamptz
          where pay_period_id = ${payPeriodId}::uuid and employee_id = ${employeeId}::uuid and approved <> ${approved}`,
    );
  }
  return toState(row!);
}

/**
 * The company-wide submit (POST /employee/timesheet/submit) marks the employee's own timesheet SUBMITTED too, whatever it
 * was. Returns the state before and after (the caller holds the period's row lock, which
 * every decision also takes, so nothing changes the row between the two).
 */
export async function markSubmitted(tx: Db, payPeriodId: string, employeeId: string, at: Date): Promise<{ before: TimesheetState | null; after: TimesheetState }> {
  const [before] = await queryRows<StateRow>(
    tx,
    sql`select ${STATE_COLUMNS} from employee_timesheets where pay_period_id = ${payPeriodId}::uuid and employee_id = ${employeeId}::uuid`,
  );
  await ensureTimesheetRow(tx, payPeriodId, employeeId);
  const after = await applyTimesheetChange(tx, payPeriodId, employeeId, { to: 'SUBMITTED', at });
  return { before: before ? toState(before) : null, after };
}
