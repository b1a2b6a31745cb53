// What an answer must say for stored rows, computed in JavaScript from the rows themselves: the
// view the tests of JSON that the database builds (test/pay-periods/detail-json.test.ts,
// test/timesheet/timesheet-json.test.ts) hold that JSON to.
import type { payPeriods, timeEntries } from '../../src/db/schema.ts';

/** Awkward text for every string column: quotes, escapes, control characters, multi-byte characters, markup. */
export const AWKWARD = 'quote " backslash \\ slash / newline \n tab \t control \u0001 ñ 日本 😀 </script>';

/** An entry's text columns, each awkward in its own way (an empty task code, an IPv6 address). */
export const AWKWARD_ENTRY_TEXT = {
  jobCode: AWKWARD,
  taskCode: '',
  notes: AWKWARD,
  clockInIp: '2001:db8::1',
  clockOutIp: '203.0.113.7',
  clockInDevice: 'kiosk "front"',
};

/** A timestamp as toISOString prints it. */
export const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** Hours (or any 2-decimal numeric) as a JSON number. */
export const hours = (value: string | number | null) => (value === null ? null : Number(value));

/** Every field of the response's time entry (src/modules/time-entries/time-entry.schema.ts), in its order. */
export function entryAsJson(entry: typeof timeEntries.$inferSelect) {
  return {
    id: entry.id,
    employeeId: entry.employeeId,
    companyId: entry.companyId,
    payPeriodId: entry.payPeriodId,
    clockIn: iso(entry.clockIn),
    clockOut: iso(entry.clockOut),
    breakMinutes: entry.breakMinutes,
    totalHours: hours(entry.totalHours),
    regularHours: hours(entry.regularHours),
    overtimeHours: hours(entry.overtimeHours),
    jobCode: entry.jobCode,
    taskCode: entry.taskCode,
    notes: entry.notes,
    clockInIp: entry.clockInIp,
    clockOutIp: entry.clockOutIp,
    clockInDevice: entry.clockInDevice,
    clockInRecordedAt: iso(entry.clockInRecordedAt),
    clockOutRecordedAt: iso(entry.clockOutRecordedAt),
    status: entry.status,
    approved: entry.approved,
    createdAt: iso(entry.createdAt),
    updatedAt: iso(entry.updatedAt),
  };
}

/** Every field of the response's pay period without its company (src/modules/timesheet/timesheet.schemas.ts), in its order. */
export function periodAsJson(period: typeof payPeriods.$inferSelect) {
  return {
    id: period.id,
    companyId: period.companyId,
    periodType: period.periodType,
    startDate: iso(period.startDate),
    endDate: iso(period.endDate),
    payDate: iso(period.payDate),
    status: period.status,
    locked: period.locked,
    exportedBy: period.exportedBy,
    exportedAt: iso(period.exportedAt),
    iifFilename: period.iifFilename,
    createdAt: iso(period.createdAt),
    updatedAt: iso(period.updatedAt),
  };
}

/** A total of stored 2-decimal hours, summed in hundredths so that it is exact; nulls (open entries) count 0. */
export const sumOfHours = (values: ReadonlyArray<string | number | null>) => values.reduce<number>((total, value) => total + Math.round(Number(value ?? 0) * 100), 0) / 100;
