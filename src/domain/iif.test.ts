import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apportionMinutes,
  buildIif,
  formatDuration,
  formatIifDate,
  hoursToHundredths,
  hundredthsToMinutes,
  iifEmployeeName,
  iifValue,
  MAX_ROW_MINUTES,
  planTimeActivities,
  splitDay,
  type IifEntry,
  type IifInput,
} from './iif.ts';

const jose = { id: 'e1', firstName: 'José', lastName: 'Müller-Łukasiewicz', qbName: null };
const zoe = { id: 'e2', firstName: 'Zoë', lastName: 'Ørsted', qbName: 'Zoe Orsted' };

const input = (entries: IifEntry[], over: Partial<IifInput> = {}): IifInput => ({
  companyName: 'Acme',
  companyCreateTime: null,
  regularPayrollItem: 'Hourly Rate',
  overtimePayrollItem: 'Overtime Rate',
  timezone: 'America/New_York',
  entries,
  ...over,
});

const at = (iso: string) => new Date(iso);

describe('iifValue / iifEmployeeName', () => {
  it.each([
    ['a\tb', 'a b'],
    ['line\r\nbreak', 'line break'],
    ['cr\ronly\nlf', 'cr only lf'],
    ['bell\u0007', 'bell'],
    ['say "hi"', "say 'hi'"],
    ['  José  ', 'Jose'],
    [null, ''],
  ])('%j -> %j', (value, expected) => expect(iifValue(value)).toBe(expected));

  it('writes `Last, First` unless the employee has a QuickBooks name', () => {
    expect(iifEmployeeName(jose)).toBe('Muller-Lukasiewicz, Jose');
    expect(iifEmployeeName(zoe)).toBe('Zoe Orsted');
    expect(iifEmployeeName({ ...zoe, qbName: '   ' })).toBe('Orsted, Zoe');
  });
});

describe('minutes arithmetic', () => {
  it.each([
    [0, 0],
    [1, 1], // 0.6 min
    [2, 1], // 1.2
    [3, 2], // 1.8
    [100, 60],
    [801, 481], // 480.6
    [4000, 2400],
  ])('%i hundredths of an hour -> %i minutes', (h, m) => expect(hundredthsToMinutes(h)).toBe(m));

  it('reads 2-decimal hours as exact hundredths', () => {
    expect([8.01, 0.29, 1.15, 4.35, 40, null].map(hoursToHundredths)).toEqual([801, 29, 115, 435, 4000, 0]);
    expect(() => hoursToHundredths(-1)).toThrow(RangeError);
  });

  it('apportions by largest remainder, ties to the earlier part', () => {
    // exact: 553.2, 567.6, 570, 543.6, 165.6 = 2400
    expect(apportionMinutes(2400, [922, 946, 950, 906, 276])).toEqual([553, 568, 570, 544, 165]);
    // three parts of 0.6 min (1.8 in all -> 2): the first two get a minute each
    expect(apportionMinutes(2, [1, 1, 1])).toEqual([1, 1, 0]);
    // larger remainder first: 0.6, 1.8, 1.2 (3.6 -> 4): the .8 and then the .6 get a minute
    expect(apportionMinutes(4, [1, 3, 2])).toEqual([1, 2, 1]);
  });

  it('refuses a target outside floor..ceil of the parts', () => {
    expect(() => apportionMinutes(5, [100])).toThrow(RangeError);
    expect(() => apportionMinutes(61, [100])).toThrow(RangeError);
  });

  it.each([
    [0, [0]],
    [1439, [1439]],
    [1440, [720, 720]],
    [1500, [750, 750]],
    [2879, [960, 960, 959]],
    [3000, [1000, 1000, 1000]],
  ])('splits %i minutes into rows of at most 23:59: %j', (minutes, parts) => {
    expect(splitDay(minutes)).toEqual(parts);
  });

  it('formats DURATION and DATE', () => {
    expect([0, 5, 61, 1439].map(formatDuration)).toEqual(['00:00', '00:05', '01:01', '23:59']);
    expect(formatIifDate('2026-03-08')).toBe('03/08/26');
  });
});

describe('buildIif', () => {
  it('writes the header block, one row per employee, day and item, CRLF and ASCII only', () => {
    const file = buildIif(
      input(
        [
          { employee: jose, clockIn: at('2026-03-06T13:01:00Z'), regularHours: 2.76, overtimeHours: 1.23, notes: 'a\tb\r\nc' },
          { employee: jose, clockIn: at('2026-03-06T17:30:00Z'), regularHours: 0, overtimeHours: 4.29, notes: 'late' },
          { employee: zoe, clockIn: at('2026-03-07T02:00:00Z'), regularHours: 8, overtimeHours: 0, notes: null },
        ],
        { companyName: 'Müller & Søn', companyCreateTime: '1234567890' },
      ),
    );
    expect(file.text.split('\r\n')).toEqual([
      '!TIMERHDR\tVER\tREL\tCOMPANYNAME\tIMPORTEDBEFORE\tFROMTIMER\tCOMPANYCREATETIME',
      'TIMERHDR\t8\t0\tMuller & Son\tN\tY\t1234567890',
      '!TIMEACT\tDATE\tJOB\tEMP\tITEM\tPITEM\tDURATION\tPROJ\tNOTE\tXFERTOPAYROLL\tBILLINGSTATUS',
      'TIMEACT\t03/06/26\t\tMuller-Lukasiewicz, Jose\t\tHourly Rate\t02:46\t\ta b c\tY\t0',
      'TIMEACT\t03/06/26\t\tMuller-Lukasiewicz, Jose\t\tOvertime Rate\t05:31\t\ta b c; late\tY\t0',
      // 21:00 local on the 6th (02:00Z on the 7th): the local work day.
      'TIMEACT\t03/06/26\t\tZoe Orsted\t\tHourly Rate\t08:00\t\t\tY\t0',
      '',
    ]);
    expect(file.text).toMatch(/^[\x20-\x7e\t\r\n]*$/);
    expect(file.minutes).toEqual({ regular: 646, overtime: 331 });
  });

  it('splits a day over 23:59 into rows of the same date', () => {
    const { activities } = planTimeActivities(
      input([{ employee: jose, clockIn: at('2026-03-07T11:00:00Z'), regularHours: 25, overtimeHours: 0, notes: null }]),
    );
    expect(activities.map((a) => [a.localDate, a.minutes])).toEqual([
      ['2026-03-07', 750],
      ['2026-03-07', 750],
    ]);
  });

  it('leaves out rows that round to zero minutes but keeps the sums', () => {
    const { activities, minutes } = planTimeActivities(
      input([
        { employee: jose, clockIn: at('2026-03-02T13:00:00Z'), regularHours: 0.01, overtimeHours: 0, notes: null },
        { employee: jose, clockIn: at('2026-03-03T13:00:00Z'), regularHours: 0.01, overtimeHours: 0, notes: null },
      ]),
    );
    // 0.02 h = 1.2 min: one minute, on the first day (tie).
    expect(minutes.regular).toBe(1);
    expect(activities.map((a) => [a.localDate, a.minutes])).toEqual([['2026-03-02', 1]]);
  });

  const entries = fc.array(
    fc.record({
      employee: fc.constantFrom(jose, zoe, { id: 'e3', firstName: 'Ana', lastName: 'Núñez', qbName: null }),
      // Any instant of March 2026 (DST change included), in whole minutes.
      clockIn: fc.integer({ min: 0, max: 31 * 24 * 60 }).map((m) => new Date(Date.UTC(2026, 2, 1) + m * 60_000)),
      regularHours: fc.integer({ min: 0, max: 3000 }).map((h) => h / 100),
      overtimeHours: fc.integer({ min: 0, max: 3000 }).map((h) => h / 100),
      notes: fc.option(fc.string(), { nil: null }),
    }),
    { maxLength: 40 },
  );

  it('writes per-item sums equal to round(period hours × 60), every employee and day within a minute', () => {
    fc.assert(
      fc.property(entries, (list) => {
        const file = buildIif(input(list));
        const lines = file.text.slice(0, -2).split('\r\n').slice(3).map((line) => line.split('\t'));
        for (const kind of ['regular', 'overtime'] as const) {
          const item = kind === 'regular' ? 'Hourly Rate' : 'Overtime Rate';
          const field = kind === 'regular' ? 'regularHours' : 'overtimeHours';
          const hundredths = list.reduce((sum, e) => sum + Math.round(e[field] * 100), 0);
          const written = lines
            .filter((f) => f[5] === item)
            .reduce((sum, f) => sum + Number(f[6]!.slice(0, 2)) * 60 + Number(f[6]!.slice(3)), 0);
          expect(written).toBe(Math.round((hundredths * 60) / 100));
          expect(file.minutes[kind]).toBe(written);
          // Each employee, and each employee's day, within one minute of its exact minutes (3h/5).
          const exact = new Map<string, number>();
          const got = new Map<string, number>();
          const bump = (map: Map<string, number>, key: string, value: number) => map.set(key, (map.get(key) ?? 0) + value);
          for (const e of list) {
            const minutes = (Math.round(e[field] * 100) * 3) / 5;
            const day = e.clockIn.toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
            bump(exact, e.employee.id, minutes);
            bump(exact, `${e.employee.id} ${day}`, minutes);
          }
          for (const a of file.activities.filter((x) => x.kind === kind)) {
            bump(got, a.employeeId, a.minutes);
            bump(got, `${a.employeeId} ${a.localDate}`, a.minutes);
          }
          for (const [key, minutes] of exact) expect(Math.abs((got.get(key) ?? 0) - minutes)).toBeLessThan(1);
        }
        for (const a of file.activities) {
          expect(a.minutes).toBeGreaterThan(0);
          expect(a.minutes).toBeLessThanOrEqual(MAX_ROW_MINUTES);
        }
        expect(file.text).toMatch(/^[\x20-\x7e\t\r\n]*$/);
        for (const line of lines) expect(line).toHaveLength(11);
      }),
      { numRuns: 300 },
    );
  });
});
