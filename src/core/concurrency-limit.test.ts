// The limit's slots when `slotsNow` lowers it for a while (the hasher's, while other requests
// run: src/core/hashing.ts). Slots are taken and given back by hand, so every step is exact.
import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit } from './concurrency-limit.ts';

/** A limit of 2 that drops to 1 while `state.busy`, and the order its waiters started in. */
function lowered() {
  const state = { busy: true };
  const limit = new ConcurrencyLimit(2, 10, () => (state.busy ? 1 : 2));
  const started: string[] = [];
  const take = (name: string) =>
    limit.acquire().then((release) => {
      started.push(name);
      return release;
    });
  return { state, limit, started, take };
}

/** Lets the promises settled so far run their callbacks. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('ConcurrencyLimit with a lowered limit', () => {
  it('runs one at a time while lowered, and two once the limit is back and a slot is given back', async () => {
    const { state, limit, started, take } = lowered();
    const a = take('a');
    void take('b');
    void take('c');
    await settle();
    expect(started).toEqual(['a']);
    expect([limit.inUse, limit.queued]).toEqual([1, 2]);

    state.busy = false;
    (await a)();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    expect([limit.inUse, limit.queued]).toEqual([2, 0]);
  });

  it('starts the first waiter, not a newcomer, when the limit rose without a slot given back', async () => {
    const { state, limit, started, take } = lowered();
    void take('a');
    void take('b');
    await settle();
    expect(started).toEqual(['a']);

    state.busy = false;
    void take('c');
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect([limit.inUse, limit.queued]).toEqual([2, 1]);
  });

  it('keeps a waiter waiting when a slot is given back while the limit is lowered below the slots in use', async () => {
    const { state, limit, started, take } = lowered();
    state.busy = false;
    const a = take('a');
    const b = take('b');
    void take('c');
    await settle();
    expect(started).toEqual(['a', 'b']);

    state.busy = true;
    (await a)();
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect([limit.inUse, limit.queued]).toEqual([1, 1]);

    (await b)();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    expect([limit.inUse, limit.queued]).toEqual([1, 0]);
  });

  it('never lowers the limit below one slot, nor raises it above maxConcurrent', async () => {
    const none = new ConcurrencyLimit(2, 10, () => 0);
    const first = none.acquire();
    void none.acquire();
    await settle();
    expect([none.inUse, none.queued]).toEqual([1, 1]);
    (await first)();
    await settle();
    expect([none.inUse, none.queued]).toEqual([1, 0]);

    const many = new ConcurrencyLimit(2, 10, () => 5);
    for (let i = 0; i < 4; i++) void many.acquire();
    await settle();
    expect([many.inUse, many.queued]).toEqual([2, 2]);
  });
});
