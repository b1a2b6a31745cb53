// The hours report's queries. The rows come from ONE statement with GROUP BY: entries are
// aggregated per (group, employee) first, because pay is each employee's summed hours × that
// employee's rate, rounded to cents (as a timesheet's pay), and then per group. Nothing is
// loaded entry by entry. hoursReportQuery is exported on its own so that the benchmark can
// replay the exact SQL with pgbench.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/open.ts';
import { flagCountColumns, toFlagCounts, type FlagCountRow } from '../timesheets/timesheets.repository.ts';
import type { GroupHours } from '../../domain/hours-report-csv.ts';
import type { FlagCounts } from '../../domain/timesheet-flags.ts';

export const GROUP_BY = ['employee', 'day', 'week', 'jobCode'] as const;
export type GroupBy = (typeof GROUP_BY)[number];

export interface HoursReportParams {
  bookkeeperOrgId: string;
  /** null: every company of the organization. */
  companyId: string | null;
  employeeId: string | null;
  start: Date;
  end: Date;
  groupBy: GroupBy;
  timezone: string;
  /** Decides nothing for closed entries but the shared flag columns need it. */
  now: Date;
}

export interface HoursReportRow extends GroupHours {
  payCents: { regular: number; overtime: number };
  flagCounts: FlagCounts;
}

/** The group key of an entry `te` of employee `e`, and its label. Dates are local to the organization. */
function groupColumns(groupBy: GroupBy, timezone: string): { key: SQL; label: SQL; order: SQL } {
  const localDate = sql`(te.clock_in at time zone ${timezone})::date`;
  switch (groupBy) {
    case 'employee':
      return {
        key: sql`e.id::text`,
        label: sql`e.last_name || ', ' || e.first_name || coalesce(' (' || e.employee_number || ')', '')`,
        order: sql`min(g.sort_last), min(g.sort_first), g.key`,
      };
    case 'day':
      return { key: sql`to_char(${localDate}, 'YYYY-MM-DD')`, label: sql`to_char(${localDate}, 'YYYY-MM-DD')`, order: sql`g.key` };
    case 'week':
      // The workweek starts on Sunday: the local date minus its day of the week.
      return {
        key: sql`to_char(${localDate} - extract(dow from ${localDate})::int, 'YYYY-MM-DD')`,
        label: sql`'Week of ' || to_char(${localDate} - extract(dow from ${localDate})::int, 'YYYY-MM-DD')`,
        order: sql`g.key`,
      };
    case 'jobCode':
      return { key: sql`te.job_code`, label: sql`coalesce(te.job_code, '(no job code)')`, order: sql`g.key is null, g.key` };
  }
}

/**
 * The report's one statement. Pay is a timesheet's: each employee's hours × rate, rounded
 * half up to cents (numeric round), then summed over the group. No SQL comments inside: the
 * benchmark replays this text on one line.
 */
export function hoursReportQuery(p: HoursReportParams): SQL {
  const group = groupColumns(p.groupBy, p.timezone);
  const companyFilter = p.companyId ? sql`and te.company_id = ${p.companyId}::uuid` : sql``;
  const employeeFilter = p.employeeId ? sql`and te.employee_id = ${p.employeeId}::uuid` : sql``;
  return sql`with per_employee as (
      select ${group.key} as key, ${group.label} as label, e.last_name as sort_last, e.first_name as sort_first,
             e.id as employee_id, e.pay_type, e.pay_rate, o.overtime_multiplier,
             count(*)::int as entries,
             sum(te.total_hours) as total_hours, sum(te.regular_hours) as regular_hours, sum(te.overtime_hours) as overtime_hours,
             ${flagCountColumns(p.now)}
      from time_entries te
      join employees e on e.id = te.employee_id
      join companies c on c.id = te.company_id
      join bookkeeper_orgs o on o.id = c.bookkeeper_org_id
      where c.bookkeeper_org_id = ${p.bookkeeperOrgId}::uuid ${companyFilter} ${employeeFilter}
        and te.clock_out is not null
        and te.clock_in >= ${p.start.toISOString()}::timestamptz and te.clock_in <= ${p.end.toISOString()}::timestamptz
      group by 1, 2, e.last_name, e.first_name, e.id, e.pay_type, e.pay_rate, o.overtime_multiplier
    )
    select g.key, g.label, sum(g.entries)::int as entries,
           sum(g.total_hours)::float8 as total_hours, sum(g.regular_hours)::float8 as regular_hours,
           sum(g.overtime_hours)::float8 as overtime_hours,
           coalesce(sum(round(g.regular_hours * g.pay_rate * 100)) filter (where g.pay_type = 'HOURLY'), 0)::bigint::text as regular_cents,
           coalesce(sum(round(g.overtime_hours * g.pay_rate * g.overtime_multiplier * 100)) filter (where g.pay_type = 'HOURLY'), 0)::bigint::text as overtime_cents,
           sum(g.open_entries)::int as open_entries, sum(g.long_shifts)::int as long_shifts,
           sum(g.offline_punches)::int as offline_punches, sum(g.edited_entries)::int as edited_entries
    from per_employee g
    group by g.key, g.label
    order by ${group.order}`;
}

interface RawRow extends FlagCountRow {
  key: string | null;
  label: string;
  entries: number;
  total_hours: number;
  regular_hours: number;
  overtime_hours: number;
  regular_cents: string;
  overtime_cents: string;
}

export async function runHoursReport(db: Db, params: HoursReportParams): Promise<HoursReportRow[]> {
  const rows = await queryRows<RawRow>(db, hoursReportQuery(params));
  return rows.map((row) => ({
    key: row.key,
    label: row.label,
    entries: Number(row.entries),
    totalHours: Number(row.total_hours),
    regularHours: Number(row.regular_hours),
    overtimeHours: Number(row.overtime_hours),
    payCents: { regular: Number(row.regular_cents), overtime: Number(row.overtime_cents) },
    flagCounts: toFlagCounts(row),
  }));
}

export interface ReportScope {
  bookkeeperOrgId: string;
  timezone: string;
}

/** The organization (and its time zone) of a company, an employee or a pay period, with the company. */
export async function findScope(
  db: Db,
  what: 'company' | 'employee' | 'payPeriod' | 'organization',
  id: string,
): Promise<(ReportScope & { companyId: string | null; startDate?: Date; endDate?: Date }) | null> {
  const query =
    what === 'organization'
      ? sql`select o.id as org_id, o.timezone, null::uuid as company_id, null::timestamptz as start_date, null::timestamptz as end_date
            from bookkeeper_orgs o where o.id = ${id}::uuid`
      : what === 'company'
        ? sql`select c.bookkeeper_org_id as org_id, o.timezone, c.id as company_id, null::timestamptz as start_date, null::timestamptz as end_date
              from companies c join bookkeeper_orgs o on o.id = c.bookkeeper_org_id where c.id = ${id}::uuid`
        : what === 'employee'
          ? sql`select c.bookkeeper_org_id as org_id, o.timezone, c.id as company_id, null::timestamptz as start_date, null::timestamptz as end_date
                from employees e join companies c on c.id = e.company_id join bookkeeper_orgs o on o.id = c.bookkeeper_org_id where e.id = ${id}::uuid`
          : sql`select c.bookkeeper_org_id as org_id, o.timezone, c.id as company_id, p.start_date, p.end_date
                from pay_periods p join companies c on c.id = p.company_id join bookkeeper_orgs o on o.id = c.bookkeeper_org_id where p.id = ${id}::uuid`;
  const rows = await queryRows<{ org_id: string; timezone: string; company_id: string | null; start_date: Date | string | null; end_date: Date | string | null }>(db, query);
  const row = rows[0];
  if (!row) return null;
  return {
    bookkeeperOrgId: row.org_id,
    timezone: row.timezone,
    companyId: row.company_id,
    ...(row.start_date ? { startDate: new Date(row.start_date), endDate: new Date(row.end_date!) } : {}),
  };
}
