// The framework-free baseline of the clock cycle: node:http + pg, nothing else, sending the
// very statements the service sends (clockInStatement / clockOutStatement of
// src/modules/timesheet/clock.repository.ts, as named prepared statements). It verifies the
// token as the service does and answers the entry as JSON, so the difference from the real
// server is the framework's share: routing, schemas, hooks, serialization, logging.
// Not a product: no validation beyond what the cycle sends, no error envelope.
//   PORT=... DATABASE_URL=... JWT_SECRET=... [POOL_MAX=16] node --import tsx bench/minimal-clock-server.ts
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { TokenService, tokenHash } from '../src/core/tokens.ts';
import { clockInStatement, clockOutStatement } from '../src/modules/timesheet/clock.repository.ts';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 16) });
const tokens = new TokenService(new TextEncoder().encode(process.env.JWT_SECRET ?? ''), 86_400);
const dialect = new PgDialect();
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

async function punch(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const header = request.headers.authorization ?? '';
  const token = header.replace(/^bearer\s+/i, '');
  const verified = await tokens.verify(token, new Date());
  if (!verified || verified.type !== 'employee') return send(response, 401, { success: false, error: 'Authentication required' });
  const body = JSON.parse(await readBody(request)) as { action?: string };
  const credential = { userId: verified.userId, hash: tokenHash(token), issuedAtMs: verified.issuedAtMs };
  const now = new Date();
  const ip = request.socket.remoteAddress ?? null;
  const statement =
    body.action === 'clock_in'
      ? { name: 'bench_clock_in', sql: clockInStatement({ credential, now, recordedAt: now, offline: false, jobCode: null, taskCode: null, notes: null, clockInIp: ip, clockInDevice: null }) }
      : { name: 'bench_clock_out', sql: clockOutStatement({ credential, now, recordedAt: now, offline: false, breakMinutes: null, notes: null, clockOutIp: ip }) };
  const query = dialect.sqlToQuery(statement.sql);
  const { rows } = await pool.query({ name: statement.name, text: query.sql, values: query.params as unknown[] });
  const entry = (rows[0] as { entry: unknown } | undefined)?.entry ?? null;
  if (!entry) return send(response, 400, { success: false, error: 'Refused', data: rows[0] });
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
