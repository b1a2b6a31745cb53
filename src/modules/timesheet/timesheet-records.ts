// The timesheet's records as JSON built inside its statements (an entry with its pay-period
// summary in one object, a pay period), and the one place those JSON shapes become typed
// records (Dates, numbers) again. The clock, submit and read queries share them.
import { sql } from 'drizzle-orm';
import type { PayPeriodRow, PayPeriodSummary } from '../pay-periods/pay-periods.repository.ts';
import type { TimeEntryWithPeriod } from '../time-entries/time-entries.repository.ts';

export type Json = Record<string, unknown>;

export const date = (value: unknown): Date => new Date(value as string);
export const dateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string));
const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

function toPayPeriodSummary(json: Json | null): PayPeriodSummary | null {
  if (!json) return null;
  return { id: json.id as string, startDate: date(json.startDate), endDate: date(json.endDate), status: json.status as string, locked: json.locked as boolean };
}

/** A time entry built by ENTRY_JSON, with Dates and numbers where JSON has strings. */
export function toTimeEntry(json: Json): TimeEntryWithPeriod {
  return {
    ...(json as unknown as TimeEntryWithPeriod),
    clockIn: date(json.clockIn),
    clockOut: dateOrNull(json.clockOut),
    clockInRecordedAt: dateOrNull(json.clockInRecordedAt),
    clockOutRecordedAt: dateOrNull(json.clockOutRecordedAt),
    breakMinutes: Number(json.breakMinutes),
    totalHours: numOrNull(json.totalHours),
    regularHours: numOrNull(json.regularHours),
    overtimeHours: numOrNull(json.overtimeHours),
    createdAt: date(json.createdAt),
    updatedAt: date(json.updatedAt),
    payPeriod: toPayPeriodSummary(json.payPeriod as Json | null),
  };
}

export function toPayPeriod<T extends PayPeriodRow>(json: Json): T {
  return {
    ...(json as unknown as T),
    startDate: date(json.startDate),
    endDate: date(json.endDate),
    payDate: dateOrNull(json.payDate),
    exportedAt: dateOrNull(json.exportedAt),
    createdAt: date(json.createdAt),
    updatedAt: date(json.updatedAt),
  };
}

/** The entry `te` with the summary of its pay period `pp` (left-joined), as one JSON object. */
export const ENTRY_JSON = sql.raw(`json_build_object(
  'id', te.id, 'employeeId', te.employee_id, 'companyId', te.company_id, 'payPeriodId', te.pay_period_id,
  'clockIn', te.clock_in, 'clockOut', te.clock_out, 'breakMinutes', te.break_minutes,
  'totalHours', te.total_hours, 'regularHours', te.regular_hours, 'overtimeHours', te.overtime_hours,
  'jobCode', te.job_code, 'taskCode', te.task_code, 'notes', te.notes,
  'clockInIp', te.clock_in_ip, 'clockOutIp', te.clock_out_ip, 'clockInDevice', te.clock_in_device,
  'clockInRecordedAt', te.clock_in_recorded_at, 'clockOutRecordedAt', te.clock_out_recorded_at,
  'status', te.status, 'approved', te.approved, 'createdAt', te.created_at, 'updatedAt', te.updated_at,
  'payPeriod', case when pp.id is null then null else json_build_object(
    'id', pp.id, 'startDate', pp.start_date, 'endDate', pp.end_date, 'status', pp.status, 'locked', pp.locked) end)`);

/** The pay period `p` as one JSON object (without its company). */
export const PERIOD_JSON = sql.raw(`json_build_object(
  'id', p.id, 'companyId', p.company_id, 'periodType', p.period_type, 'startDate', p.start_date, 'endDate', p.end_date,
  'payDate', p.pay_date, 'status', p.status, 'locked', p.locked, 'exportedBy', p.exported_by, 'exportedAt', p.exported_at,
  'iifFilename', p.iif_filename, 'createdAt', p.created_at, 'updatedAt', p.updated_at)`);
