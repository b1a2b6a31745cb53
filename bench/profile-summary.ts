// node --import tsx bench/profile-summary.ts FILE.cpuprofile [requests]
// node --import tsx bench/profile-summary.ts FILE.heapprofile
// A V8 CPU profile (node --cpu-prof, bench/clock.ts --cpu-prof DIR) in a few lines: busy time,
// self time by package (node_modules/<name>, node: internals, the bundled service), the top
// functions, and busy milliseconds per request when the request count is given.
// An allocation profile (bench/clock.ts --alloc-prof DIR) likewise: bytes allocated by package
// and by function, each function's own and with what it calls, and bytes per HTTP response.
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}
/** The sampling heap profiler's tree (bench/allocation-sampler.mjs adds the responses counted). */
interface AllocationNode {
  callFrame: CallFrame;
  selfSize: number;
  children: AllocationNode[];
}
interface AllocationProfile {
  head: AllocationNode;
  payclockResponses?: number;
}

const [file, requestsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts FILE.cpuprofile [requests] | FILE.heapprofile');
const parsed = JSON.parse(readFileSync(file, 'utf8')) as Profile | AllocationProfile;
if ('head' in parsed) {
  summarizeAllocations(parsed);
  process.exit(0);
}
const profile = parsed;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

function packageOf(node: { callFrame: CallFrame }): string {
  const { functionName, url } = node.callFrame;
  if (functionName === '(idle)' || functionName === '(program)' || functionName === '(garbage collector)') return functionName;
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1]!;
  if (url.startsWith('node:')) return 'node internals';
  // Functions without a source file: native ones (writev), V8's built-ins, and the code that
  // Fastify's serializers and validators compile with new Function (anonymous0, validate12, …).
  if (url === '') return 'no file (native, built-in, compiled serializers and validators)';
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

function summarizeAllocations(allocations: AllocationProfile): void {
  const byPackage = new Map<string, number>();
  const own = new Map<string, number>();
  const withCallees = new Map<string, number>();
  let total = 0;
  // Iterative: the tree is as deep as the deepest stack sampled.
  const stack: Array<{ node: AllocationNode; callers: Set<string> }> = [{ node: allocations.head, callers: new Set() }];
  while (stack.length > 0) {
    const { node, callers } = stack.pop()!;
    const group = packageOf(node);
    const key = `${node.callFrame.functionName || '(anonymous)'} ${group}:${node.callFrame.lineNumber}`;
    const line = new Set(callers).add(key);
    total += node.selfSize;
    byPackage.set(group, (byPackage.get(group) ?? 0) + node.selfSize);
    own.set(key, (own.get(key) ?? 0) + node.selfSize);
    // A function on the stack twice (recursion) counts once for what it and its callees allocate.
    for (const caller of line) withCallees.set(caller, (withCallees.get(caller) ?? 0) + node.selfSize);
    for (const child of node.children) stack.push({ node: child, callers: line });
  }
  const responses = allocations.payclockResponses ?? 0;
  const share = (bytes: number) => `${((100 * bytes) / total).toFixed(1).padStart(5)}%  ${(bytes / 1e6).toFixed(1).padStart(6)} MB`;
  const top = (map: Map<string, number>, count: number) =>
    [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, count).map(([key, bytes]) => `  ${share(bytes)}  ${key}`);
  const lines = [
    `allocations ${file}: ${(total / 1e6).toFixed(1)} MB sampled, start and warm-up included`,
    ...(responses > 0 ? [`per HTTP response: ${(total / responses / 1024).toFixed(1)} KiB over ${responses} responses`] : []),
    'by package (own allocations):',
    ...top(byPackage, 12),
    'top functions, own allocations:',
    ...top(own, 15),
    'top functions with what they call (the root and the event loop\'s frames included):',
    ...top(withCallees, 30),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
