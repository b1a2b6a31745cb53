// Money and phone numbers as people read them, in the console's language.
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
