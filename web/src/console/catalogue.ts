// The console's strings live beside the feature that shows them (`<feature>/messages.ts`), so the
// employee app's first load never carries them. A catalogue holds both languages; its Record
// type makes a key missing from Spanish a compile error, and console-catalogues.test.ts checks
// that no string is empty and that placeholders match.
import { useCallback } from 'react';
import { useI18n } from '../i18n/i18n.tsx';
import { fillMessage, type Lang, type Values } from '../i18n/translate.ts';

export interface Catalogue<K extends string> {
  en: Record<K, string>;
  es: Record<K, string>;
}

export function defineCatalogue<K extends string>(en: Record<K, string>, es: NoInfer<Record<K, string>>): Catalogue<K> {
  return { en, es };
}

export type Translate<K extends string> = (key: K, values?: Values) => string;

/** The feature's `t` in the language the person picked (shared with the employee app). */
export function useCatalogue<K extends string>(catalogue: Catalogue<K>): { t: Translate<K>; lang: Lang } {
  const { lang } = useI18n();
  const t = useCallback<Translate<K>>((key, values) => fillMessage(lang, catalogue[lang][key], values), [catalogue, lang]);
  return { t, lang };
}
