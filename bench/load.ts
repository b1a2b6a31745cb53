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

/** Runs `times` measured runs after one warm-up and keeps the run with the median throughput. */
export async function measure(options: LoadOptions, times: number, warmupSeconds: number): Promise<LoadResult & { runs: number[] }> {
  if (warmupSeconds > 0) await runLoad({ ...options, seconds: warmupSeconds, sampleRss: undefined });
  const results: LoadResult[] = [];
  for (let i = 0; i < times; i++) results.push(await runLoad(options));
  return medianRun(results);
}

/** The run with the median throughput, with the largest RSS of all runs and every run's req/s. */
export function medianRun(results: LoadResult[]): LoadResult & { runs: number[] } {
  const sorted = [...results].sort((a, b) => a.reqPerSec - b.reqPerSec);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return { ...median, maxRssMiB: Math.max(...results.map((r) => r.maxRssMiB)), runs: results.map((r) => Math.round(r.reqPerSec)) };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}
