// Pure message lookup: the catalogue for a language, placeholders filled in, and the language's
// own agreements applied to the filled text.
import { en, type MessageKey, type Messages } from './messages.en.ts';
import { es } from './messages.es.ts';

export type Lang = 'en' | 'es';
export const LANGS: readonly Lang[] = ['en', 'es'];
export const CATALOGUES: Record<Lang, Messages> = { en, es };

export type Values = Record<string, string | number>;

export function translate(lang: Lang, key: MessageKey, values: Values = {}): string {
  return fillMessage(lang, CATALOGUES[lang][key], values);
}

/** A message of `lang` as people read it: placeholders filled, then the language's agreements (the console's catalogues too). */
export function fillMessage(lang: Lang, template: string, values: Values = {}): string {
  const text = fillPlaceholders(template, values);
  return lang === 'es' ? agreeSpanishHour(text) : text;
}

/**
 * Spanish says "a la 1:05" but "a las 3:05": the article agrees with the hour, and on a 12-hour
 * clock only one o'clock is singular. Messages write "las {time}", as a time is known only when
 * it is filled in; this mends the one hour afterwards.
 */
export function agreeSpanishHour(text: string): string {
  return text.replace(/\b(a|desde|hasta) las (1:\d\d)/g, '$1 la $2');
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
