// Phones are stored and compared in E.164 (docs/api.md §10), default country US, so that
// "(212) 555-0101", "212.555.0101" and "+12125550101" are one number.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** E.164 form of a phone number, or null when it is not a possible number. */
export function toE164(input: string): string | null {
  if (input.length > 40) return null;
  const parsed = parsePhoneNumberFromString(input, 'US');
  if (!parsed || !parsed.isPossible()) return null;
  return parsed.number;
}
