// Closing the app waits for requests still running, those whose client has gone included
// (src/http/in-flight.ts): the database is closed only after their last statement. Real HTTP,
// since what matters is a socket that closed while its handler ran.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { queryRows } from '../../src/db/open.ts';
import { InFlightRequests } from '../../src/http/in-flight.ts';
import { createTestApp } from '../helpers/app.ts';

/** A promise with its resolve handed out. */
function gate<T = void>(): { promise: Promise<T>; open(value: T): void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

const settledWithin = async (promise: Promise<unknown>, ms: number): Promise<boolean> =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('closing the app', () => {
  it('waits for a request whose client has gone before the database closes under it', async () => {
    const started = gate();
    const release = gate();
    let outcome = 'not run';
    const testApp = await createTestApp({
      routes: (app: App) => {
        app.get('/probe/slow-query', async () => {
          started.open();
          await release.promise;
          try {
            const rows = await queryRows<{ one: number }>(testApp.db, sql`select 1 as one`);
            outcome = `rows ${rows[0]?.one}`;
          } catch (error) {
            outcome = `failed: ${(error as Error).message}`;
          }
          return { ok: true };
        });
      },
    });
    const { app, database } = testApp;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const client = http.get(`http://127.0.0.1:${port}/probe/slow-query`);
    client.on('error', () => {});
    await started.promise;
    client.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(app.inFlight.count).toBe(1);

    const closing = app.close();
    // Fastify alone resolves here: the request's connection is already closed.
    expect(await settledWithin(closing, 300)).toBe(false);
    release.open();
    await closing;
    await database.close();

    expect(outcome).toBe('rows 1');
    expect(app.inFlight.count).toBe(0);
  });

  it('counts every kind of answer out again, so a close after them does not wait', async () => {
    const testApp = await createTestApp();
    const { app } = testApp;
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/health' }),
      app.inject({ method: 'GET', url: '/api/v1/no-such-route' }),
      app.inject({ method: 'GET', url: '/api/v1/employee/timesheet' }),
      app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: 'not json', headers: { 'content-type': 'application/json' } }),
      app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: 'x', headers: { 'content-type': 'text/plain' } }),
      app.inject({ method: 'GET', url: '/api/v1/openapi.json' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 401, 400, 415, 200]);
    expect(app.inFlight.count).toBe(0);
    const started = performance.now();
    await testApp.close();
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('InFlightRequests', () => {
  it('reports false when the requests outlast the wait, true once the last one leaves', async () => {
    const inFlight = new InFlightRequests();
    const first = {} as never;
    const second = {} as never;
    inFlight.enter(first);
    inFlight.enter(second);
    inFlight.enter(second); // counted once
    expect(inFlight.count).toBe(2);
    expect(await inFlight.drained(20)).toBe(false);

    const drained = inFlight.drained(5_000);
    inFlight.leave(first);
    inFlight.leave(first); // left once
    expect(await settledWithin(drained, 50)).toBe(false);
    inFlight.leave(second);
    expect(await drained).toBe(true);
    expect(inFlight.count).toBe(0);
  });

  it('counts sign-ins among the requests running, but not among the others (src/core/hashing.ts)', () => {
    const inFlight = new InFlightRequests();
    const signIn = { routeOptions: { config: { signIn: true } } } as never;
    const other = { routeOptions: { config: {} } } as never;
    inFlight.enter(signIn);
    expect([inFlight.count, inFlight.othersThanSignIns]).toEqual([1, 0]);
    inFlight.enter(other);
    expect([inFlight.count, inFlight.othersThanSignIns]).toEqual([2, 1]);
    inFlight.leave(other);
    inFlight.leave(other); // left once
    expect([inFlight.count, inFlight.othersThanSignIns]).toEqual([1, 0]);
    inFlight.leave(signIn);
    expect([inFlight.count, inFlight.othersThanSignIns]).toEqual([0, 0]);
  });
});
