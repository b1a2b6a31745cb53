// The whole relational schema. Columns are snake_case, properties camelCase: Drizzle maps
// them here, in one place. Constraints Drizzle cannot express (the one-open-entry partial
// unique index is expressible; the exclusion constraints are not) live in the custom SQL
// migration drizzle/0001_constraints.sql.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  ADMIN_ROLES,
  PAY_PERIOD_STATUSES,
  PAY_TYPES,
  PERIOD_TYPES,
  TIME_ENTRY_STATUSES,
  TIMESHEET_STATUSES,
  type AdminRole,
  type PayPeriodStatus,
  type PayType,
  type PeriodType,
  type TimeEntryStatus,
  type TimesheetStatus,
} from '../domain/enums.ts';

/**
 * The search indexes' trigrams go straight into the index on every insert or update
 * (fastupdate off) rather than into a pending list that each search scans in full until a
 * vacuum merges it: those rows change rarely and are searched often (BENCHMARKS.md, "The
 * trigram indexes without a pending list"). drizzle/0014_trigram_indexes_without_pending_list.sql.
 */
const TRIGRAM_INDEX_OPTIONS = { fastupdate: 'off' };

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });
const createdAt = () => timestamptz('created_at').notNull().defaultNow();
const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();
/** Hours with two decimals; mode 'number' so a JSON response never carries a numeric string. */
const hours = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });


const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

export const bookkeeperOrgs = pgTable(
  'bookkeeper_orgs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 255 }).notNull(),
    slug: varchar('slug', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }),
    phone: varchar('phone', { length: 255 }),
    address: varchar('address', { length: 255 }),
    city: varchar('city', { length: 255 }),
    state: varchar('state', { length: 255 }),
    zipCode: varchar('zip_code', { length: 255 }),
    country: varchar('country', { length: 255 }).notNull().default('USA'),
    timezone: varchar('timezone', { length: 64 }).notNull().default('America/New_York'),
    dateFormat: varchar('date_format', { length: 32 }).notNull().default('MM/DD/YYYY'),
    overtimeThreshold: numeric('overtime_threshold', { precision: 6, scale: 2, mode: 'number' }).notNull().default(40),
    overtimeMultiplier: numeric('overtime_multiplier', { precision: 5, scale: 2, mode: 'number' }).notNull().default(1.5),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bookkeeper_orgs_slug_key').on(t.slug),
    index('bookkeeper_orgs_name_idx').on(t.name),
    index('bookkeeper_orgs_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`).with(TRIGRAM_INDEX_OPTIONS),
    check('bookkeeper_orgs_overtime_threshold_check', sql`${t.overtimeThreshold} >= 0`),
    check('bookkeeper_orgs_overtime_multiplier_check', sql`${t.overtimeMultiplier} >= 1`),
  ],
);

export const adminUsers = pgTable(
  'admin_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookkeeperOrgId: uuid('bookkeeper_org_id').notNull().references(() => bookkeeperOrgs.id, { onDelete: 'restrict' }),
    email: varchar('email', { length: 255 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: varchar('first_name', { length: 255 }).notNull(),
    lastName: varchar('last_name', { length: 255 }).notNull(),
    role: varchar('role', { length: 16 }).notNull().default('ADMIN').$type<AdminRole>(),
    active: boolean('active').notNull().default(true),
    lastLoginAt: timestamptz('last_login_at'),
    /** Tokens issued before this instant are refused (password change, deactivation). */
    credentialsChangedAt: timestamptz('credentials_changed_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('admin_users_email_lower_key').on(sql`lower(${t.email})`),
    index('admin_users_org_idx').on(t.bookkeeperOrgId, t.lastName, t.firstName),
    check('admin_users_role_check', inList('role', ADMIN_ROLES)),
  ],
);

export const industries = pgTable(
  'industries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 255 }).notNull(),
    description: varchar('description', { length: 2000 }),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('industries_name_lower_key').on(sql`lower(${t.name})`)],
);

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookkeeperOrgId: uuid('bookkeeper_org_id').notNull().references(() => bookkeeperOrgs.id, { onDelete: 'restrict' }),
    industryId: uuid('industry_id').references(() => industries.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 255 }).notNull(),
    payPeriodType: varchar('pay_period_type', { length: 16 }).notNull().default('BI_WEEKLY').$type<PeriodType>(),
    email: varchar('email', { length: 255 }),
    phone: varchar('phone', { length: 255 }),
    address: varchar('address', { length: 255 }),
    city: varchar('city', { length: 255 }),
    state: varchar('state', { length: 255 }),
    zipCode: varchar('zip_code', { length: 255 }),
    active: boolean('active').notNull().default(true),
    // QuickBooks Desktop settings for the IIF export.
    qbCompanyName: varchar('qb_company_name', { length: 255 }),
    qbCompanyCreateTime: varchar('qb_company_create_time', { length: 64 }),
    qbRegularPayrollItem: varchar('qb_regular_payroll_item', { length: 255 }).notNull().default('Hourly Rate'),
    qbOvertimePayrollItem: varchar('qb_overtime_payroll_item', { length: 255 }).notNull().default('Overtime Rate'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('companies_org_name_idx').on(t.bookkeeperOrgId, t.name),
    index('companies_industry_idx').on(t.industryId),
    index('companies_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`).with(TRIGRAM_INDEX_OPTIONS),
    index('companies_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`).with(TRIGRAM_INDEX_OPTIONS),
    check('companies_pay_period_type_check', inList('pay_period_type', PERIOD_TYPES)),
  ],
);

export const employees = pgTable(
  'employees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull().references(() => companies.id, { onDelete: 'restrict' }),
    firstName: varchar('first_name', { length: 255 }).notNull(),
    lastName: varchar('last_name', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }),
    /** E.164, so that verify can match however the number was typed. */
    phone: varchar('phone', { length: 32 }).notNull(),
    pinHash: text('pin_hash').notNull(),
    employeeNumber: varchar('employee_number', { length: 255 }),
    jobTitle: varchar('job_title', { length: 255 }),
    payRate: numeric('pay_rate', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    payType: varchar('pay_type', { length: 16 }).notNull().default('HOURLY').$type<PayType>(),
    active: boolean('active').notNull().default(true),
    qbName: varchar('qb_name', { length: 255 }),
    /** Tokens issued before this instant are refused (PIN change, deactivation). */
    credentialsChangedAt: timestamptz('credentials_changed_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('employees_company_phone_key').on(t.companyId, t.phone),
    uniqueIndex('employees_company_number_key').on(t.companyId, t.employeeNumber),
    index('employees_phone_idx').on(t.phone),
    index('employees_company_name_idx').on(t.companyId, t.lastName, t.firstName),
    // The employee list's order when it spans companies (an organization's or every employee).
    index('employees_name_idx').on(t.lastName, t.firstName, t.id),
    index('employees_search_trgm_idx').using(
      'gin',
      sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || coalesce(${t.email}, '') || ' ' || coalesce(${t.employeeNumber}, '')) gin_trgm_ops`,
    ).with(TRIGRAM_INDEX_OPTIONS),
    check('employees_pay_rate_check', sql`${t.payRate} >= 0`),
    check('employees_pay_type_check', inList('pay_type', PAY_TYPES)),
  ],
);

export const payPeriods = pgTable(
  'pay_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull().references(() => companies.id, { onDelete: 'restrict' }),
    periodType: varchar('period_type', { length: 16 }).notNull().$type<PeriodType>(),
    startDate: timestamptz('start_date').notNull(),
    endDate: timestamptz('end_date').notNull(),
    payDate: timestamptz('pay_date'),
    status: varchar('status', { length: 16 }).notNull().default('OPEN').$type<PayPeriodStatus>(),
    locked: boolean('locked').notNull().default(false),
    exportedBy: varchar('exported_by', { length: 255 }),
    exportedAt: timestamptz('exported_at'),
    iifFilename: varchar('iif_filename', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Also serves "the period covering now": company_id = ? and start_date <= now order by start_date desc.
    index('pay_periods_company_start_idx').on(t.companyId, t.startDate.desc(), t.endDate),
    check('pay_periods_period_type_check', inList('period_type', PERIOD_TYPES)),
    check('pay_periods_status_check', inList('status', PAY_PERIOD_STATUSES)),
    check('pay_periods_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

export const timeEntries = pgTable(
  'time_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    employeeId: uuid('employee_id').notNull().references(() => employees.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id').notNull().references(() => companies.id, { onDelete: 'restrict' }),
    payPeriodId: uuid('pay_period_id').references(() => payPeriods.id, { onDelete: 'restrict' }),
    clockIn: timestamptz('clock_in').notNull(),
    clockOut: timestamptz('clock_out'),
    breakMinutes: integer('break_minutes').notNull().default(0),
    /** Worked time in whole seconds (clockOut - clockIn - break); null while open. */
    workedSeconds: integer('worked_seconds'),
    totalHours: hours('total_hours'),
    regularHours: hours('regular_hours'),
    overtimeHours: hours('overtime_hours'),
    jobCode: varchar('job_code', { length: 255 }),
    taskCode: varchar('task_code', { length: 255 }),
    notes: varchar('notes', { length: 2000 }),
    clockInIp: varchar('clock_in_ip', { length: 255 }),
    clockOutIp: varchar('clock_out_ip', { length: 255 }),
    clockInDevice: varchar('clock_in_device', { length: 255 }),
    /** The server's time when each punch arrived; differs from clockIn/clockOut for an offline punch. */
    clockInRecordedAt: timestamptz('clock_in_recorded_at'),
    clockOutRecordedAt: timestamptz('clock_out_recorded_at'),
    /** Set when the entry was created or changed through the admin time-entry routes (the EDITED flag). */
    editedAt: timestamptz('edited_at'),
    status: varchar('status', { length: 16 }).notNull().default('PENDING').$type<TimeEntryStatus>(),
    approved: boolean('approved').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One open entry per employee (docs/time-rules.md §7), decided by the database.
    uniqueIndex('time_entries_one_open_per_employee').on(t.employeeId).where(sql`${t.clockOut} is null`),
    index('time_entries_employee_clock_in_idx').on(t.employeeId, t.clockIn),
    index('time_entries_pay_period_idx').on(t.payPeriodId, t.employeeId),
    index('time_entries_company_clock_in_idx').on(t.companyId, t.clockIn),
    check('time_entries_break_minutes_check', sql`${t.breakMinutes} >= 0`),
    check('time_entries_clock_order_check', sql`${t.clockOut} is null or ${t.clockOut} >= ${t.clockIn}`),
    check('time_entries_status_check', inList('status', TIME_ENTRY_STATUSES)),
    check('time_entries_hours_check', sql`${t.totalHours} is null or (${t.totalHours} >= 0 and ${t.regularHours} >= 0 and ${t.overtimeHours} >= 0)`),
  ],
);

/**
 * One employee's review state in one pay period. A missing row is NOT_SUBMITTED; the row is
 * created by the first submit or decision and then locked by every later one, so that
 * racing decisions take turns.
 */
export const employeeTimesheets = pgTable(
  'employee_timesheets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payPeriodId: uuid('pay_period_id').notNull().references(() => payPeriods.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id').notNull().references(() => employees.id, { onDelete: 'restrict' }),
    status: varchar('status', { length: 16 }).notNull().default('NOT_SUBMITTED').$type<TimesheetStatus>(),
    submittedAt: timestamptz('submitted_at'),
    decidedAt: timestamptz('decided_at'),
    decidedBy: uuid('decided_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    rejectionReason: varchar('rejection_reason', { length: 2000 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('employee_timesheets_period_employee_key').on(t.payPeriodId, t.employeeId),
    index('employee_timesheets_employee_idx').on(t.employeeId),
    check('employee_timesheets_status_check', inList('status', TIMESHEET_STATUSES)),
  ],
);

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: varchar('action', { length: 64 }).notNull(),
    actorType: varchar('actor_type', { length: 16 }),
    actorId: uuid('actor_id'),
    bookkeeperOrgId: uuid('bookkeeper_org_id'),
    entityType: varchar('entity_type', { length: 64 }),
    entityId: uuid('entity_id'),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_logs_org_created_idx').on(t.bookkeeperOrgId, t.createdAt.desc()),
    index('audit_logs_actor_created_idx').on(t.actorId, t.createdAt.desc()),
    index('audit_logs_action_created_idx').on(t.action, t.createdAt.desc()),
    // One record's edit history (the console's per-entry history): entityId is a random UUID, so
    // it alone is selective enough.
    index('audit_logs_entity_created_idx').on(t.entityId, t.createdAt.desc()),
  ],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    actorId: uuid('actor_id').notNull(),
    key: varchar('key', { length: 255 }).notNull(),
    /** Method, route and a hash of the body: the same key with another request is a 422. */
    requestHash: varchar('request_hash', { length: 128 }).notNull(),
    statusCode: integer('status_code'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.actorId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Tokens ended by logout before their expiry. Keyed by the sha256 (hex) of the compact JWT, so
 * the token itself is never stored and no `jti` claim is needed; a row is only useful until its
 * token expires, and the hourly prune deletes it then.
 */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at').notNull().defaultNow(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * What a clock out needs of its workweek's earlier entries, kept by the batched clock out
 * (drizzle/0011_week_running_totals.sql, docs/architecture.md §3): for one employee, the
 * closed entries of the workweek from `week_start` to `week_end` (in `timezone`), up to the
 * one clocked in at `through_clock_in`, hold the figures the allocation gives them under
 * `threshold_seconds`, and their worked seconds sum to `worked_seconds`. Any other write to
 * that employee's entries deletes the row (triggers on time_entries), so a row that exists is
 * true; a missing one only means the next clock out reads its week.
 */
export const weekRunningTotals = pgTable('week_running_totals', {
  employeeId: uuid('employee_id').primaryKey(),
  weekStart: timestamptz('week_start').notNull(),
  /** The next workweek's start. */
  weekEnd: timestamptz('week_end').notNull(),
  timezone: text('timezone').notNull(),
  thresholdSeconds: bigint('threshold_seconds', { mode: 'number' }).notNull(),
  throughClockIn: timestamptz('through_clock_in').notNull(),
  workedSeconds: bigint('worked_seconds', { mode: 'number' }).notNull(),
});
