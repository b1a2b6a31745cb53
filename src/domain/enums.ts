// The closed sets of values the service stores and accepts, declared once. The database
// schema builds its check constraints from these arrays, the request and response schemas
// build their enums from them, and services type their fields with the unions below, so a
// new value is added here and nowhere else.

/** An admin's role: a SUPER_ADMIN acts across every organization, an ADMIN inside its own. */
export const ADMIN_ROLES = ['SUPER_ADMIN', 'ADMIN'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** How an employee is paid. */
export const PAY_TYPES = ['HOURLY', 'SALARY'] as const;
export type PayType = (typeof PAY_TYPES)[number];

/** The length of a company's pay periods (docs/time-rules.md describes each calendar). */
export const PERIOD_TYPES = ['WEEKLY', 'BI_WEEKLY', 'SEMI_MONTHLY', 'MONTHLY'] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];

/** A pay period's life cycle, in order. */
export const PAY_PERIOD_STATUSES = ['OPEN', 'SUBMITTED', 'APPROVED', 'PAID', 'CLOSED'] as const;
export type PayPeriodStatus = (typeof PAY_PERIOD_STATUSES)[number];

/** A time entry is PENDING until its pay period is approved. */
export const TIME_ENTRY_STATUSES = ['PENDING', 'APPROVED'] as const;
export type TimeEntryStatus = (typeof TIME_ENTRY_STATUSES)[number];

/** One employee's review state in one pay period; without a stored row it is NOT_SUBMITTED. */
export const TIMESHEET_STATUSES = ['NOT_SUBMITTED', 'SUBMITTED', 'APPROVED', 'REJECTED'] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];

/** Who can call the API with a token. */
export const ACTOR_TYPES = ['admin', 'employee'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

/** Who an audit entry names as its actor: a caller, or the system itself (the command line). */
export const AUDIT_ACTOR_TYPES = [...ACTOR_TYPES, 'system'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];
