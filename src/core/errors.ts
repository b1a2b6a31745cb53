// The one error catalogue. Services throw AppError (never a plain string, never a reply);
// the error handler turns it into the envelope of docs/api.md. Every label the API answers
// with is written here once, with its status, and thrown through a constructor named after
// the situation (`Errors.payPeriodLocked()`), so that the code, the OpenAPI document
// (`x-error-catalogue`) and the tests read the same list. Labels are binding: clients and
// tests compare them verbatim. test/architecture/error-labels.test.ts fails on a label typed
// anywhere else in src/.

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    /** The envelope's `error`: a short, stable label. */
    readonly label: string,
    /** The envelope's optional human-readable `message`. */
    readonly detail?: string,
    /** Extra `data` sent with the error (e.g. the open entry of `Already clocked in`). */
    readonly data?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(detail ? `${label}: ${detail}` : label);
    this.name = 'AppError';
  }
}

/** Things that have a `<Thing> not found` label (docs/api.md §2). */
export const THINGS = ['Organization', 'Company', 'Employee', 'Admin user', 'Pay period', 'Time entry', 'Industry'] as const;
export type Thing = (typeof THINGS)[number];
export const notFoundLabel = (thing: Thing) => `${thing} not found`;

interface Entry {
  readonly status: number;
  readonly label: string;
}

/** The route's label for a body, query or parameter that fails its schema. */
export const ValidationLabel = {
  default: 'Validation failed',
  login: 'Invalid login data',
  verification: 'Invalid verification data',
  timeEntry: 'Invalid time entry data',
} as const;
export type ValidationLabel = (typeof ValidationLabel)[keyof typeof ValidationLabel];

/** A route's 500 label: the failure names the operation, never its cause. */
export const FailureLabel = {
  default: 'Internal server error',
  login: 'Login failed',
  verification: 'Verification failed',
  logout: 'Logout failed',
  fetchUser: 'Failed to fetch user',
  fetchOrganizations: 'Failed to fetch organizations',
  createOrganization: 'Failed to create organization',
  fetchOrganization: 'Failed to fetch organization',
  updateOrganization: 'Failed to update organization',
  deleteOrganization: 'Failed to delete organization',
  fetchCompanies: 'Failed to fetch companies',
  createCompany: 'Failed to create company',
  fetchCompany: 'Failed to fetch company',
  updateCompany: 'Failed to update company',
  deactivateCompany: 'Failed to deactivate company',
  fetchIndustries: 'Failed to fetch industries',
  createIndustry: 'Failed to create industry',
  updateIndustry: 'Failed to update industry',
  fetchAdminUsers: 'Failed to fetch admin users',
  createAdminUser: 'Failed to create admin user',
  fetchAdminUser: 'Failed to fetch admin user',
  updateAdminUser: 'Failed to update admin user',
  deactivateAdminUser: 'Failed to deactivate admin user',
  fetchEmployees: 'Failed to fetch employees',
  createEmployee: 'Failed to create employee',
  fetchEmployee: 'Failed to fetch employee',
  updateEmployee: 'Failed to update employee',
  deactivateEmployee: 'Failed to deactivate employee',
  fetchPayPeriods: 'Failed to fetch pay periods',
  createPayPeriod: 'Failed to create pay period',
  fetchPayPeriod: 'Failed to fetch pay period',
  updatePayPeriod: 'Failed to update pay period',
  deletePayPeriod: 'Failed to delete pay period',
  exportPayPeriod: 'Failed to export pay period',
  fetchTimeEntries: 'Failed to fetch time entries',
  createTimeEntry: 'Failed to create time entry',
  fetchTimeEntry: 'Failed to fetch time entry',
  updateTimeEntry: 'Failed to update time entry',
  deleteTimeEntry: 'Failed to delete time entry',
  submitTimesheet: 'Failed to submit timesheet',
  fetchTimesheet: 'Failed to fetch timesheet',
  fetchAuditLogs: 'Failed to fetch audit logs',
  fetchTimesheets: 'Failed to fetch timesheets',
  approveTimesheet: 'Failed to approve timesheet',
  rejectTimesheet: 'Failed to reject timesheet',
  buildReport: 'Failed to build report',
  fetchSetup: 'Failed to fetch setup status',
  createFirstAdmin: 'Failed to create the first admin',
} as const;
export type FailureLabel = (typeof FailureLabel)[keyof typeof FailureLabel];

/**
 * How an employee route answers a token whose employee is gone or deactivated: entry and
 * submit say `Employee not found or inactive`, the timesheet `Employee not found`.
 */
export const InactiveEmployeeLabel = {
  notFoundOrInactive: 'Employee not found or inactive',
  notFound: 'Employee not found',
} as const;
export type InactiveEmployeeLabel = (typeof InactiveEmployeeLabel)[keyof typeof InactiveEmployeeLabel];

/** Every situation with its one status and label, besides the per-route tables above. */
export const ErrorCode = {
  // 400: the request, or a business rule
  invalidJson: { status: 400, label: 'Invalid JSON' },
  badRequest: { status: 400, label: 'Bad request' },
  payPeriodLocked: { status: 400, label: 'Pay period locked' },
  alreadyClockedIn: { status: 400, label: 'Already clocked in' },
  noOpenTimeEntry: { status: 400, label: 'No open time entry' },
  overlappingTimeEntry: { status: 400, label: 'Overlapping time entry' },
  invalidAction: { status: 400, label: 'Invalid action' },
  invalidDateFormat: { status: 400, label: 'Invalid date format' },
  invalidDateRange: { status: 400, label: 'Invalid date range' },
  alreadySubmitted: { status: 400, label: 'Already submitted' },
  openTimeEntries: { status: 400, label: 'Open time entries' },
  noTimeEntries: { status: 400, label: 'No time entries' },
  alreadyApproved: { status: 400, label: 'Already approved' },
  timesheetNotSubmitted: { status: 400, label: 'Timesheet not submitted' },
  overlappingPayPeriod: { status: 400, label: 'Overlapping pay period' },
  cannotDeletePayPeriod: { status: 400, label: 'Cannot delete pay period' },
  slugAlreadyExists: { status: 400, label: 'Slug already exists' },
  industryAlreadyExists: { status: 400, label: 'Industry already exists' },
  emailAlreadyInUse: { status: 400, label: 'Email already in use' },
  phoneAlreadyInUse: { status: 400, label: 'Phone already in use' },
  employeeNumberAlreadyInUse: { status: 400, label: 'Employee number already in use' },
  cannotDeactivateYourself: { status: 400, label: 'Cannot deactivate yourself' },
  // 401 / 403
  authenticationRequired: { status: 401, label: 'Authentication required' },
  authenticationFailed: { status: 401, label: 'Authentication failed' },
  accessDenied: { status: 403, label: 'Access denied' },
  adminRoleRequired: { status: 403, label: 'Access denied. Required role: admin' },
  employeeRoleRequired: { status: 403, label: 'Access denied. Required role: employee' },
  accountInactive: { status: 403, label: 'Account inactive' },
  organizationInactive: { status: 403, label: 'Organization inactive' },
  companyInactive: { status: 403, label: 'Company inactive' },
  // 404
  routeNotFound: { status: 404, label: 'Not found' },
  employeeNotFoundOrInactive: { status: 404, label: InactiveEmployeeLabel.notFoundOrInactive },
  // 409 / 413 / 415 / 422
  companyRequired: { status: 409, label: 'Company required' },
  payPeriodNotReady: { status: 409, label: 'Pay period not ready' },
  requestInProgress: { status: 409, label: 'Request in progress' },
  setupAlreadyCompleted: { status: 409, label: 'Setup already completed' },
  payloadTooLarge: { status: 413, label: 'Payload too large' },
  unsupportedMediaType: { status: 415, label: 'Unsupported media type' },
  idempotencyKeyReused: { status: 422, label: 'Idempotency key reused' },
  // 429 / 503
  tooManyLoginAttempts: { status: 429, label: 'Too many login attempts' },
  tooManyVerificationAttempts: { status: 429, label: 'Too many verification attempts' },
  tooManySetupAttempts: { status: 429, label: 'Too many setup attempts' },
  serviceUnavailable: { status: 503, label: 'Service unavailable' },
} as const satisfies Record<string, Entry>;
export type ErrorCode = keyof typeof ErrorCode;

/** The labels of the 400 business rules (not the validation labels). */
export type BusinessRuleLabel = {
  [K in ErrorCode]: (typeof ErrorCode)[K]['status'] extends 400 ? (typeof ErrorCode)[K]['label'] : never;
}[ErrorCode];

/** The 429 labels, one per rate-limit rule. */
export type RateLimitLabel = (typeof ErrorCode)['tooManyLoginAttempts' | 'tooManyVerificationAttempts' | 'tooManySetupAttempts']['label'];

/** Every label the API can answer with, and its status: the list the OpenAPI document publishes. */
export const errorCatalogue: readonly Entry[] = [
  ...Object.values(ValidationLabel).map((label) => ({ status: 400, label })),
  ...Object.values(ErrorCode),
  ...THINGS.map((thing) => ({ status: 404, label: notFoundLabel(thing) })),
  ...Object.values(FailureLabel).map((label) => ({ status: 500, label })),
].filter((entry, index, all) => all.findIndex((other) => other.label === entry.label) === index);

const raise = (code: ErrorCode, detail?: string, data?: Record<string, unknown>, headers?: Record<string, string>) =>
  new AppError(ErrorCode[code].status, ErrorCode[code].label, detail, data, headers);

export const Errors = {
  // 400: the request
  validation: (label: ValidationLabel, message: string) => new AppError(400, label, message),
  validationFailed: (message: string) => new AppError(400, ValidationLabel.default, message),
  invalidVerificationData: (message: string) => new AppError(400, ValidationLabel.verification, message),
  invalidTimeEntryData: (message: string) => new AppError(400, ValidationLabel.timeEntry, message),
  invalidJson: (detail = 'The request body is not valid JSON') => raise('invalidJson', detail),
  /** A framework refusal with a 4xx status that no situation above names. */
  frameworkRefusal: (status: number) =>
    status === 404 ? raise('routeNotFound') : new AppError(status, ErrorCode.badRequest.label),
  invalidAction: (detail: string) => raise('invalidAction', detail),
  invalidDateFormat: (detail: string) => raise('invalidDateFormat', detail),
  invalidDateRange: (detail: string) => raise('invalidDateRange', detail),
  /** Any 400 business rule by its catalogued label; src/ uses the named constructors below. */
  businessRule: (label: BusinessRuleLabel, detail?: string, data?: Record<string, unknown>) => new AppError(400, label, detail, data),
  // 400: time entries and pay periods
  /** A write that would change an entry of a locked pay period, or submit one. */
  payPeriodLocked: (detail?: string) => raise('payPeriodLocked', detail),
  alreadyClockedIn: (detail: string, data?: Record<string, unknown>) => raise('alreadyClockedIn', detail, data),
  noOpenTimeEntry: (detail: string) => raise('noOpenTimeEntry', detail),
  overlappingTimeEntry: (detail: string) => raise('overlappingTimeEntry', detail),
  alreadySubmitted: (detail: string) => raise('alreadySubmitted', detail),
  openTimeEntries: (detail: string, data: Record<string, unknown>) => raise('openTimeEntries', detail, data),
  noTimeEntries: (detail?: string) => raise('noTimeEntries', detail),
  // 400: the per-employee timesheet review (docs/time-rules.md §15)
  alreadyApproved: () => raise('alreadyApproved', 'This timesheet is already approved'),
  timesheetNotSubmitted: (status: string) =>
    raise('timesheetNotSubmitted', `Only a submitted or approved timesheet can be rejected; it is ${status}`),
  overlappingPayPeriod: () => raise('overlappingPayPeriod'),
  cannotDeletePayPeriod: (detail: string) => raise('cannotDeletePayPeriod', detail),
  // 400: uniqueness and self-protection
  slugAlreadyExists: (detail: string) => raise('slugAlreadyExists', detail),
  industryAlreadyExists: () => raise('industryAlreadyExists'),
  emailAlreadyInUse: () => raise('emailAlreadyInUse'),
  phoneAlreadyInUse: () => raise('phoneAlreadyInUse'),
  employeeNumberAlreadyInUse: () => raise('employeeNumberAlreadyInUse'),
  cannotDeactivateYourself: () => raise('cannotDeactivateYourself'),
  // 401
  authenticationRequired: () => raise('authenticationRequired'),
  authenticationFailed: () => raise('authenticationFailed'),
  // 403
  accessDenied: (detail?: string) => raise('accessDenied', detail),
  requiredRole: (type: 'admin' | 'employee') => raise(type === 'admin' ? 'adminRoleRequired' : 'employeeRoleRequired'),
  accountInactive: () => raise('accountInactive'),
  organizationInactive: () => raise('organizationInactive'),
  companyInactive: () => raise('companyInactive'),
  // 404
  notFound: (thing: Thing) => new AppError(404, notFoundLabel(thing)),
  routeNotFound: () => raise('routeNotFound'),
  /** The employee of an employee token is gone or deactivated, on a route that says so. */
  employeeGone: (label: InactiveEmployeeLabel) => new AppError(404, label),
  // 409 / 413 / 415 / 422
  companyRequired: (detail: string, data: { companies: { id: string; name: string }[] }) => raise('companyRequired', detail, data),
  payPeriodNotReady: (detail: string, data: Record<string, unknown>) => raise('payPeriodNotReady', detail, data),
  requestInProgress: (detail: string, headers: Record<string, string>) => raise('requestInProgress', detail, undefined, headers),
  /** A first-run call that lost the race to another one (docs/api.md §10, First run). */
  setupAlreadyCompleted: () => raise('setupAlreadyCompleted', 'Another request created the first administrator'),
  payloadTooLarge: () => raise('payloadTooLarge', 'The request body is larger than 100 KiB'),
  unsupportedMediaType: () => raise('unsupportedMediaType', 'Send the body as application/json'),
  idempotencyKeyReused: () => raise('idempotencyKeyReused', 'This Idempotency-Key was used for a different request'),
  // 429 / 500 / 503
  tooManyRequests: (label: RateLimitLabel, headers: Record<string, string>) => new AppError(429, label, undefined, undefined, headers),
  /** An unexpected failure: the route's own 500 label, no cause in the answer. */
  internal: (label: FailureLabel | (string & {}) = FailureLabel.default) => new AppError(500, label),
  serviceUnavailable: (retryAfterSeconds = 5) =>
    raise('serviceUnavailable', 'Please retry shortly', undefined, { 'retry-after': String(retryAfterSeconds) }),
} as const;
