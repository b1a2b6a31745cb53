// The punch queue: punches made while the service could not be reached, kept in IndexedDB on
// this device until they are sent. Each keeps the Idempotency-Key of its tap and the moment it
// happened (occurredAt), so a replay is applied once and at the right time. Punches that the
// service refuses on replay are kept apart with the reason, to be shown, never dropped silently.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { PunchBody } from '../api/employee.ts';

export interface QueuedPunch {
  id: number;
  idempotencyKey: string;
  body: PunchBody & { occurredAt: string };
}

export interface RefusedPunch extends QueuedPunch {
  label: string;
  detail: string | null;
  refusedAt: string;
}

interface QueueSchema extends DBSchema {
  pending: { key: number; value: QueuedPunch };
  refused: { key: number; value: RefusedPunch };
}

export const QUEUE_DB_NAME = 'payclock-punches';

export class PunchQueue {
  private constructor(private readonly db: IDBPDatabase<QueueSchema>) {}

  static async open(name = QUEUE_DB_NAME): Promise<PunchQueue> {
    const db = await openDB<QueueSchema>(name, 1, {
      upgrade(database) {
        // Auto-increment keys keep the punches in the order they were made.
        database.createObjectStore('pending', { keyPath: 'id', autoIncrement: true });
        database.createObjectStore('refused', { keyPath: 'id', autoIncrement: true });
      },
    });
    return new PunchQueue(db);
  }

  async add(body: PunchBody & { occurredAt: string }, idempotencyKey: string): Promise<QueuedPunch> {
    const id = await this.db.add('pending', { idempotencyKey, body } as QueuedPunch);
    return { id, idempotencyKey, body };
  }

  /** Oldest first: the order they must be sent in. */
  pending(): Promise<QueuedPunch[]> {
    return this.db.getAll('pending');
  }

  async sent(punch: QueuedPunch): Promise<void> {
    await this.db.delete('pending', punch.id);
  }

  /** Moves a punch from the queue to the refused list, in one transaction. */
  async refuse(punch: QueuedPunch, label: string, detail: string | null, now = new Date()): Promise<void> {
    const tx = this.db.transaction(['pending', 'refused'], 'readwrite');
    const { id: _id, ...rest } = punch;
    await Promise.all([tx.objectStore('pending').delete(punch.id), tx.objectStore('refused').add({ ...rest, label, detail, refusedAt: now.toISOString() } as RefusedPunch), tx.done]);
  }

  refused(): Promise<RefusedPunch[]> {
    return this.db.getAll('refused');
  }

  async dismiss(refused: RefusedPunch): Promise<void> {
    await this.db.delete('refused', refused.id);
  }

  close(): void {
    this.db.close();
  }
}
