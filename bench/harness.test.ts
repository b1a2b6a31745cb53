// The benchmark harness itself: its SQL seeding at a tiny scale, and the parsers of pgbench's
// output and of PostgreSQL's statement log that its baselines depend on.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase, queryRows } from '../src/db/open.ts';
import { hideColonsFromPgbench, parseParameters, parseStatementLog, toPgbenchScript } from './capture.ts';
import { parsePgbenchOutput, textbookClockCycleScript } from './pgbench.ts';
import { growTimeEntries, loadScenarioIds, SCALES, seedBase, seedBusyPeriod } from './seed.ts';
import { summarizeLoad } from './load-average.ts';
import { readDatabaseSettings, REPORTED_SETTINGS } from './database-settings.ts';
import { formatReport, targets, type BenchReport } from './report.ts';
import { nodeFlagsOf, startServer } from './server.ts';

describe('bench seeding', () => {
  it('loads the tiny scale with valid, non-overlapping entries and a busy period', async () => {
    const template = inject('pgliteTemplatePath');
    const database = template
      ? await openDatabase({ url: 'memory://', pgliteLoadDataDir: new Blob([readFileSync(template)]) })
      : await openDatabase({ url: 'memory://' });
    if (!template) await database.migrate();
    try {
      const now = new Date('2026-06-10T15:00:00Z');
      const scale = SCALES.tiny!;
      await seedBase(database.db, scale, { pin: 'x', password: 'y' }, now);
      const busy = await seedBusyPeriod(database.db, now, 'x');
      const total = await growTimeEntries(database.db, scale.employees, scale.timeEntries, now);
      expect(total).toBe(scale.timeEntries);
      // The settings a report names, as this engine reports them.
      const settings = await readDatabaseSettings(database.db);
      expect(Object.keys(settings).sort()).toEqual([...REPORTED_SETTINGS].sort());
      expect(settings.autovacuum).toMatch(/^(on|off)$/);
      expect(settings.server_version).toMatch(/^\d+\.\d+/);
      const [counts] = await queryRows<{ orgs: number; companies: number; employees: number; admins: number; open: number; linked: number; future: number }>(
        database.db,
        sql`select (select count(*)::int from bookkeeper_orgs where slug like 'bench-org-%') as orgs,
                   (select count(*)::int from companies where name like 'Bench Company %') as companies,
                   (select count(*)::int from bench_employees) as employees,
                   (select count(*)::int from admin_users where email like 'admin%@bench.test') as admins,
                   (select count(*)::int from time_entries where clock_out is null) as open,
                   (select count(*)::int from time_entries where pay_period_id is not null) as linked,
                   (select count(*)::int from time_entries where clock_out > ${now}) as future`,
      );
      expect(counts).toEqual({ orgs: 2, companies: 4, employees: 40, admins: 2, open: 0, linked: total + busy.entries, future: 0 });
      const ids = await loadScenarioIds(database.db);
      expect(ids.employees).toHaveLength(40);
      expect(ids.busyPeriod).toEqual({ id: busy.id, entries: 2000 });
    } finally {
      await database.close();
    }
  });
});

describe('bench parsers', () => {
  it('reads the tps, latency and counts of a pgbench summary', () => {
    const output = `transaction type: clock.sql
scaling factor: 1
number of clients: 64
number of transactions actually processed: 20512
number of failed transactions: 0 (0.000%)
latency average = 31.205 ms
initial connection time = 40.116 ms
tps = 2050.921405 (without initial connection time)`;
    expect(parsePgbenchOutput(output)).toEqual({ tps: 2050.921405, latencyAvgMs: 31.205, transactions: 20512, failed: 0 });
    expect(() => parsePgbenchOutput('nothing useful')).toThrow(/no tps line/);
  });

  it('turns a captured statement log into a pgbench script on the client’s own employee', () => {
    const employeeId = '11111111-1111-4111-8111-111111111111';
    const companyId = '22222222-2222-4222-8222-222222222222';
    const log = [
      `2026-11-22 06:20:00.100 UTC [42] postgres@payclock_bench LOG:  statement: begin`,
      `2026-11-22 06:20:00.101 UTC [42] postgres@payclock_bench LOG:  execute <unnamed>: insert into time_entries (employee_id, company_id, clock_in)`,
      `	values ($1, $2, $3)`,
      `2026-11-22 06:20:00.101 UTC [42] postgres@payclock_bench DETAIL:  parameters: $1 = '${employeeId}', $2 = '${companyId}', $3 = '2026-11-22 06:20:00.099+00'`,
      `2026-11-22 06:20:00.102 UTC [43] postgres@other_db LOG:  statement: select 1`,
      `2026-11-22 06:20:00.103 UTC [42] postgres@payclock_bench LOG:  execute <unnamed>: select $1::text, $2`,
      `2026-11-22 06:20:00.103 UTC [42] postgres@payclock_bench DETAIL:  parameters: $1 = 'it''s', $2 = NULL`,
      `2026-11-22 06:20:00.104 UTC [42] postgres@payclock_bench LOG:  statement: commit`,
    ].join('\n');
    const statements = parseStatementLog(log, 'payclock_bench');
    expect(statements.map((s) => s.sql.split('\n')[0])).toEqual(['begin', 'insert into time_entries (employee_id, company_id, clock_in)', 'select $1::text, $2', 'commit']);
    expect(parseParameters(`$1 = 'a', $2 = NULL`)).toEqual(['a', '\u0000NULL']);
    const script = toPgbenchScript(statements, { employeeId, companyId }, new Date('2026-11-22T06:20:00.100Z'));
    expect(script).toBe(
      [
        '\\set n 1 + (:client_id + :offset) % :employees',
        'begin;',
        'insert into time_entries (employee_id, company_id, clock_in) values ((select id from bench_employees where n = :n), (select company_id from bench_employees where n = :n), clock_timestamp());',
        "select 'it''s'::text, NULL;",
        'commit;',
        '',
      ].join('\n'),
    );
    // pgbench would read :MI and :SS inside the literal as its own variables; '::' casts and ':00' stay.
    expect(hideColonsFromPgbench(`select to_char(now(), 'HH24:MI:SS'), '10:00'::time`)).toBe(
      `select to_char(now(), ('HH24' || chr(58) || 'MI' || chr(58) || 'SS')), '10:00'::time`,
    );
    expect(textbookClockCycleScript()).toMatch(/^\\set n 1 \+ \(:client_id \+ :offset\) % :employees\nbegin;/);
  });

  it('prints the table and judges each target', () => {
    const figures = (reqPerSec: number, p50: number, p99: number) => ({ reqPerSec, p50, p99, non2xx: 0, errors: 0, maxRssMiB: 120, runs: [reqPerSec] });
    const report: BenchReport = {
      engine: 'postgres',
      scale: 'tiny',
      startedAt: '2026-11-22T00:00:00Z',
      connections: 64,
      scenarios: { clockCycle: figures(2100, 20, 40), timesheetWeek: figures(3000, 10, 30), payPeriodGetOne: figures(100, 300, 600), hoursReport: figures(45, 900, 1800) },
      baselines: {
        textbookClockCycle: { opsPerSec: 2000, latencyAvgMs: 30, failed: 0 },
        serviceSqlClockCycle: { opsPerSec: 2400, latencyAvgMs: 25, failed: 0 },
        serviceSqlTimesheet: { opsPerSec: 3500, latencyAvgMs: 15, failed: 0 },
        serviceSqlPayPeriod: { opsPerSec: 150, latencyAvgMs: 400, failed: 0 },
        serviceSqlHoursReport: { opsPerSec: 50, latencyAvgMs: 1000, failed: 0 },
      },
      growth: [
        { entries: 100_000, ...figures(2200, 20, 40) },
        { entries: 1_000_000, ...figures(2100, 23, 45) },
      ],
    };
    const judged = Object.fromEntries(targets(report).map((t) => [t.target, t.met]));
    expect(judged['clock ÷ textbook pgbench ≥ 2.0']).toBe(false); // 2100 ÷ 2000
    expect(judged['clock p99 ms < 30']).toBe(false); // 40
    expect(judged['clock ÷ own-SQL pgbench ≥ 0.85']).toBe(true);
    expect(judged['pay-period get-one ÷ own-SQL pgbench ≥ 0.8']).toBe(false);
    expect(judged['hours report ÷ own-SQL pgbench ≥ 0.8']).toBe(true);
    expect(judged['growth: median latency @1000000 ÷ @100000 ≤ 1.2']).toBe(true);
    expect(formatReport(report)).toContain('| clockCycle | 2100 (2100) | 20 | 40 | 0 | 120 |');
    expect(formatReport(report)).not.toContain('load average');
    expect(formatReport(report)).not.toContain('database:');
    const withSettings = formatReport({ ...report, databaseSettings: { server_version: '15.20', autovacuum: 'off', shared_buffers: '128MB', synchronous_commit: 'on', fsync: 'on' } });
    expect(withSettings.split('\n')[1]).toBe('database: server_version 15.20, autovacuum off, shared_buffers 128MB, synchronous_commit on, fsync on');
    const withLoad = formatReport({ ...report, loadAverage1m: summarizeLoad([3.5, 12.04, 40.66, 11.2, 2.9]) });
    expect(withLoad.split('\n')[1]).toBe('1-minute load average during the run: min 2.9, median 11.2, max 40.7 (5 readings)');
  });

  it('summarizes the load averages read during a run, and none when none was read', () => {
    expect(summarizeLoad([1, 9, 3, 4])).toEqual({ samples: 4, min: 1, median: 4, max: 9 });
    expect(summarizeLoad([])).toBeUndefined();
  });
});

describe('the benchmark server runs as npm start does', () => {
  it("takes the node flags of package.json's start script, and refuses a script that does not run dist/main.js", () => {
    expect(nodeFlagsOf('node scripts/build.mjs && node --enable-source-maps --max-semi-space-size=8 dist/main.js')).toEqual([
      '--enable-source-maps',
      '--max-semi-space-size=8',
    ]);
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } };
    const flags = nodeFlagsOf(manifest.scripts.start);
    expect(flags.length).toBeGreaterThan(0);
    expect(flags.every((flag) => flag.startsWith('--'))).toBe(true);
    expect(manifest.scripts.start.endsWith(`node ${flags.join(' ')} dist/main.js`)).toBe(true);
    expect(() => nodeFlagsOf('node scripts/build.mjs && node dist/cli.js')).toThrow(/dist\/main\.js/);
    expect(() => nodeFlagsOf('tsx src/main.ts')).toThrow(/dist\/main\.js/);
  });
});

describe('a server that cannot start', () => {
  it('is reported with what it wrote to stderr, also when started quiet', async () => {
    // A checkout whose server refuses to start, as the real one does on a bad setting.
    const root = mkdtempSync(join(tmpdir(), 'payclock-failing-start-'));
    try {
      mkdirSync(join(root, 'scripts'));
      mkdirSync(join(root, 'dist'));
      writeFileSync(join(root, 'package.json'), JSON.stringify({ scripts: { start: 'node scripts/build.mjs && node --max-old-space-size=64 dist/main.js' } }));
      writeFileSync(join(root, 'scripts', 'build.mjs'), '');
      writeFileSync(join(root, 'dist', 'main.js'), "process.stderr.write('payclock failed to start: listen EADDRINUSE 127.0.0.1:' + process.env.PORT + '\\n'); process.exit(1);");
      await expect(startServer({}, { quiet: true, root })).rejects.toThrow(/^server exited early \(1\): payclock failed to start: listen EADDRINUSE 127\.0\.0\.1:\d+$/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
