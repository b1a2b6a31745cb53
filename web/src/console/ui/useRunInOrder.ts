// Sends a list of requests one at a time, in order, and keeps each one's outcome: the console's
// bulk actions (importing employees, starting the next pay periods) run through it.
//
// - One at a time: the list keeps its order, the service is not flooded, and Stop takes effect
//   before the next item.
// - A refusal of one item (400, 409, 422: a phone already used, an overlapping period) is that
//   item's outcome; the next items go on.
// - An answer that says nothing about the item (no connection, signed out, the service busy or
//   failing, a record gone) stops the run: every later item would get it too. The items without
//   an outcome are sent again by the next run.
// - Leaving the page stops the run after the item in flight.
// - `afterRun` runs once at the end (refreshing lists), not after every item.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api.ts';

export type Refused = { state: 'refused'; error: unknown };

export interface RunInOrder<T, O, K> {
  outcomes: ReadonlyMap<K, O | Refused>;
  /** Items answered in the current run, of `total`; null when no run is going. */
  progress: { done: number; total: number } | null;
  /** Why the last run ended early: the answer that stopped it, or 'stopped' for Stop. */
  halted: unknown;
  run(items: readonly T[]): Promise<void>;
  stop(): void;
  reset(): void;
}

/** Whether a refusal is about the item itself, so the items after it may still be sent. */
export const refusesOnlyThisItem = (error: unknown) => error instanceof ApiError && (error.status === 400 || error.status === 409 || error.status === 422);

export function useRunInOrder<T, O, K>({ keyOf, send, afterRun }: { keyOf(item: T): K; send(item: T): Promise<O>; afterRun(): Promise<unknown> }): RunInOrder<T, O, K> {
  const [outcomes, setOutcomes] = useState<ReadonlyMap<K, O | Refused>>(new Map());
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [halted, setHalted] = useState<unknown>(null);
  const stopping = useRef(false);
  // The latest callbacks, so that a run started with one render's closures is not held to them.
  const latest = useRef({ keyOf, send, afterRun });
  latest.current = { keyOf, send, afterRun };

  useEffect(
    () => () => {
      stopping.current = true;
    },
    [],
  );

  const run = useCallback(async (items: readonly T[]) => {
    stopping.current = false;
    setHalted(null);
    setProgress({ done: 0, total: items.length });
    try {
      for (const [done, item] of items.entries()) {
        if (stopping.current) {
          setHalted('stopped');
          break;
        }
        let outcome: O | Refused;
        try {
          outcome = await latest.current.send(item);
        } catch (error) {
          if (!refusesOnlyThisItem(error)) {
            setHalted(error);
            break;
          }
          outcome = { state: 'refused', error };
        }
        const key = latest.current.keyOf(item);
        setOutcomes((current) => new Map(current).set(key, outcome));
        setProgress({ done: done + 1, total: items.length });
      }
    } finally {
      setProgress(null);
      await latest.current.afterRun();
    }
  }, []);

  const stop = useCallback(() => {
    stopping.current = true;
  }, []);

  const reset = useCallback(() => {
    setOutcomes(new Map());
    setHalted(null);
  }, []);

  return { outcomes, progress, halted, run, stop, reset };
}
