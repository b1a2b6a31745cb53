// The clock in/out logs its successes at debug, not info (src/http/request-log.ts): at the
// production level a punch that succeeded leaves no line (and builds no logger), a refused one
// still does, and every other route logs as before.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { TokenService } from '../../src/core/tokens.ts';
import type { Database } from '../../src/db/open.ts';
import { openTestDatabase, TEST_HASHER, TEST_JWT_SECRET } from '../helpers/app.ts';
import { createTenant } from '../helpers/factories.ts';
import { captureLogs } from '../helpers/log-capture.ts';
import { employeeToken, request } from '../helpers/http.ts';

const ENTRY = '/api/v1/employee/timesheet/entry';
let database: Database;
let tokens: TokenService;
const apps: App[] = [];

/** An app whose logger writes JSON lines at `level` into `lines`, and the bindings of the child loggers it built. */
async function appLoggingAt(level: string, lines: Array<{ reqId?: string; level: number; msg: string; res?: { statusCode: number } }>) {
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: mkdtempSync(join(tmpdir(), 'payclock-log-')), LOG_LEVEL: level });
  tokens = new TokenService(config.jwtSecret, config.tokenTtlSeconds);
  const { logger, children } = captureLogs(config, lines);
  const app = await buildApp({ config, database, hasher: TEST_HASHER, logger });
  apps.push(app);
  return { app, children };
}

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

describe('request logs of the clock in/out', () => {
  it('at info: no line for a successful punch, "request completed" for a refused one and for a timesheet read', async () => {
    const lines: Array<{ reqId?: string; level: number; msg: string; res?: { statusCode: number } }> = [];
    const { app, children } = await appLoggingAt('info', lines);
    const { employee } = await createTenant(database.db);
    const auth = await employeeToken(tokens, employee);
    const ok = await request(app, 'POST', ENTRY, { body: { action: 'clock_in' }, token: auth, headers: { 'x-request-id': 'punch-ok' } });
    expect(ok.status).toBe(200);
    const refused = await request(app, 'POST', ENTRY, { body: { action: 'clock_in' }, token: auth, headers: { 'x-request-id': 'punch-refused' } });
    expect(refused.status).toBe(400);
    const read = await request(app, 'GET', '/api/v1/employee/timesheet', { token: auth, headers: { 'x-request-id': 'timesheet-read' } });
    expect(read.status).toBe(200);

    expect(lines.filter((line) => line.reqId === 'punch-ok')).toEqual([]);
    // Nothing was written for it, so no logger was built for it either (src/http/request-log.ts
    // builds one on its first line); the others needed theirs.
    const childrenBuilt = children.map((bindings) => bindings.reqId);
    expect(childrenBuilt).not.toContain('punch-ok');
    expect(childrenBuilt).toEqual(expect.arrayContaining(['punch-refused', 'timesheet-read']));
    expect(lines.filter((line) => line.reqId === 'punch-refused' && line.msg === 'request completed')).toMatchObject([{ level: 30, res: { statusCode: 400 } }]);
    expect(lines.filter((line) => line.reqId === 'timesheet-read').map((line) => [line.level, line.msg])).toEqual([
      [30, 'incoming request'],
      [30, 'request completed'],
    ]);
  });

  it('at debug: the successful punch is logged at debug', async () => {
    const lines: Array<{ reqId?: string; level: number; msg: string }> = [];
    const { app } = await appLoggingAt('debug', lines);
    const { employee } = await createTenant(database.db);
    const ok = await request(app, 'POST', ENTRY, { body: { action: 'clock_in' }, token: await employeeToken(tokens, employee), headers: { 'x-request-id': 'punch-debug' } });
    expect(ok.status).toBe(200);
    expect(lines.filter((line) => line.reqId === 'punch-debug').map((line) => [line.level, line.msg])).toEqual([
      [20, 'incoming request'],
      [20, 'request completed'],
    ]);
  });
});
