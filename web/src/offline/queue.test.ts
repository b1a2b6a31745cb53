// The punch queue on a real IndexedDB implementation (fake-indexeddb: IndexedDB in memory for
// Node), with replayQueue driven by a sender that answers as the service would.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { PunchQueue, type QueuedPunch } from './queue.ts';
import { replayQueue, retryDelayMs } from './replay.ts';

let queue: PunchQueue;
afterEach(() => queue?.close());

async function freshQueue(): Promise<PunchQueue> {
  queue = await PunchQueue.open(`test-${randomUUID()}`);
  return queue;
}

const at = (minute: number) => `2026-03-02T14:${String(minute).padStart(2, '0')}:00.000Z`;

describe('offline punch queue', () => {
  it('keeps punches in the order they were made, with their key and time, across a reopen', async () => {
    const name = `test-${randomUUID()}`;
    queue = await PunchQueue.open(name);
    await queue.add({ action: 'clock_in', occurredAt: at(0), jobCode: 'J1' }, 'key-1');
    await queue.add({ action: 'clock_out', occurredAt: at(30), breakMinutes: 0 }, 'key-2');
    queue.close();
    queue = await PunchQueue.open(name);
    const pending = await queue.pending();
    expect(pending.map((p) => [p.idempotencyKey, p.body.action, p.body.occurredAt])).toEqual([
      ['key-1', 'clock_in', at(0)],
      ['key-2', 'clock_out', at(30)],
    ]);
  });

  it('replays in order, each punch once, and empties the queue', async () => {
    const q = await freshQueue();
    await q.add({ action: 'clock_in', occurredAt: at(0) }, 'a');
    await q.add({ action: 'clock_out', occurredAt: at(30) }, 'b');
    const sent: string[] = [];
    const outcome = await replayQueue(q, async (p: QueuedPunch) => sent.push(p.idempotencyKey));
    expect(outcome).toEqual({ kind: 'done', sent: 2, refused: 0 });
    expect(sent).toEqual(['a', 'b']);
    expect(await q.pending()).toEqual([]);
    // A second replay sends nothing again.
    await replayQueue(q, async (p: QueuedPunch) => sent.push(p.idempotencyKey));
    expect(sent).toEqual(['a', 'b']);
  });

  it('stops without losing anything while the service is unreachable or answers 503', async () => {
    const q = await freshQueue();
    await q.add({ action: 'clock_in', occurredAt: at(0) }, 'a');
    await q.add({ action: 'clock_out', occurredAt: at(30) }, 'b');
    for (const failure of [new ApiError(0, 'Network error', undefined, null, null), new ApiError(503, 'Service unavailable', undefined, 5, null)]) {
      const outcome = await replayQueue(q, async () => {
        throw failure;
      });
      expect(outcome.kind).toBe('retry');
      expect((await q.pending()).map((p) => p.idempotencyKey)).toEqual(['a', 'b']);
    }
  });

  it('sets a refused punch aside with its reason and goes on with the next', async () => {
    const q = await freshQueue();
    await q.add({ action: 'clock_in', occurredAt: at(0) }, 'a');
    await q.add({ action: 'clock_out', occurredAt: at(30) }, 'b');
    const outcome = await replayQueue(q, async (p) => {
      if (p.idempotencyKey === 'a') throw new ApiError(400, 'Pay period locked', undefined, null, null);
    });
    expect(outcome).toEqual({ kind: 'done', sent: 1, refused: 1 });
    const refused = await q.refused();
    expect(refused.map((r) => [r.idempotencyKey, r.label, r.body.occurredAt])).toEqual([['a', 'Pay period locked', at(0)]]);
    await q.dismiss(refused[0]!);
    expect(await q.refused()).toEqual([]);
  });

  it('keeps the punches for after the next sign-in when the session has ended', async () => {
    const q = await freshQueue();
    await q.add({ action: 'clock_in', occurredAt: at(0) }, 'a');
    const outcome = await replayQueue(q, async () => {
      throw new ApiError(401, 'Authentication required', undefined, null, null);
    });
    expect(outcome.kind).toBe('signed-out');
    expect(await q.pending()).toHaveLength(1);
  });

  it('backs off 2 s, 4 s, 8 s … up to a minute', () => {
    expect([0, 1, 2, 3, 10].map(retryDelayMs)).toEqual([2000, 4000, 8000, 16000, 60000]);
  });
});
