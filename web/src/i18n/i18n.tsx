// The language of the screens: the browser's by default, or the one the person picked (kept on
// the device; it is a preference, not a secret).
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { MessageKey } from './messages.en.ts';
import { pickLanguage, translate, type Lang, type Values } from './translate.ts';

const STORAGE_KEY = 'payclock.lang';

interface I18n {
  lang: Lang;
  setLang(lang: Lang): void;
  t(key: MessageKey, values?: Values): string;
}

const I18nContext = createContext<I18n | null>(null);

function initialLanguage(): Lang {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved === 'en' || saved === 'es') return saved;
  return pickLanguage(navigator.languages ?? [navigator.language]);
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Lang>(initialLanguage);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const setLang = useCallback((next: Lang) => {
    localStorage.setItem(STORAGE_KEY, next);
    setLangState(next);
  }, []);
  const value = useMemo<I18n>(() => ({ lang, setLang, t: (key, values) => translate(lang, key, values) }), [lang, setLang]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}
