// The limit on costly reads in flight (src/http/costly-reads.ts), over real HTTP:
// a slot is held until the answer is sent, waiting requests take their turn, and a request
// whose client left while it waited gets nothing built for it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ConcurrencyLimit } from '../../src/core/concurrency-limit.ts';
import { holdUntilSent } from '../../src/http/costly-reads.ts';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A server whose every answer takes `answerMs` to build once it holds a slot of `limit`. */
async function start(limit: ConcurrencyLimit, answerMs: number) {
  const seen = { built: 0, skipped: 0, mostAtOnce: 0 };
  server = createServer((_request, response) => {
    void (async () => {
      try {
        await holdUntilSent(limit, { raw: response });
      } catch {
        seen.skipped++;
        return;
      }
      seen.mostAtOnce = Math.max(seen.mostAtOnce, limit.inUse);
      await sleep(answerMs);
      seen.built++;
      response.end('ok');
    })();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/`, seen };
}

describe('holdUntilSent', () => {
  it('lets at most the limit build at once and answers every waiting request in turn', async () => {
    const limit = new ConcurrencyLimit(2, 10);
    const { url, seen } = await start(limit, 40);
    const bodies = await Promise.all(Array.from({ length: 6 }, async () => (await fetch(url)).text()));
    expect(bodies).toEqual(Array(6).fill('ok'));
    expect(seen).toEqual({ built: 6, skipped: 0, mostAtOnce: 2 });
    await sleep(20); // 'close' follows the end of each answer
    expect(limit.inUse).toBe(0);
    expect(limit.queued).toBe(0);
  });

  it('builds nothing for a client that left while waiting, and frees its slot', async () => {
    const limit = new ConcurrencyLimit(1, 10);
    const { url, seen } = await start(limit, 300);
    const first = fetch(url).then((response) => response.text());
    await sleep(50);
    const abandoned = new AbortController();
    const second = fetch(url, { signal: abandoned.signal }).catch((error: unknown) => (error as Error).name);
    await sleep(50);
    abandoned.abort();
    expect(await second).toBe('AbortError');
    expect(await first).toBe('ok');
    await sleep(50);
    expect(seen).toEqual({ built: 1, skipped: 1, mostAtOnce: 1 });
    expect(limit.inUse).toBe(0);
    expect(await (await fetch(url)).text()).toBe('ok');
  });
});
