// The hours report as CSV: the same rows as the JSON answer, one line each, after a header.
// Pure. Quoting, the byte-order mark and the formula-injection guard are csv.ts's: a text cell
// that starts with =, +, -, @, tab or carriage return gets a leading ', so a spreadsheet
// shows it instead of running it. Numbers are never negative, so they stay numbers.
import { csvLine, formatHundredths, textCell, UTF8_BOM } from './csv.ts';

export const HOURS_REPORT_CSV_HEADER = [
  'Key',
  'Label',
  'Entries',
  'Total Hours',
  'Regular Hours',
  'Overtime Hours',
  'Regular Pay',
  'Overtime Pay',
  'Total Pay',
  'Flags',
] as const;

/** One group of the hours report: its key, its label and its hours. */
export interface GroupHours {
  key: string | null;
  label: string;
  entries: number;
  totalHours: number;
  regularHours: number;
  overtimeHours: number;
}

export interface HoursReportCsvRow extends GroupHours {
  pay: { regular: number; overtime: number; total: number };
  flags: readonly string[];
}

/** A 2-decimal amount (hours or dollars) written as d.dd. */
const amount = (value: number): string => formatHundredths(Math.round(value * 100));

export function buildHoursReportCsv(rows: readonly HoursReportCsvRow[]): string {
  const lines = rows.map((row) =>
    csvLine([
      textCell(row.key),
      textCell(row.label),
      String(row.entries),
      amount(row.totalHours),
      amount(row.regularHours),
      amount(row.overtimeHours),
      amount(row.pay.regular),
      amount(row.pay.overtime),
      amount(row.pay.total),
      textCell(row.flags.join(' ')),
    ]),
  );
  return UTF8_BOM + csvLine(HOURS_REPORT_CSV_HEADER) + lines.join('');
}
