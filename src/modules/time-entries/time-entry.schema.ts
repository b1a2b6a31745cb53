// The one response shape of a time entry, shared by the employee
// timesheet, the admin corrections and the pay-period get-one, which add their own nested parts.
import { Type } from 'typebox';
import { TIME_ENTRY_STATUSES } from '../../domain/enums.ts';
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
  clockInRecordedAt: Type.Unsafe<Date | string | null>({
    ...NullableDateTime,
    description: "The server's time when the clock in arrived (differs from clockIn for an offline punch)",
  }),
  clockOutRecordedAt: Type.Unsafe<Date | string | null>({
    ...NullableDateTime,
    description: "The server's time when the clock out arrived; null while the entry is open",
  }),
  status: Type.Enum([...TIME_ENTRY_STATUSES]),
  approved: Type.Boolean(),
  createdAt: DateTime,
  updatedAt: DateTime,
};

/** The pay-period summary an entry carries (its `payPeriod`). */
export const PayPeriodSummary = Type.Object(
  { id: Uuid, startDate: DateTime, endDate: DateTime, status: Type.String(), locked: Type.Boolean() },
  { title: 'Pay period summary' },
);

/** The trimmed employee of the pay-period get-one and the admin list. */
export const EntryEmployee = Type.Object({
  id: Uuid,
  firstName: Type.String(),
  lastName: Type.String(),
  employeeNumber: Nullable(Type.String()),
});
