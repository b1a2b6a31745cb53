// Money and phone numbers as people read and write them, in the console's language.
import type { Lang } from '../../i18n/translate.ts';

const LOCALES: Record<Lang, string> = { en: 'en-US', es: 'es-US' };

/** Pay rates are US dollars (the service pays US payroll). */
export function formatMoney(amount: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'USD' }).format(amount);
}

export function formatCount(count: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALES[lang]).format(count);
}

/** The service keeps phones in E.164; a US number reads better as (212) 555-0101. */
export function formatPhone(e164: string): string {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : e164;
}

/**
 * A pay rate as typed in a form or a spreadsheet; 0 when blank, NaN when it is not a number.
 * "$22.50", "22,50" (a comma is the decimal mark in Spanish), "52,000" and "1,250.75" (commas
 * between thousands) and "1.250,75" all read as people mean them: of a comma and a full stop,
 * the last one is the decimal mark, and a comma before exactly three digits, repeated, groups
 * thousands.
 */
export function parsePayRate(text: string): number {
  let cleaned = text.trim().replace(/[$\s]/g, '');
  if (cleaned === '') return 0;
  if (cleaned.includes(',') && cleaned.includes('.')) {
    cleaned = cleaned.lastIndexOf(',') > cleaned.lastIndexOf('.') ? cleaned.replace(/\./g, '').replace(',', '.') : cleaned.replace(/,/g, '');
  } else if (/^\d{1,3}(,\d{3})+$/.test(cleaned)) cleaned = cleaned.replace(/,/g, '');
  else cleaned = cleaned.replace(',', '.');
  return Number(cleaned);
}
