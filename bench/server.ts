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

/** The bundle `npm start` runs. */
const SERVER_ENTRY = 'dist/main.js';

/**
 * The node flags of a `start` script (`… && node FLAGS dist/main.js`), so that the benchmark and
 * the reliability tests run the server with exactly the flags `npm start` uses, read from the one
 * place they are set. Why each flag has its value: BENCHMARKS.md, "The young generation" (8 MiB
 * semi-spaces), "The clock path: coalesced punches" (the 256 MiB old generation: 243 -> 123 MiB
 * under the clock cycle), "Node.js 24's memory" (no Maglev, which only Node.js 24 turns on) and
 * "Start-up's garbage" (`--expose-gc`, for src/startup-memory.ts).
 */
export function nodeFlagsOf(startScript: string): string[] {
  const command = startScript.split('&&').at(-1)!.trim().split(/\s+/);
  if (command[0] !== 'node' || command.at(-1) !== SERVER_ENTRY) throw new Error(`the start script does not end in "node … ${SERVER_ENTRY}": ${startScript}`);
  return command.slice(1, -1);
}

/** The node flags of the checkout's own `npm start` (a checkout compared by ab-reads keeps its own). */
function npmStartNodeFlags(root: string): string[] {
  const manifest = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { scripts: { start: string } };
  return nodeFlagsOf(manifest.scripts.start);
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
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), ...npmStartNodeFlags(root), SERVER_ENTRY], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', options.quiet ? 'pipe' : 'inherit'],
  });
  // A quiet server's last words on stderr (where it says why it could not start), so that a start
  // that fails, in a reliability test's restart for instance, says why.
  let stderrTail = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-2_000);
  });
  // 'close' rather than 'exit': it comes once the child's stderr has also been read to its end.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await exited;
      throw new Error(`server exited early (${child.exitCode ?? child.signalCode})${stderrTail ? `: ${stderrTail.trim()}` : ''}`);
    }
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
