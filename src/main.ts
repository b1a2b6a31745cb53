// Process entry: config -> database -> migrations -> app -> listen -> graceful close.
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { maintainTables, MAINTENANCE_CHECK_INTERVAL_MS } from './db/maintenance.ts';
import { purgeExpiredIdempotencyKeys } from './http/idempotency.ts';
import { purgeExpiredRevocations } from './modules/auth/revocation.ts';
import { mapBundleStackTraces } from './stack-traces.ts';
import { releaseStartupGarbage } from './startup-memory.ts';

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

mapBundleStackTraces(import.meta.url);

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolMax: config.dbPoolMax });
  await database.migrate();
  const app = await buildApp({ config, database });
  // Hourly, off the request path: expired idempotency keys (kept 24 hours, docs/api.md §12)
  // and the logout list's rows of tokens that have expired since.
  const purge = setInterval(() => {
    purgeExpiredIdempotencyKeys(database.db, new Date()).catch((error: unknown) => app.log.warn({ err: error }, 'idempotency purge failed'));
    purgeExpiredRevocations(database.db, new Date()).catch((error: unknown) => app.log.warn({ err: error }, 'revoked-token purge failed'));
  }, PURGE_INTERVAL_MS);
  purge.unref();
  // The embedded engine has no autovacuum: the service does its work, by its rules
  // (src/db/maintenance.ts). The tables that grew or hold many dead rows are vacuumed and
  // analyzed, so that the plans its one session keeps are made again for them and the dead
  // rows' space is used again. On PostgreSQL, autovacuum does both.
  let maintenance: NodeJS.Timeout | undefined;
  if (database.engine === 'pglite') {
    const maintain = async () => {
      try {
        const startedAt = performance.now();
        const tables = await maintainTables(database.db);
        // It holds the engine's one thread while it runs: worth a line when it did anything.
        if (tables.length > 0) app.log.info({ tables, ms: Math.round(performance.now() - startedAt) }, 'tables vacuumed and analyzed');
      } catch (error) {
        app.log.warn({ err: error }, 'table maintenance failed');
      }
    };
    await maintain();
    maintenance = setInterval(() => void maintain(), MAINTENANCE_CHECK_INTERVAL_MS);
    maintenance.unref();
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(purge);
    clearInterval(maintenance);
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // A hung request must not keep the process alive forever.
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 25_000);
    force.unref();
    try {
      // Stops accepting and waits for requests in flight, those whose client has gone included
      // (src/http/in-flight.ts), so that none meets a closed database.
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Plugins and routes loaded (listen would load them), then start-up's garbage given back,
  // before the first request can arrive: no request waits for the collection (~60 ms, once).
  await app.ready();
  releaseStartupGarbage();
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { engine: database.engine, startupMs: Math.round(performance.now() - startedAt) },
    `payclock listening on http://${config.host}:${config.port}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`payclock failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  process.exit(1);
});
