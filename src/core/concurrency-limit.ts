// At most `maxConcurrent` pieces of some costly work at once, at most `maxQueued` waiting for a
// slot; beyond that the work is refused with 503 and Retry-After, so that a burst sheds load
// instead of growing latency and memory without bound. Used for argon2 (src/core/hashing.ts)
// and for the costly reads (src/http/costly-reads.ts).
import { Errors } from './errors.ts';

export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  /**
   * `slotsNow` may lower the limit for a while (the hasher's, while other requests run): it is
   * asked whenever a slot is taken or given back. The limit stays between 1 and `maxConcurrent`.
   */
  constructor(
    readonly maxConcurrent: number,
    readonly maxQueued: number,
    private readonly slotsNow: () => number = () => maxConcurrent,
  ) {}

  /** Slots taken now, and work waiting for one (for tests and metrics). */
  get inUse(): number {
    return this.running;
  }
  get queued(): number {
    return this.waiting.length;
  }

  /** Waits for a slot (or throws 503 when the queue is full); call the returned function once, when done. */
  async acquire(): Promise<() => void> {
    if (this.waiting.length === 0 && this.running < this.limit()) {
      this.running += 1;
    } else {
      if (this.waiting.length >= this.maxQueued) throw Errors.serviceUnavailable(1);
      const turn = new Promise<void>((resolve) => this.waiting.push(resolve));
      // The limit may have risen since the last slot was given back.
      this.startWaiting();
      await turn;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
      this.startWaiting();
    };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }

  private limit(): number {
    return Math.max(1, Math.min(this.maxConcurrent, this.slotsNow()));
  }

  /** Hands free slots to the waiters, first come first served. */
  private startWaiting(): void {
    while (this.waiting.length > 0 && this.running < this.limit()) {
      this.running += 1;
      this.waiting.shift()!();
    }
  }
}
