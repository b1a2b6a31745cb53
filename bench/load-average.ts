// The machine's load while `npm run bench` runs: the 1-minute load average, read every 5 s. The
// figures of a shared two-core machine move with its load, so every run of record states it
// (BENCHMARKS.md, Method).
import { loadavg } from 'node:os';
import { median } from './load.ts';

export interface LoadAverageFigures {
  samples: number;
  min: number;
  median: number;
  max: number;
}

/** The 1-minute load averages read, summarized; undefined when none was read. */
export function summarizeLoad(samples: readonly number[]): LoadAverageFigures | undefined {
  if (samples.length === 0) return undefined;
  const round = (value: number) => Math.round(value * 10) / 10;
  return { samples: samples.length, min: round(Math.min(...samples)), median: round(median(samples)), max: round(Math.max(...samples)) };
}

/** Reads the 1-minute load average now and every `everyMs` until `stop()`, which summarizes them. */
export function sampleLoadAverage(everyMs = 5_000): { stop(): LoadAverageFigures | undefined } {
  const samples = [loadavg()[0]!];
  const timer = setInterval(() => samples.push(loadavg()[0]!), everyMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      samples.push(loadavg()[0]!);
      return summarizeLoad(samples);
    },
  };
}
