// One Idempotency-Key per intent: sending the same form again (a retry after no answer) reuses
// the key, so the service answers the first result and creates nothing twice; a corrected form
// is a new intent with a new key, since the service stores refusals too and would answer a
// changed body under an old key with `Idempotency key reused` (docs/api.md §12).
import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from '../api.ts';

export function useIdempotencyKeys(): (body: unknown) => string {
  const last = useRef<{ body: string; key: string } | null>(null);
  return useCallback((body: unknown) => {
    const text = JSON.stringify(body);
    if (last.current?.body !== text) last.current = { body: text, key: newIdempotencyKey() };
    return last.current.key;
  }, []);
}
