// The logins the benchmarks send (bench/run.ts, bench/ab-reads.ts), one definition for both, so
// that their figures are of the same request.
import type { LoadRequest } from './load.ts';
import { BENCH_PASSWORD } from './seed.ts';

/** Logins run on 16 connections: two verifications at once fill this machine's two cores. */
export const LOGIN_CONNECTIONS = 16;

/** The login burst (`npm run bench`'s scenario 4b): logins a second while the clock cycle runs. */
export const LOGIN_BURST_RATE = 100;

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
