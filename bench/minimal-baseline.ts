// Starts bench/minimal-clock-server.ts (node:http + pg, the service's own clock SQL) as a child
// process, for `npm run bench` and `npm run bench:clock`: the baseline that measures the
// framework's share of the clock cycle.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, processCpuMs, type RunningServer } from './server.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** env: DATABASE_URL, JWT_SECRET (the real server's), POOL_MAX. Ready when /ready answers. */
export async function startMinimalClockServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/minimal-clock-server.ts'], { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port) }, stdio: 'inherit' });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${url}/ready`)).ok) break;
    } catch {
      if (tries > 300 || child.exitCode !== null) throw new Error('the minimal clock server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    port,
    pid: child.pid!,
    exited,
    rssMiB: () => 0,
    cpuMs: () => processCpuMs(child.pid!),
    kill: (signal) => child.kill(signal),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
