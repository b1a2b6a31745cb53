// Every console catalogue (`<feature>/messages.ts`): both languages with the same keys, no empty
// string, and the same placeholders, so a Spanish screen never shows a raw `{count}`.
import { describe, expect, it } from 'vitest';
import { fillMessage } from '../i18n/translate.ts';
import type { Catalogue } from './catalogue.ts';
import { onTheClockMessages } from './on-the-clock/messages.ts';

const modules = import.meta.glob<Record<string, unknown>>('./**/messages.ts', { eager: true });
const catalogues = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports).map(([name, value]) => [`${file} ${name}`, value as Catalogue<string>] as const),
);
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('console catalogues', () => {
  it('are found', () => {
    expect(catalogues.length).toBeGreaterThanOrEqual(2);
  });

  it.each(catalogues)('%s: same keys in English and Spanish, none empty, same placeholders', (_name, catalogue) => {
    expect(Object.keys(catalogue.es).sort()).toEqual(Object.keys(catalogue.en).sort());
    for (const key of Object.keys(catalogue.en)) {
      expect(catalogue.en[key]!.trim(), key).not.toBe('');
      expect(catalogue.es[key]!.trim(), key).not.toBe('');
      expect(placeholders(catalogue.es[key]!), key).toEqual(placeholders(catalogue.en[key]!));
    }
  });
});

describe('console messages in Spanish', () => {
  it('agree the article with one o’clock, as the employee app’s do', () => {
    expect(fillMessage('es', onTheClockMessages.es.updated, { time: '1:05 p.m.' })).toBe('Actualizado a la 1:05 p.m.; la lista se actualiza cada minuto.');
    expect(fillMessage('es', onTheClockMessages.es.updated, { time: '12:05 p.m.' })).toBe('Actualizado a las 12:05 p.m.; la lista se actualiza cada minuto.');
  });
});
