// Runs once per `npm test`. Builds the employee app when its sources changed, then the database.
// With TEST_DATABASE_URL: migrates that PostgreSQL database once and, when test files run side
// by side, copies it once per worker (test/runner/worker-database.ts points each worker at its
// copy), so files running at the same time never share a database, while the files of one
// worker share it one after another, each creating its own organizations: nothing is
// truncated. Without: migrates one in-memory PGlite and dumps it, so each test file starts from
// that template in well under a second instead of running initdb and every migration again.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, pgliteExtensions } from '../src/db/open.ts';
import { createWorkerDatabases, dropDatabases } from './helpers/postgres-databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string | null;
    /** PostgreSQL: the database of each worker, by VITEST_POOL_ID - 1; empty when one worker runs the files. */
    postgresWorkerUrls: string[];
  }
}

export default async function setup(project: TestProject): Promise<void | (() => Promise<void>)> {
  // The employee app's build (dist/web), from cache when web/ has not changed: the browser tests
  // and the bundle-size test read it.
  const { buildWebApp } = await import('../scripts/build-web.mjs');
  await buildWebApp({ log: false });
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const database = await openDatabase({ url });
    await database.migrate();
    await database.close();
    project.provide('pgliteTemplatePath', null);
    // maxWorkers is 1 when files run one at a time (fileParallelism: false, the reliability suite).
    const workers = project.config.maxWorkers ?? 1;
    const workerUrls = workers > 1 ? await createWorkerDatabases(url, workers) : [];
    project.provide('postgresWorkerUrls', workerUrls);
    return () => dropDatabases(workerUrls);
  }
  project.provide('postgresWorkerUrls', []);
  const client = await PGlite.create('memory://', { extensions: await pgliteExtensions() });
  // Migrate through the same code path the app uses, on the client we will dump.
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { MIGRATIONS_FOLDER } = await import('../src/db/open.ts');
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const path = join(tmpdir(), `payclock-template-${process.pid}.tar`);
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', path);
}
