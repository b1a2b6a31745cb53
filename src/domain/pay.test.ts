import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addPay, centsToAmounts, hourlyPayCents, ZERO_PAY } from './pay.ts';

/** A decimal as an exact fraction, read from the way JavaScript prints the number. */
function rational(value: number): { num: bigint; den: bigint } {
  const [whole, fraction = ''] = String(value).split('.');
  return { num: BigInt(whole + fraction), den: 10n ** BigInt(fraction.length) };
}

/** round-half-up(product of the values × 100) in exact rational arithmetic. */
function referenceCents(...values: number[]): number {
  let num = 100n;
  let den = 1n;
  for (const value of values) {
    const r = rational(value);
    num *= r.num;
    den *= r.den;
  }
  const quotient = num / den;
  const remainder = num % den;
  return Number(2n * remainder >= den ? quotient + 1n : quotient);
}

// n / 100 is a 2-decimal number as JavaScript prints it; (n / 100) + 1 may not be (1.43 + 1 is
// 2.4299999999999997), so a multiplier from 1 to 11 is drawn as hundredths directly.
const twoDecimals = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((n) => n / 100);

describe('hourlyPayCents', () => {
  it.each([
    // [regular h, overtime h, rate, multiplier, regular ¢, overtime ¢]
    [40, 5, 25, 1.5, 100_000, 18_750],
    [0, 0, 25, 1.5, 0, 0],
    [0.01, 0, 14.5, 1.5, 15, 0], // exactly 14.5 ¢: half up (the double product would round to 14)
    [0, 0.01, 10.01, 1.5, 0, 15], // 15.015 ¢
    [0, 0.01, 9.99, 1.5, 0, 15], // 14.985 ¢
    [7.33, 1.67, 18.75, 2, 13_744, 6_263],
  ])('%s h + %s h OT at %s × %s → %s ¢ + %s ¢', (regularHours, overtimeHours, rate, multiplier, regular, overtime) => {
    expect(hourlyPayCents({ regularHours, overtimeHours }, rate, multiplier)).toEqual({ regular, overtime, total: regular + overtime });
  });

  it('equals exact rational arithmetic rounded half up, for any 2-decimal hours, rate and multiplier', () => {
    fc.assert(
      fc.property(twoDecimals(10_000), twoDecimals(10_000), twoDecimals(100_000), fc.integer({ min: 100, max: 1_100 }).map((n) => n / 100), (regularHours, overtimeHours, rate, multiplier) => {
        const pay = hourlyPayCents({ regularHours, overtimeHours }, rate, multiplier);
        expect(pay.regular).toBe(referenceCents(regularHours, rate));
        expect(pay.overtime).toBe(referenceCents(overtimeHours, rate, multiplier));
        expect(pay.total).toBe(pay.regular + pay.overtime);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses negative or non-finite inputs', () => {
    expect(() => hourlyPayCents({ regularHours: -1, overtimeHours: 0 }, 10, 1.5)).toThrow(RangeError);
    expect(() => hourlyPayCents({ regularHours: 1, overtimeHours: 0 }, Number.NaN, 1.5)).toThrow(RangeError);
  });
});

describe('addPay / centsToAmounts', () => {
  it('sums cents and shows dollars with 2 decimals', () => {
    const sum = addPay(addPay(ZERO_PAY, { regular: 10_001, overtime: 15, total: 10_016 }), { regular: 99, overtime: 0, total: 99 });
    expect(sum).toEqual({ regular: 10_100, overtime: 15, total: 10_115 });
    expect(centsToAmounts(sum)).toEqual({ regular: 101, overtime: 0.15, total: 101.15 });
  });
});
