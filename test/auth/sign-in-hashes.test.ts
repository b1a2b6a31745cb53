// Sign-ins hash one at a time while other requests run, and on every core the hasher allows
// when they run alone (src/core/hashing.ts, docs/architecture.md §3). The app is built with its
// own hasher at the real cost, as main.ts builds it; `password_hashes` in the metrics shows how
// many hashes run at once.
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';
import type { Database } from '../../src/db/open.ts';
import { metrics } from '../../src/http/metrics.ts';
import { openTestDatabase, testConfig } from '../helpers/app.ts';

/** The hasher's slots when nothing else runs: the cores, at most 3 (src/core/hashing.ts). */
const SLOTS_ALONE = Math.min(availableParallelism(), 3);
const SIGN_INS = 8;

let app: App;
let database: Database;
/** Resolves the probe request that is running, once the test lets it answer. */
let answerProbe: () => void = () => {};

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ config: testConfig({ METRICS_TOKEN: 'sign-in-hashes-metrics-token-0123' }), database, logger: false });
  // Another user's request, still running until the test answers it.
  app.get('/api/v1/slow-probe', { config: { auth: 'none' }, schema: { hide: true } }, async () => {
    await new Promise<void>((resolve) => (answerProbe = resolve));
    return { success: true };
  });
  await app.ready();
  await hashesSettled(); // the dummy hash made as the app starts
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function hashSlots(): Promise<{ running: number; waiting: number }> {
  const { values } = await metrics.passwordHashes.get();
  const of = (state: string) => values.find((value) => value.labels.state === state)?.value ?? 0;
  return { running: of('running'), waiting: of('waiting') };
}

async function hashesSettled(): Promise<void> {
  for (;;) {
    const slots = await hashSlots();
    if (slots.running === 0 && slots.waiting === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Half admin logins, half employee PIN checks, all unknown (each spends one dummy verification),
 * each from its own address so that no per-IP limit answers first. Returns the most hashes seen
 * running at once, and waiting at once, while they ran.
 */
async function signInsAtOnce(): Promise<{ running: number; waiting: number; statuses: number[] }> {
  const seen = { running: 0, waiting: 0 };
  let done = false;
  const sampling = (async () => {
    while (!done) {
      const slots = await hashSlots();
      seen.running = Math.max(seen.running, slots.running);
      seen.waiting = Math.max(seen.waiting, slots.waiting);
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const answers = await Promise.all(
    Array.from({ length: SIGN_INS }, (_, i) =>
      app.inject({
        method: 'POST',
        remoteAddress: `10.77.0.${i + 1}`,
        ...(i % 2 === 0
          ? { url: '/api/v1/auth/login', payload: { email: `nobody-${i}@example.com`, password: 'not-a-password' } }
          : { url: '/api/v1/auth/employee/verify', payload: { phone: `(212) 555-01${10 + i}`, pin: '8642' } }),
      }),
    ),
  );
  done = true;
  await sampling;
  return { ...seen, statuses: answers.map((answer) => answer.statusCode) };
}

describe('sign-in hashes', () => {
  it.skipIf(SLOTS_ALONE < 2)('run on every slot when nothing else is running', async () => {
    const seen = await signInsAtOnce();
    expect(seen.statuses).toEqual(Array(SIGN_INS).fill(401));
    expect(seen.running).toBe(SLOTS_ALONE);
  });

  it('run one at a time while another request is running, and on every slot again once it has answered', async () => {
    const probe = app.inject({ method: 'GET', url: '/api/v1/slow-probe' });
    while (app.inFlight.othersThanSignIns === 0) await new Promise((resolve) => setImmediate(resolve));

    const busy = await signInsAtOnce();
    expect(busy.statuses).toEqual(Array(SIGN_INS).fill(401));
    expect(busy.running).toBe(1);
    expect(busy.waiting).toBeGreaterThan(0);

    answerProbe();
    expect((await probe).statusCode).toBe(200);
    expect(app.inFlight.othersThanSignIns).toBe(0);
    if (SLOTS_ALONE >= 2) expect((await signInsAtOnce()).running).toBe(SLOTS_ALONE);
  });
});
