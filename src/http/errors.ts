// The one error catalogue. Services throw AppError (never a plain string, never a reply);
// the error handler turns it into the SPEC.md envelope. Labels are binding: SPEC.md and
// CONTRACT.md name them, and tests compare them verbatim.

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

/** Things that have a `<Thing> not found` label (CONTRACT §2). */
export type Thing =
  | 'Organization'
  | 'Company'
  | 'Employee'
  | 'Admin user'
  | 'Pay period'
  | 'Time entry'
  | 'Industry';

export const Errors = {
  // 400
  validation: (label: string, message: string) => new AppError(400, label, message),
  invalidJson: (detail = 'The request body is not valid JSON') => new AppError(400, 'Invalid JSON', detail),
  businessRule: (label: string, detail?: string, data?: Record<string, unknown>) => new AppError(400, label, detail, data),
  // 401
  authenticationRequired: () => new AppError(401, 'Authentication required'),
  authenticationFailed: () => new AppError(401, 'Authentication failed'),
  // 403
  accessDenied: (detail?: string) => new AppError(403, 'Access denied', detail),
  requiredRole: (type: 'admin' | 'employee') => new AppError(403, `Access denied. Required role: ${type}`),
  accountInactive: () => new AppError(403, 'Account inactive'),
  organizationInactive: () => new AppError(403, 'Organization inactive'),
  companyInactive: () => new AppError(403, 'Company inactive'),
  // 404
  notFound: (thing: Thing) => new AppError(404, `${thing} not found`),
  routeNotFound: () => new AppError(404, 'Not found'),
  // 409 / 413 / 415 / 422
  conflict: (label: string, detail?: string) => new AppError(409, label, detail),
  payloadTooLarge: () => new AppError(413, 'Payload too large', 'The request body is larger than 100 KiB'),
  unsupportedMediaType: () => new AppError(415, 'Unsupported media type', 'Send the body as application/json'),
  idempotencyKeyReused: () =>
    new AppError(422, 'Idempotency key reused', 'This Idempotency-Key was used for a different request'),
  // 429 / 503
  tooManyRequests: (label: string, headers: Record<string, string>) => new AppError(429, label, undefined, undefined, headers),
  serviceUnavailable: (retryAfterSeconds = 5) =>
    new AppError(503, 'Service unavailable', 'Please retry shortly', undefined, { 'retry-after': String(retryAfterSeconds) }),
} as const;
