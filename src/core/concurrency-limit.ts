// At most `maxConcurrent` pieces of some costly work at once, at most `maxQueued` waiting for a
// slot; beyond that the work is refused with 503 and Retry-After, so that a burst sheds load
// instead of growing latency and memory without bound. Used for argon2 (src/core/hashing.ts)
// and for the costly reads (src/http/costly-reads.ts).
import { Errors } from './errors.ts';

export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly maxConcurrent: number,
    readonly maxQueued: number,
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
    if (this.running >= this.maxConcurrent) {
      if (this.waiting.length >= this.maxQueued) throw Errors.serviceUnavailable(1);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // Hand the slot straight to the next waiter (running stays the same), else free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
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
}
