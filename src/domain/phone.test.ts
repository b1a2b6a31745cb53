import { describe, expect, it } from 'vitest';
import { toE164 } from './phone.ts';

describe('toE164', () => {
  it.each([
    ['(212) 555-0101', '+12125550101'],
    ['212.555.0101', '+12125550101'],
    ['+1 212 555 0101', '+12125550101'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('%s -> %s', (input, e164) => {
    expect(toE164(input)).toBe(e164);
  });

  it.each(['', 'abc', '12', '+1 212 555 0101 999 999 999'])('rejects %j', (input) => {
    expect(toE164(input)).toBeNull();
  });
});
