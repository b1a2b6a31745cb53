// The framework-free baseline of the clock cycle: node:http + pg, nothing else, sending the
// very statements the service sends, coalesced the same way (src/core/coalescer.ts with the
// service's batch sizes): a punch alone is clockInQuery / clockOutQuery of
// src/modules/timesheet/clock.repository.ts, a batch the queries of clock-batch.repository.ts,
// all as named prepared statements whose text is rendered once, as the service's are. It verifies the
// token as the service does and answers the entry as JSON, so the difference from the real
// server is the framework's share: routing, schemas, hooks, serialization, logging.
// Not a product: no validation beyond what the cycle sends, no error envelope.
//   PORT=... DATABASE_URL=... JWT_SECRET=... [POOL_MAX=16] node --import tsx bench/minimal-clock-server.ts
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import { Coalescer } from '../src/core/coalescer.ts';
import { TokenService, tokenHash } from '../src/core/tokens.ts';
import { clockInBatchQuery, clockOutBatchQuery } from '../src/modules/timesheet/clock-batch.repository.ts';
import { clockInQuery, clockOutQuery, type ClockInValues, type ClockOutValues } from '../src/modules/timesheet/clock.repository.ts';
import { PUNCH_BATCH_MAX, PUNCH_BATCHES_IN_FLIGHT } from '../src/modules/timesheet/punch-writer.ts';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 16) });
const tokens = new TokenService(new TextEncoder().encode(process.env.JWT_SECRET ?? ''), 86_400);
const ENTRY = '/api/v1/employee/timesheet/entry';

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

async function rowsOf(name: string, query: { sql: string; params: unknown[] }): Promise<Array<{ entry: unknown }>> {
  const { rows } = await pool.query({ name, text: query.sql, values: query.params });
  return rows as Array<{ entry: unknown }>;
}

function coalescer<Values extends { credential: { userId: string } }>(alone: (v: Values) => Promise<{ entry: unknown }>, batch: (vs: readonly Values[]) => Promise<Array<{ entry: unknown }>>) {
  return new Coalescer<Values, { entry: unknown }>({
    keyOf: (v) => v.credential.userId,
    runOne: alone,
    runBatch: batch,
    rolledBack: (error) => typeof (error as { code?: unknown }).code === 'string',
    maxInFlight: PUNCH_BATCHES_IN_FLIGHT,
    maxBatchSize: PUNCH_BATCH_MAX,
  });
}

const clockIns = coalescer<ClockInValues>(
  async (v) => (await rowsOf('bench_clock_in', clockInQuery(v)))[0]!,
  (vs) => rowsOf('bench_clock_in_batch', clockInBatchQuery(vs)),
);
const clockOuts = coalescer<ClockOutValues>(
  async (v) => (await rowsOf('bench_clock_out', clockOutQuery(v)))[0]!,
  (vs) => rowsOf('bench_clock_out_batch', clockOutBatchQuery(vs)),
);

async function punch(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const header = request.headers.authorization ?? '';
  const token = header.replace(/^bearer\s+/i, '');
  const verified = await tokens.verify(token, new Date());
  if (!verified || verified.type !== 'employee') return send(response, 401, { success: false, error: 'Authentication required' });
  const body = JSON.parse(await readBody(request)) as { action?: string };
  const credential = { userId: verified.userId, hash: tokenHash(token), issuedAtMs: verified.issuedAtMs };
  const now = new Date();
  const ip = request.socket.remoteAddress ?? null;
  const row =
    body.action === 'clock_in'
      ? await clockIns.run({ credential, now, recordedAt: now, offline: false, jobCode: null, taskCode: null, notes: null, clockInIp: ip, clockInDevice: null })
      : await clockOuts.run({ credential, now, recordedAt: now, offline: false, breakMinutes: null, notes: null, clockOutIp: ip });
  const entry = row.entry ?? null;
  if (!entry) return send(response, 400, { success: false, error: 'Refused', data: row });
  send(response, 200, { success: true, data: { timeEntry: entry, message: body.action === 'clock_in' ? 'Clocked in successfully' : 'Clocked out successfully' } });
}

const server = createServer((request, response) => {
  if (request.url === '/ready') return send(response, 200, { status: 'ready' });
  if (request.method !== 'POST' || request.url !== ENTRY) return send(response, 404, { success: false, error: 'Route not found' });
  punch(request, response).catch((error: unknown) => send(response, 500, { success: false, error: String(error) }));
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
