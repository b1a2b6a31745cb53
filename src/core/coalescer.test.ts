// The coalescer's scheduling rules, with statements the test settles by hand (the same rules
// with real punch statements: test/timesheet/punch-batches.test.ts).
import { describe, expect, it } from 'vitest';
import { Coalescer } from './coalescer.ts';

interface Item {
  key: string;
  value: number;
}

/** A batch the test has not answered yet. */
interface Pending {
  items: Item[];
  resolve(outcomes: string[]): void;
  reject(error: unknown): void;
}

function harness(
  options: { maxInFlight?: number; maxBatchSize?: number; rolledBack?: (error: unknown) => boolean; failAlone?: (item: Item) => boolean; maxWaitMs?: number } = {},
) {
  const batches: Pending[] = [];
  const alone: Item[] = [];
  const coalescer = new Coalescer<Item, string>({
    keyOf: (item) => item.key,
    runBatch: (items) =>
      new Promise<string[]>((resolve, reject) => {
        batches.push({ items: [...items], resolve, reject });
      }),
    runOne: async (item) => {
      alone.push(item);
      if (options.failAlone?.(item)) throw new Error(`item ${item.value} refused`);
      return `alone ${item.key}:${item.value}`;
    },
    rolledBack: options.rolledBack ?? (() => true),
    maxInFlight: options.maxInFlight ?? 2,
    maxBatchSize: options.maxBatchSize ?? 64,
    ...(options.maxWaitMs === undefined ? {} : { maxWaitMs: options.maxWaitMs, waitedTooLong: () => new Error('waited too long') }),
  });
  return { coalescer, batches, alone };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));
const answer = (pending: Pending) => pending.resolve(pending.items.map((item) => `batch ${item.key}:${item.value}`));

describe('Coalescer', () => {
  it('sends the items that arrive in one turn of the event loop together, at the end of that turn', async () => {
    const { coalescer, batches, alone } = harness();
    const results = [1, 2, 3].map((value) => coalescer.run({ key: `k${value}`, value }));
    // Nothing leaves during the turn, although both slots are free.
    expect(batches).toHaveLength(0);
    expect(coalescer.waiting).toBe(3);
    await flush();
    expect(batches.map((b) => b.items.map((item) => item.value))).toEqual([[1, 2, 3]]);
    expect(alone).toEqual([]);
    answer(batches[0]!);
    expect(await Promise.all(results)).toEqual(['batch k1:1', 'batch k2:2', 'batch k3:3']);
  });

  it('sends an item alone in its turn as a batch of one (runOne), without waiting for company', async () => {
    const { coalescer, batches, alone } = harness();
    const first = coalescer.run({ key: 'a', value: 1 });
    await flush();
    expect(alone.map((item) => item.value)).toEqual([1]);
    expect(batches).toEqual([]);
    expect(await first).toBe('alone a:1');
  });

  it('sends the items that arrive while every slot is busy together once one returns', async () => {
    const { coalescer, batches } = harness({ maxInFlight: 1 });
    const inFlight = [1, 2].map((value) => coalescer.run({ key: `k${value}`, value }));
    await flush();
    const later = [3, 4, 5].map((value) => coalescer.run({ key: `k${value}`, value }));
    await flush();
    // The only slot is busy: the later items wait, whatever turn it is.
    expect(batches).toHaveLength(1);
    expect(coalescer.waiting).toBe(3);
    answer(batches[0]!);
    await Promise.all(inFlight);
    await flush();
    expect(batches.map((b) => b.items.map((item) => item.value))).toEqual([[1, 2], [3, 4, 5]]);
    answer(batches[1]!);
    expect(await Promise.all(later)).toEqual(['batch k3:3', 'batch k4:4', 'batch k5:5']);
  });

  it('never puts two items of one key in a batch, and runs a key in arrival order', async () => {
    const { coalescer, batches } = harness({ maxInFlight: 1 });
    const order: string[] = [];
    const track = (promise: Promise<string>) => promise.then((outcome) => (order.push(outcome), outcome));
    const items = [
      track(coalescer.run({ key: 'a', value: 1 })),
      track(coalescer.run({ key: 'a', value: 2 })),
      track(coalescer.run({ key: 'b', value: 3 })),
      track(coalescer.run({ key: 'a', value: 4 })),
    ];
    await flush();
    expect(batches.map((b) => b.items.map((item) => item.value))).toEqual([[1, 3]]);
    expect(coalescer.waiting).toBe(2);
    answer(batches[0]!);
    // a:2 went next, alone (a batch of one), and a:4 after it.
    await Promise.all(items);
    expect(order).toEqual(['batch a:1', 'batch b:3', 'alone a:2', 'alone a:4']);
  });

  it('keeps an item whose key is in a batch in flight waiting until that batch returns', async () => {
    const { coalescer, batches } = harness({ maxInFlight: 2 });
    const firstBatch = [coalescer.run({ key: 'a', value: 1 }), coalescer.run({ key: 'b', value: 2 })];
    await flush();
    expect(batches).toHaveLength(1); // [a:1, b:2]; one slot still free
    const later = [coalescer.run({ key: 'a', value: 3 }), coalescer.run({ key: 'c', value: 4 })];
    await flush();
    // c:4 left in the free slot (alone); a:3 may not leave while a:1 is in flight.
    const sentValues = batches.flatMap((b) => b.items.map((item) => item.value));
    expect(sentValues).not.toContain(3);
    expect(coalescer.waiting).toBe(1);
    answer(batches[0]!);
    await Promise.all(firstBatch);
    expect(await Promise.all(later)).toEqual(['alone a:3', 'alone c:4']);
  });

  it('caps a batch at maxBatchSize and sends the rest in the next one', async () => {
    const { coalescer, batches } = harness({ maxInFlight: 1, maxBatchSize: 3 });
    const results = [1, 2, 3, 4, 5].map((value) => coalescer.run({ key: `k${value}`, value }));
    await flush();
    expect(batches.map((b) => b.items.length)).toEqual([3]);
    answer(batches[0]!);
    await flush();
    expect(batches.map((b) => b.items.length)).toEqual([3, 2]);
    answer(batches[1]!);
    expect(await Promise.all(results)).toHaveLength(5);
  });

  it('runs the items of a rolled-back batch again alone, so one bad item fails only itself', async () => {
    const { coalescer, batches, alone } = harness({ maxInFlight: 1, failAlone: (item) => item.value === 2 });
    const results = [1, 2, 3].map((value) => coalescer.run({ key: `k${value}`, value }).then((v) => ({ ok: v }), (error: Error) => ({ error: error.message })));
    await flush();
    batches[0]!.reject(new Error('statement failed'));
    expect(await Promise.all(results)).toEqual([{ ok: 'alone k1:1' }, { error: 'item 2 refused' }, { ok: 'alone k3:3' }]);
    expect(alone.map((item) => item.value)).toEqual([1, 2, 3]);
  });

  it('fails every item of a batch whose fate is unknown with its error, and runs none again', async () => {
    const { coalescer, batches, alone } = harness({ maxInFlight: 1, rolledBack: () => false });
    const results = [1, 2].map((value) => coalescer.run({ key: `k${value}`, value }).catch((error: Error) => error.message));
    await flush();
    batches[0]!.reject(new Error('Connection terminated'));
    expect(await Promise.all(results)).toEqual(['Connection terminated', 'Connection terminated']);
    expect(alone).toEqual([]);
    // The slot is free again: the next item goes out.
    expect(await coalescer.run({ key: 'k1', value: 9 })).toBe('alone k1:9');
  });

  it('rejects every item of a batch that returned the wrong number of outcomes', async () => {
    const { coalescer, batches } = harness({ maxInFlight: 1 });
    const results = [1, 2].map((value) => coalescer.run({ key: `k${value}`, value }).catch((error: Error) => error.message));
    await flush();
    batches[0]!.resolve(['only one']);
    expect(await Promise.all(results)).toEqual(['A batch of 2 returned 1 outcomes', 'A batch of 2 returned 1 outcomes']);
  });

  it('with maxWaitMs, refuses the items that waited that long for a busy slot, never sending them, and goes on after', async () => {
    const { coalescer, batches, alone } = harness({ maxInFlight: 1, maxWaitMs: 50 });
    const stuck = [1, 2].map((value) => coalescer.run({ key: `k${value}`, value }));
    await flush();
    const early = coalescer.run({ key: 'k3', value: 3 }).catch((error: Error) => error.message);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const late = coalescer.run({ key: 'k4', value: 4 }).catch((error: Error) => error.message);
    // 3 has waited its 50 ms; 4 only ~20 of them.
    expect(await early).toBe('waited too long');
    expect(coalescer.waiting).toBe(1);
    expect(await late).toBe('waited too long');
    expect(coalescer.waiting).toBe(0);
    // Neither was ever sent; the stuck batch still answers, and the next item goes out.
    expect(batches.map((b) => b.items.map((item) => item.value))).toEqual([[1, 2]]);
    answer(batches[0]!);
    expect(await Promise.all(stuck)).toEqual(['batch k1:1', 'batch k2:2']);
    expect(await coalescer.run({ key: 'k3', value: 5 })).toBe('alone k3:5');
    expect(alone.map((item) => item.value)).toEqual([5]);
  });

  it('without maxWaitMs, an item waits for a busy slot as long as it takes', async () => {
    const { coalescer, batches } = harness({ maxInFlight: 1 });
    const stuck = [1, 2].map((value) => coalescer.run({ key: `k${value}`, value }));
    await flush();
    const waiting = coalescer.run({ key: 'k3', value: 3 });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(coalescer.waiting).toBe(1);
    answer(batches[0]!);
    expect(await Promise.all(stuck)).toEqual(['batch k1:1', 'batch k2:2']);
    expect(await waiting).toBe('alone k3:3');
  });
});
