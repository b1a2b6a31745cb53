// The rules every coalesced statement on the database follows, the same for live punches
// (punch-writer.ts) and the employee's timesheet reads (timesheet-reader.ts); docs/architecture.md
// §3, "Coalesced punches" and "Coalesced timesheet reads".
// - A batch that failed with the database's own error was rolled back whole, so its items run
//   again alone and one bad item fails alone; one cancelled by statement_timeout answers 503 for
//   all its items at once, since each alone would wait as long again (`worthRunningAgainAlone`).
// - An item that could not leave in a batch within `connectionWaitBound` (on PostgreSQL the
//   pool's connection timeout, the bound it would have had alone; on PGlite none) answers 503
//   and is never sent, so a refused punch wrote nothing. While the database is stuck (the batches
//   in flight wait behind a lock) further items answer fast instead of queueing
//   (test/reliability/database-outage.test.ts).
import type { CoalescerOptions } from '../../core/coalescer.ts';
import { Errors } from '../../core/errors.ts';
import { worthRunningAgainAlone } from '../../db/errors.ts';
import { connectionWaitBound, type Db } from '../../db/open.ts';

export type DatabaseBatchRules = Pick<CoalescerOptions<unknown, unknown>, 'rolledBack' | 'maxWaitMs' | 'waitedTooLong'>;

export function databaseBatchRules(db: Db): DatabaseBatchRules {
  return { rolledBack: worthRunningAgainAlone, maxWaitMs: connectionWaitBound(db), waitedTooLong: () => Errors.serviceUnavailable() };
}
