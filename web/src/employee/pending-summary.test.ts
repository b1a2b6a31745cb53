import { describe, expect, it } from 'vitest';
import { pendingSummary } from './pending-summary.ts';

describe('pendingSummary', () => {
  it('counts the queued punches by kind, in words', () => {
    expect(pendingSummary(['clock_in'], 'en')).toBe('Saved on this device, not yet sent: 1 clock in.');
    expect(pendingSummary(['clock_in', 'clock_out'], 'en')).toBe('Saved on this device, not yet sent: 1 clock in and 1 clock out.');
    expect(pendingSummary(['clock_out', 'clock_in', 'clock_out', 'clock_in', 'clock_out'], 'en')).toBe('Saved on this device, not yet sent: 2 clock ins and 3 clock outs.');
    expect(pendingSummary(['clock_out'], 'es')).toBe('Guardado en este dispositivo, aún sin enviar: 1 salida.');
    expect(pendingSummary(['clock_in', 'clock_out', 'clock_in'], 'es')).toBe('Guardado en este dispositivo, aún sin enviar: 2 entradas y 1 salida.');
  });
});
