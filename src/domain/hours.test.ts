import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundHours, secondsToHours, sumHours } from './hours.ts';

describe('roundHours', () => {
  it.each([
    [1.005, 1.01],
    [1.004, 1],
    [1.015, 1.02],
    [2.675, 2.68],
    [0.125, 0.13],
    [8.345, 8.35],
    [1.0049999, 1],
    [-1.005, -1.01],
    [-0.004, 0],
    [0, 0],
    [40, 40],
    [39.999, 40],
    [1e-7, 0],
    [123456.785, 123456.79],
  ])('roundHours(%s) = %s', (input, expected) => {
    expect(roundHours(input)).toBe(expected);
  });

  it('never returns -0', () => {
    expect(Object.is(roundHours(-0.001), 0)).toBe(true);
    expect(Object.is(roundHours(-0), 0)).toBe(true);
  });

  it('rejects non-finite input', () => {
    expect(() => roundHours(Number.NaN)).toThrow(RangeError);
    expect(() => roundHours(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('rounds every k/1000 half away from zero (decimal, not binary, halves)', () => {
    fc.assert(fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (k) => {
      const abs = Math.abs(k);
      const hundredths = Math.floor(abs / 10) + (abs % 10 >= 5 ? 1 : 0);
      expect(roundHours(k / 1000)).toBe((k < 0 ? -hundredths : hundredths) / 100 + 0);
    }));
  });

  it('is idempotent and moves a value by at most half a cent', () => {
    fc.assert(fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (x) => {
      const r = roundHours(x);
      expect(roundHours(r)).toBe(r);
      expect(Math.abs(r - x)).toBeLessThanOrEqual(0.005 + 1e-9);
    }));
  });
});

describe('secondsToHours', () => {
  it.each([
    [0, 0],
    [3600, 1],
    [17, 0], // 0.00472 h
    [18, 0.01], // 0.005 h exactly: half rounds up
    [3618, 1.01], // 1.005 h exactly
    [3617, 1],
    [28_800, 8],
    [143_996, 40], // 39.99889 h
    [143_981, 39.99], // 39.99472 h
    [143_982, 40], // 39.995 h
    [-18, -0.01],
  ])('secondsToHours(%s) = %s', (seconds, expected) => {
    expect(secondsToHours(seconds)).toBe(expected);
  });

  it('rejects fractional seconds', () => {
    expect(() => secondsToHours(1.5)).toThrow(RangeError);
  });

  it('equals roundHours of the exact decimal value', () => {
    // seconds / 36 hundredths: seconds = 36q + r; compare with a BigInt computation.
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), (s) => {
      const doubled = (BigInt(s) * 2n) / 36n; // floor(2 s / 36)
      const hundredths = Number((doubled + 1n) / 2n); // half up on non-negative values
      expect(secondsToHours(s)).toBe(hundredths / 100);
    }));
  });
});

describe('sumHours', () => {
  it('adds without floating drift and counts null as 0', () => {
    expect(sumHours([0.1, 0.2])).toBe(0.3);
    expect(sumHours(Array.from({ length: 10 }, () => 0.1))).toBe(1);
    expect(sumHours([8, null, 0.01, null])).toBe(8.01);
    expect(sumHours([])).toBe(0);
    expect(sumHours([null])).toBe(0);
  });

  it('equals the integer-cent sum of its values', () => {
    fc.assert(fc.property(fc.array(fc.option(fc.integer({ min: 0, max: 100_000 }))), (cents) => {
      const values = cents.map((c) => (c === null ? null : c / 100));
      const expected = cents.reduce<number>((acc, c) => acc + (c ?? 0), 0) / 100;
      expect(sumHours(values)).toBe(expected);
    }));
  });
});
