// Shared set-up of the timesheet tests: a tenant in a chosen time zone and an employee token.
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/open.ts';
import { closeOpenEntries, insertOpenEntries } from '../../src/modules/timesheet/clock-batch.repository.ts';
import { createCompany, createEmployee, createOrg, createTenant, createTimeEntry, type CompanyRow, type EmployeeRow } from '../helpers/factories.ts';
import { rowsReadSoFar } from '../helpers/session-counts.ts';
import type { TokenService } from '../../src/core/tokens.ts';
import type { ClockInValues, ClockOutValues } from '../../src/modules/timesheet/clock.repository.ts';
import { employeeToken } from '../helpers/http.ts';

export const ENTRY = '/api/v1/employee/timesheet/entry';
export const SUBMIT = '/api/v1/employee/timesheet/submit';
export const TIMESHEET = '/api/v1/employee/timesheet';

export async function employeeTenant(db: Db, tokens: TokenService, org: { timezone?: string; overtimeThreshold?: number } = {}) {
  const tenant = await createTenant(db, org);
  const token = await employeeToken(tokens, tenant.employee);
  return { ...tenant, token };
}

const HOUR = 3_600_000;

/** The live punches of `crew` at `now`, as the batch statements take them (clock-batch.repository.ts), with a stand-in token hash. */
export function liveClockIns(crew: readonly { id: string }[], now: Date): ClockInValues[] {
  return crew.map((e) => ({
    credential: { userId: e.id, hash: 'b'.repeat(64), issuedAtMs: Date.now() },
    now, recordedAt: now, offline: false, jobCode: null, taskCode: null, notes: null, clockInIp: null, clockInDevice: null,
  }));
}

/** Their live clock outs at `now`, likewise. */
export function liveClockOuts(crew: readonly { id: string }[], now: Date): ClockOutValues[] {
  return crew.map((e) => ({ credential: { userId: e.id, hash: 'b'.repeat(64), issuedAtMs: Date.now() }, now, recordedAt: now, offline: false, breakMinutes: null, notes: null, clockOutIp: null }));
}

/**
 * Rounds of `crew`'s batched punches from `start`: each clocks them in as one batch and out as
 * one a minute later, in a transaction on the `db` given, and returns the rows of time_entries
 * (its table and its indexes) that the clock out read.
 */
function batchedRounds(crew: readonly { id: string }[], start: number) {
  let clock = start;
  return (db: Db) =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      clock += 60_000;
      const opened = await insertOpenEntries(tx, liveClockIns(crew, new Date(clock)));
      expect(opened.every((o) => o.entry !== null)).toBe(true);
      const before = await rowsReadSoFar(tx, 'time_entries', 'table and indexes');
      clock += 60_000;
      const closed = await closeOpenEntries(tx, liveClockOuts(crew, new Date(clock)));
      expect(closed.map((o) => o.outcome)).toEqual(crew.map(() => 'closed'));
      return (await rowsReadSoFar(tx, 'time_entries', 'table and indexes')) - before;
    });
}

/** `count` closed hours of one new employee of `company`, long ago, in one statement. */
export async function pastEntries(db: Db, company: CompanyRow, count: number): Promise<void> {
  const employee = await createEmployee(db, { companyId: company.id });
  await db.execute(sql`insert into time_entries (employee_id, company_id, clock_in, clock_out, worked_seconds, total_hours, regular_hours, overtime_hours)
    select ${employee.id}::uuid, ${company.id}::uuid, t, t + interval '1 hour', 3600, 1, 1, 0
      from generate_series(timestamptz '2019-01-01', timestamptz '2019-01-01' + ${count - 1} * interval '1 hour', interval '1 hour') t`);
}

/**
 * The rounds (batchedRounds) of a crew of four whose batched punches the session of `db` planned
 * while the database held a few dozen entries (a session keeps its plans after a few calls);
 * 20,000 past entries arrived after that.
 */
export async function roundsPlannedOnSmallTables(db: Db) {
  const org = await createOrg(db, { timezone: 'America/Chicago' });
  const company = await createCompany(db, { bookkeeperOrgId: org.id });
  const crew: EmployeeRow[] = [];
  for (let i = 0; i < 4; i++) crew.push(await createEmployee(db, { companyId: company.id }));
  const round = batchedRounds(crew, Date.parse('2026-04-06T13:00:00Z'));
  for (let i = 0; i < 8; i++) await round(db);
  await pastEntries(db, company, 20_000);
  return round;
}

/** A closed entry of `hours` regular hours from `clockIn`, already allocated, of an employee in a pay period. */
export function closedEntry(db: Db, of: { employeeId: string; companyId: string; payPeriodId: string }, clockIn: string, hours: number) {
  return createTimeEntry(db, {
    ...of,
    clockIn: new Date(clockIn),
    clockOut: new Date(Date.parse(clockIn) + hours * HOUR),
    workedSeconds: hours * 3600,
    totalHours: hours,
    regularHours: hours,
    overtimeHours: 0,
  });
}

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Every field of a time entry, with its JSON type. */
export function expectTimeEntryShape(entry: any): void {
  expect(entry).toMatchObject({
    id: expect.any(String),
    employeeId: expect.any(String),
    companyId: expect.any(String),
    clockIn: expect.stringMatching(ISO_MS),
    breakMinutes: expect.any(Number),
    status: expect.stringMatching(/^(PENDING|APPROVED)$/),
    approved: expect.any(Boolean),
  });
  for (const key of ['payPeriodId', 'clockOut', 'totalHours', 'regularHours', 'overtimeHours', 'jobCode', 'taskCode', 'notes', 'clockInIp', 'clockInDevice', 'payPeriod']) {
    expect(entry).toHaveProperty(key);
  }
  if (entry.clockOut !== null) {
    expect(entry.clockOut).toMatch(ISO_MS);
    expect(typeof entry.totalHours).toBe('number');
    expect(typeof entry.regularHours).toBe('number');
    expect(typeof entry.overtimeHours).toBe('number');
  } else {
    expect(entry.totalHours).toBeNull();
  }
  if (entry.payPeriod !== null) {
    expect(entry.payPeriod).toEqual({
      id: entry.payPeriodId,
      startDate: expect.stringMatching(ISO_MS),
      endDate: expect.stringMatching(ISO_MS),
      status: expect.any(String),
      locked: expect.any(Boolean),
    });
  }
}
