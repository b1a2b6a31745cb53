// The CSV export of a pay period: one row per closed time entry, for spreadsheets and payroll
// services that are not QuickBooks Desktop. Pure.
//
// - RFC 4180: CRLF line ends; a field containing a comma, a double quote, CR or LF is quoted
//   and its quotes doubled. UTF-8, with a byte-order mark, because Excel (the bookkeeper's
//   usual reader) opens a CSV without one in the ANSI code page and garbles `José`.
// - Formula injection (OWASP "CSV Injection"): a TEXT cell that begins with `=`, `+`, `-`, `@`,
//   tab or carriage return gets a leading `'`, so a spreadsheet shows it instead of running it.
//   Numeric cells are written by this file from numbers that are never negative (hours, rates
//   and pay have `>= 0` checks in the schema), so they never start with one of those
//   characters and are left as numbers, which spreadsheets can sum.
// - Hours and money are integer hundredths/cents; pay is rounded half up to the cent:
//   regular pay = regularHours × payRate, overtime pay = overtimeHours × payRate × overtimeMultiplier.
import { DateTime } from 'luxon';
import { hoursToHundredths } from './iif.ts';
import { hourlyPayCents } from './pay.ts';

export const CSV_HEADER = [
  'Employee Number',
  'Employee Name',
  'Date',
  'Clock In',
  'Clock Out',
  'Break Minutes',
  'Total Hours',
  'Regular Hours',
  'Overtime Hours',
  'Pay Rate',
  'Regular Pay',
  'Overtime Pay',
  'Job Code',
  'Task Code',
  'Status',
  'Notes',
] as const;

export const UTF8_BOM = '\uFEFF';

export interface CsvEntry {
  employeeNumber: string | null;
  firstName: string;
  lastName: string;
  clockIn: Date;
  clockOut: Date;
  breakMinutes: number;
  totalHours: number;
  regularHours: number;
  overtimeHours: number;
  payRate: number;
  jobCode: string | null;
  taskCode: string | null;
  status: string;
  notes: string | null;
}

export interface CsvInput {
  timezone: string;
  overtimeMultiplier: number;
  /** Written in the order given. */
  entries: readonly CsvEntry[];
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A text cell, neutralised against formula injection. */
export function textCell(value: string | null | undefined): string {
  const text = value ?? '';
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** RFC 4180 field quoting. */
export function quoteField(field: string): string {
  return NEEDS_QUOTES.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

export function csvLine(fields: readonly string[]): string {
  return fields.map(quoteField).join(',') + '\r\n';
}

/** Integer hundredths as `d.dd` (also cents as dollars). */
export function formatHundredths(hundredths: number): string {
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/** `YYYY-MM-DD HH:mm` in the zone. */
export function localDateTime(instant: Date, timezone: string): string {
  return DateTime.fromJSDate(instant, { zone: timezone }).toFormat('yyyy-MM-dd HH:mm');
}

export function csvRow(entry: CsvEntry, timezone: string, multiplierHundredths: number): string[] {
  const rateCents = hoursToHundredths(entry.payRate);
  const regular = hoursToHundredths(entry.regularHours);
  const overtime = hoursToHundredths(entry.overtimeHours);
  // The same exact, half-up pay as a timesheet's and the hours report's (pay.ts).
  const pay = hourlyPayCents(entry, entry.payRate, multiplierHundredths / 100);
  return [
    textCell(entry.employeeNumber),
    textCell(`${entry.firstName} ${entry.lastName}`),
    localDateTime(entry.clockIn, timezone).slice(0, 10),
    localDateTime(entry.clockIn, timezone),
    localDateTime(entry.clockOut, timezone),
    String(entry.breakMinutes),
    formatHundredths(hoursToHundredths(entry.totalHours)),
    formatHundredths(regular),
    formatHundredths(overtime),
    formatHundredths(rateCents),
    formatHundredths(pay.regular),
    formatHundredths(pay.overtime),
    textCell(entry.jobCode),
    textCell(entry.taskCode),
    textCell(entry.status),
    textCell(entry.notes),
  ];
}

/** The whole CSV file (BOM, header, one line per entry). */
export function buildCsv(input: CsvInput): string {
  const multiplier = hoursToHundredths(input.overtimeMultiplier);
  return UTF8_BOM + csvLine(CSV_HEADER) + input.entries.map((entry) => csvLine(csvRow(entry, input.timezone, multiplier))).join('');
}
