import { describe, expect, it } from 'vitest';
import { hoursPerDay } from './hours-per-day.ts';

const ZONE = 'America/New_York';

describe('hoursPerDay', () => {
  it('gives every day of the range, an entry on its local clock-in day, open entries none', () => {
    const days = hoursPerDay(
      [
        // 11:30 PM on Sunday in New York is Monday in UTC: it counts on Sunday.
        { clockIn: '2026-03-02T04:30:00Z', clockOut: '2026-03-02T08:30:00Z', regularHours: 4, overtimeHours: 0 },
        { clockIn: '2026-03-03T14:00:00Z', clockOut: '2026-03-03T18:00:00Z', regularHours: 4, overtimeHours: 0 },
        { clockIn: '2026-03-03T19:00:00Z', clockOut: '2026-03-03T22:20:00Z', regularHours: 1.1, overtimeHours: 2.23 },
        { clockIn: '2026-03-04T14:00:00Z', clockOut: null, regularHours: null, overtimeHours: null },
      ],
      { startDate: '2026-03-01T05:00:00Z', endDate: '2026-03-08T04:59:59Z' },
      ZONE,
      'en',
    );
    expect(days.map((d) => [d.label, d.regular, d.overtime])).toEqual([
      ['Sun, Mar 1', 4, 0],
      ['Mon, Mar 2', 0, 0],
      ['Tue, Mar 3', 5.1, 2.23],
      ['Wed, Mar 4', 0, 0],
      ['Thu, Mar 5', 0, 0],
      ['Fri, Mar 6', 0, 0],
      ['Sat, Mar 7', 0, 0],
    ]);
    expect(days[0]?.axis).toEqual({ weekday: 'Sun', day: '1' });
  });

  it('keeps a 23-hour day once, and sums to the hundredth without float noise', () => {
    const days = hoursPerDay(
      [0.1, 0.2, 0.3].map((hours, i) => ({ clockIn: `2026-03-08T1${i}:00:00Z`, clockOut: `2026-03-08T1${i}:30:00Z`, regularHours: hours, overtimeHours: 0 })),
      { startDate: '2026-03-08T05:00:00Z', endDate: '2026-03-10T03:59:59Z' },
      ZONE,
      'es',
    );
    expect(days.map((d) => d.label)).toEqual(['dom, 8 de mar', 'lun, 9 de mar']);
    expect(days[0]?.regular).toBe(0.6);
  });
});
