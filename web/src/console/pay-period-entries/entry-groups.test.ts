import { describe, expect, it } from 'vitest';
import { entryFlags, groupEntries, sumHours, weekOvertime, weekStartOf, weekStarting, type GroupableEntry } from './entry-groups.ts';

const NY = 'America/New_York';

function entry(id: string, clockIn: string, hours: [number, number] | null, extra: Partial<GroupableEntry> = {}): GroupableEntry {
  return {
    id,
    clockIn,
    clockOut: hours ? new Date(Date.parse(clockIn) + (hours[0] + hours[1]) * 3600_000).toISOString() : null,
    totalHours: hours ? hours[0] + hours[1] : null,
    regularHours: hours ? hours[0] : null,
    overtimeHours: hours ? hours[1] : null,
    clockInRecordedAt: clockIn,
    clockOutRecordedAt: null,
    ...extra,
  };
}

describe('weekStartOf', () => {
  it.each([
    ['2026-03-01', '2026-03-01'],
    ['2026-03-07', '2026-03-01'],
    ['2026-03-08', '2026-03-08'],
    ['2026-01-01', '2025-12-28'],
  ])('%s is in the week of %s', (day, sunday) => expect(weekStartOf(day)).toBe(sunday));
});

describe('groupEntries', () => {
  it('groups by local workweek and day, oldest first, with week totals', () => {
    const entries = [
      entry('c', '2026-03-09T13:00:00.000Z', [8, 0]),
      entry('a', '2026-03-02T14:00:00.000Z', [9, 0]),
      // Saturday 22:00 local (Sunday 03:00 UTC): still the week of 1 March and Saturday's day.
      entry('b', '2026-03-08T03:00:00.000Z', [4, 3]),
      entry('a2', '2026-03-02T20:00:00.000Z', [2.25, 0]),
    ];
    const weeks = groupEntries(entries, NY);
    expect(weeks.map((week) => week.weekStart)).toEqual(['2026-03-01', '2026-03-08']);
    expect(weeks[0]!.days.map((day) => [day.day, day.entries.map((e) => e.id)])).toEqual([
      ['2026-03-02', ['a', 'a2']],
      ['2026-03-07', ['b']],
    ]);
    expect(weeks[0]!.totals).toEqual({ totalHours: 18.25, regularHours: 15.25, overtimeHours: 3 });
    expect(weeks[1]!.totals).toEqual({ totalHours: 8, regularHours: 8, overtimeHours: 0 });
  });

  it('answers nothing for no entries', () => expect(groupEntries([], NY)).toEqual([]));
});

describe('sumHours and weekOvertime', () => {
  it('adds rounded hours exactly and counts an open entry as 0', () => {
    expect(sumHours([entry('a', '2026-03-02T14:00:00.000Z', [0.1, 0.2]), entry('b', '2026-03-03T14:00:00.000Z', [0.2, 0]), entry('c', '2026-03-04T14:00:00.000Z', null)])).toEqual({
      totalHours: 0.5,
      regularHours: 0.3,
      overtimeHours: 0.2,
    });
  });

  it('sums the overtime of the week holding a clock in, in the organization\'s zone', () => {
    const entries = [entry('a', '2026-03-06T14:00:00.000Z', [0, 1.5]), entry('b', '2026-03-08T03:00:00.000Z', [4, 2]), entry('c', '2026-03-09T13:00:00.000Z', [0, 5])];
    expect(weekOvertime(entries, '2026-03-02T14:00:00.000Z', NY)).toBe(3.5);
    expect(weekOvertime(entries, '2026-03-10T14:00:00.000Z', NY)).toBe(5);
    // In UTC the Saturday-night entry is Sunday: the next week.
    expect(weekOvertime(entries, '2026-03-02T14:00:00.000Z', 'UTC')).toBe(1.5);
  });
});

describe('entryFlags', () => {
  const now = Date.parse('2026-03-10T12:00:00.000Z');
  it('flags open, long and offline entries', () => {
    expect(entryFlags(entry('a', '2026-03-02T14:00:00.000Z', [8, 0]), now)).toEqual([]);
    expect(entryFlags(entry('a', '2026-03-10T08:00:00.000Z', null), now)).toEqual(['OPEN_ENTRY']);
    expect(entryFlags(entry('a', '2026-03-09T08:00:00.000Z', null), now)).toEqual(['OPEN_ENTRY', 'LONG_SHIFT']);
    expect(entryFlags(entry('a', '2026-03-02T14:00:00.000Z', [8, 4.5]), now)).toEqual(['LONG_SHIFT']);
    expect(entryFlags(entry('a', '2026-03-02T14:00:00.000Z', [8, 0], { clockInRecordedAt: '2026-03-02T14:03:00.000Z' }), now)).toEqual(['OFFLINE_PUNCH']);
    expect(entryFlags(entry('a', '2026-03-02T14:00:00.000Z', [8, 0], { clockInRecordedAt: '2026-03-02T14:02:00.000Z' }), now)).toEqual([]);
    expect(entryFlags(entry('a', '2026-03-02T14:00:00.000Z', [8, 0], { clockOutRecordedAt: '2026-03-03T09:00:00.000Z' }), now)).toEqual(['OFFLINE_PUNCH']);
  });

  it('gives a workweek from its Sunday, across a month and a year', () => {
    expect(weekStarting('2026-11-29')).toEqual({ startDate: '2026-11-29', endDate: '2026-12-05' });
    expect(weekStarting('2026-12-27')).toEqual({ startDate: '2026-12-27', endDate: '2027-01-02' });
  });
});
