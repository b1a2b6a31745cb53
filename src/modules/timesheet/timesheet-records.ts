// The timesheet's records as JSON built inside its statements (an entry with its pay-period
// summary in one object, a pay period), and the one place those JSON shapes become typed
// records (Dates, numbers) again. The clock, submit and review queries share them; the
// timesheet's read sends the same shapes, printed as its answer prints them, as they are.
import { sql } from 'drizzle-orm';
import { isoUtc, numberOf } from '../../db/answer-sql.ts';
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

/**
 * How a statement prints the timestamps and numerics of its JSON: as stored, for JSON read back
 * into records (toTimeEntry, toPayPeriod), or as the answer prints them, for JSON sent as it is
 * (src/db/answer-sql.ts). Both read back into the same records. Each JSON below is SQL text
 * made once, one raw fragment (src/db/answer-sql.ts says why).
 */
interface Printing {
  time(column: string): string;
  number(column: string): string;
}
const AS_STORED: Printing = { time: (column) => column, number: (column) => column };
const AS_ANSWERED: Printing = { time: isoUtc, number: numberOf };

/** The entry `te` with the summary of its pay period `pp` (left-joined), as one JSON object. */
const entryJson = ({ time, number }: Printing) => `json_build_object(
  'id', te.id, 'employeeId', te.employee_id, 'companyId', te.company_id, 'payPeriodId', te.pay_period_id,
  'clockIn', ${time('te.clock_in')}, 'clockOut', ${time('te.clock_out')}, 'breakMinutes', te.break_minutes,
  'totalHours', ${number('te.total_hours')}, 'regularHours', ${number('te.regular_hours')}, 'overtimeHours', ${number('te.overtime_hours')},
  'jobCode', te.job_code, 'taskCode', te.task_code, 'notes', te.notes,
  'clockInIp', te.clock_in_ip, 'clockOutIp', te.clock_out_ip, 'clockInDevice', te.clock_in_device,
  'clockInRecordedAt', ${time('te.clock_in_recorded_at')}, 'clockOutRecordedAt', ${time('te.clock_out_recorded_at')},
  'status', te.status, 'approved', te.approved, 'createdAt', ${time('te.created_at')}, 'updatedAt', ${time('te.updated_at')},
  'payPeriod', case when pp.id is null then null else json_build_object(
    'id', pp.id, 'startDate', ${time('pp.start_date')}, 'endDate', ${time('pp.end_date')}, 'status', pp.status, 'locked', pp.locked) end)`;

/** The pay period `p` as one JSON object (without its company). */
const periodJson = ({ time }: Printing) => `json_build_object(
  'id', p.id, 'companyId', p.company_id, 'periodType', p.period_type, 'startDate', ${time('p.start_date')}, 'endDate', ${time('p.end_date')},
  'payDate', ${time('p.pay_date')}, 'status', p.status, 'locked', p.locked, 'exportedBy', p.exported_by, 'exportedAt', ${time('p.exported_at')},
  'iifFilename', p.iif_filename, 'createdAt', ${time('p.created_at')}, 'updatedAt', ${time('p.updated_at')})`;

/** An entry's JSON for toTimeEntry. */
export const ENTRY_JSON = sql.raw(entryJson(AS_STORED));
/** A pay period's JSON for toPayPeriod. */
export const PERIOD_JSON = sql.raw(periodJson(AS_STORED));
/** SQL text: an entry as the answer's `TimeEntry` prints it (src/modules/timesheet/timesheet.schemas.ts). */
export const ENTRY_ANSWER_JSON_TEXT = entryJson(AS_ANSWERED);
/** SQL text: a pay period as the answer's `PayPeriod` prints it, without its optional company. */
export const PERIOD_ANSWER_JSON_TEXT = periodJson(AS_ANSWERED);
