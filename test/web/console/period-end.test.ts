// The create form previews the end date the service will store; its calendar-only mirror
// (web/src/console/pay-periods/period-end.ts) must agree with the service's own rule
// (src/domain/pay-period-dates.ts) for every start date and period type, in any time zone.
import { describe, expect, it } from 'vitest';
import { parseDateInput, localDateString } from '../../../src/domain/dates.ts';
import { computeEndDate, PERIOD_TYPES } from '../../../src/domain/pay-period-dates.ts';
import { defaultEndDate, parseCalendarDate } from '../../../web/src/console/pay-periods/period-end.ts';

function serviceEnd(periodType: (typeof PERIOD_TYPES)[number], start: string, timeZone: string): string {
  const startDate = parseDateInput(start, timeZone, 'start')!;
  return localDateString(computeEndDate(periodType, startDate, timeZone), timeZone);
}

function* days(from: string, count: number): Generator<string> {
  const first = Date.parse(`${from}T00:00:00Z`);
  for (let i = 0; i < count; i++) yield new Date(first + i * 86_400_000).toISOString().slice(0, 10);
}

describe('the previewed end date of a new pay period', () => {
  it('agrees with the service for every day of 2023-2028, every type, across zones', () => {
    const zones = ['America/New_York', 'Pacific/Auckland', 'America/Los_Angeles', 'UTC'];
    let compared = 0;
    for (const start of days('2023-01-01', 366 * 6)) {
      for (const periodType of PERIOD_TYPES) {
        const zone = zones[compared % zones.length]!;
        expect(defaultEndDate(periodType, start), `${periodType} ${start} ${zone}`).toBe(serviceEnd(periodType, start, zone));
        compared++;
      }
    }
    expect(compared).toBe(366 * 6 * 4);
  });

  it('clamps month ends as the service does', () => {
    expect(defaultEndDate('MONTHLY', '2026-01-31')).toBe('2026-02-27');
    expect(defaultEndDate('MONTHLY', '2028-01-31')).toBe('2028-02-28');
    expect(defaultEndDate('MONTHLY', '2026-03-31')).toBe('2026-04-29');
    expect(defaultEndDate('MONTHLY', '2026-12-15')).toBe('2027-01-14');
    expect(defaultEndDate('SEMI_MONTHLY', '2026-02-16')).toBe('2026-02-28');
    expect(defaultEndDate('BI_WEEKLY', '2026-12-25')).toBe('2027-01-07');
  });

  it('answers null where the service refuses the start date', () => {
    expect(defaultEndDate('WEEKLY', '2026-02-30')).toBeNull();
    expect(defaultEndDate('WEEKLY', '1969-12-31')).toBeNull();
    expect(defaultEndDate('WEEKLY', '9999-12-30')).toBeNull();
    expect(defaultEndDate('WEEKLY', 'tomorrow')).toBeNull();
    expect(parseCalendarDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
  });
});
