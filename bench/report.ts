// The benchmark's table: service figures, baselines, and the ratios the targets are stated in.
import { formatDatabaseSettings, type DatabaseSettings } from './database-settings.ts';
import type { LoadAverageFigures } from './load-average.ts';

export interface ScenarioFigures {
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  maxRssMiB: number;
  runs: number[];
  entries?: number;
}

export interface BaselineFigures {
  opsPerSec: number;
  latencyAvgMs: number;
  failed: number;
}

export interface BenchReport {
  engine: 'postgres' | 'pglite';
  scale: string;
  startedAt: string;
  connections: number;
  durationSeconds?: number;
  /** The server's RSS 3 s after it started, before any load. */
  idleRssMiB?: number;
  /** The machine's 1-minute load average while the benchmark ran (bench/load-average.ts). */
  loadAverage1m?: LoadAverageFigures;
  /** The database's settings when the run began (bench/database-settings.ts). */
  databaseSettings?: DatabaseSettings;
  scenarios: Record<string, ScenarioFigures | Record<string, number>>;
  baselines: Record<string, BaselineFigures>;
  growth: Array<{ entries: number } & ScenarioFigures>;
}

/** The service's req/s over its baseline's ops/s; undefined when either is missing. */
const ratio = (scenario: ScenarioFigures | undefined, baseline: BaselineFigures | undefined) =>
  scenario && baseline ? scenario.reqPerSec / baseline.opsPerSec : undefined;

export function targets(report: BenchReport): Array<{ target: string; value: string; met: boolean | null }> {
  const s = report.scenarios as Record<string, ScenarioFigures>;
  const b = report.baselines;
  const clock = s.clockCycle;
  const rows: Array<{ target: string; value: string; met: boolean | null }> = [];
  const check = (target: string, value: number | undefined, limit: number, higherIsBetter = true) =>
    rows.push({
      target,
      value: value === undefined || Number.isNaN(value) ? 'n/a' : value.toFixed(2),
      met: value === undefined || Number.isNaN(value) ? null : higherIsBetter ? value >= limit : value <= limit,
    });
  if (report.engine === 'postgres') {
    check('clock ÷ textbook pgbench ≥ 2.0', clock && b.textbookClockCycle ? clock.reqPerSec / b.textbookClockCycle.opsPerSec : undefined, 2.0);
    check('clock ÷ own-SQL pgbench ≥ 0.85', clock && b.serviceSqlClockCycle ? clock.reqPerSec / b.serviceSqlClockCycle.opsPerSec : undefined, 0.85);
    check('clock p99 ms < 30', clock?.p99, 29.99, false);
    check('clock ÷ minimal node:http + pg ≥ 0.85', clock && b.minimalServerClockCycle ? clock.reqPerSec / b.minimalServerClockCycle.opsPerSec : undefined, 0.85);
    check('timesheet (week) ÷ own-SQL pgbench ≥ 0.8', ratio(s.timesheetWeek, b.serviceSqlTimesheet), 0.8);
    check('timesheet (pay period) ÷ own-SQL pgbench ≥ 0.8', ratio(s.timesheetPeriod, b.serviceSqlTimesheetPeriod), 0.8);
    check('pay-period get-one ÷ own-SQL pgbench ≥ 0.8', ratio(s.payPeriodGetOne, b.serviceSqlPayPeriod), 0.8);
    check('pay-period get-one max RSS MiB < 200', s.payPeriodGetOne?.maxRssMiB, 200, false);
    check('organization search ÷ own-SQL pgbench ≥ 0.8', ratio(s.orgListSearch, b.serviceSqlOrgSearch), 0.8);
    check('organization search p50 ms < 20', s.orgListSearch?.p50, 19.99, false);
    check('employee search ÷ own-SQL pgbench ≥ 0.8', ratio(s.employeeListSearch, b.serviceSqlEmployeeSearch), 0.8);
    check('employee search p50 ms < 20', s.employeeListSearch?.p50, 19.99, false);
    check('hours report ÷ own-SQL pgbench ≥ 0.8', ratio(s.hoursReport, b.serviceSqlHoursReport), 0.8);
    check('idle RSS MiB < 120', report.idleRssMiB, 119.99, false);
    const rss = Math.max(...Object.values(s).map((x) => (x as ScenarioFigures).maxRssMiB ?? 0));
    check('server RSS MiB < 200 (every scenario)', rss, 199.99, false);
  } else {
    check('embedded clock ÷ in-process baseline ≥ 0.8', clock && b.textbookClockCycle ? clock.reqPerSec / b.textbookClockCycle.opsPerSec : undefined, 0.8);
  }
  const first = report.growth[0];
  for (const point of report.growth.slice(1)) {
    check(`growth: median latency @${point.entries} ÷ @${first!.entries} ≤ 1.2`, first ? point.p50 / Math.max(first.p50, 0.5) : undefined, 1.2, false);
  }
  const logins = s.logins;
  check('logins ÷ argon2id capacity ≥ 0.8', ratio(logins, b.argon2Verify), 0.8);
  const burst = report.scenarios.loginBurst as Record<string, number> | undefined;
  if (burst) {
    check('clock p99 during burst ÷ quiet ≤ 2', burst.p99Ratio, 2, false);
  }
  return rows;
}

export function formatReport(report: BenchReport): string {
  const load = report.loadAverage1m;
  const lines = [
    `payclock benchmark — engine ${report.engine}, scale ${report.scale}, ${report.connections} connections, ${report.durationSeconds ?? '?'} s`,
    ...(load ? [`1-minute load average during the run: min ${load.min}, median ${load.median}, max ${load.max} (${load.samples} readings)`] : []),
    ...(report.databaseSettings ? [`database: ${formatDatabaseSettings(report.databaseSettings)}`] : []),
    '',
  ];
  lines.push('| scenario | req/s (median of runs) | p50 ms | p99 ms | non-2xx | max RSS MiB |', '|---|---|---|---|---|---|');
  for (const [name, figures] of Object.entries(report.scenarios)) {
    const f = figures as ScenarioFigures;
    if (f.reqPerSec === undefined) continue;
    lines.push(`| ${name} | ${f.reqPerSec} (${f.runs.join(', ')}) | ${f.p50} | ${f.p99} | ${f.non2xx} | ${f.maxRssMiB} |`);
  }
  const batches = report.scenarios.punchesPerStatement as Record<string, number> | undefined;
  if (batches) lines.push('', `punches per statement in the clock cycle: clock in ${batches.clockIn}, clock out ${batches.clockOut}`);
  const reads = report.scenarios.readsPerStatement as Record<string, number> | undefined;
  if (reads) lines.push('', `reads per statement in the timesheet reads: week ${reads.week}, pay period ${reads.payPeriod}`);
  if (report.idleRssMiB !== undefined) lines.push('', `idle RSS: ${report.idleRssMiB} MiB`);
  lines.push('', '| baseline | ops/s | avg latency ms | failed |', '|---|---|---|---|');
  for (const [name, b] of Object.entries(report.baselines)) lines.push(`| ${name} | ${b.opsPerSec} | ${b.latencyAvgMs} | ${b.failed} |`);
  if (report.growth.length > 0) {
    lines.push('', '| growth: past entries | clock req/s | p50 ms | p99 ms |', '|---|---|---|---|');
    for (const g of report.growth) lines.push(`| ${g.entries} | ${g.reqPerSec} | ${g.p50} | ${g.p99} |`);
  }
  const burst = report.scenarios.loginBurst as Record<string, number> | undefined;
  if (burst) lines.push('', `login burst: ${burst.loginsPerSec} logins/s (p99 ${burst.loginP99} ms); clock p99 ${burst.clockP99Quiet} ms quiet → ${burst.clockP99DuringBurst} ms during the burst (×${burst.p99Ratio})`);
  lines.push('', '| target | value | met |', '|---|---|---|');
  for (const t of targets(report)) lines.push(`| ${t.target} | ${t.value} | ${t.met === null ? 'n/a' : t.met ? 'yes' : 'NO'} |`);
  return lines.join('\n');
}
