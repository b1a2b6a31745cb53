// Runs in each test worker before each of its test files (vitest.config.ts setupFiles). Under
// PostgreSQL with several workers, points TEST_DATABASE_URL at this worker's copy of the
// migrated database (test/global-setup.ts) before the test file reads it: every helper, and
// every server or CLI a test starts, then uses that copy.
import { inject } from 'vitest';

const workerUrls = inject('postgresWorkerUrls');
if (process.env.TEST_DATABASE_URL && workerUrls.length > 0) {
  const poolId = Number(process.env.VITEST_POOL_ID);
  if (!Number.isInteger(poolId) || poolId < 1) throw new Error(`VITEST_POOL_ID is ${process.env.VITEST_POOL_ID}: no worker database to choose`);
  process.env.TEST_DATABASE_URL = workerUrls[(poolId - 1) % workerUrls.length];
}
