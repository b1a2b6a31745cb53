import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'web/src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: ['test/reliability/**', 'node_modules/**'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/runner/worker-database.ts', 'test/runner/shared-worker.ts'],
    pool: 'forks',
    // A worker runs its test files one after another in one process and keeps the modules they
    // imported: loading the app's dependency graph again for each of ~125 files was a quarter of
    // the suite's time. The app keeps its state per instance; a file restores any process-wide
    // state it changes, which test/runner/shared-worker.ts checks after each file.
    isolate: false,
    // Two test files at a time even on two cores: a file spends much of its time waiting on the
    // database, a server or the browser, and the second worker fills those waits (README.md
    // "PostgreSQL and Redis" has the suite times). Under PostgreSQL each worker has a database
    // of its own (test/global-setup.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
