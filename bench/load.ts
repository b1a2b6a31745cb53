// Drives the server with autocannon: fixed durations after a warm-up, median of several runs.
import autocannon from 'autocannon';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  reqPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  maxRssMiB: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  /** The requests of connection i (each connection cycles through its own list). */
  requestsFor: (connection: number) => LoadRequest[];
  /** Limits the whole run to this many requests per second (login burst). */
  overallRate?: number;
  /** Sampled every 250 ms during the run. */
  sampleRss?: () => number;
  /** Puts things back after the warm-up and after each measured run, before the next one starts. */
  afterRun?: () => Promise<void>;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  let next = 0;
  let maxRss = 0;
  const sampler = options.sampleRss
    ? setInterval(() => {
        maxRss = Math.max(maxRss, options.sampleRss!());
      }, 250)
    : undefined;
  try {
    const result = await autocannon({
      url: options.url,
      connections: options.connections,
      duration: options.seconds,
      ...(options.overallRate ? { overallRate: options.overallRate } : {}),
      requests: options.requestsFor(0),
      setupClient: (client: { setRequests(requests: LoadRequest[]): void }) => {
        client.setRequests(options.requestsFor(next++));
      },
    } as autocannon.Options);
    return {
      reqPerSec: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      maxRssMiB: maxRss,
    };
  } finally {
    if (sampler) clearInterval(sampler);
  }
}

/** An unmeasured run of `seconds`, then whatever the load puts back after a run (afterRun). */
export async function warmUp(options: LoadOptions, seconds: number): Promise<void> {
  await runLoad({ ...options, seconds, sampleRss: undefined });
  await options.afterRun?.();
}

/** Runs `times` measured runs after one warm-up and keeps the run with the median throughput. */
export async function measure(options: LoadOptions, times: number, warmupSeconds: number): Promise<LoadResult & { runs: number[] }> {
  if (warmupSeconds > 0) await warmUp(options, warmupSeconds);
  const results: LoadResult[] = [];
  for (let i = 0; i < times; i++) {
    results.push(await runLoad(options));
    await options.afterRun?.();
  }
  return medianRun(results);
}

/** Connection i reads `path` over and over with the token perConnection[i] (cycling through them). */
export function readRequests(path: string, perConnection: readonly string[]): LoadOptions['requestsFor'] {
  return (i) => [{ method: 'GET', path, headers: { authorization: `Bearer ${perConnection[i % perConnection.length]}` } }];
}

export const CLOCK_ENTRY = '/api/v1/employee/timesheet/entry';

/**
 * The clock cycle's load: connection i's employee clocks in, then out, over and over. A run cut
 * off by the clock leaves some employees clocked in, and the next run would start each of their
 * connections with a clock in that the server rightly refuses; so after each run every employee
 * is clocked out (a refusal there means it was not clocked in), and each run starts clean.
 */
export function clockCycleLoad(url: string, perConnection: string[]): Pick<LoadOptions, 'url' | 'requestsFor' | 'afterRun'> {
  const headersOf = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
  return {
    url,
    requestsFor: (i) => {
      const headers = headersOf(perConnection[i % perConnection.length]!);
      return [
        { method: 'POST', path: CLOCK_ENTRY, headers, body: '{"action":"clock_in"}' },
        { method: 'POST', path: CLOCK_ENTRY, headers, body: '{"action":"clock_out"}' },
      ];
    },
    afterRun: async () => {
      // autocannon resolves with requests still in flight on the server; let them commit first.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const statuses = await Promise.all(
        perConnection.map(async (token) => {
          const response = await fetch(`${url}${CLOCK_ENTRY}`, { method: 'POST', headers: headersOf(token), body: '{"action":"clock_out"}' });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      const unexpected = statuses.filter((status) => status >= 500 || status === 401 || status === 403);
      if (unexpected.length > 0) throw new Error(`clocking the benchmark's employees out failed: ${unexpected.join(', ')}`);
    },
  };
}

/** The run with the median throughput, with the largest RSS of all runs and every run's req/s. */
export function medianRun(results: LoadResult[]): LoadResult & { runs: number[] } {
  const sorted = [...results].sort((a, b) => a.reqPerSec - b.reqPerSec);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return { ...median, maxRssMiB: Math.max(...results.map((r) => r.maxRssMiB)), runs: results.map((r) => Math.round(r.reqPerSec)) };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}
