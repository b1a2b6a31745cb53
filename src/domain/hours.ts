// Hour arithmetic for time entries (docs/time-rules.md §10). Pure.
//
// Every rounding here is to 2 decimals, half away from zero, and is done in integer
// hundredths of an hour so that binary floating point never decides a half:
// - a float is rounded as the decimal number JavaScript prints for it (its shortest
//   round-trip representation), so 1.005 -> 1.01 although the double 1.005 is slightly below;
// - whole seconds are rounded exactly, because seconds / 3600 h = (seconds / 36) hundredths;
// - sums add integer hundredths, so no drift accumulates however many values are added.

/** Integer hundredths of `value`, rounded half away from zero on its printed decimal form. */
function toHundredths(value: number): number {
  if (!Number.isFinite(value)) {
    throw new RangeError(`Not a finite number of hours: ${value}`);
  }
  const abs = Math.abs(value);
  const text = String(abs);
  let hundredths: number;
  if (text.includes('e')) {
    // Exponent notation only appears below 1e-6 (rounds to 0) or from 1e21 (no fraction).
    hundredths = abs < 1 ? 0 : abs * 100;
  } else {
    const [whole = '0', fraction = ''] = text.split('.');
    const digits = (fraction + '000').slice(0, 3);
    hundredths = Number(whole) * 100 + Number(digits.slice(0, 2)) + (digits.charAt(2) >= '5' ? 1 : 0);
  }
  // `+ 0` turns -0 into 0.
  return (value < 0 ? -hundredths : hundredths) + 0;
}

function fromHundredths(hundredths: number): number {
  // An integer divided by 100 is the double nearest to the 2-decimal value: no error to fix.
  return hundredths / 100 + 0;
}

/** Rounds hours to 2 decimals, half away from zero (1.005 -> 1.01, -1.005 -> -1.01). */
export function roundHours(hours: number): number {
  return fromHundredths(toHundredths(hours));
}

/** Integer hundredths of an hour for whole `seconds`, half away from zero, exactly. */
export function secondsToHundredths(seconds: number): number {
  if (!Number.isSafeInteger(seconds)) {
    throw new RangeError(`Not a whole number of seconds: ${seconds}`);
  }
  const abs = Math.abs(seconds);
  // seconds / 3600 hours = seconds / 36 hundredths; remainder r of 36 rounds up when r >= 18.
  const hundredths = Math.floor(abs / 36) + (abs % 36 >= 18 ? 1 : 0);
  return (seconds < 0 ? -hundredths : hundredths) + 0;
}

/** round(seconds / 3600, 2) computed exactly from whole seconds (1 h 18 s -> 1.01). */
export function secondsToHours(seconds: number): number {
  return fromHundredths(secondsToHundredths(seconds));
}

/**
 * Sum of hour values (null, an open entry, counts as 0), rounded to 2 decimals. Each value is
 * taken at 2 decimals (as roundHours) and the sum is done in integer hundredths: no drift.
 */
export function sumHours(values: ReadonlyArray<number | null>): number {
  let total = 0;
  for (const value of values) {
    if (value !== null) total += toHundredths(value);
  }
  return fromHundredths(total);
}
