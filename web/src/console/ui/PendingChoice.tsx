// The option for a value already chosen (from the URL, or from the page that opened a form) while
// the select's choices are still loading. Without it the select shows its first option, such as
// "All companies", over a list that is in fact filtered, until the choices arrive.
import { useCatalogue } from '../catalogue.ts';
import { uiMessages } from './messages.ts';

export function PendingChoice({ value, pending }: { value: string; pending: boolean }) {
  const { t } = useCatalogue(uiMessages);
  return pending && value ? <option value={value}>{t('loading')}</option> : null;
}
