// Sends the queued punches, oldest first, one at a time (a clock out must not overtake its clock
// in). A punch the service answers is done; one it refuses is set aside with its reason; while
// the service cannot be reached (no network, 503, a retry still in flight) the replay stops and
// is tried again later with a growing delay.
import { ApiError } from '../api/client.ts';
import type { PunchQueue, QueuedPunch } from './queue.ts';

export type ReplayOutcome = { kind: 'done'; sent: number; refused: number } | { kind: 'retry'; sent: number; refused: number } | { kind: 'signed-out'; sent: number; refused: number };

export async function replayQueue(queue: PunchQueue, send: (punch: QueuedPunch) => Promise<unknown>): Promise<ReplayOutcome> {
  let sent = 0;
  let refused = 0;
  for (const punch of await queue.pending()) {
    try {
      await send(punch);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.isUnavailable || error.label === 'Request in progress') return { kind: 'retry', sent, refused };
      // Without a session the punch can still be sent after the next sign-in: keep it.
      if (error.status === 401) return { kind: 'signed-out', sent, refused };
      await queue.refuse(punch, error.label, error.detail ?? null);
      refused += 1;
      continue;
    }
    await queue.sent(punch);
    sent += 1;
  }
  return { kind: 'done', sent, refused };
}

/** 2 s, 4 s, 8 s … capped at a minute. */
export function retryDelayMs(attempt: number): number {
  return Math.min(60_000, 2000 * 2 ** Math.max(0, attempt));
}
