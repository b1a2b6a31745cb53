import { describe, expect, it } from 'vitest';
import { dateRangeProblems, entryAuditView, entryTimeProblems, mergeEntryTimes, parseEntryInstant, statusChange } from './time-entry-rules.ts';

const NOW = new Date('2026-03-10T12:00:00Z');
const at = (iso: string) => new Date(iso);

describe('parseEntryInstant', () => {
  it.each<{ input: string; zone: string; expected: string | null; why: string }>([
    { input: '2026-03-10T09:00:00Z', zone: 'UTC', expected: '2026-03-10T09:00:00.000Z', why: 'UTC offset' },
    { input: '2026-03-10T09:00:00-05:00', zone: 'UTC', expected: '2026-03-10T14:00:00.000Z', why: 'explicit offset wins over the zone' },
    { input: '2026-03-10T09:00', zone: 'America/New_York', expected: '2026-03-10T13:00:00.000Z', why: 'no offset: read in the zone (EDT)' },
    { input: '2026-03-10', zone: 'UTC', expected: null, why: 'a date alone is not an instant' },
    { input: 'yesterday', zone: 'UTC', expected: null, why: 'not a date' },
    { input: '2026-02-30T09:00:00Z', zone: 'UTC', expected: null, why: 'no such day' },
    { input: '1969-12-31T23:00:00Z', zone: 'UTC', expected: null, why: 'before 1970' },
  ])('$input in $zone -> $expected ($why)', ({ input, zone, expected, why: _why }) => {
    expect(parseEntryInstant(input, zone)?.toISOString() ?? null).toBe(expected);
  });
});

describe('entryTimeProblems', () => {
  it.each<{ why: string; clockIn: string; clockOut: string | null; breakMinutes: number; inSent?: boolean; outSent?: boolean; problems: string[] }>([
    { why: 'a valid closed entry', clockIn: '2026-03-10T08:00:00Z', clockOut: '2026-03-10T11:00:00Z', breakMinutes: 30, problems: [] },
    { why: 'a valid open entry', clockIn: '2026-03-10T08:00:00Z', clockOut: null, breakMinutes: 0, problems: [] },
    { why: 'clock in exactly now', clockIn: '2026-03-10T12:00:00Z', clockOut: null, breakMinutes: 0, problems: [] },
    {
      why: 'clock in in the future',
      clockIn: '2026-03-10T12:00:01Z',
      clockOut: null,
      breakMinutes: 0,
      problems: ['clockIn: must not be in the future'],
    },
    {
      why: 'a future clock in not sent on update is not judged',
      clockIn: '2026-03-10T13:00:00Z',
      clockOut: null,
      breakMinutes: 0,
      inSent: false,
      problems: [],
    },
    {
      why: 'clock out before clock in (the break is then not judged)',
      clockIn: '2026-03-10T10:00:00Z',
      clockOut: '2026-03-10T09:00:00Z',
      breakMinutes: 600,
      problems: ['clockOut: must not be before clockIn'],
    },
    {
      why: 'break equal to the elapsed time is allowed',
      clockIn: '2026-03-10T10:00:00Z',
      clockOut: '2026-03-10T11:00:00Z',
      breakMinutes: 60,
      problems: [],
    },
    {
      why: 'break longer than the elapsed time',
      clockIn: '2026-03-10T10:00:00Z',
      clockOut: '2026-03-10T11:00:00Z',
      breakMinutes: 61,
      problems: ['breakMinutes: must not exceed the time between clockIn and clockOut'],
    },
    {
      why: 'clock out in the future',
      clockIn: '2026-03-10T10:00:00Z',
      clockOut: '2026-03-10T13:00:00Z',
      breakMinutes: 0,
      problems: ['clockOut: must not be in the future'],
    },
    {
      why: 'a future clock out not sent on update is not judged',
      clockIn: '2026-03-10T10:00:00Z',
      clockOut: '2026-03-10T13:00:00Z',
      breakMinutes: 0,
      outSent: false,
      problems: [],
    },
    {
      why: 'every problem at once, in order',
      clockIn: '2026-03-10T14:00:00Z',
      clockOut: '2026-03-10T15:00:00Z',
      breakMinutes: 90,
      problems: [
        'clockIn: must not be in the future',
        'breakMinutes: must not exceed the time between clockIn and clockOut',
        'clockOut: must not be in the future',
      ],
    },
  ])('$why', ({ clockIn, clockOut, breakMinutes, inSent, outSent, problems }) => {
    const entry = { clockIn: at(clockIn), clockOut: clockOut === null ? null : at(clockOut), breakMinutes };
    expect(entryTimeProblems(entry, NOW, inSent ?? true, outSent ?? true)).toEqual(problems);
  });
});

describe('mergeEntryTimes', () => {
  const before = { clockIn: at('2026-03-09T08:00:00Z'), clockOut: at('2026-03-09T16:00:00Z'), breakMinutes: 30 };

  it.each<{ why: string; sent: Parameters<typeof mergeEntryTimes>[1]; clockIn: string; clockOut: string | null; breakMinutes: number; moved: boolean }>([
    { why: 'nothing sent keeps everything', sent: {}, clockIn: '2026-03-09T08:00:00.000Z', clockOut: '2026-03-09T16:00:00.000Z', breakMinutes: 30, moved: false },
    {
      why: 'a new clock in moves the entry',
      sent: { clockIn: at('2026-03-09T07:00:00Z') },
      clockIn: '2026-03-09T07:00:00.000Z',
      clockOut: '2026-03-09T16:00:00.000Z',
      breakMinutes: 30,
      moved: true,
    },
    {
      why: 'the same clock in sent again is not a move',
      sent: { clockIn: at('2026-03-09T08:00:00Z') },
      clockIn: '2026-03-09T08:00:00.000Z',
      clockOut: '2026-03-09T16:00:00.000Z',
      breakMinutes: 30,
      moved: false,
    },
    {
      why: 'clock out and a zero break replace the stored ones',
      sent: { clockOut: at('2026-03-09T17:00:00Z'), breakMinutes: 0 },
      clockIn: '2026-03-09T08:00:00.000Z',
      clockOut: '2026-03-09T17:00:00.000Z',
      breakMinutes: 0,
      moved: false,
    },
  ])('$why', ({ sent, clockIn, clockOut, breakMinutes, moved }) => {
    const merged = mergeEntryTimes(before, sent);
    expect({ ...merged, clockIn: merged.clockIn.toISOString(), clockOut: merged.clockOut?.toISOString() ?? null }).toEqual({
      clockIn,
      clockOut,
      breakMinutes,
      moved,
    });
  });

  it('keeps an open entry open when no clock out is sent', () => {
    expect(mergeEntryTimes({ ...before, clockOut: null }, { breakMinutes: 5 }).clockOut).toBeNull();
  });
});

describe('statusChange', () => {
  it.each([
    ['APPROVED', true],
    ['PENDING', false],
  ] as const)('%s -> approved %s', (status, approved) => {
    expect(statusChange(status)).toEqual({ status, approved });
  });
});

describe('dateRangeProblems', () => {
  const d = (iso: string) => at(iso);
  it.each<{ why: string; startDate?: string; endDate?: string; from: Date | null; to: Date | null; problems: string[] }>([
    { why: 'no bounds', from: null, to: null, problems: [] },
    { why: 'both valid, in order', startDate: 'a', endDate: 'b', from: d('2026-03-01T00:00:00Z'), to: d('2026-03-02T00:00:00Z'), problems: [] },
    { why: 'equal bounds', startDate: 'a', endDate: 'b', from: d('2026-03-01T00:00:00Z'), to: d('2026-03-01T00:00:00Z'), problems: [] },
    {
      why: 'end before start',
      startDate: 'a',
      endDate: 'b',
      from: d('2026-03-02T00:00:00Z'),
      to: d('2026-03-01T00:00:00Z'),
      problems: ['endDate: must not be before startDate'],
    },
    {
      why: 'both unparseable',
      startDate: 'x',
      endDate: 'y',
      from: null,
      to: null,
      problems: ['startDate: must be a valid date (YYYY-MM-DD or ISO-8601 date-time)', 'endDate: must be a valid date (YYYY-MM-DD or ISO-8601 date-time)'],
    },
    { why: 'only an end, valid', endDate: 'b', from: null, to: d('2026-03-01T00:00:00Z'), problems: [] },
  ])('$why', ({ startDate, endDate, from, to, problems }) => {
    expect(dateRangeProblems({ startDate, endDate, from, to })).toEqual(problems);
  });
});

describe('entryAuditView', () => {
  it('keeps the entry’s own fields and drops the nested summaries', () => {
    const entry = { id: 'e1', breakMinutes: 15, notes: null, employee: { id: 'x' }, payPeriod: null };
    expect(entryAuditView(entry)).toEqual({ id: 'e1', breakMinutes: 15, notes: null });
  });
});
