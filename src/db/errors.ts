// Reading database errors the same way on both drivers. Drizzle wraps driver errors in a
// DrizzleQueryError whose message holds the SQL, so the original is found through `cause`;
// none of these messages may ever reach a response.

interface DriverError {
  code?: string;
  constraint?: string;
  cause?: unknown;
  message?: string;
}

function driverError(error: unknown): DriverError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as DriverError;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}

export const PG = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  exclusionViolation: '23P01',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  queryCanceled: '57014',
} as const;

export function pgErrorCode(error: unknown): string | undefined {
  return driverError(error)?.code;
}

/** The violated constraint's name. PGlite leaves `constraint` empty, so fall back to the message. */
export function violatedConstraint(error: unknown): string | undefined {
  const found = driverError(error);
  if (!found) return undefined;
  if (found.constraint) return found.constraint;
  return /constraint "([^"]+)"/.exec(found.message ?? '')?.[1];
}

export function isConstraintViolation(error: unknown, constraint: string): boolean {
  return violatedConstraint(error) === constraint;
}

const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
const CONNECTION_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'connection terminated',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
  'PGlite is closed',
];

/**
 * True when the database could not be reached or dropped the connection (as opposed to a
 * query that failed): the request answers 503 and may be retried.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as DriverError & { errors?: unknown[] };
    const code = candidate.code ?? '';
    // 08: connection exception; 57P01-57P03: admin shutdown, crash shutdown, cannot connect now.
    if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return true;
    if (CONNECTION_ERROR_CODES.has(code)) return true;
    if (CONNECTION_MESSAGES.some((text) => candidate.message?.includes(text))) return true;
    if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = candidate.cause;
  }
  return false;
}

/**
 * A statement that failed with the database's own error: it was rolled back whole, so nothing of
 * it remains and its parts may run again alone (src/core/coalescer.ts's `rolledBack`). A broken
 * connection leaves the statement's fate unknown, so it is not such a failure.
 */
function failedWholeInDatabase(error: unknown): boolean {
  return pgErrorCode(error) !== undefined && !isDatabaseUnavailable(error);
}

/**
 * A transaction the database aborted to settle a conflict (deadlock, serialization failure):
 * nothing of it remains, and the same request may succeed when retried, so it answers 503.
 */
export function isTransientConflict(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === PG.deadlockDetected || code === PG.serializationFailure;
}

/** A statement cancelled by statement_timeout: the database is saturated, answer 503. */
export function isStatementTimeout(error: unknown): boolean {
  return pgErrorCode(error) === PG.queryCanceled;
}

/**
 * A coalesced batch's failure after which its items are run again alone (src/core/coalescer.ts's
 * `rolledBack`): the database's own error, so nothing of the batch remains, except a batch
 * cancelled by statement_timeout. The database is saturated (behind a lock, say), and each item
 * alone would wait as long again, so every item of it answers 503 at once.
 */
export function worthRunningAgainAlone(error: unknown): boolean {
  return failedWholeInDatabase(error) && !isStatementTimeout(error);
}
