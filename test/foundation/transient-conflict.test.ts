// A transaction that PostgreSQL aborts to settle a conflict (a deadlock here) is classified as
// transient, so the request answers 503 with Retry-After instead of 500; a constraint violation
// is not. PostgreSQL only: PGlite has one connection, so nothing there can deadlock.
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTransientConflict } from '../../src/db/errors.ts';
import { errorHandlersPlugin } from '../../src/http/error-handler.ts';

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('isTransientConflict (PostgreSQL)', () => {
  const clients: pg.Client[] = [];
  const table = `transient_conflict_${process.pid}`;

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      clients.push(client);
    }
    await clients[0]!.query(`create table ${table} (id int primary key, n int not null)`);
    await clients[0]!.query(`insert into ${table} values (1, 0), (2, 0)`);
  });
  afterAll(async () => {
    await clients[0]?.query(`drop table if exists ${table}`);
    await Promise.all(clients.map((client) => client.end()));
  });

  it('is true for a real deadlock and false for a unique violation', async () => {
    const [a, b] = clients as [pg.Client, pg.Client];
    const deadlock = await provokeDeadlock(a, b);
    expect(isTransientConflict(deadlock)).toBe(true);
    // Wrapped as Drizzle wraps driver errors: found through `cause`.
    expect(isTransientConflict(new Error('Failed query', { cause: deadlock }))).toBe(true);

    const duplicate = await a.query(`insert into ${table} values (1, 0)`).catch((error: unknown) => error);
    expect(isTransientConflict(duplicate)).toBe(false);
  });

  /** Two transactions that each wait for the row the other holds: PostgreSQL aborts one (40P01). */
  async function provokeDeadlock(a: pg.Client, b: pg.Client): Promise<unknown> {
    await a.query('begin');
    await b.query('begin');
    await a.query(`update ${table} set n = n + 1 where id = 1`);
    await b.query(`update ${table} set n = n + 1 where id = 2`);
    const outcomes = await Promise.allSettled([
      a.query(`update ${table} set n = n + 1 where id = 2`),
      b.query(`update ${table} set n = n + 1 where id = 1`),
    ]);
    await a.query('rollback');
    await b.query('rollback');
    const failures = outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => outcome.reason as unknown);
    expect(failures).toHaveLength(1);
    return failures[0];
  }

  it('makes the route answer 503 Service unavailable with Retry-After, not 500', async () => {
    const [a, b] = clients as [pg.Client, pg.Client];
    const deadlock = await provokeDeadlock(a, b);
    const app = Fastify({ logger: false });
    await app.register(errorHandlersPlugin, {} as never);
    app.get('/conflict', async () => {
      throw new Error('Failed query', { cause: deadlock });
    });
    const res = await app.inject({ method: 'GET', url: '/conflict' });
    await app.close();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ success: false, error: 'Service unavailable', message: 'Please retry shortly' });
  });
});
