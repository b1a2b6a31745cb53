// The README's "First ten minutes" is executed, not just read: its ```sh blocks run
// in order with bash against a fresh server, and every answer is checked. The first block
// (create the admin, then `npm start`) runs as it stands in the background on a free port
// and a temporary DATA_DIR (or TEST_DATABASE_URL); the others run in one bash, with BASE
// pointing at that server, like a second terminal. Only the admin's email and organization
// name are made unique, because the PostgreSQL test database is shared and never truncated.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../bench/server.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SECTION = '## First ten minutes';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

// Any JSON reply: the assertions below say what each one must hold.
type Json = any;

/** The ```sh blocks of the README section, in order. */
function walkthroughBlocks(readme: string): string[] {
  const start = readme.indexOf(`\n${SECTION}\n`);
  if (start < 0) throw new Error(`README.md has no "${SECTION}" section`);
  const rest = readme.slice(start + SECTION.length + 2);
  const end = rest.search(/^## /m);
  const section = end < 0 ? rest : rest.slice(0, end);
  return [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

interface StepOutput {
  replies: Json[];
  statuses: number[];
}

/** Splits the output of the client script at the step markers it printed. */
function splitSteps(stdout: string, stderr: string, count: number): StepOutput[] {
  const pieces = (text: string) => text.split(/^@@step \d+@@$/m).slice(1);
  const out = pieces(stdout);
  const err = pieces(stderr);
  return Array.from({ length: count }, (_, i) => ({
    replies: (out[i] ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Json),
    statuses: [...(err[i] ?? '').matchAll(/^@@status (\d{3})$/gm)].map((match) => Number(match[1])),
  }));
}

interface Server {
  child: ChildProcess;
  exited: Promise<void>;
  output: () => string;
}

/** Runs the first block (create-admin, then npm start) in its own process group. */
function startBlock(script: string, env: NodeJS.ProcessEnv): Server {
  const child = spawn('bash', ['-c', `set -euo pipefail\n${script}`], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited, output: () => output };
}

async function waitReady(server: Server, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`the server block exited (${server.child.exitCode ?? server.child.signalCode}):\n${server.output()}`);
    }
    try {
      if ((await fetch(`${url}/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not become ready within ${timeoutMs / 1000} s:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopBlock(server: Server): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal); // bash, npm and the server together
    } catch {
      // already gone
    }
  };
  signalGroup('SIGTERM');
  const timer = setTimeout(() => signalGroup('SIGKILL'), 10_000);
  await server.exited;
  clearTimeout(timer);
}

function runScript(script: string, env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('bash', ['-c', script], { cwd: ROOT, env, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

describe('README "First ten minutes", run against a fresh server', () => {
  const suffix = `${process.pid}-${Date.now().toString(36)}`;
  const email = `ada-${suffix}@lovelace.example`;
  const orgName = `Lovelace Bookkeeping ${suffix}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'payclock-walkthrough-'));
  let blocks: string[] = [];
  let server: Server | undefined;
  let serverOutput = '';
  let run: { code: number; stdout: string; stderr: string } = { code: -1, stdout: '', stderr: '' };
  let steps: StepOutput[] = [];

  /** The output of the one block that matches, with its replies and HTTP statuses. */
  function step(pattern: RegExp): StepOutput {
    const indexes = blocks.map((block, i) => (i > 0 && pattern.test(block) ? i - 1 : -1)).filter((i) => i >= 0);
    expect(indexes, `exactly one README block matches ${pattern}`).toHaveLength(1);
    const output = steps[indexes[0]!]!;
    expect(output.statuses.length, `block ${pattern} ran (script exit ${run.code}):\n${run.stderr}`).toBeGreaterThan(0);
    return output;
  }
  /** The single reply of a step, after checking its status and envelope. */
  function reply(pattern: RegExp, status: number): Json {
    const output = step(pattern);
    expect(output.statuses, `${pattern}: ${JSON.stringify(output.replies)}`).toEqual([status]);
    expect(output.replies).toHaveLength(1);
    expect(output.replies[0].success).toBe(true);
    return output.replies[0];
  }

  beforeAll(async () => {
    const tools = await runScript('command -v curl && command -v npm && command -v node', process.env);
    if (tools.code !== 0) throw new Error(`the walkthrough needs curl, npm and node on PATH; found only:\n${tools.stdout}`);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    // Unique account and organization, so that PostgreSQL runs never meet an earlier one.
    for (const literal of ['ada@lovelace.example', 'Lovelace Bookkeeping']) {
      if (!readme.includes(literal)) throw new Error(`README walkthrough no longer uses "${literal}": update this test`);
    }
    blocks = walkthroughBlocks(readme.replaceAll('ada@lovelace.example', email).replaceAll('"Lovelace Bookkeeping"', `"${orgName}"`));
    if (blocks.length < 2 || !/^npm start$/m.test(blocks[0]!) || !blocks[0]!.includes('create-admin')) {
      throw new Error('the first block of the walkthrough must create the admin and then run npm start');
    }

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const inherited = { ...process.env };
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'METRICS_TOKEN', 'TRUST_PROXY', 'CORS_ORIGINS', 'TOKEN_TTL']) delete inherited[name];
    const noProxy = { NO_PROXY: '127.0.0.1,localhost', no_proxy: '127.0.0.1,localhost' };
    server = startBlock(blocks[0]!, {
      ...inherited,
      ...noProxy,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
    });
    await waitReady(server, base, 90_000);
    serverOutput = server.output();

    // The test's curl also writes each HTTP status to stderr (the README's commands are unchanged);
    // markers on both streams tell which block printed what.
    const clientBlocks = blocks.slice(1);
    const script = [
      'set -euo pipefail',
      `curl() { command curl -w '\\n%{stderr}@@status %{http_code}\\n' "$@"; }`,
      ...clientBlocks.map((block, i) => `echo "@@step ${i}@@"; echo "@@step ${i}@@" >&2\n${block}`),
    ].join('\n');
    run = await runScript(script, { ...inherited, ...noProxy, BASE: base });
    steps = splitSteps(run.stdout, run.stderr, clientBlocks.length);
  }, 150_000);

  afterAll(async () => {
    if (server) await stopBlock(server);
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('runs every block to the end without a failing command', () => {
    expect(run.code, `stderr:\n${run.stderr}\nstdout:\n${run.stdout}`).toBe(0);
    const curlBlocks = blocks.slice(1).filter((block) => /\bcurl\b/.test(block));
    // Every block that calls the API is checked below (a new block needs a new check).
    expect(curlBlocks).toHaveLength(17);
  });

  it('npm run cli -- create-admin prints the new admin id before npm start serves', () => {
    expect(serverOutput.split('\n').map((line) => line.trim())).toEqual(expect.arrayContaining([expect.stringMatching(UUID)]));
  });

  it('POST /api/v1/auth/login answers 200 with the admin and a token', () => {
    const body = reply(/\/auth\/login/, 200);
    expect(body.data.token).toEqual(expect.any(String));
    expect(body.data.token.split('.')).toHaveLength(3);
    expect(body.data.user).toMatchObject({ email, role: 'ADMIN', active: true, bookkeeperOrg: { name: orgName } });
  });

  it('POST /api/v1/admin/companies answers 201 with the company', () => {
    const body = reply(/\/admin\/companies"/, 201);
    expect(body.data).toMatchObject({ id: expect.stringMatching(UUID), name: 'Sunrise Bakery', payPeriodType: 'WEEKLY', active: true });
  });

  it('POST /api/v1/admin/pay-periods answers 201 with an open weekly period of that company covering now', () => {
    const company = reply(/\/admin\/companies"/, 201).data;
    const body = reply(/\/admin\/pay-periods"/, 201);
    expect(body.data).toMatchObject({ id: expect.stringMatching(UUID), companyId: company.id, periodType: 'WEEKLY', status: 'OPEN', locked: false });
    expect(body.data.company).toEqual({ id: company.id, name: 'Sunrise Bakery' });
    const now = Date.now();
    expect(Date.parse(body.data.startDate)).toBeLessThanOrEqual(now);
    expect(Date.parse(body.data.endDate)).toBeGreaterThan(now);
  });

  it('POST /api/v1/admin/employees answers 201 with the employee and the phone in E.164', () => {
    const company = reply(/\/admin\/companies"/, 201).data;
    const body = reply(/Maria.*pin/, 201);
    expect(body.data).toMatchObject({ companyId: company.id, firstName: 'Maria', lastName: 'Lopez', phone: '+12125550147', employeeNumber: 'E-1', payRate: 22.5, payType: 'HOURLY', active: true });
    expect(body.data).not.toHaveProperty('pin');
    expect(body.data).not.toHaveProperty('pinHash');
  });

  it('POST /api/v1/auth/employee/verify answers 200 with the employee and an employee token', () => {
    const company = reply(/\/admin\/companies"/, 201).data;
    const employee = reply(/Maria.*pin/, 201).data;
    const body = reply(/EMPLOYEE=\$/, 200);
    expect(body.data.token).toEqual(expect.any(String));
    expect(body.data.user).toMatchObject({ id: employee.id, companyId: company.id, company: { id: company.id, name: 'Sunrise Bakery' } });
  });

  it('POST /api/v1/employee/timesheet/entry clock_in answers 200 Clocked in successfully, linked to the period', () => {
    const period = reply(/\/admin\/pay-periods"/, 201).data;
    const employee = reply(/Maria.*pin/, 201).data;
    const body = reply(/"clock_in","jobCode":"BAKE"/, 200);
    expect(body.data.message).toBe('Clocked in successfully');
    expect(body.data.timeEntry).toMatchObject({
      id: expect.any(String),
      employeeId: employee.id,
      payPeriodId: period.id,
      clockIn: expect.stringMatching(ISO),
      clockOut: null,
      status: 'PENDING',
      jobCode: 'BAKE',
      payPeriod: { id: period.id, status: 'OPEN', locked: false },
    });
  });

  it('POST /api/v1/employee/timesheet/entry clock_out answers 200 Clocked out successfully with the hours', () => {
    const clockIn = reply(/"clock_in","jobCode":"BAKE"/, 200).data.timeEntry;
    const body = reply(/"notes":"first shift"/, 200);
    expect(body.data.message).toBe('Clocked out successfully');
    expect(body.data.timeEntry).toMatchObject({ id: clockIn.id, clockIn: clockIn.clockIn, clockOut: expect.stringMatching(ISO), breakMinutes: 0, notes: 'first shift' });
    // A few seconds of work: 0 hours once rounded to 2 decimals, all of it regular.
    expect(body.data.summary).toEqual({ totalHours: 0, regularHours: 0, overtimeHours: 0, breakMinutes: 0 });
    expect(body.data.timeEntry.totalHours).toBe(body.data.summary.totalHours);
  });

  it('GET /api/v1/employee/timesheet answers 200 with the entry, the totals and the current period', () => {
    const period = reply(/\/admin\/pay-periods"/, 201).data;
    const clockOut = reply(/"notes":"first shift"/, 200).data;
    const body = reply(/\/employee\/timesheet"/, 200);
    expect(body.data.employee).toMatchObject({ firstName: 'Maria', lastName: 'Lopez', employeeNumber: 'E-1', payRate: 22.5 });
    expect(body.data.company).toMatchObject({ name: 'Sunrise Bakery', payPeriodType: 'WEEKLY', bookkeeperOrg: { overtimeThreshold: 40, overtimeMultiplier: 1.5 } });
    expect(body.data.timeEntries.map((entry: Json) => entry.id)).toEqual([clockOut.timeEntry.id]);
    expect(body.data.totals).toEqual({
      totalHours: clockOut.summary.totalHours,
      regularHours: clockOut.summary.regularHours,
      overtimeHours: clockOut.summary.overtimeHours,
      pendingEntries: 1,
      approvedEntries: 0,
    });
    expect(body.data.clockStatus).toEqual({ isClockedIn: false, openTimeEntry: null });
    expect(body.data.currentPayPeriod).toMatchObject({ id: period.id });
  });

  it('POST /api/v1/employee/timesheet/submit answers 200 Timesheet submitted successfully', () => {
    const period = reply(/\/admin\/pay-periods"/, 201).data;
    const body = reply(/\/timesheet\/submit/, 200);
    expect(body.data.message).toBe('Timesheet submitted successfully');
    expect(body.data.payPeriod).toMatchObject({ id: period.id, status: 'SUBMITTED' });
    expect(body.data.timeEntriesCount).toBe(1);
    expect(body.data.totals).toEqual({ totalHours: 0, regularHours: 0, overtimeHours: 0 });
  });

  it('GET /api/v1/admin/pay-periods/{id} answers 200: submitted, with the approved entry and its totals', () => {
    const period = reply(/\/admin\/pay-periods"/, 201).data;
    const clockIn = reply(/"clock_in","jobCode":"BAKE"/, 200).data.timeEntry;
    const body = reply(/\/admin\/pay-periods\/\$PERIOD" /, 200);
    expect(body.data).toMatchObject({ id: period.id, status: 'SUBMITTED', locked: false });
    expect(body.data.timeEntries).toHaveLength(1);
    expect(body.data.timeEntries[0]).toMatchObject({ id: clockIn.id, status: 'APPROVED', approved: true, employee: { firstName: 'Maria', lastName: 'Lopez' } });
    expect(body.data.totals).toEqual({ totalHours: 0, regularHours: 0, overtimeHours: 0 });
  });

  it('a second employee is created and verified, and punches in offline (occurredAt) and out', () => {
    const output = step(/SAM=\$/);
    expect(output.statuses).toEqual([201, 200, 200, 200]);
    const [created, verified, clockIn, clockOut] = output.replies;
    expect(created.data).toMatchObject({ firstName: 'Sam', lastName: 'Chen', payRate: 18 });
    expect(verified.data.user).toMatchObject({ id: created.data.id });
    const entry = clockIn.data.timeEntry;
    expect(entry.jobCode).toBe('DELIVERY');
    // The punch's own time, about two hours before the server received it.
    const late = Date.parse(entry.clockInRecordedAt) - Date.parse(entry.clockIn);
    expect(late).toBeGreaterThan(2 * 3_600_000 - 60_000);
    expect(late).toBeLessThan(2 * 3_600_000 + 60_000);
    expect(clockOut.data.timeEntry).toMatchObject({ id: entry.id, clockOutRecordedAt: expect.stringMatching(ISO) });
    expect(clockOut.data.summary.totalHours).toBeCloseTo(2, 1);
  });

  it("POST /api/v1/employee/timesheets/{payPeriodId}/submit answers 200 with Sam's SUBMITTED timesheet", () => {
    const body = reply(/timesheets\/\$PERIOD\/submit/, 200);
    expect(body.data.timesheet).toMatchObject({ status: 'SUBMITTED', employee: { firstName: 'Sam' }, submittedAt: expect.stringMatching(ISO) });
  });

  it('GET /api/v1/admin/pay-periods/{id}/timesheets answers both timesheets SUBMITTED, with pay and flags', () => {
    const body = reply(/MARIA_ID=/, 200);
    expect(body.data.counts).toEqual({ NOT_SUBMITTED: 0, SUBMITTED: 2, APPROVED: 0, REJECTED: 0 });
    const [sam, maria] = body.data.timesheets;
    expect(sam).toMatchObject({ employee: { lastName: 'Chen' }, status: 'SUBMITTED', flags: ['OFFLINE_PUNCH'] });
    expect(sam.pay.total).toBeCloseTo(sam.totals.totalHours * 18, 2);
    expect(maria).toMatchObject({ employee: { lastName: 'Lopez' }, status: 'SUBMITTED', flags: [], pay: { regular: 0, overtime: 0, total: 0 } });
    expect(body.data.totals.pay.total).toBe(sam.pay.total);
  });

  it("approves Maria's timesheet and rejects Sam's with the reason, which Sam then reads", () => {
    const approved = reply(/MARIA_ID\/approve/, 200).data.timesheet;
    expect(approved).toMatchObject({ status: 'APPROVED', employee: { firstName: 'Maria' }, decidedBy: { firstName: 'Ada' } });
    expect(approved.timeEntries.every((e: Json) => e.status === 'APPROVED')).toBe(true);
    const rejected = reply(/SAM_ID\/reject/, 200).data.timesheet;
    expect(rejected).toMatchObject({ status: 'REJECTED', rejectionReason: 'Please add the delivery address to your notes.' });
    expect(rejected.timeEntries.every((e: Json) => e.status === 'PENDING' && !e.approved)).toBe(true);
    const own = reply(/employee\/timesheets\/\$PERIOD"/, 200).data;
    expect(own).toMatchObject({ status: 'REJECTED', rejectionReason: 'Please add the delivery address to your notes.' });
  });

  it('GET /api/v1/admin/reports/hours answers one row per employee of the period', () => {
    const body = reply(/reports\/hours/, 200);
    expect(body.data.rows.map((r: Json) => r.label)).toEqual(['Chen, Sam', 'Lopez, Maria (E-1)']);
    expect(body.data.totals.entries).toBe(2);
  });
});
