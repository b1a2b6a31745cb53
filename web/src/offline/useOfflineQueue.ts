// The phone app's view of the punch queue: what is waiting, what was refused, and a replay that
// runs on start, when the browser reports it is online again, and on a backoff timer (Safari
// has no Background Sync, so the page does it while it is open).
import { useCallback, useEffect, useRef, useState } from 'react';
import { punch as sendPunch, type PunchBody } from '../api/employee.ts';
import type { Api } from '../api/client.ts';
import { PunchQueue, type QueuedPunch, type RefusedPunch } from './queue.ts';
import { replayQueue, retryDelayMs } from './replay.ts';

export interface OfflineQueue {
  pending: QueuedPunch[];
  refused: RefusedPunch[];
  enqueue(body: PunchBody, idempotencyKey: string, occurredAt: Date): Promise<QueuedPunch | null>;
  dismiss(refused: RefusedPunch): Promise<void>;
  replay(): void;
}

export function useOfflineQueue(api: Api, onSent: () => void): OfflineQueue {
  const [queue, setQueue] = useState<PunchQueue | null>(null);
  const [pending, setPending] = useState<QueuedPunch[]>([]);
  const [refused, setRefused] = useState<RefusedPunch[]>([]);
  const running = useRef(false);
  const attempt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onSentRef = useRef(onSent);
  onSentRef.current = onSent;

  useEffect(() => {
    let opened: PunchQueue | null = null;
    PunchQueue.open().then((q) => {
      opened = q;
      setQueue(q);
    });
    return () => opened?.close();
  }, []);

  const refresh = useCallback(async (q: PunchQueue) => {
    setPending(await q.pending());
    setRefused(await q.refused());
  }, []);

  const replay = useCallback(() => {
    if (!queue || running.current) return;
    running.current = true;
    if (timer.current) clearTimeout(timer.current);
    void replayQueue(queue, (p) => sendPunch(api, p.body, p.idempotencyKey))
      .then(async (outcome) => {
        if (outcome.sent > 0 || outcome.refused > 0) onSentRef.current();
        if (outcome.kind === 'retry') {
          timer.current = setTimeout(() => replay(), retryDelayMs(attempt.current++));
        } else {
          attempt.current = 0;
        }
      })
      .finally(async () => {
        running.current = false;
        await refresh(queue);
      });
  }, [api, queue, refresh]);

  useEffect(() => {
    if (!queue) return;
    void refresh(queue).then(() => replay());
    const online = () => {
      attempt.current = 0;
      replay();
    };
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [queue, refresh, replay]);

  const enqueue = useCallback(
    async (body: PunchBody, idempotencyKey: string, occurredAt: Date) => {
      if (!queue) return null;
      const queued = await queue.add({ ...body, occurredAt: occurredAt.toISOString() }, idempotencyKey);
      await refresh(queue);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => replay(), retryDelayMs(attempt.current++));
      return queued;
    },
    [queue, refresh, replay],
  );

  const dismiss = useCallback(
    async (item: RefusedPunch) => {
      if (!queue) return;
      await queue.dismiss(item);
      await refresh(queue);
    },
    [queue, refresh],
  );

  return { pending, refused, enqueue, dismiss, replay };
}
