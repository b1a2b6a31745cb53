// Reading the employee's timesheet: the answer's JSON, built by the database in one statement,
// with or without the caller check folded in.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { EmployeeActorRow } from '../../core/actors.ts';
import type { EmployeeCredential } from '../../core/employee-caller.ts';
import { isoUtc, numberOf } from '../../db/answer-sql.ts';
import type { Db } from '../../db/open.ts';
import { namedStatement } from '../../db/named-statement.ts';
import { employeeActorSelect } from '../auth/actor.repository.ts';
import { ENTRY_ANSWER_JSON_TEXT, PERIOD_ANSWER_JSON_TEXT } from './timesheet-records.ts';

export interface PeriodRef {
  id: string;
  companyId: string;
  startDate: Date;
  endDate: Date;
}

const PERIOD_REF = namedStatement<{ payPeriodId: string }, { id: string; company_id: string; start_date: Date | string; end_date: Date | string }>(
  'payclock_period_ref',
  (v) => sql`select id, company_id, start_date, end_date from pay_periods where id = ${v.payPeriodId}::uuid`,
);

export async function findPeriodRef(db: Db, payPeriodId: string): Promise<PeriodRef | null> {
  const row = (await PERIOD_REF.rows(db, { payPeriodId }))[0];
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

/**
 * The timesheet's whole `data` as JSON text, in the key order of the route's `Timesheet` response
 * schema: of the employee `e` in company `c` of organization `o`, its `entries` (below) between
 * `range.range_start` and `range.range_end`, the company's pay period covering now
 * (`current_period`), its open entry (`open_entry`) and the range. Totals are sums of the stored
 * 2-decimal values, open entries counting 0 (docs/time-rules.md §10). One raw fragment, made once.
 */
const TIMESHEET_DATA_JSON = sql.raw(`json_build_object(
  'employee', json_build_object('id', e.id, 'firstName', e.first_name, 'lastName', e.last_name, 'employeeNumber', e.employee_number,
                                'jobTitle', e.job_title, 'payRate', ${numberOf('e.pay_rate')}, 'payType', e.pay_type),
  'company', json_build_object('id', c.id, 'name', c.name, 'payPeriodType', c.pay_period_type,
                               'bookkeeperOrg', json_build_object('overtimeThreshold', ${numberOf('o.overtime_threshold')},
                                                                  'overtimeMultiplier', ${numberOf('o.overtime_multiplier')}, 'timezone', o.timezone)),
  'timeEntries', coalesce(entries.list, '[]'::json),
  'currentPayPeriod', current_period.json,
  'totals', json_build_object('totalHours', ${numberOf('coalesce(entries.total_hours, 0)')}, 'regularHours', ${numberOf('coalesce(entries.regular_hours, 0)')},
                              'overtimeHours', ${numberOf('coalesce(entries.overtime_hours, 0)')},
                              'pendingEntries', entries.pending, 'approvedEntries', entries.approved),
  'clockStatus', json_build_object('isClockedIn', open_entry.id is not null,
                                   'openTimeEntry', case when open_entry.id is null then null
                                                    else json_build_object('id', open_entry.id, 'clockIn', ${isoUtc('open_entry.clock_in')}) end),
  'dateRange', json_build_object('startDate', ${isoUtc('range.range_start')}, 'endDate', ${isoUtc('range.range_end')})
)::text`);

/** The employee `e`'s entries in the range as the answer prints them, newest first, and their sums; add the period's filter. */
const RANGE_ENTRIES = sql.raw(`select json_agg(${ENTRY_ANSWER_JSON_TEXT} order by te.clock_in desc, te.id desc) as list,
         sum(te.total_hours) as total_hours, sum(te.regular_hours) as regular_hours, sum(te.overtime_hours) as overtime_hours,
         count(*) filter (where te.status = 'PENDING') as pending, count(*) filter (where te.approved) as approved
  from time_entries te left join pay_periods pp on pp.id = te.pay_period_id
  where te.employee_id = e.id and te.clock_in >= range.range_start and te.clock_in <= range.range_end`);

/** Only the pay period's entries (RANGE_ENTRIES). */
const PERIOD_FILTER = sql.raw('and te.pay_period_id = range.period_id');
const CURRENT_PERIOD_JSON = sql.raw(PERIOD_ANSWER_JSON_TEXT);

/**
 * SQL: the timesheet's `data` (TIMESHEET_DATA_JSON) of `employee` in `company`, over the relation
 * `range` (range_start, range_end, period_id) of the statement it is part of, with only the pay
 * period's entries when `byPeriod`. One row, `data`, or none when the employee is not in the
 * company. Node.js sends the text as it is (src/http/prebuilt-json.ts): parsing the entries,
 * turning them into records and serializing them again cost Node.js more CPU than sending the
 * text (BENCHMARKS.md, "The timesheet built by the database").
 */
function timesheetDataSelect(employee: SQL, company: SQL, byPeriod: boolean, now: SQLWrapper): SQL {
  return sql`select ${TIMESHEET_DATA_JSON} as data
        from employees e
        join companies c on c.id = e.company_id
        join bookkeeper_orgs o on o.id = c.bookkeeper_org_id
        cross join lateral (${RANGE_ENTRIES} ${byPeriod ? PERIOD_FILTER : sql``}) entries
        left join lateral (select ${CURRENT_PERIOD_JSON} as json from pay_periods p
                           where p.company_id = c.id and p.start_date <= ${now}::timestamptz and p.end_date >= ${now}::timestamptz
                           order by p.start_date desc limit 1) current_period on true
        left join lateral (select te.id, te.clock_in from time_entries te where te.employee_id = e.id and te.clock_out is null limit 1) open_entry on true
        where e.id = ${employee} and e.company_id = ${company}`;
}

/** The timesheet read's values (readTimesheetJson); `payPeriodId` is null for a range without one. */
interface TimesheetValues {
  employeeId: string;
  companyId: string;
  start: string;
  end: string;
  payPeriodId: string | null;
  now: string;
}

const timesheetStatement = (name: string, byPeriod: boolean) =>
  namedStatement<TimesheetValues, { data: string }>(
    name,
    (v) => sql`select t.data
        from (select ${v.start}::timestamptz as range_start, ${v.end}::timestamptz as range_end, ${v.payPeriodId}::uuid as period_id) range
        cross join lateral (${timesheetDataSelect(sql`${v.employeeId}::uuid`, sql`${v.companyId}::uuid`, byPeriod, v.now)}) t`,
  );

/** One statement per text: with and without the pay-period filter. */
const TIMESHEET = { week: timesheetStatement('payclock_timesheet_week', false), period: timesheetStatement('payclock_timesheet_period', true) };

/**
 * The timesheet's `data` as JSON text, in one statement, prepared once per connection and
 * rendered once (src/db/named-statement.ts); planning it on every request cost more than running
 * it (BENCHMARKS.md). For a caller already checked, and bounds already known; null when the
 * employee is no longer in the company.
 */
export async function readTimesheetJson(db: Db, q: TimesheetQuery): Promise<string | null> {
  const rows = await (q.payPeriodId ? TIMESHEET.period : TIMESHEET.week).rows(db, {
    employeeId: q.employeeId,
    companyId: q.companyId,
    start: q.start.toISOString(),
    end: q.end.toISOString(),
    payPeriodId: q.payPeriodId,
    now: q.now.toISOString(),
  });
  return rows[0]?.data ?? null;
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
  /** The timesheet's `data` as JSON text, whatever the caller row says; null when the employee is gone. */
  data: string | null;
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
  const values = { userId: q.credential.userId, tokenHash: q.credential.hash, now: q.now.toISOString() };
  const row = q.payPeriodId
    ? (await CALLER_TIMESHEET.period.rows(db, { ...values, payPeriodId: q.payPeriodId }))[0]!
    : (await CALLER_TIMESHEET.week.rows(db, values))[0]!;
  return toCallerTimesheet(row);
}

/**
 * Many callers' reads of one kind (all of the current week, or all of a pay period each) in ONE
 * statement: readCallerTimesheet's SQL run for every read of the batch, each with its own caller,
 * time and pay period, and its own answer, in the reads' order (src/modules/timesheet/timesheet-reader.ts
 * sends them). The reads travel as one JSON parameter, so the statement's text and plan are the
 * same for any batch size.
 */
export async function readCallerTimesheets(db: Db, queries: readonly CallerTimesheetQuery[]): Promise<CallerTimesheet[]> {
  const byPeriod = queries[0] !== undefined && queries[0].payPeriodId !== null;
  if (queries.some((q) => (q.payPeriodId !== null) !== byPeriod)) throw new Error('A batch of timesheet reads is all of pay periods or all of weeks');
  const reads = JSON.stringify(
    queries.map((q) => ({ user_id: q.credential.userId, token_hash: q.credential.hash, read_at: q.now.toISOString(), pay_period_id: q.payPeriodId })),
  );
  const rows = await (byPeriod ? CALLER_TIMESHEET_BATCH.period : CALLER_TIMESHEET_BATCH.week).rows(db, { reads });
  return rows.map(toCallerTimesheet);
}

function toCallerTimesheet(row: CallerTimesheetRow): CallerTimesheet {
  const start = fromEpochMs(row.range_start_ms);
  const end = fromEpochMs(row.range_end_ms);
  return {
    caller: row.caller,
    period:
      row.period_id && row.period_company_id && row.period_org_id && start && end
        ? { id: row.period_id, companyId: row.period_company_id, bookkeeperOrgId: row.period_org_id, startDate: start, endDate: end }
        : null,
    range: start && end ? { start, end } : null,
    data: row.data,
  };
}

/** The caller's timesheet statement's values (readCallerTimesheet); the period's read adds its id. */
interface CallerTimesheetValues {
  userId: string;
  tokenHash: string;
  now: string;
}

/** One read's values as SQL: a single statement's placeholders, or a batch's columns. */
interface CallerReadSql {
  userId: SQLWrapper;
  tokenHash: SQLWrapper;
  now: SQLWrapper;
}

interface CallerTimesheetRow {
  data: string | null;
  caller: EmployeeActorRow | null;
  period_id: string | null;
  period_company_id: string | null;
  period_org_id: string | null;
  range_start_ms: number | null;
  range_end_ms: number | null;
}

/**
 * The statement of readCallerTimesheet over `range`, a relation (period_id, period_company_id,
 * period_org_id, range_start, range_end) that may read the CTE `caller`. Exactly one row, whatever
 * the caller and the range: a batch's reads and its rows pair up one to one.
 */
const callerTimesheet = (v: CallerReadSql, range: SQL, byPeriod: boolean) =>
  sql`with caller as (${employeeActorSelect(v.userId, v.tokenHash)}),
      range as (${range})
      select (select row_to_json(caller) from caller) as caller, range.period_id, range.period_company_id, range.period_org_id,
             (extract(epoch from range.range_start) * 1000)::float8 as range_start_ms, (extract(epoch from range.range_end) * 1000)::float8 as range_end_ms,
             t.data
      from (select 1) one
      left join caller on true
      left join range on true
      left join lateral (${timesheetDataSelect(sql`caller.id`, sql`caller.company_id`, byPeriod, v.now)}) t on true`;

/** The range of a pay period's read: its bounds truncated to milliseconds, as a JavaScript Date holds them (readTimesheetJson's bounds). */
const periodRange = (payPeriodId: SQLWrapper) =>
  sql`select p.id as period_id, p.company_id as period_company_id, pc.bookkeeper_org_id as period_org_id,
             date_trunc('milliseconds', p.start_date) as range_start, date_trunc('milliseconds', p.end_date) as range_end
      from pay_periods p join companies pc on pc.id = p.company_id where p.id = ${payPeriodId}::uuid`;

/** The range of a week's read: the caller's current workweek at `now`. */
const weekRange = (now: SQLWrapper) =>
  sql`select null::uuid as period_id, null::uuid as period_company_id, null::uuid as period_org_id, w.start as range_start,
             payclock_workweek_start(w.start + interval '8 days', caller.timezone) - interval '1 millisecond' as range_end
      from caller cross join lateral (select payclock_workweek_start(${now}::timestamptz, caller.timezone) as start) w`;

/** readCallerTimesheet's two statements: over the pay period asked for, or over the caller's current workweek. */
const CALLER_TIMESHEET = {
  period: namedStatement<CallerTimesheetValues & { payPeriodId: string }, CallerTimesheetRow>('payclock_caller_timesheet_period', (v) =>
    callerTimesheet(v, periodRange(v.payPeriodId), true),
  ),
  week: namedStatement<CallerTimesheetValues, CallerTimesheetRow>('payclock_caller_timesheet_week', (v) => callerTimesheet(v, weekRange(v.now), false)),
};

/** A batch's read as the columns of `r` (callerTimesheetBatch): one row per read, `a.n` its place in the batch. */
const READ_COLUMNS: CallerReadSql = { userId: sql`r.user_id`, tokenHash: sql`r.token_hash`, now: sql`r.read_at` };

/** A batch's statement: the reads of its one JSON parameter, each read's row of callerTimesheet, in the reads' order. */
const callerTimesheetBatch = (name: string, range: SQL, byPeriod: boolean) =>
  namedStatement<{ reads: string }, CallerTimesheetRow>(
    name,
    (v) => sql`select t.*
        from json_array_elements(${v.reads}::json) with ordinality as a(item, n)
        cross join lateral json_to_record(a.item) as r(user_id uuid, token_hash text, read_at timestamptz, pay_period_id uuid)
        cross join lateral (${callerTimesheet(READ_COLUMNS, range, byPeriod)}) t
        order by a.n`,
  );

/** readCallerTimesheets's two statements, one per kind of read. */
const CALLER_TIMESHEET_BATCH = {
  period: callerTimesheetBatch('payclock_caller_timesheet_period_batch', periodRange(sql`r.pay_period_id`), true),
  week: callerTimesheetBatch('payclock_caller_timesheet_week_batch', weekRange(READ_COLUMNS.now), false),
};
