// Coalesced timesheet reads (src/modules/timesheet/timesheet-read.repository.ts's
// readCallerTimesheets, timesheet-reader.ts) on the real database, both engines: every read of a
// batch gets exactly the answer it gets alone, with its own caller, time and pay period; a read
// that makes the batch's statement fail fails only itself; reads of a moment share a statement.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgErrorCode } from '../../src/db/errors.ts';
import type { Database, Db } from '../../src/db/open.ts';
import { revokedTokens } from '../../src/db/schema.ts';
import { readCallerTimesheet, readCallerTimesheets, type CallerTimesheetQuery } from '../../src/modules/timesheet/timesheet-read.repository.ts';
import { coalescedTimesheetReader } from '../../src/modules/timesheet/timesheet-reader.ts';
import { openTestDatabase } from '../helpers/app.ts';
import { closedEntry } from './fixtures.ts';
import { createCompany, createEmployee, createOrg, createPayPeriod, createTimeEntry, type CompanyRow, type EmployeeRow } from '../helpers/factories.ts';

const HOUR = 3_600_000;
// Wednesday 2026-03-04 15:00 in New York; its workweek began on Sunday 2026-03-01 05:00Z.
const NOW = new Date('2026-03-04T20:00:00.000Z');
const LAST_WEEK = new Date(NOW.getTime() - 7 * 24 * HOUR);

const tokenHash = () => createHash('sha256').update(randomUUID()).digest('hex');
const weekRead = (employeeId: string, now = NOW, hash = tokenHash()): CallerTimesheetQuery => ({
  credential: { userId: employeeId, hash, issuedAtMs: now.getTime() },
  payPeriodId: null,
  now,
});
const periodRead = (employeeId: string, payPeriodId: string): CallerTimesheetQuery => ({ ...weekRead(employeeId), payPeriodId });

describe('coalesced timesheet reads', () => {
  let database: Database;
  let db: Db;
  let company: CompanyRow;
  let otherCompany: CompanyRow;
  let worker: EmployeeRow;
  let clockedIn: EmployeeRow;
  let inactive: EmployeeRow;
  let stranger: EmployeeRow;
  let periodId: string;
  let otherPeriodId: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    const org = await createOrg(db, { timezone: 'America/New_York' } as never);
    company = await createCompany(db, { bookkeeperOrgId: org.id });
    const otherOrg = await createOrg(db, { timezone: 'Europe/Madrid' } as never);
    otherCompany = await createCompany(db, { bookkeeperOrgId: otherOrg.id });
    periodId = (await createPayPeriod(db, { companyId: company.id, startDate: new Date('2026-02-22T05:00:00Z'), endDate: new Date('2026-03-08T04:59:59.999Z') })).id;
    otherPeriodId = (await createPayPeriod(db, { companyId: otherCompany.id, startDate: new Date('2026-03-01T00:00:00Z'), endDate: new Date('2026-03-07T23:59:59.999Z') })).id;
    worker = await createEmployee(db, { companyId: company.id } as never);
    clockedIn = await createEmployee(db, { companyId: company.id } as never);
    inactive = await createEmployee(db, { companyId: company.id, active: false } as never);
    stranger = await createEmployee(db, { companyId: otherCompany.id } as never);
    const closed = (employee: EmployeeRow, clockIn: string, hours: number) =>
      closedEntry(db, { employeeId: employee.id, companyId: employee.companyId, payPeriodId: employee.companyId === company.id ? periodId : otherPeriodId }, clockIn, hours);
    await closed(worker, '2026-03-02T13:00:00.000Z', 8);
    await closed(worker, '2026-02-24T13:00:00.000Z', 7.5);
    await closed(clockedIn, '2026-03-03T13:00:00.000Z', 6);
    await createTimeEntry(db, { employeeId: clockedIn.id, companyId: company.id, payPeriodId: periodId, clockIn: new Date('2026-03-04T14:00:00.000Z') });
    await closed(stranger, '2026-03-02T09:00:00.000Z', 4);
  });
  afterAll(async () => {
    await database?.close();
  });

  /** Each read alone, one statement each: what the batch must answer read for read. */
  const alone = (reads: CallerTimesheetQuery[]) => Promise.all(reads.map((read) => readCallerTimesheet(db, read)));

  it('weeks: each read of one statement gets the answer it gets alone, with its own caller, token and time', async () => {
    const revokedHash = tokenHash();
    await db.insert(revokedTokens).values({ tokenHash: revokedHash, expiresAt: new Date(NOW.getTime() + HOUR) });
    const reads = [
      weekRead(worker.id),
      weekRead(clockedIn.id),
      weekRead(inactive.id),
      weekRead(randomUUID()),
      weekRead(stranger.id),
      weekRead(worker.id, LAST_WEEK),
      weekRead(worker.id, NOW, revokedHash),
    ];
    const batch = await readCallerTimesheets(db, reads);

    expect(batch).toEqual(await alone(reads));
    expect(batch.map((read) => read.caller?.id ?? null)).toEqual([worker.id, clockedIn.id, inactive.id, null, stranger.id, worker.id, worker.id]);
    expect(batch.map((read) => read.caller?.token_revoked ?? null)).toEqual([false, false, false, null, false, false, true]);
    expect(batch[2]!.caller?.active).toBe(false);
    // Each read's own week: from Sunday 00:00 in New York (05:00Z), in Madrid (23:00Z the day before), and a week earlier.
    expect(batch[0]!.range).toEqual({ start: new Date('2026-03-01T05:00:00.000Z'), end: new Date('2026-03-08T04:59:59.999Z') });
    expect(batch[4]!.range).toEqual({ start: new Date('2026-02-28T23:00:00.000Z'), end: new Date('2026-03-07T22:59:59.999Z') });
    expect(batch[5]!.range).toEqual({ start: new Date('2026-02-22T05:00:00.000Z'), end: new Date('2026-03-01T04:59:59.999Z') });
    const data = batch.map((read) => (read.data === null ? null : (JSON.parse(read.data) as { employee: { id: string }; totals: { totalHours: number }; clockStatus: { isClockedIn: boolean } })));
    expect(data.map((d) => d?.employee.id ?? null)).toEqual([worker.id, clockedIn.id, inactive.id, null, stranger.id, worker.id, worker.id]);
    expect(data.map((d) => d?.totals.totalHours ?? null)).toEqual([8, 6, 0, null, 4, 7.5, 8]);
    expect(data[1]!.clockStatus.isClockedIn).toBe(true);
    expect(data[0]!.clockStatus.isClockedIn).toBe(false);
  });

  it("pay periods: each read gets its own period's owner and entries, the caller's or another company's or none", async () => {
    const reads = [periodRead(worker.id, periodId), periodRead(clockedIn.id, periodId), periodRead(worker.id, otherPeriodId), periodRead(worker.id, randomUUID()), periodRead(stranger.id, otherPeriodId)];
    const batch = await readCallerTimesheets(db, reads);

    expect(batch).toEqual(await alone(reads));
    expect(batch.map((read) => read.period?.id ?? null)).toEqual([periodId, periodId, otherPeriodId, null, otherPeriodId]);
    expect(batch.map((read) => read.period?.companyId ?? null)).toEqual([company.id, company.id, otherCompany.id, null, otherCompany.id]);
    expect(batch[0]!.range).toEqual({ start: new Date('2026-02-22T05:00:00.000Z'), end: new Date('2026-03-08T04:59:59.999Z') });
    const totals = batch.map((read) => (read.data === null ? null : (JSON.parse(read.data) as { totals: { totalHours: number } }).totals.totalHours));
    // The worker's two entries of the period; the worker's entries in another company's period: none.
    expect(totals).toEqual([15.5, 6, 0, 0, 4]);
  });

  it('a batch is all weeks or all pay periods', async () => {
    await expect(readCallerTimesheets(db, [weekRead(worker.id), periodRead(worker.id, periodId)])).rejects.toThrow(/all of pay periods or all of weeks/);
    await expect(readCallerTimesheets(db, [periodRead(worker.id, periodId), weekRead(worker.id)])).rejects.toThrow(/all of pay periods or all of weeks/);
  });

  it('reads issued in one turn share one statement per kind, and each gets its own answer', async () => {
    const sizes: Array<[string, number]> = [];
    const read = coalescedTimesheetReader(db, (kind, size) => sizes.push([kind, size]));
    const reads = [weekRead(worker.id), periodRead(worker.id, periodId), weekRead(clockedIn.id), weekRead(stranger.id), periodRead(stranger.id, otherPeriodId), weekRead(worker.id)];
    const answers = await Promise.all(reads.map((query) => read(query)));

    expect(answers).toEqual(await alone(reads));
    expect(sizes.sort()).toEqual([
      ['pay_period', 2],
      ['week', 4],
    ]);
  });

  it("a read that makes the batch's statement fail fails alone; its neighbours get their answers", async () => {
    const sizes: number[] = [];
    const read = coalescedTimesheetReader(db, (_kind, size) => sizes.push(size));
    // Never sent by the service (it reads a malformed id in two steps), so the database refuses it.
    const malformed = periodRead(worker.id, 'not-a-uuid');
    const good = [periodRead(worker.id, periodId), periodRead(stranger.id, otherPeriodId)];
    const settled = await Promise.allSettled([read(good[0]!), read(malformed), read(good[1]!)]);

    expect(sizes).toEqual([3]);
    expect(settled[1]!.status).toBe('rejected');
    expect(pgErrorCode((settled[1] as PromiseRejectedResult).reason)).toBe('22P02');
    expect(settled.filter((outcome) => outcome.status === 'fulfilled').map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value)).toEqual(await alone(good));
  });
});
