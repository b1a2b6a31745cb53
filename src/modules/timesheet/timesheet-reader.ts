// Which statement a caller's timesheet read goes out in (docs/architecture.md §3, "Coalesced
// timesheet reads"): a read outside any held transaction joins the process's batches of its kind
// (the current week, or a pay period; src/core/coalescer.ts), as a live punch does
// (punch-writer.ts); a read inside one goes alone on it. Both ways run the same SQL and give the
// same answer.
//
// Why: the employee app and the kiosk read the timesheet after every punch and on every visit.
// Each read alone costs PostgreSQL a statement's set-up and Node.js a round trip, which on two
// cores were most of what a read costs; a batch pays them once (BENCHMARKS.md, "Coalesced
// timesheet reads").
import { Coalescer } from '../../core/coalescer.ts';
import type { Db } from '../../db/open.ts';
import { isInTransactionScope } from '../../db/transaction-scope.ts';
import { metrics } from '../../http/metrics.ts';
import { databaseBatchRules } from './database-batch-rules.ts';
import { readCallerTimesheet, readCallerTimesheets, type CallerTimesheet, type CallerTimesheetQuery } from './timesheet-read.repository.ts';

export type TimesheetReader = (query: CallerTimesheetQuery) => Promise<CallerTimesheet>;

/**
 * Two batches in flight, as for punches: one runs while the next fills. On two cores PostgreSQL
 * served as many reads with 2 batch statements at a time as with 4 or 8 (BENCHMARKS.md).
 */
export const TIMESHEET_READ_BATCHES_IN_FLIGHT = 2;
/** 32 busy pay periods are ~0.6 MB of JSON in one result: the bound keeps a batch's memory small. */
export const TIMESHEET_READ_BATCH_MAX = 32;

/** Told the size of every statement that leaves: the `timesheet_read_batch_size` metric, or a test's observer. */
export type ReadBatchObserver = (kind: 'week' | 'pay_period', size: number) => void;

const observeInMetrics: ReadBatchObserver = (kind, size) => metrics.timesheetReadBatchSize.observe({ kind }, size);

/** A coalescer of one kind of read; a refused or stuck read is handled by databaseBatchRules. */
function coalescing(db: Db, onBatch: (size: number) => void): Coalescer<CallerTimesheetQuery, CallerTimesheet> {
  // Reads change nothing, so any two may share a batch: each read is its own key.
  let sequence = 0;
  return new Coalescer<CallerTimesheetQuery, CallerTimesheet>({
    ...databaseBatchRules(db),
    onBatch,
    keyOf: () => String((sequence += 1)),
    runBatch: (queries) => readCallerTimesheets(db, queries),
    runOne: (query) => readCallerTimesheet(db, query),
    maxInFlight: TIMESHEET_READ_BATCHES_IN_FLIGHT,
    maxBatchSize: TIMESHEET_READ_BATCH_MAX,
  });
}

/** The process's batches on the pool `db`, one coalescer per kind of read. */
export function coalescedTimesheetReader(db: Db, observe: ReadBatchObserver = observeInMetrics): TimesheetReader {
  const weeks = coalescing(db, (size) => observe('week', size));
  const periods = coalescing(db, (size) => observe('pay_period', size));
  return (query) => (query.payPeriodId === null ? weeks : periods).run(query);
}

const readers = new WeakMap<Db, TimesheetReader>();

/** The reader for one read: coalesced outside a held transaction, else alone on `db`. */
export function timesheetReaderFor(db: Db): TimesheetReader {
  if (isInTransactionScope()) return (query) => readCallerTimesheet(db, query);
  let reader = readers.get(db);
  if (!reader) readers.set(db, (reader = coalescedTimesheetReader(db)));
  return reader;
}
