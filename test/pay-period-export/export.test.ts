// GET /api/v1/admin/pay-periods/{id}/export (docs/api.md §15): the QuickBooks IIF and CSV files, their
// sums against the period's totals, the export stamp and audit row, and the access rules.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { auditLogs, payPeriods } from '../../src/db/schema.ts';
import { queryRows } from '../../src/db/open.ts';
import { reallocateWorkweeks } from '../../src/modules/time-entries/allocation.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import {
  createAdmin,
  createCompany,
  createEmployee,
  createOrg,
  createPayPeriod,
  createTimeEntry,
  type AdminRow,
  type CompanyRow,
  type EmployeeRow,
  type OrgRow,
  type PayPeriodRow,
} from '../helpers/factories.ts';
import { adminToken, client, employeeToken } from '../helpers/http.ts';

const GOLDEN = join(import.meta.dirname, 'golden');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const NOW = new Date('2026-04-01T15:00:00.000Z');
const TZ = 'America/New_York';

let t: TestApp;
let api: ReturnType<typeof client>;
const clock = new ManualClock(NOW);

beforeAll(async () => {
  t = await createTestApp({ clock });
  api = client(t.app);
});
afterAll(async () => {
  await t?.close();
});

/** Local wall time in New York, written with its offset (EST -05:00 before 2026-03-08 02:00, EDT -04:00 after). */
const ny = (local: string, offset = '-05:00') => new Date(`${local}${offset}`);

interface Shift {
  employee: EmployeeRow;
  clockIn: Date;
  clockOut: Date | null;
  breakMinutes?: number;
  notes?: string;
  jobCode?: string;
  taskCode?: string;
}

interface Scenario {
  org: OrgRow;
  admin: AdminRow;
  company: CompanyRow;
  period: PayPeriodRow;
  token: string;
}

async function createScenario(options: {
  companyName: string;
  qbCompanyName?: string | null;
  qbCompanyCreateTime?: string | null;
  start: Date;
  end: Date;
  shifts: (employees: EmployeeRow[]) => Shift[];
  employees: Array<{ firstName: string; lastName: string; employeeNumber: string; payRate: number; qbName?: string | null }>;
}): Promise<Scenario & { employees: EmployeeRow[] }> {
  const org = await createOrg(t.db, { timezone: TZ, overtimeThreshold: 40, overtimeMultiplier: 1.5 });
  const admin = await createAdmin(t.db, { bookkeeperOrgId: org.id });
  const company = await createCompany(t.db, {
    bookkeeperOrgId: org.id,
    name: options.companyName,
    qbCompanyName: options.qbCompanyName ?? null,
    qbCompanyCreateTime: options.qbCompanyCreateTime ?? null,
  });
  const employees: EmployeeRow[] = [];
  for (const e of options.employees) employees.push(await createEmployee(t.db, { companyId: company.id, ...e }));
  const period = await createPayPeriod(t.db, { companyId: company.id, startDate: options.start, endDate: options.end });
  const shifts = options.shifts(employees);
  for (const s of shifts) {
    await createTimeEntry(t.db, {
      employeeId: s.employee.id,
      companyId: company.id,
      payPeriodId: period.id,
      clockIn: s.clockIn,
      clockOut: s.clockOut,
      breakMinutes: s.breakMinutes ?? 0,
      notes: s.notes ?? null,
      jobCode: s.jobCode ?? null,
      taskCode: s.taskCode ?? null,
    });
  }
  // The hours are the real allocation (docs/time-rules.md §8, §10), as a clock out would have written them.
  await t.db.transaction(async (tx) => {
    for (const employee of employees) {
      const instants = shifts.filter((s) => s.employee.id === employee.id).map((s) => s.clockIn);
      await reallocateWorkweeks(tx, employee.id, instants, { timezone: TZ, overtimeThreshold: 40 });
    }
  });
  return { org, admin, company, period, employees, token: await adminToken(t.tokens, admin) };
}

/** The week of 2026-03-01..07 (EST): José crosses 40 h on Friday; Zoë works a 25 h shift into the DST change. */
function overtimeWeek() {
  return createScenario({
    companyName: 'Müller & Søn Landscaping',
    qbCompanyName: 'Muller & Son Landscaping LLC',
    qbCompanyCreateTime: '1234567890',
    start: ny('2026-03-01T00:00:00.000'),
    end: ny('2026-03-07T23:59:59.999'),
    employees: [
      { firstName: 'José', lastName: 'Müller-Łukasiewicz', employeeNumber: 'E-001', payRate: 27.35 },
      { firstName: 'Zoë', lastName: 'Ørsted', employeeNumber: '-7', payRate: 19.99, qbName: 'Orsted, Zoe (crew 2)' },
    ],
    shifts: ([jose, zoe]) => [
      { employee: jose!, clockIn: ny('2026-03-02T07:58:00'), clockOut: ny('2026-03-02T17:41:13'), breakMinutes: 30, notes: 'Front beds' },
      { employee: jose!, clockIn: ny('2026-03-03T08:02:00'), clockOut: ny('2026-03-03T17:59:47'), breakMinutes: 30 },
      { employee: jose!, clockIn: ny('2026-03-04T07:55:00'), clockOut: ny('2026-03-04T18:10:05'), breakMinutes: 45, jobCode: '=SUM(A1:A9)' },
      { employee: jose!, clockIn: ny('2026-03-05T08:00:00'), clockOut: ny('2026-03-05T17:33:33'), breakMinutes: 30 },
      {
        employee: jose!,
        clockIn: ny('2026-03-06T08:01:00'),
        clockOut: ny('2026-03-06T12:00:20'),
        notes: 'Fixed sprinkler\tzone 3\r\nneeds a "new" valve, Größe 2',
        taskCode: '@cmd',
      },
      // Same day, after lunch: all overtime.
      { employee: jose!, clockIn: ny('2026-03-06T12:30:00'), clockOut: ny('2026-03-06T16:47:29'), notes: '+1 helper' },
      { employee: zoe!, clockIn: ny('2026-03-03T09:00:00'), clockOut: ny('2026-03-03T15:20:00'), notes: '-startup' },
      // 25 hours of work counted on Saturday (the clocks spring forward during it).
      { employee: zoe!, clockIn: ny('2026-03-07T06:00:00'), clockOut: ny('2026-03-08T08:00:00', '-04:00'), notes: 'Storm cleanup' },
    ],
  });
}

/** The DST week 2026-03-08..14: 2026-03-08 02:00 EST jumps to 03:00 EDT. */
function dstWeek() {
  return createScenario({
    companyName: 'Café Łódź',
    start: new Date('2026-03-08T05:00:00.000Z'),
    end: new Date('2026-03-15T03:59:59.999Z'),
    employees: [{ firstName: 'Ana', lastName: 'Núñez', employeeNumber: 'N-1', payRate: 18 }],
    shifts: ([ana]) => [
      // 00:30 EST to 09:30 EDT: 9 h on the wall clock, 8 h worked.
      { employee: ana!, clockIn: ny('2026-03-08T00:30:00'), clockOut: ny('2026-03-08T09:30:00', '-04:00') },
      // 21:00 local is already the next day in UTC: the work day is Monday the 9th.
      { employee: ana!, clockIn: ny('2026-03-09T21:00:00', '-04:00'), clockOut: ny('2026-03-10T07:15:00', '-04:00'), breakMinutes: 15 },
      { employee: ana!, clockIn: ny('2026-03-11T08:00:00', '-04:00'), clockOut: ny('2026-03-11T20:00:00', '-04:00'), breakMinutes: 60 },
      { employee: ana!, clockIn: ny('2026-03-12T08:00:00', '-04:00'), clockOut: ny('2026-03-12T20:00:00', '-04:00'), breakMinutes: 60 },
      // Over midnight into Sunday, counted on Saturday the 14th: overtime.
      { employee: ana!, clockIn: ny('2026-03-14T22:00:00', '-04:00'), clockOut: ny('2026-03-15T06:00:00', '-04:00') },
    ],
  });
}

/**
 * Three employees with 1.01 h (60.6 min) on Monday and 38.99 h regular + 0.01 h overtime on
 * Tuesday. Overtime: the period's 0.03 h are 1.8 -> 2 minutes, whereas rounding each employee
 * alone would write 3 × 1 = 3; regular: each day rounds up (61 + 2339.4) yet each employee's
 * week must stay 2400.
 */
function roundingWeek() {
  return createScenario({
    companyName: 'Rounding Co',
    start: ny('2026-02-01T00:00:00'),
    end: ny('2026-02-07T23:59:59.999'),
    employees: ['Amy', 'Bob', 'Cy'].map((firstName, i) => ({ firstName, lastName: 'Round', employeeNumber: `R-${i}`, payRate: 10 })),
    shifts: (people) =>
      people.flatMap((employee) => [
        { employee, clockIn: ny('2026-02-02T09:00:00'), clockOut: ny('2026-02-02T10:00:36') },
        // 40 h minus the 1.01 h above, then 36 s of overtime: 0.01 h.
        { employee, clockIn: ny('2026-02-03T00:00:00'), clockOut: new Date(ny('2026-02-03T00:00:00').getTime() + (38.99 * 3600 + 36) * 1000) },
      ]),
  });
}

const exportUrl = (id: string) => `/api/v1/admin/pay-periods/${id}/export`;

function checkGolden(name: string, actual: string): void {
  const path = join(GOLDEN, name);
  if (UPDATE) writeFileSync(path, actual, 'utf8');
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

/** The period's totals straight from the database, as decimal text: an independent path from the export's arithmetic. */
async function periodTotals(periodId: string) {
  const [row] = await queryRows<{ total: string; regular: string; overtime: string }>(
    t.db,
    sql`select coalesce(sum(total_hours), 0)::text as total, coalesce(sum(regular_hours), 0)::text as regular,
               coalesce(sum(overtime_hours), 0)::text as overtime
        from time_entries where pay_period_id = ${periodId} and clock_out is not null`,
  );
  return { totalHours: Number(row!.total), regularHours: Number(row!.regular), overtimeHours: Number(row!.overtime) };
}

/** Reads an IIF file back the way QuickBooks does: CRLF lines, tab-separated fields. */
function parseIif(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(/^[\x20-\x7e\t\r\n]*$/.test(text)).toBe(true); // ASCII, no stray control characters
  const lines = text.slice(0, -2).split('\r\n');
  for (const line of lines) expect(line).not.toMatch(/[\r\n]/);
  const rows = lines.map((line) => line.split('\t'));
  expect(rows[0]).toEqual(['!TIMERHDR', 'VER', 'REL', 'COMPANYNAME', 'IMPORTEDBEFORE', 'FROMTIMER', 'COMPANYCREATETIME']);
  expect(rows[1]!.slice(0, 3)).toEqual(['TIMERHDR', '8', '0']);
  expect(rows[2]).toEqual(['!TIMEACT', 'DATE', 'JOB', 'EMP', 'ITEM', 'PITEM', 'DURATION', 'PROJ', 'NOTE', 'XFERTOPAYROLL', 'BILLINGSTATUS']);
  const activities = rows.slice(3).map((fields) => {
    expect(fields).toHaveLength(11);
    expect(fields[0]).toBe('TIMEACT');
    expect(fields[1]).toMatch(/^\d{2}\/\d{2}\/\d{2}$/);
    const [hh, mm] = fields[6]!.split(':').map(Number);
    expect(fields[6]).toMatch(/^\d{2}:[0-5]\d$/);
    expect(hh! * 60 + mm!).toBeLessThanOrEqual(23 * 60 + 59);
    expect(fields[9]).toBe('Y');
    expect(fields[10]).toBe('0');
    return { date: fields[1]!, emp: fields[3]!, pitem: fields[5]!, minutes: hh! * 60 + mm!, note: fields[8]! };
  });
  return { header: rows[1]!, activities };
}

/** A small RFC 4180 reader (quoted fields, doubled quotes, CRLF inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else field += c;
      i += 1;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else {
      expect(c).not.toBe('\n'); // a bare LF outside quotes is not RFC 4180
      expect(c).not.toBe('"');
      field += c;
    }
    i += 1;
  }
  expect(quoted).toBe(false);
  expect(field).toBe(''); // the file ends with CRLF
  expect(row).toEqual([]);
  return rows;
}

const sumMinutes = (activities: Array<{ pitem: string; minutes: number }>, pitem: string) =>
  activities.filter((a) => a.pitem === pitem).reduce((sum, a) => sum + a.minutes, 0);

describe('GET /api/v1/admin/pay-periods/{id}/export', () => {
  it('answers an IIF attachment for a week with overtime that matches the golden file', async () => {
    const s = await overtimeWeek();
    const res = await api.get(exportUrl(s.period.id), { token: s.token, query: { format: 'iif' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-iif');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="payclock-muller-son-landscaping-2026-03-01-2026-03-07.iif"',
    );
    checkGolden('overtime-week.iif', res.raw);
    const { header, activities } = parseIif(res.raw);
    expect(header).toEqual(['TIMERHDR', '8', '0', 'Muller & Son Landscaping LLC', 'N', 'Y', '1234567890']);
    // EMP: `Last, First` transliterated, or the QuickBooks name when the employee has one.
    expect(new Set(activities.map((a) => a.emp))).toEqual(new Set(['Muller-Lukasiewicz, Jose', 'Orsted, Zoe (crew 2)']));
    expect(new Set(activities.map((a) => a.pitem))).toEqual(new Set(['Hourly Rate', 'Overtime Rate']));
    // Friday splits into regular and overtime rows; the note's tab and line break are spaces.
    const friday = activities.filter((a) => a.date === '03/06/26');
    expect(friday.map((a) => a.pitem)).toEqual(['Hourly Rate', 'Overtime Rate']);
    expect(friday[0]!.note).toBe("Fixed sprinkler zone 3 needs a 'new' valve, Grosse 2");
    // Zoë's 25-hour Saturday is two rows, each under 24 hours.
    const saturday = activities.filter((a) => a.date === '03/07/26');
    expect(saturday.length).toBeGreaterThanOrEqual(2);
    expect(saturday.reduce((sum, a) => sum + a.minutes, 0)).toBe(25 * 60);
  });

  it('writes IIF durations whose sums equal the period totals in minutes, regular and overtime separately', async () => {
    for (const build of [overtimeWeek, dstWeek, roundingWeek]) {
      const s = await build();
      const res = await api.get(exportUrl(s.period.id), { token: s.token, query: { format: 'iif' } });
      expect(res.status).toBe(200);
      const { activities } = parseIif(res.raw);
      if (build === roundingWeek) expect(sumMinutes(activities, 'Overtime Rate')).toBe(2);
      // The period's totals as the API shows them (GET /admin/pay-periods/{id}), and as the database sums them.
      const shown = await api.get(`/api/v1/admin/pay-periods/${s.period.id}`, { token: s.token });
      expect(shown.status).toBe(200);
      const totals = shown.body.data.totals as { totalHours: number; regularHours: number; overtimeHours: number };
      expect(totals).toEqual(await periodTotals(s.period.id));
      expect(totals.overtimeHours).toBeGreaterThan(0);
      // "Equal": minutes written == the period's hours × 60, rounded to the minute (0.01 h is 0.6 min).
      expect(sumMinutes(activities, 'Hourly Rate')).toBe(Math.round(totals.regularHours * 60));
      expect(sumMinutes(activities, 'Overtime Rate')).toBe(Math.round(totals.overtimeHours * 60));
      // Both items together are within a minute of the total (two roundings instead of one).
      const all = activities.reduce((sum, a) => sum + a.minutes, 0);
      expect(Math.abs(all - totals.totalHours * 60)).toBeLessThan(1);
    }
  });

  it('keeps each employee within one minute of their own hours in the IIF', async () => {
    const s = await overtimeWeek();
    const res = await api.get(exportUrl(s.period.id), { token: s.token, query: { format: 'iif' } });
    const { activities } = parseIif(res.raw);
    const rows = await queryRows<{ first_name: string; regular: string; overtime: string }>(
      t.db,
      sql`select e.first_name, sum(te.regular_hours)::text as regular, sum(te.overtime_hours)::text as overtime
          from time_entries te join employees e on e.id = te.employee_id
          where te.pay_period_id = ${s.period.id} group by e.first_name`,
    );
    for (const row of rows) {
      const emp = row.first_name === 'José' ? 'Muller-Lukasiewicz, Jose' : 'Orsted, Zoe (crew 2)';
      const mine = activities.filter((a) => a.emp === emp);
      expect(Math.abs(sumMinutes(mine, 'Hourly Rate') - Number(row.regular) * 60)).toBeLessThan(1);
      expect(Math.abs(sumMinutes(mine, 'Overtime Rate') - Number(row.overtime) * 60)).toBeLessThan(1);
    }
  });

  it('answers a CSV that a CSV parser reads back, with formulas neutralised, matching the golden file', async () => {
    const s = await overtimeWeek();
    const res = await api.get(exportUrl(s.period.id), { token: s.token, query: { format: 'csv' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="payclock-muller-son-landscaping-2026-03-01-2026-03-07.csv"',
    );
    checkGolden('overtime-week.csv', res.raw);
    expect(res.raw.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(res.raw.slice(1));
    expect(header).toEqual([
      'Employee Number', 'Employee Name', 'Date', 'Clock In', 'Clock Out', 'Break Minutes', 'Total Hours', 'Regular Hours',
      'Overtime Hours', 'Pay Rate', 'Regular Pay', 'Overtime Pay', 'Job Code', 'Task Code', 'Status', 'Notes',
    ]);
    expect(rows).toHaveLength(8);
    for (const row of rows) {
      expect(row).toHaveLength(16);
      // No cell may start a formula.
      for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
    const jose = rows.filter((r) => r[1] === 'José Müller-Łukasiewicz');
    expect(jose).toHaveLength(6);
    expect(jose[2]![12]).toBe("'=SUM(A1:A9)");
    const friday = jose[4]!;
    expect(friday.slice(2, 5)).toEqual(['2026-03-06', '2026-03-06 08:01', '2026-03-06 12:00']);
    expect(friday[13]).toBe("'@cmd");
    expect(friday[15]).toBe('Fixed sprinkler\tzone 3\r\nneeds a "new" valve, Größe 2');
    expect(jose[5]![15]).toBe("'+1 helper");
    const zoe = rows.filter((r) => r[1] === 'Zoë Ørsted');
    expect(zoe[0]![0]).toBe("'-7");
    // Pay: regular × rate and overtime × rate × 1.5, to the cent.
    for (const row of rows) {
      const [regular, overtime, rate] = [Number(row[7]), Number(row[8]), Number(row[9])];
      expect(Number(row[10])).toBeCloseTo(Math.round(regular * rate * 100) / 100, 2);
      expect(Number(row[11])).toBeCloseTo(Math.round(overtime * rate * 1.5 * 100) / 100, 2);
      expect(Number(row[6])).toBeCloseTo(regular + overtime, 2);
    }
    // The CSV's hours sum to the period's totals (each row carries the entry's rounded hours).
    const totals = await periodTotals(s.period.id);
    const cents = (col: number) => rows.reduce((sum, r) => sum + Math.round(Number(r[col]) * 100), 0);
    expect(cents(7)).toBe(Math.round(totals.regularHours * 100));
    expect(cents(8)).toBe(Math.round(totals.overtimeHours * 100));
    expect(cents(6)).toBe(Math.round(totals.totalHours * 100));
  });

  it('exports a DST week in local time (IIF and CSV golden files)', async () => {
    const s = await dstWeek();
    const iif = await api.get(exportUrl(s.period.id), { token: s.token, query: { format: 'iif' } });
    expect(iif.status).toBe(200);
    expect(iif.headers['content-disposition']).toBe('attachment; filename="payclock-cafe-lodz-2026-03-08-2026-03-14.iif"');
    checkGolden('dst-week.iif', iif.raw);
    const { header, activities } = parseIif(iif.raw);
    // No QuickBooks name set: the company's own name, transliterated; no create time.
    expect(header).toEqual(['TIMERHDR', '8', '0', 'Cafe Lodz', 'N', 'Y', '']);
    const sunday = activities.filter((a) => a.date === '03/08/26');
    expect(sunday.reduce((sum, a) => sum + a.minutes, 0)).toBe(8 * 60);
    expect(activities.filter((a) => a.date === '03/09/26').reduce((sum, a) => sum + a.minutes, 0)).toBe(10 * 60);
    expect(activities.filter((a) => a.date === '03/10/26')).toEqual([]);

    const csv = await api.get(exportUrl(s.period.id), { token: s.token, query: { format: 'csv' } });
    expect(csv.status).toBe(200);
    checkGolden('dst-week.csv', csv.raw);
    const rows = parseCsv(csv.raw.slice(1)).slice(1);
    expect(rows[0]!.slice(2, 7)).toEqual(['2026-03-08', '2026-03-08 00:30', '2026-03-08 09:30', '0', '8.00']);
    expect(rows[1]!.slice(2, 5)).toEqual(['2026-03-09', '2026-03-09 21:00', '2026-03-10 07:15']);
  });

  it('records exportedBy, exportedAt and iifFilename on the period, and an audit entry', async () => {
    const s = await overtimeWeek();
    clock.set('2026-04-02T10:11:12.345Z');
    const res = await api.get(exportUrl(s.period.id), { token: s.token, query: { format: 'iif' }, headers: { 'user-agent': 'export-test' } });
    expect(res.status).toBe(200);
    const [period] = await t.db.select().from(payPeriods).where(eq(payPeriods.id, s.period.id));
    expect(period!.exportedBy).toBe(s.admin.email);
    expect(period!.exportedAt!.toISOString()).toBe('2026-04-02T10:11:12.345Z');
    expect(period!.iifFilename).toBe('payclock-muller-son-landscaping-2026-03-01-2026-03-07.iif');

    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, s.period.id), eq(auditLogs.action, 'pay_period.export')));
    expect(audit).toMatchObject({ actorType: 'admin', actorId: s.admin.id, bookkeeperOrgId: s.org.id, entityType: 'pay_period', userAgent: 'export-test' });
    const totals = await periodTotals(s.period.id);
    expect(audit!.details).toMatchObject({
      format: 'iif',
      filename: 'payclock-muller-son-landscaping-2026-03-01-2026-03-07.iif',
      entries: 8,
      rows: parseIif(res.raw).activities.length,
      totals,
      minutes: { regular: Math.round(totals.regularHours * 60), overtime: Math.round(totals.overtimeHours * 60) },
    });

    // A CSV export stamps who and when, and keeps the IIF filename.
    clock.set('2026-04-03T08:00:00.000Z');
    expect((await api.get(exportUrl(s.period.id), { token: s.token, query: { format: 'csv' } })).status).toBe(200);
    const [after] = await t.db.select().from(payPeriods).where(eq(payPeriods.id, s.period.id));
    expect(after!.exportedAt!.toISOString()).toBe('2026-04-03T08:00:00.000Z');
    expect(after!.iifFilename).toBe('payclock-muller-son-landscaping-2026-03-01-2026-03-07.iif');
    const csvAudits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, s.period.id), eq(auditLogs.action, 'pay_period.export'), sql`${auditLogs.details}->>'format' = 'csv'`));
    expect(csvAudits).toHaveLength(1);
    expect(csvAudits[0]!.details).toMatchObject({ rows: 8, filename: 'payclock-muller-son-landscaping-2026-03-01-2026-03-07.csv' });
    clock.set(NOW);
  });

  describe('with an entry still open', () => {
    async function withOpenEntry() {
      const s = await dstWeek();
      // Still clocked in: another employee, so that the closed entries are the DST week's.
      const late = await createEmployee(t.db, { companyId: s.company.id, firstName: 'Ola', lastName: 'Late' });
      await createTimeEntry(t.db, { employeeId: late.id, companyId: s.company.id, payPeriodId: s.period.id, clockIn: ny('2026-03-13T08:00:00', '-04:00') });
      return s;
    }

    it('refuses with 409 Pay period not ready and stamps nothing', async () => {
      const s = await withOpenEntry();
      const res = await api.get(exportUrl(s.period.id), { token: s.token, query: { format: 'iif' } });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ success: false, error: 'Pay period not ready', data: { openEntries: 1 } });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const forced = await api.get(exportUrl(s.period.id), { token: s.token, query: { format: 'csv', force: 'false' } });
      expect(forced.status).toBe(409);
      const [period] = await t.db.select().from(payPeriods).where(eq(payPeriods.id, s.period.id));
      expect(period!.exportedAt).toBeNull();
      expect(period!.exportedBy).toBeNull();
    });

    it('exports the closed entries with force=true, leaving the open one out', async () => {
      const s = await withOpenEntry();
      const res = await api.get(exportUrl(s.period.id), { token: s.token, query: { format: 'iif', force: true } });
      expect(res.status).toBe(200);
      // The same file as without the open entry.
      expect(res.raw).toBe(readFileSync(join(GOLDEN, 'dst-week.iif'), 'utf8'));
      const csv = await api.get(exportUrl(s.period.id), { token: s.token, query: { format: 'csv', force: 'true' } });
      expect(csv.status).toBe(200);
      expect(parseCsv(csv.raw.slice(1))).toHaveLength(1 + 5);
      const [audit] = await t.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entityId, s.period.id), eq(auditLogs.action, 'pay_period.export')))
        .limit(1);
      expect(audit!.details).toMatchObject({ force: true, skippedOpenEntries: 1, entries: 5 });
    });
  });

  it('exports an empty period as headers only', async () => {
    const org = await createOrg(t.db);
    const admin = await createAdmin(t.db, { bookkeeperOrgId: org.id });
    const company = await createCompany(t.db, { bookkeeperOrgId: org.id, name: '株式会社' });
    const period = await createPayPeriod(t.db, { companyId: company.id, startDate: ny('2026-02-01T00:00:00'), endDate: ny('2026-02-07T23:59:59.999') });
    const token = await adminToken(t.tokens, admin);
    const iif = await api.get(exportUrl(period.id), { token, query: { format: 'iif' } });
    expect(iif.status).toBe(200);
    expect(iif.headers['content-disposition']).toBe('attachment; filename="payclock-company-2026-02-01-2026-02-07.iif"');
    expect(parseIif(iif.raw).activities).toEqual([]);
    expect(parseIif(iif.raw).header[3]).toBe('????');
    const csv = await api.get(exportUrl(period.id), { token, query: { format: 'csv' } });
    expect(parseCsv(csv.raw.slice(1))).toHaveLength(1);
  });

  describe('access and validation', () => {
    let s: Scenario & { employees: EmployeeRow[] };
    beforeAll(async () => {
      s = await dstWeek();
      const late = await createEmployee(t.db, { companyId: s.company.id });
      await createTimeEntry(t.db, { employeeId: late.id, companyId: s.company.id, payPeriodId: s.period.id, clockIn: ny('2026-03-13T08:00:00', '-04:00') });
    });

    it("answers 403 Access denied for another organization's period, before the open-entry check", async () => {
      const other = await createOrg(t.db);
      const outsider = await createAdmin(t.db, { bookkeeperOrgId: other.id });
      const res = await api.get(exportUrl(s.period.id), { token: await adminToken(t.tokens, outsider), query: { format: 'iif' } });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, error: 'Access denied' });
      const [period] = await t.db.select().from(payPeriods).where(eq(payPeriods.id, s.period.id));
      expect(period!.exportedAt).toBeNull();
    });

    it("lets a SUPER_ADMIN export another organization's period", async () => {
      const other = await createOrg(t.db);
      const root = await createAdmin(t.db, { bookkeeperOrgId: other.id, role: 'SUPER_ADMIN' });
      const res = await api.get(exportUrl(s.period.id), { token: await adminToken(t.tokens, root), query: { format: 'csv', force: true } });
      expect(res.status).toBe(200);
    });

    it('answers 404 Pay period not found for an unknown id and for a non-UUID id', async () => {
      for (const id of ['7d3f6a52-0c1e-4a57-9a51-3b4f3d9b0c11', 'not-a-uuid', "1'%20or%201=1"]) {
        const res = await api.get(exportUrl(id), { token: s.token, query: { format: 'iif' } });
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ success: false, error: 'Pay period not found' });
      }
    });

    it('answers 400 Validation failed when format is missing or unknown, or force is not a boolean', async () => {
      const cases: Array<[Record<string, string>, string]> = [
        [{}, 'format'],
        [{ format: 'pdf' }, 'format'],
        [{ format: 'IIF' }, 'format'],
        [{ format: 'csv', force: 'yes' }, 'force'],
      ];
      for (const [query, field] of cases) {
        const res = await api.get(exportUrl(s.period.id), { token: s.token, query });
        expect(res.status).toBe(400);
        expect(res.body.error).toBe('Validation failed');
        expect(res.body.message).toMatch(new RegExp(`^${field}: `));
      }
    });

    it('answers no HEAD (an export stamps the period)', async () => {
      const audits = () =>
        t.db.select().from(auditLogs).where(and(eq(auditLogs.entityId, s.period.id), eq(auditLogs.action, 'pay_period.export')));
      const before = (await audits()).length;
      const res = await t.app.inject({ method: 'HEAD', url: `${exportUrl(s.period.id)}?format=iif&force=true`, headers: { authorization: `Bearer ${s.token}` } });
      expect(res.statusCode).toBe(404);
      expect(await audits()).toHaveLength(before);
    });

    it('answers 401 without a token and 403 for an employee token', async () => {
      const anonymous = await api.get(exportUrl(s.period.id), { query: { format: 'iif' } });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.error).toBe('Authentication required');
      const employee = await api.get(exportUrl(s.period.id), { token: await employeeToken(t.tokens, s.employees[0]!), query: { format: 'iif' } });
      expect(employee.status).toBe(403);
      expect(employee.body.error).toBe('Access denied. Required role: admin');
    });
  });

  it('is listed in the OpenAPI document with a string 200 and the error statuses', async () => {
    const res = await api.get('/api/v1/openapi.json');
    if (res.status === 404) return; // no OpenAPI document route: nothing to check
    const operation = res.body.paths?.['/api/v1/admin/pay-periods/{id}/export']?.get;
    expect(operation).toBeDefined();
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409']));
  });

});
