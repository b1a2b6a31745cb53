import { describe, expect, it } from 'vitest';
import { buildCsv, csvLine, formatHundredths, localDateTime, quoteField, textCell, UTF8_BOM, type CsvEntry } from './csv.ts';

const entry = (over: Partial<CsvEntry> = {}): CsvEntry => ({
  employeeNumber: 'E-1',
  firstName: 'José',
  lastName: 'Müller',
  clockIn: new Date('2026-03-02T13:00:00Z'),
  clockOut: new Date('2026-03-02T21:30:00Z'),
  breakMinutes: 30,
  totalHours: 8,
  regularHours: 8,
  overtimeHours: 0,
  payRate: 20,
  jobCode: null,
  taskCode: null,
  status: 'APPROVED',
  notes: null,
  ...over,
});

describe('textCell (OWASP CSV injection)', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+1', "'+1"],
    ['-7', "'-7"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j -> %j', (input, expected) => expect(textCell(input)).toBe(expected));

  it('treats null as an empty cell', () => expect(textCell(null)).toBe(''));
});

describe('quoteField / csvLine (RFC 4180)', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['lf\nonly', '"lf\nonly"'],
    ['tab\tis fine', 'tab\tis fine'],
  ])('%j -> %j', (input, expected) => expect(quoteField(input)).toBe(expected));

  it('ends every line with CRLF', () => expect(csvLine(['a', 'b,c'])).toBe('a,"b,c"\r\n'));
});

describe('formatHundredths / localDateTime', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [801, '8.01'],
    [123456, '1234.56'],
  ])('%i -> %s', (input, expected) => expect(formatHundredths(input)).toBe(expected));

  it('writes wall time in the zone, across the 2026-03-08 DST change', () => {
    expect(localDateTime(new Date('2026-03-08T05:30:00Z'), 'America/New_York')).toBe('2026-03-08 00:30');
    expect(localDateTime(new Date('2026-03-08T13:30:00Z'), 'America/New_York')).toBe('2026-03-08 09:30');
    expect(localDateTime(new Date('2026-03-10T01:00:00Z'), 'America/New_York')).toBe('2026-03-09 21:00');
  });
});

describe('buildCsv', () => {
  const rows = (text: string) => text.slice(UTF8_BOM.length).split('\r\n');

  it('writes a BOM, the header and one row per entry', () => {
    const text = buildCsv({ timezone: 'America/New_York', overtimeMultiplier: 1.5, entries: [entry()] });
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    expect(rows(text)).toEqual([
      'Employee Number,Employee Name,Date,Clock In,Clock Out,Break Minutes,Total Hours,Regular Hours,Overtime Hours,Pay Rate,Regular Pay,Overtime Pay,Job Code,Task Code,Status,Notes',
      'E-1,José Müller,2026-03-02,2026-03-02 08:00,2026-03-02 16:30,30,8.00,8.00,0.00,20.00,160.00,0.00,,,APPROVED,',
      '',
    ]);
  });

  it.each([
    // regular, overtime, rate, multiplier -> regular pay, overtime pay (half up to the cent)
    [2.76, 1.23, 27.35, 1.5, '75.49', '50.46'], // 75.486, 50.46075
    [0.1, 0.1, 0.05, 1.5, '0.01', '0.01'], // 0.005 -> 0.01; 0.0075 -> 0.01
    [40, 0.01, 33.33, 2, '1333.20', '0.67'], // 0.6666
    [0, 12.34, 19.99, 1.75, '0.00', '431.68'], // 431.68405
    [8.01, 0, 15.5, 1.5, '124.16', '0.00'], // 124.155 exactly: half up
  ])('pays %f regular and %f overtime hours at %f × %f', (regular, overtime, rate, multiplier, regularPay, overtimePay) => {
    const text = buildCsv({
      timezone: 'UTC',
      overtimeMultiplier: multiplier,
      entries: [entry({ regularHours: regular, overtimeHours: overtime, totalHours: regular + overtime, payRate: rate })],
    });
    const cells = rows(text)[1]!.split(',');
    expect([cells[10], cells[11]]).toEqual([regularPay, overtimePay]);
  });

  it('neutralises text cells but leaves numbers alone', () => {
    const text = buildCsv({
      timezone: 'UTC',
      overtimeMultiplier: 1.5,
      entries: [entry({ employeeNumber: '-12', jobCode: '=HYPERLINK("http://x")', taskCode: '@t', notes: '+note, with comma' })],
    });
    expect(rows(text)[1]).toBe(
      `'-12,José Müller,2026-03-02,2026-03-02 13:00,2026-03-02 21:30,30,8.00,8.00,0.00,20.00,160.00,0.00,"'=HYPERLINK(""http://x"")",'@t,APPROVED,"'+note, with comma"`,
    );
  });
});
