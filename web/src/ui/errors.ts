// The service's stable error labels (docs/api.md §3), in plain words. Raw labels and the
// service's English details never reach the screen: a label with no words of its own falls back
// to words chosen by its status class.
import { ApiError } from '../api/client.ts';
import { waitMessage } from './wait-message.ts';
import type { MessageKey } from '../i18n/messages.en.ts';
import type { Values } from '../i18n/translate.ts';

type Translate = (key: MessageKey, values?: Values) => string;

/** Every label the employee app's calls can answer with (verify, me, clock in/out, timesheet, timesheets, submit, logout). */
export const BY_LABEL: Readonly<Record<string, MessageKey>> = {
  // Sign in
  'Authentication failed': 'error.badCredentials',
  'Invalid verification data': 'error.invalidSignIn',
  'Company required': 'error.companyRequired',
  'Account inactive': 'error.accountInactive',
  'Company inactive': 'error.companyInactive',
  'Organization inactive': 'error.organizationInactive',
  // Any signed-in call
  'Authentication required': 'error.signedOut',
  'Access denied': 'error.notEmployee',
  'Access denied. Required role: employee': 'error.notEmployee',
  'Employee not found or inactive': 'error.accountInactive',
  'Employee not found': 'error.accountInactive',
  // Clock in and out
  'Already clocked in': 'error.alreadyClockedIn',
  'No open time entry': 'error.noOpenEntry',
  'Overlapping time entry': 'error.overlapping',
  'Invalid action': 'error.invalidRequest',
  // Timesheet and submit
  'Pay period locked': 'error.periodLocked',
  'Pay period not found': 'error.periodNotFound',
  'Open time entries': 'error.openEntries',
  'No time entries': 'error.noEntries',
  'Already submitted': 'error.alreadySubmitted',
  'Already approved': 'error.alreadyApproved',
  'Invalid date format': 'error.invalidRequest',
  'Invalid date range': 'error.invalidRequest',
  // A request the app itself got wrong, or one still being answered
  'Validation failed': 'error.invalidRequest',
  'Invalid JSON': 'error.invalidRequest',
  'Bad request': 'error.invalidRequest',
  'Not found': 'error.invalidRequest',
  'Payload too large': 'error.invalidRequest',
  'Unsupported media type': 'error.invalidRequest',
  'Idempotency key reused': 'error.invalidRequest',
  'Request in progress': 'error.inProgress',
  'Service unavailable': 'error.busy',
};

/** `Invalid time entry data` names the field in its detail; each case the app can cause, in words. */
const ENTRY_DETAILS: ReadonlyArray<[RegExp, MessageKey]> = [
  [/24 hours in the past/, 'error.punchTooOld'],
  [/in the future/, 'error.deviceClockAhead'],
  [/^breakMinutes: must not exceed/, 'error.breakTooLong'],
  [/after the open entry's clockIn|before clockIn/, 'error.outBeforeIn'],
];

export function errorMessage(error: unknown, t: Translate): string {
  if (!(error instanceof ApiError) || error.status === 0) return t('error.offline');
  if (error.status === 429) return waitMessage(error.retryAfterSeconds ?? 60, t);
  const key = BY_LABEL[error.label];
  if (key) return t(key);
  if (error.label === 'Invalid time entry data') {
    const match = ENTRY_DETAILS.find(([pattern]) => pattern.test(error.detail ?? ''));
    return t(match ? match[1] : 'error.invalidEntry');
  }
  // A 500 names the operation that failed ('Failed to submit timesheet'): the same words for all.
  return t(error.status >= 500 ? 'error.server' : 'error.invalidRequest');
}

/** The same for a label kept with a refused offline punch. */
export function labelMessage(label: string, detail: string | null, t: Translate): string {
  return errorMessage(new ApiError(400, label, detail ?? undefined, null, null), t);
}
