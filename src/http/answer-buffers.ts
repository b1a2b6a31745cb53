// Buffers for the largest answers (the pay period's get-one: megabytes of JSON that the
// database builds), lent for one answer and taken back once it has been written to the socket.
// A new buffer per answer is memory outside V8's heap that is only freed when the collector
// finds its `Buffer` dead, long after the answer left: under load the process held ~40 MiB of
// sent answers in malloc's arena at a time, on Node.js 20 as on 24 (BENCHMARKS.md, "Sent answers
// given back"). A few buffers, reused, hold only what is being written.

/** How many buffers to keep, how large a buffer may be to be kept, and how long they are kept unused. */
export interface AnswerBufferLimits {
  readonly keep: number;
  readonly largestBytes: number;
  readonly idleMs: number;
}

/** Sizes are rounded up to this, so that an answer a little larger than the last one still fits. */
const SIZE_STEP = 64 * 1024;

export class AnswerBuffers {
  private readonly free: Buffer[] = [];
  /** The memory of the buffers out on loan: only these come back (a WeakSet: an answer never sent is not kept). */
  private readonly lent = new WeakSet<ArrayBufferLike>();
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly limits: AnswerBufferLimits) {}

  /** Buffers kept for reuse now (for tests). */
  get kept(): number {
    return this.free.length;
  }

  /** A buffer of at least `size` bytes, its contents left as they were: the smallest kept one that fits, or a new one. */
  take(size: number): Buffer {
    let best = -1;
    for (let i = 0; i < this.free.length; i++) {
      const length = this.free[i]!.length;
      if (length >= size && (best < 0 || length < this.free[best]!.length)) best = i;
    }
    const buffer = best >= 0 ? this.free.splice(best, 1)[0]! : Buffer.allocUnsafeSlow(Math.ceil(size / SIZE_STEP) * SIZE_STEP);
    this.lent.add(buffer.buffer);
    this.touch();
    return buffer;
  }

  /**
   * Takes back the buffer that `view` (a part of a buffer from `take`) lies in. Call it only
   * once nothing will read it again: for an answer, when the response has finished, that is
   * when its last byte has been handed to the operating system. Anything else is ignored.
   */
  give(view: Buffer): void {
    const memory = view.buffer;
    if (!this.lent.delete(memory)) return;
    const buffer = Buffer.from(memory, 0, memory.byteLength);
    if (buffer.length > this.limits.largestBytes) return;
    this.free.push(buffer);
    if (this.free.length > this.limits.keep) {
      // Keep the larger ones: a smaller answer fits in them, not the other way round.
      this.free.sort((a, b) => b.length - a.length);
      this.free.length = this.limits.keep;
    }
    this.touch();
  }

  /** Lets every kept buffer go (loans still out come back as usual). */
  letGo(): void {
    this.free.length = 0;
  }

  /** After `idleMs` without a loan or a return, the kept buffers are let go (a quiet server holds none). */
  private touch(): void {
    if (this.idleTimer) {
      this.idleTimer.refresh();
      return;
    }
    this.idleTimer = setTimeout(() => {
      this.letGo();
      this.idleTimer = undefined;
    }, this.limits.idleMs);
    this.idleTimer.unref();
  }
}
