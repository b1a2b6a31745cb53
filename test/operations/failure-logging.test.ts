// The level a 5xx is logged at (src/http/error-handler.ts): faults at error, a conflict the
// database settled at warn, a 503 to a client that had already gone at info. Real HTTP: the
// last case needs a socket that closed while its request ran.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { Errors } from '../../src/core/errors.ts';
import type { Database } from '../../src/db/open.ts';
import { openTestDatabase, TEST_HASHER, TEST_JWT_SECRET } from '../helpers/app.ts';
import { captureLogs } from '../helpers/log-capture.ts';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  err?: { message: string };
}

const LEVEL = { info: 30, warn: 40, error: 50 } as const;
let app: App;
let database: Database;
let baseUrl: string;
const lines: LogLine[] = [];
const clientGone: Array<() => void> = [];

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: mkdtempSync(join(tmpdir(), 'payclock-log-')), LOG_LEVEL: 'info' });
  database = await openTestDatabase();
  app = await buildApp({ config, database, hasher: TEST_HASHER, logger: captureLogs(config, lines).logger });
  const probe = { config: { auth: 'none' as const }, schema: { hide: true } };
  app.get('/probe/fault', probe, async () => {
    throw new Error('a bug');
  });
  app.get('/probe/busy', probe, async () => {
    throw Errors.serviceUnavailable(1);
  });
  app.get('/probe/conflict', probe, async () => {
    throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
  });
  app.get('/probe/database-away', probe, async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
  });
  // Answers 503 once its client has gone, as a large read does that waited for a slot: at the
  // socket's close, before the response itself has heard of it.
  app.get('/probe/abandoned', probe, async (request) => {
    await new Promise<void>((resolve) => {
      clientGone.push(resolve);
      request.raw.socket.once('close', () => resolve());
    });
    throw Errors.serviceUnavailable(1);
  });
  // The moment just after a connection was reset: its socket destroyed, its close not yet
  // emitted, so the response does not know yet (the state seen at a load test's end).
  app.get('/probe/reset', probe, async (request) => {
    request.raw.socket.destroy();
    throw Errors.serviceUnavailable(1);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function get(path: string, requestId: string): Promise<number> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { 'x-request-id': requestId } });
  await response.arrayBuffer();
  return response.status;
}

const failureLine = (requestId: string) => lines.filter((line) => line.reqId === requestId && line.msg !== 'incoming request' && line.msg !== 'request completed');

describe('how a 5xx is logged', () => {
  it('a fault at error, a 503 of the service at error, a database away at error, a settled conflict at warn', async () => {
    expect(await get('/probe/fault', 'fault')).toBe(500);
    expect(await get('/probe/busy', 'busy')).toBe(503);
    expect(await get('/probe/database-away', 'away')).toBe(503);
    expect(await get('/probe/conflict', 'conflict')).toBe(503);
    expect(failureLine('fault')).toMatchObject([{ level: LEVEL.error, msg: 'request failed', err: { message: 'a bug' } }]);
    expect(failureLine('busy')).toMatchObject([{ level: LEVEL.error, msg: 'service unavailable' }]);
    expect(failureLine('away')).toMatchObject([{ level: LEVEL.error, msg: 'database unavailable' }]);
    expect(failureLine('conflict')).toMatchObject([{ level: LEVEL.warn, msg: 'transaction aborted by a conflict' }]);
  });

  it('a 503 to a client that had already gone at info', async () => {
    const client = http.get(`${baseUrl}/probe/abandoned`, { headers: { 'x-request-id': 'abandoned' } });
    client.on('error', () => {});
    while (clientGone.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    client.destroy();
    // The handler answers once the close reaches it; then the error handler logs.
    for (let waited = 0; failureLine('abandoned').length === 0 && waited < 2_000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(failureLine('abandoned')).toEqual([{ ...failureLine('abandoned')[0], level: LEVEL.info, msg: 'client left before its answer' }]);
    expect(lines.filter((line) => line.reqId === 'abandoned' && line.level >= LEVEL.warn)).toEqual([]);
  });

  it('a 503 at the moment its connection was reset at info', async () => {
    await expect(get('/probe/reset', 'reset')).rejects.toThrow();
    for (let waited = 0; failureLine('reset').length === 0 && waited < 2_000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(failureLine('reset')).toMatchObject([{ level: LEVEL.info, msg: 'client left before its answer' }]);
  });
});
