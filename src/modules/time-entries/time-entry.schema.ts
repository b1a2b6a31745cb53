// The one response shape of a time entry (SPEC.md "Time entry"), shared by the employee
// timesheet, the admin corrections and the pay-period get-one, which add their own nested parts.
import { Type } from 'typebox';
import { DateTime, Nullable, NullableDateTime } from '../../http/schemas.ts';

const Uuid = Type.String({ format: 'uuid' });
const Hours = Nullable(Type.Number({ description: 'Rounded to 2 decimals; null while the entry is open' }));

export const TimeEntryFields = {
  id: Uuid,
  employeeId: Uuid,
  companyId: Uuid,
  payPeriodId: Nullable(Uuid),
  clockIn: DateTime,
  clockOut: NullableDateTime,
  breakMinutes: Type.Integer(),
  totalHours: Hours,
  regularHours: Hours,
  overtimeHours: Hours,
  jobCode: Nullable(Type.String()),
  taskCode: Nullable(Type.String()),
  notes: Nullable(Type.String()),
  clockInIp: Nullable(Type.String()),
  clockOutIp: Nullable(Type.String()),
  clockInDevice: Nullable(Type.String()),
  status: Type.Enum(['PENDING', 'APPROVED']),
  approved: Type.Boolean(),
  createdAt: DateTime,
  updatedAt: DateTime,
};

/** The pay-period summary an entry carries (SPEC.md "Time entry": `payPeriod`). */
export const PayPeriodSummary = Type.Object(
  { id: Uuid, startDate: DateTime, endDate: DateTime, status: Type.String(), locked: Type.Boolean() },
  { title: 'Pay period summary' },
);

/** The trimmed employee of SPEC.md's pay-period get-one and the admin list. */
export const EntryEmployee = Type.Object({
  id: Uuid,
  firstName: Type.String(),
  lastName: Type.String(),
  employeeNumber: Nullable(Type.String()),
});
