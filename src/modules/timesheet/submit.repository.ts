// Submitting a pay period: the period is locked, then its entries are approved and the period
// submitted in one statement.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/open.ts';
import type { PayPeriodRow, PayPeriodWithCompany } from '../pay-periods/pay-periods.repository.ts';
import { date, dateOrNull, PERIOD_JSON, toPayPeriod, type Json } from './timesheet-records.ts';

export interface PeriodForSubmit {
  id: string;
  companyId: string;
  locked: boolean;
  status: PayPeriodRow['status'];
  entries: Array<{ id: string; clockIn: Date; clockOut: Date | null }>;
}

/**
 * The pay period, locked FOR UPDATE so that concurrent submits of one period take turns (the
 * second then sees SUBMITTED), with the employee's entries in it: one round trip.
 */
export async function lockPeriodForSubmit(tx: Db, payPeriodId: string, employeeId: string): Promise<PeriodForSubmit | null> {
  const rows = await queryRows<{ id: string; company_id: string; locked: boolean; status: PayPeriodRow['status']; entries: Json[] }>(
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
  payPeriod: PayPeriodWithCompany;
  approvedCount: number;
  timeEntriesCount: number;
  totals: { totalHours: number; regularHours: number; overtimeHours: number };
}

/**
 * The employee's PENDING entries of the period become APPROVED (approved = true, docs/time-rules.md §14)
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
    payPeriod: toPayPeriod<PayPeriodWithCompany>(row.period),
    approvedCount: Number(row.approved_count),
    timeEntriesCount: Number(row.entries_count),
    totals: { totalHours: Number(row.total), regularHours: Number(row.regular), overtimeHours: Number(row.overtime) },
  };
}
