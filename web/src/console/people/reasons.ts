// The service words a validation failure as `field: reason` in English (docs/api.md §6); the
// forms show the reason next to its field in the person's language. The reasons come from a
// short fixed list (src/http/validation.ts), so each known one has its own sentence and anything
// else is shown as the service wrote it.
import type { Translate } from '../catalogue.ts';
import type { peopleMessages } from './messages.ts';

type Key = keyof typeof peopleMessages.en;

export function reasonText(reason: string, t: Translate<Key>): string {
  if (reason === 'is required') return t('reason.required');
  if (reason === 'must not be empty') return t('reason.empty');
  if (reason === 'must be a valid email') return t('reason.email');
  if (reason === 'must be a valid phone number') return t('reason.phone');
  if (reason === 'has an invalid format') return t('reason.format');
  if (reason === 'must be a number' || reason === 'must be an integer') return t('reason.number');
  const [, bound, limit = ''] = /^must be (at most|at least|>=) (\d+(?:\.\d+)?)/.exec(reason) ?? [];
  if (bound === 'at most') return t('reason.tooLong', { limit });
  if (bound === 'at least') return t('reason.tooShort', { limit });
  if (bound === '>=') return t('reason.min', { limit });
  return t('reason.other', { reason });
}
