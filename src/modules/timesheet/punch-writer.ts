// Which statement a punch goes out in (docs/architecture.md §3): a live punch outside any held
// transaction joins the process's coalesced batches (src/core/coalescer.ts); an offline punch
// (it writes an audit row in a transaction with it) and a punch with an Idempotency-Key (it
// runs in its request's transaction, src/http/idempotency.ts) go out alone, on their
// transaction. Both ways run the same SQL and give the same outcomes.
import { Coalescer } from '../../core/coalescer.ts';
import type { Db } from '../../db/open.ts';
import { isInTransactionScope } from '../../db/transaction-scope.ts';
import { metrics } from '../../http/metrics.ts';
import { closeOpenEntries, insertOpenEntries } from './clock-batch.repository.ts';
import { databaseBatchRules, type DatabaseBatchRules } from './database-batch-rules.ts';
import { closeOpenEntry, insertOpenEntry, type ClockInOutcome, type ClockInValues, type ClockOutOutcome, type ClockOutValues } from './clock.repository.ts';

export interface PunchWriter {
  clockIn(values: ClockInValues): Promise<ClockInOutcome>;
  clockOut(values: ClockOutValues): Promise<ClockOutOutcome>;
}

/**
 * Two batches in flight: one commits while the next fills, which is what lets PostgreSQL flush
 * many punches per WAL write. 64 bounds how long one statement holds its employees' row locks.
 */
export const PUNCH_BATCHES_IN_FLIGHT = 2;
export const PUNCH_BATCH_MAX = 64;

/** Each punch its own statement on `db` (a transaction, or the pool). */
export function singlePunchWriter(db: Db): PunchWriter {
  return { clockIn: (values) => insertOpenEntry(db, values), clockOut: (values) => closeOpenEntry(db, values) };
}

/** Told the size of every statement that leaves: the `punch_batch_size` metric, or a test's observer. */
export type BatchObserver = (kind: 'clock_in' | 'clock_out', size: number) => void;

const observeInMetrics: BatchObserver = (kind, size) => metrics.punchBatchSize.observe({ kind }, size);

/** A coalescer of one kind of punch; a refused or stuck punch is handled by `rules` (database-batch-rules.ts). */
function coalescing<Values extends { credential: { userId: string } }, Outcome>(
  runBatch: (punches: readonly Values[]) => Promise<Outcome[]>,
  runOne: (punch: Values) => Promise<Outcome>,
  onBatch: (size: number) => void,
  rules: DatabaseBatchRules,
): Coalescer<Values, Outcome> {
  return new Coalescer<Values, Outcome>({
    ...rules,
    onBatch,
    keyOf: (punch) => punch.credential.userId,
    runBatch,
    runOne,
    maxInFlight: PUNCH_BATCHES_IN_FLIGHT,
    maxBatchSize: PUNCH_BATCH_MAX,
  });
}

/** The process's batches on the pool `db`, one coalescer per kind of punch. */
export function coalescedPunchWriter(db: Db, observe: BatchObserver = observeInMetrics): PunchWriter {
  const rules = databaseBatchRules(db);
  const clockIns = coalescing<ClockInValues, ClockInOutcome>(
    (punches) => insertOpenEntries(db, punches),
    (punch) => insertOpenEntry(db, punch),
    (size) => observe('clock_in', size),
    rules,
  );
  const clockOuts = coalescing<ClockOutValues, ClockOutOutcome>(
    (punches) => closeOpenEntries(db, punches),
    (punch) => closeOpenEntry(db, punch),
    (size) => observe('clock_out', size),
    rules,
  );
  return { clockIn: (values) => clockIns.run(values), clockOut: (values) => clockOuts.run(values) };
}

const writers = new WeakMap<Db, PunchWriter>();

/** The writer for one punch: coalesced for a live punch outside a held transaction, else alone on `db`. */
export function punchWriterFor(db: Db, offline: boolean): PunchWriter {
  if (offline || isInTransactionScope()) return singlePunchWriter(db);
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = coalescedPunchWriter(db)));
  return writer;
}
