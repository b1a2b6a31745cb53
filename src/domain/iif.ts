// The QuickBooks Desktop time import (IIF, "Intuit Interchange Format") of a pay period. Pure.
//
// File shape (tab-separated, CRLF, ASCII only):
//   !TIMERHDR  VER REL COMPANYNAME IMPORTEDBEFORE FROMTIMER COMPANYCREATETIME
//   TIMERHDR   8   0   <company>   N              Y         <create time>
//   !TIMEACT   DATE JOB EMP ITEM PITEM DURATION PROJ NOTE XFERTOPAYROLL BILLINGSTATUS
//   TIMEACT    one row per employee, local work day (the day of each entry's clockIn in the
//              organization's zone, docs/time-rules.md §3) and payroll item (regular / overtime).
//
// Durations. Entries carry hours with 2 decimals (0.01 h = 36 s); DURATION has whole minutes.
// Everything is integer arithmetic on hundredths of an hour: h hundredths = 3h/5 minutes
// exactly. For each payroll item separately the minutes are apportioned top-down with the
// largest-remainder method:
//   1. the file's total minutes T = round(3·S/5), S = the period's hundredths for that item,
//      i.e. round(totals.regularHours · 60) and round(totals.overtimeHours · 60);
//   2. T is shared among employees: each gets floor or ceil of its exact 3·S_e/5;
//   3. each employee's minutes are shared among its days the same way.
// So the file's per-item sum equals the period's rounded total exactly, and every employee
// and every day is within one minute of its exact value (below one minute, in fact).
// Ties go to the employee earlier in the file's order, and to the earlier day.
//
// A day's row is never over 23:59: a longer one (an entry over midnight counted on its
// clockIn day, a 25-hour fall-back day) is split into near-equal rows of the same date.
//
// JOB stays empty: a JOB in an IIF file names a QuickBooks customer:job, and payclock's
// jobCode is a free code that QuickBooks would not know (an unknown name makes the import
// create a customer or stop). ITEM (service item) and PROJ stay empty for the same reason.
import { localCalendarDate } from './dates.ts';
import { toAscii } from './transliterate.ts';

export const CRLF = '\r\n';
/** 23:59: the longest DURATION one row may carry. */
export const MAX_ROW_MINUTES = 23 * 60 + 59;

export type PayrollKind = 'regular' | 'overtime';

export interface IifEmployee {
  id: string;
  firstName: string;
  lastName: string;
  /** The name on the QuickBooks employee list, when it is not `Last, First`. */
  qbName: string | null;
}

export interface IifEntry {
  employee: IifEmployee;
  clockIn: Date;
  /** Allocated hours with 2 decimals (docs/time-rules.md §10), as stored on the closed entry. */
  regularHours: number;
  overtimeHours: number;
  notes: string | null;
}

export interface IifInput {
  companyName: string;
  companyCreateTime: string | null;
  regularPayrollItem: string;
  overtimePayrollItem: string;
  /** The organization's IANA zone: decides each entry's work day. */
  timezone: string;
  entries: readonly IifEntry[];
}

export interface TimeActivity {
  /** `YYYY-MM-DD`, local. */
  localDate: string;
  employeeId: string;
  /** EMP as written to the file. */
  employee: string;
  kind: PayrollKind;
  /** PITEM as written to the file. */
  payrollItem: string;
  minutes: number;
  note: string;
}

export interface IifFile {
  text: string;
  activities: TimeActivity[];
  /** Minutes written per payroll item: round(period hundredths · 60 / 100) each. */
  minutes: Record<PayrollKind, number>;
}

const KINDS: readonly PayrollKind[] = ['regular', 'overtime'];

/** A field value as IIF can carry it: ASCII, no tabs, no line breaks, no control characters. */
export function iifValue(value: string | null | undefined): string {
  return toAscii(value ?? '')
    .replace(/\r\n|[\t\r\n]/g, ' ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    // QuickBooks reads a field that starts with a double quote as a quoted field.
    .replace(/"/g, "'")
    .trim();
}

/** EMP: the employee's QuickBooks name, else `Last, First` as QuickBooks lists employees. */
export function iifEmployeeName(employee: IifEmployee): string {
  const qbName = employee.qbName?.trim();
  return iifValue(qbName ? qbName : `${employee.lastName}, ${employee.firstName}`);
}

/** Hours with 2 decimals as integer hundredths (8.01 -> 801; the product may be 800.9999…). */
export function hoursToHundredths(hours: number | null): number {
  if (hours === null) return 0;
  if (!Number.isFinite(hours) || hours < 0) throw new RangeError(`Invalid hours: ${hours}`);
  return Math.round(hours * 100);
}

/** Exact minutes of `hundredths` hundredths of an hour, rounded half up: round(3h/5). */
export function hundredthsToMinutes(hundredths: number): number {
  // 3h/5 has a fractional part in {0, .2, .4, .6, .8}: it is never a half.
  return Math.floor((3 * hundredths * 2 + 5) / 10);
}

/**
 * Largest-remainder apportionment of `target` minutes over parts of `hundredths[i]` hundredths
 * of an hour (exact share 3·h/5 minutes). Each part gets floor or ceil of its exact share;
 * ties go to the lower index. Throws when `target` is not within those bounds.
 */
export function apportionMinutes(target: number, hundredths: readonly number[]): number[] {
  const shares = hundredths.map((h) => Math.floor((3 * h) / 5));
  const remainders = hundredths.map((h) => (3 * h) % 5);
  let extra = target - shares.reduce((sum, m) => sum + m, 0);
  const withRemainder = remainders.filter((r) => r > 0).length;
  if (extra < 0 || extra > withRemainder) throw new RangeError(`Cannot apportion ${target} minutes`);
  const order = hundredths.map((_, i) => i).sort((a, b) => remainders[b]! - remainders[a]! || a - b);
  for (const i of order) {
    if (extra === 0) break;
    shares[i]! += 1;
    extra -= 1;
  }
  return shares;
}

/** `minutes` split into as few near-equal parts as keep each at most 23:59, larger parts first. */
export function splitDay(minutes: number): number[] {
  if (minutes <= MAX_ROW_MINUTES) return [minutes];
  const parts = Math.ceil(minutes / MAX_ROW_MINUTES);
  const base = Math.floor(minutes / parts);
  const longer = minutes - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < longer ? 1 : 0));
}

/** `HH:MM` (never over 23:59 once split). */
export function formatDuration(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** `YYYY-MM-DD` -> `MM/DD/YY`. */
export function formatIifDate(localDate: string): string {
  const [year, month, day] = localDate.split('-');
  return `${month}/${day}/${year!.slice(-2)}`;
}

interface DayGroup {
  localDate: string;
  hundredths: number;
  notes: string[];
}

interface EmployeeGroup {
  id: string;
  name: string;
  days: Map<string, Record<PayrollKind, DayGroup>>;
}

function localDateOf(instant: Date, timezone: string): string {
  const { year, month, day } = localCalendarDate(instant, timezone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function groupEntries(input: IifInput): EmployeeGroup[] {
  const employees = new Map<string, EmployeeGroup>();
  const sorted = [...input.entries].sort((a, b) => a.clockIn.getTime() - b.clockIn.getTime());
  for (const entry of sorted) {
    let group = employees.get(entry.employee.id);
    if (!group) {
      group = { id: entry.employee.id, name: iifEmployeeName(entry.employee), days: new Map() };
      employees.set(entry.employee.id, group);
    }
    const localDate = localDateOf(entry.clockIn, input.timezone);
    let day = group.days.get(localDate);
    if (!day) {
      day = {
        regular: { localDate, hundredths: 0, notes: [] },
        overtime: { localDate, hundredths: 0, notes: [] },
      };
      group.days.set(localDate, day);
    }
    const note = iifValue(entry.notes);
    const byKind: Record<PayrollKind, number> = {
      regular: hoursToHundredths(entry.regularHours),
      overtime: hoursToHundredths(entry.overtimeHours),
    };
    for (const kind of KINDS) {
      day[kind].hundredths += byKind[kind];
      // A note goes with the rows its entry's hours are in.
      if (byKind[kind] > 0 && note !== '') day[kind].notes.push(note);
    }
  }
  // Name order, as QuickBooks lists employees; the id breaks ties between namesakes.
  return [...employees.values()].sort((a, b) => compareText(a.name, b.name) || compareText(a.id, b.id));
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The TIMEACT rows of the file, in file order, with their apportioned minutes. */
export function planTimeActivities(input: IifInput): { activities: TimeActivity[]; minutes: Record<PayrollKind, number> } {
  const employees = groupEntries(input);
  const payrollItem: Record<PayrollKind, string> = {
    regular: iifValue(input.regularPayrollItem),
    overtime: iifValue(input.overtimePayrollItem),
  };
  // minutesOf[kind][employee index][day index]
  const minutesOf = {} as Record<PayrollKind, number[][]>;
  const totals = {} as Record<PayrollKind, number>;
  for (const kind of KINDS) {
    const perEmployee = employees.map((e) => [...e.days.values()].map((d) => d[kind].hundredths));
    const employeeHundredths = perEmployee.map((days) => days.reduce((sum, h) => sum + h, 0));
    const periodHundredths = employeeHundredths.reduce((sum, h) => sum + h, 0);
    totals[kind] = hundredthsToMinutes(periodHundredths);
    const employeeMinutes = apportionMinutes(totals[kind], employeeHundredths);
    minutesOf[kind] = perEmployee.map((days, i) => apportionMinutes(employeeMinutes[i]!, days));
  }

  const activities: TimeActivity[] = [];
  employees.forEach((employee, e) => {
    const localDates = [...employee.days.keys()].sort();
    const dayIndex = new Map([...employee.days.keys()].map((date, i) => [date, i]));
    for (const localDate of localDates) {
      const day = employee.days.get(localDate)!;
      for (const kind of KINDS) {
        const minutes = minutesOf[kind][e]![dayIndex.get(localDate)!]!;
        if (minutes === 0) continue;
        for (const part of splitDay(minutes)) {
          activities.push({
            localDate,
            employeeId: employee.id,
            employee: employee.name,
            kind,
            payrollItem: payrollItem[kind],
            minutes: part,
            note: day[kind].notes.join('; '),
          });
        }
      }
    }
  });
  return { activities, minutes: totals };
}

const TIMERHDR_HEADER = ['!TIMERHDR', 'VER', 'REL', 'COMPANYNAME', 'IMPORTEDBEFORE', 'FROMTIMER', 'COMPANYCREATETIME'];
const TIMEACT_HEADER = ['!TIMEACT', 'DATE', 'JOB', 'EMP', 'ITEM', 'PITEM', 'DURATION', 'PROJ', 'NOTE', 'XFERTOPAYROLL', 'BILLINGSTATUS'];

/** The whole IIF file: header block, then one TIMEACT line per activity; every line ends in CRLF. */
export function buildIif(input: IifInput): IifFile {
  const { activities, minutes } = planTimeActivities(input);
  const lines: string[][] = [
    TIMERHDR_HEADER,
    ['TIMERHDR', '8', '0', iifValue(input.companyName), 'N', 'Y', iifValue(input.companyCreateTime)],
    TIMEACT_HEADER,
    ...activities.map((a) => [
      'TIMEACT',
      formatIifDate(a.localDate),
      '',
      a.employee,
      '',
      a.payrollItem,
      formatDuration(a.minutes),
      '',
      a.note,
      'Y',
      '0',
    ]),
  ];
  return { text: lines.map((fields) => fields.join('\t') + CRLF).join(''), activities, minutes };
}
