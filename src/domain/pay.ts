// Gross pay of an hourly timesheet, in integer cents. Pure.
//
//   regular  = round(regularHours  × payRate × 100)               cents
//   overtime = round(overtimeHours × payRate × multiplier × 100)  cents
//   total    = regular + overtime
//
// Hours, pay rates and multipliers are stored with 2 decimals (numeric columns), so each is an
// exact integer number of hundredths. The products are computed on those integers with BigInt,
// and each result is rounded once, half up (a half cent goes to the employee; every value is
// non-negative, so half up and half away from zero agree). Floating point never decides a
// half: 0.01 h × 14.50 is exactly 14.5 cents, which is 15, where the double product
// 0.14499… would round to 14. PostgreSQL's round(numeric) gives the same results, which is
// what the hours report's SQL relies on.
import { roundHours } from './hours.ts';

export interface PayCents {
  regular: number;
  overtime: number;
  total: number;
}

export interface PaidHours {
  regularHours: number;
  overtimeHours: number;
}

/** Exact hundredths of a 2-decimal value (hours, a rate or a multiplier). */
function hundredthsOf(name: string, value: number): bigint {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a non-negative number: ${value}`);
  return BigInt(Math.round(roundHours(value) * 100));
}

/** n / d rounded half up, for n >= 0 and an even d. */
const divideHalfUp = (n: bigint, d: bigint): bigint => (n + d / 2n) / d;

/** The pay of an HOURLY employee's hours at `payRate`, overtime at `overtimeMultiplier` (cents). */
export function hourlyPayCents(hours: PaidHours, payRate: number, overtimeMultiplier: number): PayCents {
  const rate = hundredthsOf('payRate', payRate);
  const multiplier = hundredthsOf('overtimeMultiplier', overtimeMultiplier);
  // hours/100 × rate/100 × 100 cents = hours × rate / 100 cents.
  const regular = divideHalfUp(hundredthsOf('regularHours', hours.regularHours) * rate, 100n);
  // … × multiplier/100 adds another factor of 100 to the divisor.
  const overtime = divideHalfUp(hundredthsOf('overtimeHours', hours.overtimeHours) * rate * multiplier, 10_000n);
  return { regular: Number(regular), overtime: Number(overtime), total: Number(regular + overtime) };
}

export const ZERO_PAY: PayCents = Object.freeze({ regular: 0, overtime: 0, total: 0 });

export function addPay(a: PayCents, b: PayCents): PayCents {
  return { regular: a.regular + b.regular, overtime: a.overtime + b.overtime, total: a.total + b.total };
}

/** Pay as the API shows it: dollars with 2 decimals (an integer of cents divided by 100 is exact to print). */
export interface PayAmounts {
  regular: number;
  overtime: number;
  total: number;
}

export function centsToAmounts(pay: PayCents): PayAmounts {
  return { regular: pay.regular / 100, overtime: pay.overtime / 100, total: pay.total / 100 };
}
