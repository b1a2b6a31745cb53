// One definition of "a valid organization time zone", used by every calendar rule.
import { IANAZone } from 'luxon';

// Intl (hence luxon) may accept UTC-offset strings as zones on newer runtimes ('+05:00'), and
// some spell them like names ('UTC+5', 'GMT-3'). They are not IANA names: reject them. The real
// IANA names 'Etc/GMT+5' etc. start with 'Etc/' and still pass.
const OFFSET_LIKE = /^(?:[+-]|(?:UTC|GMT|UT)[+-])/i;

/** True for an IANA zone name the runtime knows (incl. 'UTC'); not '', 'local', 'system' or offsets. */
export function isValidTimeZone(name: string): boolean {
  return typeof name === 'string' && name.trim() === name && !OFFSET_LIKE.test(name) && IANAZone.isValidZone(name);
}
