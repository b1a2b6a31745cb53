import { describe, expect, it } from 'vitest';
import { resolveOccurredAt } from './offline-punch.ts';

const now = new Date('2026-03-02T15:00:00.000Z');

describe('resolveOccurredAt', () => {
  it.each([
    ['2026-03-02T10:00:00-05:00', '2026-03-02T15:00:00.000Z'],
    ['2026-03-02T15:02:00Z', '2026-03-02T15:02:00.000Z'], // exactly 2 minutes ahead
    ['2026-03-01T15:00:00.000Z', '2026-03-01T15:00:00.000Z'], // exactly 24 hours behind
    ['2026-03-02T09:30:00+0530', '2026-03-02T04:00:00.000Z'],
  ])('accepts %s as %s', (input, expected) => {
    expect(resolveOccurredAt(input, now)).toEqual({ ok: true, instant: new Date(expected) });
  });

  it.each([
    ['2026-03-02T15:02:00.001Z', /2 minutes/],
    ['2026-03-01T14:59:59.999Z', /24 hours/],
    ['2026-03-02T10:00:00', /offset/], // no offset
    ['2026-03-02', /offset/],
    ['yesterday', /offset/],
    ['2026-02-30T10:00:00Z', /calendar/],
  ])('refuses %s', (input, reason) => {
    const result = resolveOccurredAt(input, now);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});
