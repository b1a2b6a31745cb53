// Pure message lookup: the catalogue for a language, placeholders filled in.
import { en, type MessageKey, type Messages } from './messages.en.ts';
import { es } from './messages.es.ts';

export type Lang = 'en' | 'es';
export const LANGS: readonly Lang[] = ['en', 'es'];
export const CATALOGUES: Record<Lang, Messages> = { en, es };

export type Values = Record<string, string | number>;

export function translate(lang: Lang, key: MessageKey, values: Values = {}): string {
  return fillPlaceholders(CATALOGUES[lang][key], values);
}

/** `{name}` replaced by values.name; a placeholder without a value stays visible. */
export function fillPlaceholders(template: string, values: Values = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The first of the browser's languages that we have, else English. */
export function pickLanguage(preferred: readonly string[]): Lang {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'es' || base === 'en') return base;
  }
  return 'en';
}
