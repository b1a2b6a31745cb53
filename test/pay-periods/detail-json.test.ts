// GET /api/v1/admin/pay-periods/{id} answers JSON that PostgreSQL builds (json_build_object)
// in parts and Node.js writes into the answer's bytes, so no serializer stands between the
// database and the client. These tests hold that document to the route's response schema (the
// response check of test/helpers/http.ts validates every answer against the OpenAPI document)
// and to the values a JavaScript serialization of the same rows would give, on whichever engine
// the suite runs (PGlite by default, PostgreSQL with TEST_DATABASE_URL): awkward strings, nulls,
// timestamps given finer than a millisecond, hours that print with trailing zeros, and many
// small sums.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, payPeriods, timeEntries } from '../../src/db/schema.ts';
import { queryRows } from '../../src/db/open.ts';
import type { TextPartRow } from '../../src/db/text-bytes.ts';
import { DATA_ENVELOPE_ROOM } from '../../src/http/prebuilt-json.ts';
import { payPeriodDetailJson, payPeriodDetailJsonStatement } from '../../src/modules/pay-periods/pay-periods.repository.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createEmployee, createPayPeriod, createTimeEntry } from '../helpers/factories.ts';
import { AWKWARD, AWKWARD_ENTRY_TEXT, entryAsJson, periodAsJson, sumOfHours } from '../helpers/stored-as-json.ts';
import { createWorld, freshCompany, URL, type World } from './fixtures.ts';
import { expectPayPeriodDetail } from './shapes.ts';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(async () => t.close());

const HOUR = 3_600_000;

/** What the response must say, computed in JavaScript from the rows themselves. */
async function expectedDocument(periodId: string) {
  const [period] = await t.db.select().from(payPeriods).where(eq(payPeriods.id, periodId));
  const rows = await t.db
    .select({ entry: timeEntries, employee: employees })
    .from(timeEntries)
    .innerJoin(employees, eq(employees.id, timeEntries.employeeId))
    .where(eq(timeEntries.payPeriodId, periodId));
  rows.sort((a, b) => a.entry.clockIn.getTime() - b.entry.clockIn.getTime() || (a.entry.id < b.entry.id ? -1 : 1));
  const sum = (pick: (entry: (typeof rows)[number]['entry']) => string | number | null) => sumOfHours(rows.map(({ entry }) => pick(entry)));
  return {
    ...periodAsJson(period!),
    timeEntries: rows.map(({ entry, employee }) => ({
      ...entryAsJson(entry),
      employee: { id: employee.id, firstName: employee.firstName, lastName: employee.lastName, employeeNumber: employee.employeeNumber },
    })),
    totals: { totalHours: sum((e) => e.totalHours), regularHours: sum((e) => e.regularHours), overtimeHours: sum((e) => e.overtimeHours) },
  };
}

describe('GET /api/v1/admin/pay-periods/{id}: the JSON PostgreSQL builds', () => {
  it('matches the response schema and the JavaScript view of the same rows, awkward values included', async () => {
    const { company, employee } = await freshCompany(t.db, w.orgA.id);
    const other = await createEmployee(t.db, { companyId: company.id, firstName: AWKWARD, lastName: 'Ñúñez "Q"', employeeNumber: null });
    const period = await createPayPeriod(t.db, {
      companyId: company.id,
      startDate: new Date('2026-04-05T04:00:00.000Z'),
      endDate: new Date('2026-04-12T03:59:59.999Z'),
      payDate: new Date('2026-04-17T04:00:00.000Z'),
      exportedBy: AWKWARD,
      exportedAt: new Date('2026-04-13T10:00:00.123Z'),
      iifFilename: 'a "b" \\ c.iif',
    });
    await createTimeEntry(t.db, {
      employeeId: employee.id,
      companyId: company.id,
      payPeriodId: period.id,
      clockIn: new Date('2026-04-06T13:00:00.000Z'),
      clockOut: new Date('2026-04-06T20:30:00.000Z'),
      breakMinutes: 30,
      totalHours: 7.5,
      regularHours: 7.5,
      overtimeHours: 0,
      ...AWKWARD_ENTRY_TEXT,
      clockInRecordedAt: new Date('2026-04-06T13:05:00.000Z'),
      clockOutRecordedAt: new Date('2026-04-06T20:30:00.001Z'),
      status: 'APPROVED',
      approved: true,
    });
    await createTimeEntry(t.db, { employeeId: other.id, companyId: company.id, payPeriodId: period.id, clockIn: new Date('2026-04-07T13:00:00.000Z') });
    // Columns keep milliseconds (precision 3): a finer value is rounded when stored, and printed as stored.
    await t.db.execute(sql`update time_entries set created_at = '2026-04-08T01:02:03.456789Z' where employee_id = ${other.id}`);

    const res = await w.api.get(`${URL}/${period.id}`, { token: w.tokenA });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expectPayPeriodDetail(res.body.data);
    const expected = await expectedDocument(period.id);
    expect(res.body).toEqual({
      success: true,
      data: { ...expected, company: { id: company.id, name: company.name, bookkeeperOrgId: w.orgA.id } },
    });
    expect(res.body.data.timeEntries[1].createdAt).toBe('2026-04-08T01:02:03.457Z');
    expect(res.body.data.timeEntries[0].notes).toBe(AWKWARD);
    // Hours are JSON numbers without the numeric column's trailing zeros.
    // (json_build_object writes `"key" : value`.)
    expect(res.raw).toMatch(/"totalHours"\s*:\s*7\.5\s*,/);
    expect(res.raw).not.toMatch(/"(?:total|regular|overtime)Hours"\s*:\s*\d+\.\d*0\s*[,}]/);

    // Every part declares the document's length in UTF-8 bytes (the answer's buffer is sized
    // by it), multi-byte characters included, and the answer is exactly the parts in the envelope.
    const parts = await queryRows<TextPartRow>(t.db, payPeriodDetailJsonStatement(period.id));
    const document = parts.map((row) => row.part).join('');
    expect(parts.map((row) => Number(row.document_bytes))).toEqual(parts.map(() => Buffer.byteLength(document)));
    expect(Buffer.byteLength(document)).toBeGreaterThan(document.length);
    expect(res.raw).toBe(`{"success":true,"data":${document}}`);
  });

  it('sums many small values exactly (2,000 entries of 0.01 h) and keeps clockIn then id order', async () => {
    const { company } = await freshCompany(t.db, w.orgA.id);
    const period = await createPayPeriod(t.db, {
      companyId: company.id,
      startDate: new Date('2026-05-03T04:00:00.000Z'),
      endDate: new Date('2026-05-10T03:59:59.999Z'),
    });
    const staff = await Promise.all(Array.from({ length: 20 }, () => createEmployee(t.db, { companyId: company.id })));
    const values = staff.flatMap((employee, e) =>
      Array.from({ length: 100 }, (_, k) => ({
        employeeId: employee.id,
        companyId: company.id,
        payPeriodId: period.id,
        // Several employees share each clockIn, so the id decides their order.
        clockIn: new Date(Date.parse('2026-05-03T04:00:00.000Z') + k * HOUR + (e % 2) * 60_000),
        clockOut: new Date(Date.parse('2026-05-03T04:00:00.000Z') + k * HOUR + (e % 2) * 60_000 + 36_000),
        totalHours: 0.01,
        regularHours: k % 2 === 0 ? 0.01 : 0,
        overtimeHours: k % 2 === 0 ? 0 : 0.01,
      })),
    );
    await t.db.insert(timeEntries).values(values);

    const res = await w.api.get(`${URL}/${period.id}`, { token: w.tokenA });
    expect(res.status).toBe(200);
    expect(res.body.data.timeEntries).toHaveLength(2_000);
    expect(res.body.data.totals).toEqual({ totalHours: 20, regularHours: 10, overtimeHours: 10 });
    const expected = await expectedDocument(period.id);
    expect(res.body.data.timeEntries.map((entry: { id: string }) => entry.id)).toEqual(expected.timeEntries.map((entry) => entry.id));

    // The document leaves the database in parts (the head, 64 entries at a time, the totals),
    // each a small string for Node.js, that join into exactly what was answered.
    const parts = (await queryRows<TextPartRow>(t.db, payPeriodDetailJsonStatement(period.id))).map((row) => row.part);
    expect(parts).toHaveLength(1 + Math.ceil(2_000 / 64) + 1);
    expect(Math.max(...parts.map((part) => part.length))).toBeLessThan(64 * 1024);
    expect(JSON.parse(parts.join(''))).toEqual(res.body.data);
  });

  it('has no document for a period that does not exist (the service answers 404)', async () => {
    expect(await payPeriodDetailJson(t.db, '00000000-0000-4000-8000-000000000000', DATA_ENVELOPE_ROOM)).toBeUndefined();
  });
});
