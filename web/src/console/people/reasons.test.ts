import { describe, expect, it } from 'vitest';
import { fillPlaceholders } from '../../i18n/translate.ts';
import { peopleMessages } from './messages.ts';
import { reasonText } from './reasons.ts';

const inSpanish = (key: keyof typeof peopleMessages.es, values?: Record<string, string | number>) => fillPlaceholders(peopleMessages.es[key], values);

describe('reasonText', () => {
  it('words each reason the service gives in the chosen language', () => {
    expect(reasonText('is required', inSpanish)).toBe('Este campo es obligatorio.');
    expect(reasonText('must be a valid email', inSpanish)).toBe('Escriba un correo electrónico válido, como nombre@ejemplo.com.');
    expect(reasonText('must be at most 255 characters', inSpanish)).toBe('Use como máximo 255 caracteres.');
    expect(reasonText('must be >= 0', inSpanish)).toBe('Escriba 0 o más.');
  });

  it('keeps an unknown reason as the service wrote it', () => {
    expect(reasonText('must be one of HOURLY, SALARY', inSpanish)).toBe('Revise este valor (must be one of HOURLY, SALARY).');
  });
});
