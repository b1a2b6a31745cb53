// Response shapes of the employee timesheet routes (SPEC.md "Time entry", "Employee (as
// returned in a timesheet)", "Company (as returned in a timesheet)", "Pay period").
import { Type } from 'typebox';
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
    periodType: Type.Enum(['WEEKLY', 'BI_WEEKLY', 'SEMI_MONTHLY', 'MONTHLY']),
    startDate: DateTime,
    endDate: DateTime,
    payDate: NullableDateTime,
    status: Type.Enum(['OPEN', 'SUBMITTED', 'APPROVED', 'PAID', 'CLOSED']),
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
  payType: Type.Enum(['HOURLY', 'SALARY']),
});

export const TimesheetCompany = Type.Object({
  id: Uuid,
  name: Type.String(),
  payPeriodType: Type.Enum(['WEEKLY', 'BI_WEEKLY', 'SEMI_MONTHLY', 'MONTHLY']),
  bookkeeperOrg: Type.Object({ overtimeThreshold: Type.Number(), overtimeMultiplier: Type.Number(), timezone: Type.String() }),
});
