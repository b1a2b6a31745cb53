// Clocking in and out: each ONE statement that also checks the caller (docs/architecture.md,
// "How a punch reaches the database"), settled by the database's constraints and locks.
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { EmployeeActorRow } from '../../core/actors.ts';
import type { EmployeeCredential } from '../../core/employee-caller.ts';
import type { Db } from '../../db/open.ts';
import { namedStatement } from '../../db/named-statement.ts';
import { employeeActorSelect } from '../auth/actor.repository.ts';
import type { TimeEntryWithPeriod } from '../time-entries/time-entries.repository.ts';
import { ENTRY_JSON, toTimeEntry, type Json } from './timesheet-records.ts';

/** The caller's row exactly as the auth guard checks it (core/employee-caller.ts), null when the employee is gone. */
export interface PunchCaller {
  caller: EmployeeActorRow | null;
}

/**
 * SQL: the caller row `caller` may act (the same test as employeeActorFrom, which names the
 * refusal); the token's issue time is a value, or a batch's column (clock-batch.repository.ts).
 */
export const callerMayAct = (issuedAtMs: SQLWrapper) =>
  sql`caller.active and caller.company_active and caller.org_active and not caller.token_revoked and ${issuedAtMs}::float8 >= caller.credentials_changed_ms`;

export interface ClockInValues {
  credential: EmployeeCredential;
  /** The punch's time: now, or the offline punch's occurredAt. */
  now: Date;
  /** The server's time when the punch arrived. */
  recordedAt: Date;
  /** An offline punch also obeys the lock of a period covering its time (docs/time-rules.md §15). */
  offline: boolean;
  jobCode: string | null;
  taskCode: string | null;
  notes: string | null;
  clockInIp: string | null;
  clockInDevice: string | null;
}

export interface ClockInOutcome extends PunchCaller {
  /** The new entry; null when refused (or when the caller may not act). */
  entry: TimeEntryWithPeriod | null;
  /** An offline punch whose time a locked period covers: nothing was written. */
  periodLocked: boolean;
}

/**
 * Clock in as ONE statement: the caller check, then the entry linked to the company's unlocked
 * pay period covering its time. The partial unique index time_entries_one_open_per_employee
 * decides a concurrent second clock in (one open entry per employee, docs/time-rules.md §7):
 * nothing comes back when the employee already has an open entry, nor when the exclusion
 * constraint time_entries_no_overlap refuses it (an entry running past now). Neither raises an
 * error, so the statement never aborts a surrounding transaction (a request with an
 * Idempotency-Key runs in one) and the caller can still ask which of the two it was. An offline
 * punch holds the covering periods FOR SHARE, so none is locked before this commits.
 */
export async function insertOpenEntry(db: Db, v: ClockInValues): Promise<ClockInOutcome> {
  const row = (await CLOCK_IN.rows(db, clockInStatementValues(v)))[0]!;
  return { caller: row.caller, periodLocked: row.period_locked, entry: row.entry ? toTimeEntry(row.entry) : null };
}

/** The clock-in statement's text and parameters (also sent as they are by bench/minimal-clock-server.ts). */
export const clockInQuery = (v: ClockInValues) => CLOCK_IN.query(clockInStatementValues(v));

interface ClockInStatementValues {
  employeeId: string;
  tokenHash: string;
  issuedAtMs: number;
  at: string;
  recordedAt: string;
  offline: boolean;
  jobCode: string | null;
  taskCode: string | null;
  notes: string | null;
  ip: string | null;
  device: string | null;
}

const clockInStatementValues = (v: ClockInValues): ClockInStatementValues => ({
  employeeId: v.credential.userId,
  tokenHash: v.credential.hash,
  issuedAtMs: v.credential.issuedAtMs,
  at: v.now.toISOString(),
  recordedAt: v.recordedAt.toISOString(),
  offline: v.offline,
  jobCode: v.jobCode,
  taskCode: v.taskCode,
  notes: v.notes,
  ip: v.clockInIp,
  device: v.clockInDevice,
});

// The INSERT comes early in the text: pg_stat_activity shows the first 1,024 characters, and
// the lock-wait tests (test/pay-periods/link-race.test.ts) look for it there.
const CLOCK_IN = namedStatement<ClockInStatementValues, { caller: EmployeeActorRow | null; period_locked: boolean; entry: Json | null }>(
  'payclock_clock_in',
  (v) => sql`with caller as (${employeeActorSelect(v.employeeId, v.tokenHash)}),
covering as (select pp.locked from pay_periods pp join caller on pp.company_id = caller.company_id
  where ${v.offline}::boolean and pp.start_date <= ${v.at}::timestamptz and pp.end_date >= ${v.at}::timestamptz for share of pp),
te as (insert into time_entries (employee_id, company_id, pay_period_id, clock_in, clock_in_recorded_at, job_code, task_code, notes, clock_in_ip, clock_in_device)
  select caller.id, caller.company_id,
    (select pp.id from pay_periods pp where pp.company_id = caller.company_id and pp.locked = false
       and pp.start_date <= ${v.at}::timestamptz and pp.end_date >= ${v.at}::timestamptz order by pp.start_date desc limit 1),
    ${v.at}::timestamptz, ${v.recordedAt}::timestamptz, ${v.jobCode}, ${v.taskCode}, ${v.notes}, ${v.ip}, ${v.device}
  from caller
  where ${callerMayAct(v.issuedAtMs)} and not exists (select 1 from covering where covering.locked)
  on conflict do nothing
  returning *)
select (select row_to_json(caller) from caller) as caller,
  exists (select 1 from covering where covering.locked) as period_locked,
  (select ${ENTRY_JSON} from te left join pay_periods pp on pp.id = te.pay_period_id) as entry`,
);

export interface ClockOutValues {
  credential: EmployeeCredential;
  /** The punch's time: now, or the offline punch's occurredAt. */
  now: Date;
  /** The server's time when the punch arrived. */
  recordedAt: Date;
  offline: boolean;
  /** null keeps the entry's break. */
  breakMinutes: number | null;
  /** null keeps the entry's notes (omitted keeps the existing notes). */
  notes: string | null;
  clockOutIp: string | null;
}

/** Why a clock out wrote nothing, as payclock_clock_out names it (drizzle/0008_punch_functions.sql). */
export type ClockOutRefusal = 'caller' | 'no_open_entry' | 'clock_out_before_clock_in' | 'occurred_at_not_after_clock_in' | 'break_too_long' | 'period_locked';

export type ClockOutOutcome = PunchCaller & ({ outcome: 'closed'; entry: TimeEntryWithPeriod } | { outcome: ClockOutRefusal; entry: null });

/**
 * Clock out as ONE statement, payclock_clock_out: the caller check and the employee row lock
 * (the lock admin corrections take first, so the two take turns), then the open entry closed
 * with its own regular/overtime split (docs/time-rules.md §8, §9). A refusal writes nothing.
 */
export async function closeOpenEntry(db: Db, v: ClockOutValues): Promise<ClockOutOutcome> {
  const row = (await CLOCK_OUT.rows(db, clockOutStatementValues(v)))[0]!;
  if (row.outcome === 'closed' && row.entry) return { outcome: 'closed', caller: row.caller, entry: toTimeEntry(row.entry) };
  return { outcome: row.outcome === 'closed' ? 'no_open_entry' : row.outcome, caller: row.caller, entry: null };
}

/** The clock-out statement's text and parameters (also sent as they are by bench/minimal-clock-server.ts). */
export const clockOutQuery = (v: ClockOutValues) => CLOCK_OUT.query(clockOutStatementValues(v));

interface ClockOutStatementValues {
  employeeId: string;
  tokenHash: string;
  issuedAtMs: number;
  at: string;
  recordedAt: string;
  breakMinutes: number | null;
  notes: string | null;
  ip: string | null;
  offline: boolean;
}

const clockOutStatementValues = (v: ClockOutValues): ClockOutStatementValues => ({
  employeeId: v.credential.userId,
  tokenHash: v.credential.hash,
  issuedAtMs: v.credential.issuedAtMs,
  at: v.now.toISOString(),
  recordedAt: v.recordedAt.toISOString(),
  breakMinutes: v.breakMinutes,
  notes: v.notes,
  ip: v.clockOutIp,
  offline: v.offline,
});

const CLOCK_OUT = namedStatement<ClockOutStatementValues, { outcome: ClockOutRefusal | 'closed'; caller: EmployeeActorRow | null; entry: Json | null }>(
  'payclock_clock_out',
  (v) => sql`select r.outcome, r.caller, case when te.id is null then null else ${ENTRY_JSON} end as entry
        from payclock_clock_out(${v.employeeId}::uuid, ${v.tokenHash}, ${v.issuedAtMs}::float8,
                                ${v.at}::timestamptz, ${v.recordedAt}::timestamptz,
                                ${v.breakMinutes}::int, ${v.notes}::varchar, ${v.ip}::varchar, ${v.offline}::boolean) r
        left join lateral (select (r.entry).*) te on true
        left join pay_periods pp on pp.id = te.pay_period_id`,
);
