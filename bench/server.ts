// The real server, started as a child process exactly as `npm start` runs it (the bundle in dist/). Used by the
// benchmark and by the reliability tests (which also kill it).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface RunningServer {
  url: string;
  port: number;
  pid: number;
  /** Resident memory in MiB right now (from /proc). */
  rssMiB(): number;
  /** CPU time the server process has used so far, every thread, in ms (from /proc; 10 ms ticks). */
  cpuMs(): number;
  /** Resolves with the exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL after 15 s. */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface StartOptions {
  /** Reuse a port (a restarted server keeps its address). */
  port?: number;
  /** Where the server's output goes; default: this process's stdout/stderr. */
  quiet?: boolean;
  /** Extra node flags (`--cpu-prof` is refused in NODE_OPTIONS). */
  nodeArgs?: string[];
  /** Another checkout whose bundle to build and run (bench/ab-reads.ts); default: this one. */
  root?: string;
}

/** CPU time a process has used, every thread, in ms: utime + stime of /proc/PID/stat (10 ms ticks); NaN once it is gone. */
export function processCpuMs(pid: number): number {
  try {
    // Fields 14 and 15, counted from after the command name's closing ')'.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

const built = new Set<string>();
/** Bundles a checkout's dist/ once per process, as `npm start` does before every start. */
function buildOnce(root: string): void {
  if (built.has(root)) return;
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  built.add(root);
}

export async function startServer(env: Record<string, string>, options: StartOptions = {}): Promise<RunningServer> {
  const root = options.root ?? ROOT;
  buildOnce(root);
  const port = options.port ?? (await freePort());
  // The flags of `npm start` (BENCHMARKS.md, "The young generation"): 8 MiB semi-spaces, so that
  // the objects of a request still in flight die young instead of being promoted (with 4 MiB the
  // old generation was compacted every ~300 ms under load; 8 MiB ran the reads 1.11-1.15x and
  // the clock cycle 1.09x faster, for an RSS of 117-124 MiB 3 s after start instead of 109-113,
  // and the same ~95 MiB once idle for 20 s; 16 MiB took the get-one past 200 MiB), and a 256 MiB
  // old generation, which makes V8 grow the heap little past what is live (~50 MiB under the
  // clock cycle) instead of to ~120 MiB before collecting.
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), '--enable-source-maps', '--max-semi-space-size=8', '--max-old-space-size=256', 'dist/main.js'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', options.quiet ? 'ignore' : 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early (${child.exitCode ?? child.signalCode})`);
    try {
      const response = await fetch(`${url}/ready`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not become ready within 60 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    pid: child.pid!,
    exited,
    rssMiB() {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
      } catch {
        return 0;
      }
    },
    cpuMs: () => processCpuMs(child.pid!),
    kill(signal) {
      child.kill(signal);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
