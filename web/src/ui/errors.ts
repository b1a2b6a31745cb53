// The service's stable error labels, in plain words. Raw labels never reach the screen.
import { ApiError } from '../api/client.ts';
import type { MessageKey } from '../i18n/messages.en.ts';
import type { Values } from '../i18n/translate.ts';

const BY_LABEL: Record<string, MessageKey> = {
  'Authentication failed': 'error.badCredentials',
  'Invalid verification data': 'error.invalidSignIn',
  'Account inactive': 'error.accountInactive',
  'Company inactive': 'error.companyInactive',
  'Organization inactive': 'error.organizationInactive',
  'Authentication required': 'error.signedOut',
  'Employee not found or inactive': 'error.accountInactive',
  'Already clocked in': 'error.alreadyClockedIn',
  'No open time entry': 'error.noOpenEntry',
  'Overlapping time entry': 'error.overlapping',
  'Pay period locked': 'error.periodLocked',
  'Open time entries': 'error.openEntries',
  'No time entries': 'error.noEntries',
  'Already submitted': 'error.alreadySubmitted',
  'Service unavailable': 'error.busy',
};

export function errorMessage(error: unknown, t: (key: MessageKey, values?: Values) => string): string {
  if (!(error instanceof ApiError)) return t('error.generic', { label: String(error) });
  if (error.status === 0) return t('error.offline');
  if (error.status === 429) return t('error.tooManyTries', { seconds: error.retryAfterSeconds ?? 60 });
  const key = BY_LABEL[error.label];
  if (key) return t(key);
  if (error.label === 'Invalid time entry data') return t('error.invalidEntry', { detail: error.detail ?? error.label });
  return t('error.generic', { label: error.label });
}

/** The same for a label kept with a refused offline punch. */
export function labelMessage(label: string, detail: string | null, t: (key: MessageKey, values?: Values) => string): string {
  return errorMessage(new ApiError(400, label, detail ?? undefined, null, null), t);
}
