// Reading the service's refusals for forms: a validation `message` is `field: reason, field:
// reason` (docs/api.md §2), shown next to each field; anything else is one message for the form.
import { ApiError } from '../api.ts';
import type { Translate } from '../catalogue.ts';
import type { uiMessages } from './messages.ts';

/** `{ name: 'must not be empty', email: 'must be an email' }` from a 400's message. */
export function fieldProblems(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.detail) return {};
  const problems: Record<string, string> = {};
  for (const part of error.detail.split(/,\s+(?=[A-Za-z_][\w.[\]]*:\s)/)) {
    const match = /^([A-Za-z_][\w.[\]]*):\s*(.+)$/.exec(part.trim());
    if (match) problems[match[1]!.split('.')[0]!] ??= match[2]!;
  }
  return problems;
}

/** A plain sentence for a refusal that is not about one field. */
export function problemText(error: unknown, t: Translate<keyof typeof uiMessages.en>): string {
  if (!(error instanceof ApiError)) return t('error.generic', { label: String(error) });
  if (error.status === 0) return t('error.offline');
  if (error.status === 503) return t('error.busy');
  if (error.status === 401) return t('error.signedOut');
  if (error.status === 403) return t('error.denied');
  if (error.status === 404) return t('error.notFound');
  return error.detail ? `${error.label}: ${error.detail}` : error.label;
}
