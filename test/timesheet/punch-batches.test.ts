// Coalesced punches (src/modules/timesheet/clock-batch.repository.ts, punch-writer.ts) on the
// real database, both engines: every punch of a batch gets the outcome it would get alone, with
// its own times; a punch that makes the batch's statement fail fails only itself; one
// employee's punches never share a batch and run in arrival order.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgErrorCode } from '../../src/db/errors.ts';
import { queryRows, type Database, type Db } from '../../src/db/open.ts';
import { closeOpenEntries, clockOutBatchRows, insertOpenEntries } from '../../src/modules/timesheet/clock-batch.repository.ts';
import { closeOpenEntry, type ClockInValues, type ClockOutValues } from '../../src/modules/timesheet/clock.repository.ts';
import { coalescedPunchWriter } from '../../src/modules/timesheet/punch-writer.ts';
import { openTestDatabase } from '../helpers/app.ts';
import { createCompany, createEmployee, createOrg, createPayPeriod, createTimeEntry, type CompanyRow, type EmployeeRow } from '../helpers/factories.ts';

const credentialOf = (employee: EmployeeRow) => ({ userId: employee.id, hash: randomUUID().replace(/-/g, ''), issuedAtMs: Date.now() });

const clockInOf = (employee: EmployeeRow, at: Date, extra: Partial<ClockInValues> = {}): ClockInValues => ({
  credential: credentialOf(employee),
  now: at,
  recordedAt: at,
  offline: false,
  jobCode: null,
  taskCode: null,
  notes: null,
  clockInIp: null,
  clockInDevice: null,
  ...extra,
});

const clockOutOf = (employee: EmployeeRow, at: Date, extra: Partial<ClockOutValues> = {}): ClockOutValues => ({
  credential: credentialOf(employee),
  now: at,
  recordedAt: at,
  offline: false,
  breakMinutes: null,
  notes: null,
  clockOutIp: null,
  ...extra,
});

const ms = (iso: string, offset = 0) => new Date(Date.parse(iso) + offset);

describe('coalesced punches', () => {
  let database: Database;
  let db: Db;
  let company: CompanyRow;
  let lockedCompany: CompanyRow;

  // Wednesday 2026-03-04 in New York; the week began on Sunday 2026-03-01 05:00Z.
  const NOW = '2026-03-04T20:00:00.000Z';

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    const org = await createOrg(db, { timezone: 'America/New_York', overtimeThreshold: '40' } as never);
    company = await createCompany(db, { bookkeeperOrgId: org.id });
    lockedCompany = await createCompany(db, { bookkeeperOrgId: org.id });
    await createPayPeriod(db, { companyId: company.id, startDate: new Date('2026-03-01T05:00:00Z'), endDate: new Date('2026-03-08T04:59:59.999Z') });
    await createPayPeriod(db, { companyId: lockedCompany.id, startDate: new Date('2026-03-01T05:00:00Z'), endDate: new Date('2026-03-08T04:59:59.999Z'), locked: true });
  });
  afterAll(async () => {
    await database?.close();
  });

  const employee = (extra: Partial<EmployeeRow> = {}, of: CompanyRow = company) => createEmployee(db, { companyId: of.id, ...extra } as never);

  it('clock in: each punch of one statement gets its own outcome and keeps its own times', async () => {
    const [ana, ben, held, gone] = [await employee(), await employee(), await employee(), await employee({ active: false })];
    await createTimeEntry(db, { employeeId: held.id, companyId: company.id, clockIn: ms(NOW, -3_600_000) });
    const punches = [
      clockInOf(ana, ms(NOW, 1)),
      clockInOf(ben, ms(NOW, 7), { jobCode: 'J-7', taskCode: 'T', notes: 'ñandú 🙂 "quoted"', clockInIp: '10.0.0.7', clockInDevice: 'kiosk-3', recordedAt: ms(NOW, 9) }),
      clockInOf(held, ms(NOW, 3)),
      clockInOf(gone, ms(NOW, 4)),
    ];
    const outcomes = await insertOpenEntries(db, punches);

    expect(outcomes).toHaveLength(4);
    expect(outcomes[0]!.entry).toMatchObject({ employeeId: ana.id, clockIn: ms(NOW, 1), clockInRecordedAt: ms(NOW, 1), clockOut: null, payPeriod: { locked: false } });
    expect(outcomes[0]!.caller).toMatchObject({ id: ana.id, active: true, token_revoked: false });
    expect(outcomes[1]!.entry).toMatchObject({
      employeeId: ben.id,
      clockIn: ms(NOW, 7),
      clockInRecordedAt: ms(NOW, 9),
      jobCode: 'J-7',
      taskCode: 'T',
      notes: 'ñandú 🙂 "quoted"',
      clockInIp: '10.0.0.7',
      clockInDevice: 'kiosk-3',
    });
    // Refused by the one-open-entry index: no entry, the caller still reported.
    expect(outcomes[2]).toMatchObject({ entry: null, caller: { id: held.id, active: true } });
    // The caller check refused it: its row says why (employeeActorFrom names the refusal).
    expect(outcomes[3]).toMatchObject({ entry: null, caller: { id: gone.id, active: false } });

    const rows = await queryRows<{ employee_id: string; n: number }>(
      db,
      sql`select employee_id, count(*)::int as n from time_entries where employee_id in (${held.id}::uuid, ${gone.id}::uuid) group by employee_id`,
    );
    expect(rows).toEqual([{ employee_id: held.id, n: 1 }]);
  });

  it('clock out: each punch of one statement gets the figures a clock out alone gets, and refusals stay their own', async () => {
    // Twins: the same week behind each (36.5 h already worked, so overtime starts inside this
    // shift), one closed in the batch, the other alone.
    // An earlier entry already allocated (all regular below 40 h), or never allocated (no
    // figures: the week is then allocated again, by the single call).
    const history = async (worker: EmployeeRow, [earlierHours, allocated]: readonly [number, boolean]) => {
      if (earlierHours > 0) {
        const seconds = Math.round(earlierHours * 3600);
        await createTimeEntry(db, {
          employeeId: worker.id,
          companyId: company.id,
          clockIn: new Date('2026-03-02T05:00:00Z'),
          clockOut: new Date(Date.parse('2026-03-02T05:00:00Z') + seconds * 1000),
          ...(allocated ? { workedSeconds: seconds, totalHours: String(earlierHours), regularHours: String(earlierHours), overtimeHours: '0' } : {}),
        } as never);
      }
      await createTimeEntry(db, { employeeId: worker.id, companyId: company.id, clockIn: new Date('2026-03-04T12:00:00Z') });
    };
    const shapes = [
      [36.5, true],
      [0, true],
      [39.99, true],
      [20, false],
    ] as const;
    const batchWorkers: EmployeeRow[] = [];
    const aloneWorkers: EmployeeRow[] = [];
    for (const hours of shapes) {
      const [a, b] = [await employee(), await employee()];
      await history(a, hours);
      await history(b, hours);
      batchWorkers.push(a);
      aloneWorkers.push(b);
    }
    const idle = await employee();
    const tired = await employee();
    await createTimeEntry(db, { employeeId: tired.id, companyId: company.id, clockIn: new Date('2026-03-04T19:00:00Z') });
    const frozen = await employee({}, lockedCompany);
    const lockedPeriod = (await queryRows<{ id: string }>(db, sql`select id from pay_periods where company_id = ${lockedCompany.id}`))[0]!;
    await createTimeEntry(db, { employeeId: frozen.id, companyId: lockedCompany.id, clockIn: new Date('2026-03-04T12:00:00Z'), payPeriodId: lockedPeriod.id });

    const breaks = [30, null, 0, 0];
    const batch = [
      ...batchWorkers.map((w, i) => clockOutOf(w, ms(NOW, i), { breakMinutes: breaks[i]!, notes: i === 1 ? 'done' : null })),
      clockOutOf(idle, ms(NOW)),
      clockOutOf(tired, ms(NOW), { breakMinutes: 61 }),
      clockOutOf(frozen, ms(NOW)),
    ];
    // Which punches the batch closed in its own UPDATE and which it handed to the single call:
    // run once on a copy of the state inside a transaction that is rolled back.
    const routes = await db
      .transaction(async (tx) => {
        const rows = await clockOutBatchRows(tx as unknown as Db, batch);
        throw Object.assign(new Error('roll back'), { rows });
      })
      .catch((error: { rows?: Array<{ alone: boolean; outcome: string }> }) => error.rows);
    expect(routes?.map((row) => [row.outcome, row.alone])).toEqual([
      ['closed', false],
      ['closed', false],
      ['closed', false],
      ['closed', true], // the never-allocated week
      ['no_open_entry', true],
      ['break_too_long', true],
      ['period_locked', true],
    ]);
    const outcomes = await closeOpenEntries(db, batch);
    const alone = [];
    for (const [i, w] of aloneWorkers.entries()) alone.push(await closeOpenEntry(db, clockOutOf(w, ms(NOW, i), { breakMinutes: breaks[i]!, notes: i === 1 ? 'done' : null })));

    const figures = (o: (typeof outcomes)[number]) => (o.entry ? { clockOut: o.entry.clockOut, breakMinutes: o.entry.breakMinutes, totalHours: o.entry.totalHours, regularHours: o.entry.regularHours, overtimeHours: o.entry.overtimeHours, notes: o.entry.notes } : o.outcome);
    expect(outcomes.slice(0, 4).map(figures)).toEqual(alone.map(figures));
    // The figures themselves: 7.5 h after a 30-minute break with 36.5 h before (3.5 regular,
    // 4 overtime); 8 h with nothing before; 8 h with 39.99 before (0.01 regular); 8 h after 20.
    expect(outcomes.slice(0, 4).map((o) => [o.entry?.totalHours, o.entry?.regularHours, o.entry?.overtimeHours])).toEqual([
      [7.5, 3.5, 4],
      [8, 8, 0],
      [8, 0.01, 7.99],
      [8, 8, 0],
    ]);
    expect(outcomes.slice(4).map((o) => o.outcome)).toEqual(['no_open_entry', 'break_too_long', 'period_locked']);
    // Nothing of a refused punch was written.
    const stillOpen = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from time_entries where employee_id in (${tired.id}::uuid, ${frozen.id}::uuid) and clock_out is null`);
    expect(stillOpen[0]!.n).toBe(2);
  });

  describe('through the coalescer', () => {
    const observed: Array<[string, number]> = [];
    const writerOf = () => coalescedPunchWriter(db, (kind, size) => observed.push([kind, size]));

    it('a punch that makes its batch fail fails alone; its neighbours are written', async () => {
      // A real failure inside the statement: a trigger that raises for one punch's notes.
      await db.execute(sql.raw(`create function test_refuse_punch() returns trigger language plpgsql as $$
        begin if new.notes = 'refuse me' then raise exception 'refused by the test trigger'; end if; return new; end $$`));
      await db.execute(sql.raw(`create trigger test_refuse_punch before insert on time_entries for each row execute function test_refuse_punch()`));
      try {
        observed.length = 0;
        const writer = writerOf();
        const workers = [];
        for (let i = 0; i < 7; i++) workers.push(await employee());
        // All seven arrive in one turn and leave as one batch; it fails, so each runs again alone.
        const results = workers.map((w, i) =>
          writer.clockIn(clockInOf(w, ms(NOW, i), { notes: i === 4 ? 'refuse me' : `punch ${i}` })).then(
            (outcome) => ({ ok: outcome.entry?.notes }),
            (error: unknown) => ({ failed: pgErrorCode(error) }),
          ),
        );
        const settled = await Promise.all(results);
        expect(observed).toEqual([['clock_in', 7]]);
        expect(settled).toEqual([{ ok: 'punch 0' }, { ok: 'punch 1' }, { ok: 'punch 2' }, { ok: 'punch 3' }, { failed: 'P0001' }, { ok: 'punch 5' }, { ok: 'punch 6' }]);
        const written = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from time_entries where employee_id in (${sql.join(workers.map((w) => sql`${w.id}::uuid`), sql`, `)})`);
        expect(written[0]!.n).toBe(6);
      } finally {
        await db.execute(sql.raw('drop trigger test_refuse_punch on time_entries'));
        await db.execute(sql.raw('drop function test_refuse_punch()'));
      }
    });

    it('a clock in over a closed entry fails its batch on the exclusion constraint; alone it is refused, its neighbours are written', async () => {
      // The batch's insert arbitrates only the open-entry index (clock-batch.repository.ts), so an
      // entry that an admin set to run past now makes the statement fail; the single statement's
      // ON CONFLICT covers the exclusion constraint too, so alone the punch is refused, not failed.
      observed.length = 0;
      const writer = writerOf();
      const [before, covered, after] = [await employee(), await employee(), await employee()];
      await createTimeEntry(db, { employeeId: covered.id, companyId: company.id, clockIn: ms(NOW, -3_600_000), clockOut: ms(NOW, 3_600_000) });
      const outcomes = await Promise.all([before, covered, after].map((w, i) => writer.clockIn(clockInOf(w, ms(NOW, 40 + i)))));
      expect(observed).toEqual([['clock_in', 3]]);
      expect(outcomes[0]!.entry?.clockIn).toEqual(ms(NOW, 40));
      expect(outcomes[1]).toMatchObject({ entry: null, caller: { id: covered.id, active: true } });
      expect(outcomes[2]!.entry?.clockIn).toEqual(ms(NOW, 42));
      const batchAlone = await insertOpenEntries(db, [clockInOf(covered, ms(NOW, 50))]).then(() => 'written', pgErrorCode);
      expect(batchAlone).toBe('23P01');
      const open = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from time_entries where employee_id = ${covered.id}::uuid and clock_out is null`);
      expect(open[0]!.n).toBe(0);
    });

    it("one employee's punches never share a batch: the first to arrive clocks in, the second is refused", async () => {
      observed.length = 0;
      const writer = writerOf();
      const [eve, other] = [await employee(), await employee()];
      const first = writer.clockIn(clockInOf(eve, ms(NOW, 10)));
      const second = writer.clockIn(clockInOf(eve, ms(NOW, 20)));
      const neighbour = writer.clockIn(clockInOf(other, ms(NOW, 30)));
      expect((await first).entry?.clockIn).toEqual(ms(NOW, 10));
      expect((await second).entry).toBeNull();
      expect((await neighbour).entry?.clockIn).toEqual(ms(NOW, 30));
      // eve's first and `other` went together; eve's second only after that batch returned.
      expect(observed).toEqual([
        ['clock_in', 2],
        ['clock_in', 1],
      ]);
    });
  });
});
