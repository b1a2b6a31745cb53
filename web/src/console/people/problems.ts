// A failed save, split for the form: validation reasons and known conflicts next to their
// fields (in the person's language), anything else as one sentence for the whole form.
import { ApiError } from '../api.ts';
import { useCatalogue } from '../catalogue.ts';
import { uiMessages } from '../ui/messages.ts';
import { fieldProblems, problemText } from '../ui/problems.ts';
import { peopleMessages } from './messages.ts';
import { reasonText } from './reasons.ts';

export interface FormProblems {
  fields: Record<string, string>;
  form: string | null;
}

/**
 * `conflicts` maps a refusal's label (`Phone already in use`) to the field it is about and the
 * sentence to show there.
 */
export function useFormProblems(error: unknown, conflicts: Record<string, { field: string; text: string }> = {}): FormProblems {
  const { t } = useCatalogue(peopleMessages);
  const { t: tUi } = useCatalogue(uiMessages);
  if (!error) return { fields: {}, form: null };
  const conflict = error instanceof ApiError ? conflicts[error.label] : undefined;
  if (conflict) return { fields: { [conflict.field]: conflict.text }, form: tUi('form.fixFields') };
  const raw = fieldProblems(error);
  if (Object.keys(raw).length > 0) {
    const fields = Object.fromEntries(Object.entries(raw).map(([field, reason]) => [field, reasonText(reason, t)]));
    return { fields, form: tUi('form.fixFields') };
  }
  return { fields: {}, form: problemText(error, tUi) };
}

/** '' becomes null, so a cleared optional field clears the stored value. */
export const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());
