// Response shapes of the employee timesheet routes: time entry, employee and company (as
// returned in a timesheet) and pay period; the OpenAPI document publishes them.
import { Type } from 'typebox';
import { PAY_PERIOD_STATUSES, PAY_TYPES, PERIOD_TYPES } from '../../domain/enums.ts';
import { DateTime, Nullable, NullableDateTime } from '../../http/schemas.ts';
import { PayPeriodSummary, TimeEntryFields } from '../time-entries/time-entry.schema.ts';

const Uuid = Type.String({ format: 'uuid' });

export { PayPeriodSummary };

export const TimeEntry = Type.Object({ ...TimeEntryFields, payPeriod: Nullable(PayPeriodSummary) }, { title: 'Time entry' });

export const OpenTimeEntry = Type.Object({ id: Uuid, clockIn: DateTime }, { title: 'Open time entry' });

export const PayPeriod = Type.Object(
  {
    id: Uuid,
    companyId: Uuid,
    periodType: Type.Enum([...PERIOD_TYPES]),
    startDate: DateTime,
    endDate: DateTime,
    payDate: NullableDateTime,
    status: Type.Enum([...PAY_PERIOD_STATUSES]),
    locked: Type.Boolean(),
    exportedBy: Nullable(Type.String()),
    exportedAt: NullableDateTime,
    iifFilename: Nullable(Type.String()),
    createdAt: DateTime,
    updatedAt: DateTime,
    company: Type.Optional(Type.Object({ id: Uuid, name: Type.String() })),
  },
  { title: 'Pay period' },
);

export const HoursTotals = Type.Object({ totalHours: Type.Number(), regularHours: Type.Number(), overtimeHours: Type.Number() });

export const TimesheetEmployee = Type.Object({
  id: Uuid,
  firstName: Type.String(),
  lastName: Type.String(),
  employeeNumber: Nullable(Type.String()),
  jobTitle: Nullable(Type.String()),
  payRate: Type.Number(),
  payType: Type.Enum([...PAY_TYPES]),
});

export const TimesheetCompany = Type.Object({
  id: Uuid,
  name: Type.String(),
  payPeriodType: Type.Enum([...PERIOD_TYPES]),
  bookkeeperOrg: Type.Object({ overtimeThreshold: Type.Number(), overtimeMultiplier: Type.Number(), timezone: Type.String() }),
});
