// Optional body fields that may also be null (to clear them). A type list rather than a union,
// so that a bad value reports its real reason ("must be a valid email") instead of a union's
// "has an invalid value"; `format` and `maxLength` only apply to strings.
import { Type } from 'typebox';

export const NullableStr = (maxLength = 255, description?: string) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength, ...(description ? { description } : {}) });

export const NullableEmail = Type.Unsafe<string | null>({ type: ['string', 'null'], format: 'email', maxLength: 255 });
