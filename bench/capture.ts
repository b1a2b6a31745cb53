// Captures the exact SQL the service sends, from PostgreSQL's own statement log, and turns
// it into a pgbench script. The bench database gets `log_statement = all` only while one
// request of each kind runs; the log lines of that database are then read back.
import { readFileSync, statSync } from 'node:fs';
import { COMPANY_ID, EMPLOYEE_ID, withClientEmployee } from './pgbench.ts';

export interface CapturedStatement {
  sql: string;
  params: string[];
}

/** Byte offset of the server log now, so that only later lines are read. */
export function logOffset(logFile: string): number {
  return statSync(logFile).size;
}

/**
 * Statements logged for `database` since `offset`. Handles the simple protocol
 * (`statement: …`) and the extended protocol (`execute <name>: …` + `DETAIL: parameters:`).
 */
export function readStatements(logFile: string, offset: number, database: string): CapturedStatement[] {
  const text = readFileSync(logFile).subarray(offset).toString('utf8');
  return parseStatementLog(text, database);
}

const LINE_START = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} \S+ \[\d+\] /;

export function parseStatementLog(text: string, database: string): CapturedStatement[] {
  // Re-join continuation lines (multi-line SQL) onto their log line.
  const records: string[] = [];
  for (const line of text.split('\n')) {
    if (LINE_START.test(line)) records.push(line);
    else if (records.length > 0) records[records.length - 1] += `\n${line}`;
  }
  const statements: CapturedStatement[] = [];
  for (const record of records) {
    if (!record.includes(`@${database} `)) continue;
    const body = record.replace(LINE_START, '').replace(/^\S*@\S+ /, '');
    const statement = /^LOG:\s+(?:statement|execute [^:]*):\s([\s\S]*)$/.exec(body);
    if (statement) {
      statements.push({ sql: statement[1]!.trim(), params: [] });
      continue;
    }
    const detail = /^DETAIL:\s+parameters: ([\s\S]*)$/.exec(body);
    if (detail && statements.length > 0) statements[statements.length - 1]!.params = parseParameters(detail[1]!);
  }
  return statements;
}

/** `$1 = 'a', $2 = NULL, $3 = 'it''s'` → ['a', null-marker, "it's"]. */
export function parseParameters(text: string): string[] {
  const params: string[] = [];
  const pattern = /\$(\d+) = (NULL|'((?:[^']|'')*)')/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    params[Number(match[1]) - 1] = match[2] === 'NULL' ? '\u0000NULL' : match[3]!.replace(/''/g, "'");
  }
  return params;
}

const RECENT_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

/**
 * A pgbench script of the captured statements. The captured employee and company ids
 * become the pgbench client's own employee, and timestamps near the capture become the
 * current time, so every client replays the same work on its own rows.
 */
export interface CapturedIds {
  employeeId: string;
  companyId: string;
  /** The entry the captured clock in created: replayed as the client's own latest entry. */
  entryId?: string;
}

const LATEST_ENTRY = `(select id from time_entries where employee_id = ${EMPLOYEE_ID} order by clock_in desc limit 1)`;

export function toPgbenchScript(statements: CapturedStatement[], ids: CapturedIds, capturedAt: Date): string {
  const lines = statements.map(({ sql, params }) => {
    let out = sql.replace(/\$(\d+)/g, (_, index: string) => literal(params[Number(index) - 1], ids, capturedAt));
    out = out.split(`'${ids.employeeId}'`).join(EMPLOYEE_ID).split(`'${ids.companyId}'`).join(COMPANY_ID);
    if (ids.entryId) out = out.split(`'${ids.entryId}'`).join(LATEST_ENTRY);
    return hideColonsFromPgbench(out).replace(/\s*\n\s*/g, ' ').replace(/;?\s*$/, ';');
  });
  return withClientEmployee(`${lines.join('\n')}\n`);
}

/**
 * pgbench reads `:name` as one of its variables even inside a string literal (the get-one's
 * `to_char(…, 'HH24:MI:SS')`), and with -M prepared then binds parameters the statement does
 * not have. Such a literal becomes a concatenation with chr(58), a constant the planner folds.
 */
export function hideColonsFromPgbench(statement: string): string {
  return statement.replace(/'(?:[^']|'')*'/g, (quoted) =>
    /:[A-Za-z_]/.test(quoted) ? `(${quoted.replace(/:(?=[A-Za-z_])/g, "' || chr(58) || '")})` : quoted,
  );
}

function literal(value: string | undefined, ids: CapturedIds, capturedAt: Date): string {
  if (value === undefined || value === '\u0000NULL') return 'NULL';
  if (value === ids.employeeId) return EMPLOYEE_ID;
  if (value === ids.companyId) return COMPANY_ID;
  if (ids.entryId && value === ids.entryId) return LATEST_ENTRY;
  if (RECENT_TIMESTAMP.test(value)) {
    // PostgreSQL prints offsets as `+00`, which Date.parse refuses: make it `+00:00`.
    const when = Date.parse(value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
    if (Number.isFinite(when) && Math.abs(when - capturedAt.getTime()) < 10 * 60_000) return 'clock_timestamp()';
  }
  return `'${value.replace(/'/g, "''")}'`;
}
