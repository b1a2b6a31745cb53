// The hours report: closed entries whose clockIn falls in a range, grouped by employee, local
// day, local workweek or job code, with hours and hourly pay. The scope is a company, an
// employee, a pay period or (by default) the caller's organization; the tenant rules are the
// same as everywhere else.
import { DateTime } from 'luxon';
import type { AppContext } from '../../core/context.ts';
import { parseDateInput } from '../../domain/dates.ts';
import { sumHours } from '../../domain/hours.ts';
import type { GroupHours } from '../../domain/hours-report-csv.ts';
import { addPay, centsToAmounts, ZERO_PAY, type PayAmounts, type PayCents } from '../../domain/pay.ts';
import { timesheetFlags, type TimesheetFlag } from '../../domain/timesheet-flags.ts';
import { Errors } from '../../core/errors.ts';
import { requireAccess, type AdminActor } from '../../core/access.ts';
import { findScope, runHoursReport, type GroupBy, type HoursReportRow } from './hours-report.repository.ts';

/** A year, a leap year included. */
export const MAX_RANGE_DAYS = 366;

export interface HoursReportQuery {
  companyId?: string;
  employeeId?: string;
  payPeriodId?: string;
  startDate?: string;
  endDate?: string;
  groupBy?: GroupBy;
}

export interface ReportRow extends GroupHours {
  pay: PayAmounts;
  flags: TimesheetFlag[];
}

export interface HoursReport {
  groupBy: GroupBy;
  timezone: string;
  range: { startDate: Date; endDate: Date };
  rows: ReportRow[];
  totals: Omit<ReportRow, 'key' | 'label' | 'flags'>;
}

const given = (value: string | undefined): value is string => value !== undefined && value !== '';

const totalled = (cents: { regular: number; overtime: number }): PayCents => ({ ...cents, total: cents.regular + cents.overtime });

function toReportRow(row: HoursReportRow): ReportRow {
  return {
    key: row.key,
    label: row.label,
    entries: row.entries,
    totalHours: sumHours([row.totalHours]),
    regularHours: sumHours([row.regularHours]),
    overtimeHours: sumHours([row.overtimeHours]),
    pay: centsToAmounts(totalled(row.payCents)),
    flags: timesheetFlags(row.flagCounts),
  };
}

/** A named record that must exist (404) and belong to the caller's tenant (403). */
async function scopeOf(ctx: AppContext, actor: AdminActor, what: 'company' | 'employee' | 'payPeriod', id: string) {
  await requireAccess(ctx.db, actor, what === 'company' ? { companyId: id } : what === 'employee' ? { employeeId: id } : { payPeriodId: id });
  const scope = await findScope(ctx.db, what, id);
  if (!scope) throw Errors.notFound(what === 'company' ? 'Company' : what === 'employee' ? 'Employee' : 'Pay period');
  return scope;
}

function parseBound(input: string, timezone: string, bound: 'start' | 'end'): Date {
  const parsed = parseDateInput(input, timezone, bound);
  if (!parsed) throw Errors.invalidDateFormat(`${bound}Date: must be YYYY-MM-DD or an ISO-8601 date-time`);
  return parsed;
}

export async function buildHoursReport(ctx: AppContext, actor: AdminActor, query: HoursReportQuery): Promise<HoursReport> {
  // Scope: the narrowest record named decides the organization; they must all agree.
  const company = given(query.companyId) ? await scopeOf(ctx, actor, 'company', query.companyId) : null;
  const employee = given(query.employeeId) ? await scopeOf(ctx, actor, 'employee', query.employeeId) : null;
  const period = given(query.payPeriodId) ? await scopeOf(ctx, actor, 'payPeriod', query.payPeriodId) : null;
  const named = [company, employee, period].filter((s) => s !== null);
  // An employee or a pay period of another company than the one named is not part of it.
  if (company && employee && employee.companyId !== company.companyId) throw Errors.notFound('Employee');
  if (company && period && period.companyId !== company.companyId) throw Errors.notFound('Pay period');
  if (employee && period && employee.companyId !== period.companyId) throw Errors.notFound('Employee');
  const own = named[0] ?? (await findScope(ctx.db, 'organization', actor.bookkeeperOrgId));
  if (!own) throw Errors.notFound('Organization');

  const timezone = own.timezone;
  let start: Date | undefined = given(query.startDate) ? parseBound(query.startDate, timezone, 'start') : undefined;
  let end: Date | undefined = given(query.endDate) ? parseBound(query.endDate, timezone, 'end') : undefined;
  start ??= period?.startDate;
  end ??= period?.endDate;
  if (!start || !end) {
    throw Errors.validationFailed([!start && 'startDate: required unless payPeriodId is given', !end && 'endDate: required unless payPeriodId is given'].filter(Boolean).join(', '));
  }
  if (start.getTime() > end.getTime()) throw Errors.invalidDateRange('startDate must not be after endDate');
  const days = DateTime.fromJSDate(end, { zone: timezone }).startOf('day').diff(DateTime.fromJSDate(start, { zone: timezone }).startOf('day'), 'days').days;
  if (days >= MAX_RANGE_DAYS) throw Errors.invalidDateRange(`The range must cover at most ${MAX_RANGE_DAYS} days`);

  const groupBy = query.groupBy ?? 'employee';
  const raw = await runHoursReport(ctx.db, {
    bookkeeperOrgId: own.bookkeeperOrgId,
    companyId: company?.companyId ?? period?.companyId ?? employee?.companyId ?? null,
    employeeId: given(query.employeeId) ? query.employeeId : null,
    start,
    end,
    groupBy,
    timezone,
    now: ctx.clock.now(),
  });
  const payCents = raw.reduce((sum, row) => addPay(sum, totalled(row.payCents)), ZERO_PAY);
  return {
    groupBy,
    timezone,
    range: { startDate: start, endDate: end },
    rows: raw.map(toReportRow),
    totals: {
      entries: raw.reduce((sum, row) => sum + row.entries, 0),
      totalHours: sumHours(raw.map((r) => r.totalHours)),
      regularHours: sumHours(raw.map((r) => r.regularHours)),
      overtimeHours: sumHours(raw.map((r) => r.overtimeHours)),
      pay: centsToAmounts(payCents),
    },
  };
}
