// Coalescing concurrent writes into one statement per batch (docs/architecture.md §3, "How a
// punch reaches the database"). Every statement costs PostgreSQL a commit (a WAL flush) and its
// own set-up; one statement carrying many punches pays them once. The employee's timesheet reads
// share statements the same way (src/modules/timesheet/timesheet-reader.ts): for a read, what a
// batch saves is the statement's set-up and Node.js's round trip.
//
// The rules, each of which a test in src/core/coalescer.test.ts holds (and, with the real punch
// statements, test/timesheet/punch-batches.test.ts):
// - A batch leaves at the end of the event loop's turn in which its first item arrived
//   (setImmediate: no timer, no time waited), carrying every item that the turn's I/O delivered.
//   Sent the moment it arrived, an item that found a free slot went alone while the requests
//   read in the same turn waited behind it; and where the database runs on this thread
//   (embedded PGlite), a statement in flight holds the loop, so no item could ever arrive
//   during one and every batch was a single item (BENCHMARKS.md, "Batches leave at the end of
//   the turn").
// - At most `maxInFlight` batches run at once; the items that arrive while every slot is busy
//   leave together as soon as one returns. Nobody waits for a batch to fill.
// - At most one item per key (an employee) per batch, and an item whose key is in a batch in
//   flight waits for that batch to return: a key's items run in the order they arrived.
// - Each item gets its own outcome, and resolves only when the statement that carried it has
//   returned, that is committed: an acknowledged item is durable like a single statement's.
// - A batch whose statement failed with an error from the database (the statement, and so its
//   transaction, was rolled back: nothing of it remains) runs each of its items again on its
//   own, so one bad item never fails its neighbours. Any other failure (the connection broke,
//   so the batch's fate is unknown) fails every item of it with that error, as it would have
//   failed the single statement.
// - Optionally (`maxWaitMs`), an item that has waited that long without leaving in a batch (every
//   slot held by batches that have not returned, say behind a lock) is refused with
//   `waitedTooLong()`, never sent: the same bound a request has on waiting for a pooled
//   connection, so that a stuck database answers fast instead of queueing without bound.

export interface CoalescerOptions<Item, Outcome> {
  /** Items with the same key are never in one batch, and run in arrival order. */
  keyOf(item: Item): string;
  /** One statement for all the items; one outcome per item, in the items' order. */
  runBatch(items: readonly Item[]): Promise<Outcome[]>;
  /** One item alone: a batch of one, and the retry of a failed batch's items. */
  runOne(item: Item): Promise<Outcome>;
  /** Whether a batch's failure left nothing behind, so that its items may be run again alone. */
  rolledBack(error: unknown): boolean;
  maxInFlight: number;
  maxBatchSize: number;
  /** Told the size of every batch as it leaves (1 for an item sent alone; not the retries). */
  onBatch?(size: number): void;
  /** How long an item may wait for a batch before it is refused; unset: as long as it takes. */
  maxWaitMs?: number;
  /** The error an item refused after maxWaitMs is rejected with. */
  waitedTooLong?(): unknown;
}

interface Waiting<Item, Outcome> {
  item: Item;
  key: string;
  /** performance.now() when it arrived. */
  arrivedAt: number;
  resolve(outcome: Outcome): void;
  reject(error: unknown): void;
}

export class Coalescer<Item, Outcome> {
  private readonly queue: Waiting<Item, Outcome>[] = [];
  private readonly keysInFlight = new Set<string>();
  private inFlight = 0;
  private dispatchScheduled = false;
  /** Set while items wait and maxWaitMs is: fires when the oldest of them has waited that long. */
  private waitTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: CoalescerOptions<Item, Outcome>) {
    if (options.maxInFlight < 1 || options.maxBatchSize < 1) throw new RangeError('maxInFlight and maxBatchSize must be at least 1');
  }

  /** Runs `item` in the next batch it may join; settles with its own outcome once that batch returned. */
  run(item: Item): Promise<Outcome> {
    return new Promise<Outcome>((resolve, reject) => {
      this.queue.push({ item, key: this.options.keyOf(item), arrivedAt: performance.now(), resolve, reject });
      this.dispatchAtEndOfTurn();
    });
  }

  /** Items waiting for a batch (not those in flight). */
  get waiting(): number {
    return this.queue.length;
  }

  /** Once per turn: the items that arrive in the rest of this turn join the same batch. */
  private dispatchAtEndOfTurn(): void {
    if (this.dispatchScheduled) return;
    this.dispatchScheduled = true;
    setImmediate(() => {
      this.dispatchScheduled = false;
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.inFlight < this.options.maxInFlight) {
      const batch = this.takeBatch();
      if (batch.length === 0) break;
      this.inFlight += 1;
      for (const waiting of batch) this.keysInFlight.add(waiting.key);
      void this.send(batch)
        // send settles every item itself; this only guards against a throwing option (rolledBack,
        // onBatch), which must fail the batch's items rather than leave them waiting.
        .catch((error: unknown) => {
          for (const waiting of batch) waiting.reject(error);
        })
        .finally(() => {
          this.inFlight -= 1;
          for (const waiting of batch) this.keysInFlight.delete(waiting.key);
          this.dispatch();
        });
    }
    this.limitWaiting();
  }

  /** With maxWaitMs: a timer for the oldest waiting item, which refuses every item that has waited too long. */
  private limitWaiting(): void {
    const { maxWaitMs } = this.options;
    if (maxWaitMs === undefined || this.waitTimer !== undefined || this.queue.length === 0) return;
    const oldest = this.queue[0]!.arrivedAt; // the queue keeps arrival order
    this.waitTimer = setTimeout(() => {
      this.waitTimer = undefined;
      // The queue keeps arrival order, so the items that waited too long are its head.
      const now = performance.now();
      const fresh = this.queue.findIndex((waiting) => now - waiting.arrivedAt < maxWaitMs);
      const expired = this.queue.splice(0, fresh === -1 ? this.queue.length : fresh);
      for (const waiting of expired) waiting.reject(this.options.waitedTooLong?.() ?? new Error(`Waited ${maxWaitMs} ms for a batch`));
      this.limitWaiting();
    }, Math.max(0, oldest + maxWaitMs - performance.now()));
    this.waitTimer.unref();
  }

  /** The oldest items whose keys are free, one per key, up to maxBatchSize; the rest keep their places. */
  private takeBatch(): Waiting<Item, Outcome>[] {
    const batch: Waiting<Item, Outcome>[] = [];
    const taken = new Set<string>();
    const kept: Waiting<Item, Outcome>[] = [];
    for (const waiting of this.queue) {
      // A key already taken (or in flight) stays busy for this batch, so its later items keep
      // waiting behind its earlier one: arrival order per key.
      if (batch.length < this.options.maxBatchSize && !taken.has(waiting.key) && !this.keysInFlight.has(waiting.key)) batch.push(waiting);
      else kept.push(waiting);
      taken.add(waiting.key);
    }
    this.queue.splice(0, this.queue.length, ...kept);
    return batch;
  }

  private async send(batch: Waiting<Item, Outcome>[]): Promise<void> {
    this.options.onBatch?.(batch.length);
    if (batch.length === 1) return this.sendAlone(batch[0]!);
    let outcomes: Outcome[];
    try {
      outcomes = await this.options.runBatch(batch.map((waiting) => waiting.item));
    } catch (error) {
      if (!this.options.rolledBack(error)) {
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      await Promise.all(batch.map((waiting) => this.sendAlone(waiting)));
      return;
    }
    if (outcomes.length !== batch.length) {
      const error = new Error(`A batch of ${batch.length} returned ${outcomes.length} outcomes`);
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    batch.forEach((waiting, index) => waiting.resolve(outcomes[index]!));
  }

  private async sendAlone(waiting: Waiting<Item, Outcome>): Promise<void> {
    try {
      waiting.resolve(await this.options.runOne(waiting.item));
    } catch (error) {
      waiting.reject(error);
    }
  }
}
