// The queued punches in words, by kind: "Saved on this device, not yet sent: 1 clock in and 1 clock
// out." An employee knows what they pressed; a count of "punches" told them less.
import { formatList } from '../i18n/format.ts';
import { translate, type Lang } from '../i18n/translate.ts';

export function pendingSummary(actions: readonly ('clock_in' | 'clock_out')[], lang: Lang): string {
  const count = (action: 'clock_in' | 'clock_out') => actions.filter((a) => a === action).length;
  const parts: string[] = [];
  for (const [action, key] of [['clock_in', 'queue.clockIns'], ['clock_out', 'queue.clockOuts']] as const) {
    const n = count(action);
    if (n > 0) parts.push(translate(lang, n === 1 ? `${key}.one` : `${key}.other`, { count: n }));
  }
  return translate(lang, 'queue.pending', { list: formatList(parts, lang) });
}
