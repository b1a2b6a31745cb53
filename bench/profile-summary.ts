// node --import tsx bench/profile-summary.ts FILE.cpuprofile [requests]
// A V8 CPU profile (node --cpu-prof, bench/clock.ts --cpu-prof DIR) in a few lines: busy time,
// self time by package (node_modules/<name>, node: internals, the bundled service), the top
// functions, and busy milliseconds per request when the request count is given.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const [file, requestsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts FILE.cpuprofile [requests]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

function packageOf(node: ProfileNode): string {
  const { functionName, url } = node.callFrame;
  if (functionName === '(idle)' || functionName === '(program)' || functionName === '(garbage collector)') return functionName;
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1]!;
  if (url.startsWith('node:') || url === '') return 'node internals';
  if (url.includes('/dist/')) return 'service bundle (dist/main.js)';
  return url;
}

const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const idle = [...selfUs.entries()].filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)').reduce((a, [, us]) => a + us, 0);
const busy = total - idle;
const groups = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id)!;
  const group = packageOf(node);
  groups.set(group, (groups.get(group) ?? 0) + us);
  if (group === '(idle)') continue;
  const key = `${node.callFrame.functionName || '(anonymous)'} ${group}`;
  functions.set(key, (functions.get(key) ?? 0) + us);
}
const pct = (us: number) => `${((100 * us) / busy).toFixed(1)}%`;
const lines = [
  `profile ${file}: ${(total / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s (${((100 * busy) / total).toFixed(0)}%)`,
  ...(requestsArg ? [`busy per request: ${(busy / 1000 / Number(requestsArg)).toFixed(3)} ms over ${requestsArg} requests`] : []),
  'self time by package (share of busy time):',
  ...[...groups.entries()].filter(([g]) => g !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, 12).map(([g, us]) => `  ${pct(us).padStart(6)}  ${g}`),
  'top functions by self time:',
  ...[...functions.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([f, us]) => `  ${pct(us).padStart(6)}  ${f}`),
];
process.stdout.write(`${lines.join('\n')}\n`);
