// One definition of "a valid organization time zone", used by every calendar rule.
import { IANAZone } from 'luxon';

// Intl (hence luxon) may accept UTC-offset strings as zones on newer runtimes ('+05:00'), and
// some spell them like names ('UTC+5', 'GMT-3'). They are not IANA names: reject them. The real
// IANA names 'Etc/GMT+5' etc. start with 'Etc/' and still pass.
const OFFSET_LIKE = /^(?:[+-]|(?:UTC|GMT|UT)[+-])/i;

/** Answers per name, remembered: luxon builds an Intl formatter to decide, on every call. */
const known = new Map<string, boolean>();
const MAX_REMEMBERED = 1000;

/** True for an IANA zone name the runtime knows (incl. 'UTC'); not '', 'local', 'system' or offsets. */
export function isValidTimeZone(name: string): boolean {
  if (typeof name !== 'string') return false;
  let valid = known.get(name);
  if (valid === undefined) {
    valid = name.trim() === name && !OFFSET_LIKE.test(name) && IANAZone.isValidZone(name);
    // Bounded: arbitrary invalid names from requests must not grow the map without limit.
    if (known.size < MAX_REMEMBERED) known.set(name, valid);
  }
  return valid;
}
