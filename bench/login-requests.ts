// The logins the benchmarks send (bench/run.ts, bench/ab-reads.ts), and the login burst they
// run, one definition for both, so that their figures are of the same requests.
import { measure, type LoadOptions, type LoadRequest, type LoadResult } from './load.ts';
import { BENCH_PASSWORD } from './seed.ts';

/** Logins run on 16 connections: two verifications at once fill this machine's two cores. */
export const LOGIN_CONNECTIONS = 16;

/** The login burst (`npm run bench`'s scenario 4b): logins a second while the clock cycle runs. */
export const LOGIN_BURST_RATE = 100;

export interface LoginBurst {
  /** The clock cycle alone, then beside the logins, and the logins themselves. */
  quiet: LoadResult;
  loaded: LoadResult;
  logins: LoadResult;
  /** The target's figure: the clock's p99 during the burst over its p99 alone (≤ 2). */
  p99Ratio: number;
}

/**
 * The clock cycle for `seconds` alone, then as long again beside LOGIN_BURST_RATE logins a
 * second. `clock` gives each of the two clock runs its load (bench/run.ts takes a fresh block of
 * employees for each; bench/ab-reads.ts clocks its block out after each).
 */
export async function loginBurst(options: {
  url: string;
  seconds: number;
  logins: LoadOptions['requestsFor'];
  clock: () => LoadOptions | Promise<LoadOptions>;
}): Promise<LoginBurst> {
  const { url, seconds } = options;
  const quiet = await measure({ ...(await options.clock()), seconds }, 1, 0);
  const loadedClock = { ...(await options.clock()), seconds };
  const [loaded, logins] = await Promise.all([
    measure(loadedClock, 1, 0),
    measure({ url, connections: LOGIN_CONNECTIONS, seconds, overallRate: LOGIN_BURST_RATE, requestsFor: options.logins }, 1, 0),
  ]);
  // A quiet p99 of 0 (no answer measured) gives no ratio, not Infinity.
  return { quiet, loaded, logins, p99Ratio: quiet.p99 > 0 ? loaded.p99 / quiet.p99 : NaN };
}

/**
 * A connection's requests: correct logins of the organizations' admins in turn (a burst is many
 * people, not one account), each from its own address (the server trusts 127.0.0.1 as a proxy,
 * TRUST_PROXY), so the per-IP limit is not what is measured.
 */
export function loginRequests(emails: readonly string[]): () => LoadRequest[] {
  let counter = 0;
  return () =>
    Array.from({ length: 50 }, (): LoadRequest => {
      counter++;
      return {
        method: 'POST',
        path: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}` },
        body: JSON.stringify({ email: emails[counter % emails.length], password: BENCH_PASSWORD }),
      };
    });
}
