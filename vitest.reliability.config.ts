import { defineConfig } from 'vitest/config';

// npm run test:reliability: real server processes against PostgreSQL (TEST_DATABASE_URL) and
// Redis, one file at a time (they stop PostgreSQL and kill servers), each test bounded in time.
export default defineConfig({
  test: {
    include: ['test/reliability/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
