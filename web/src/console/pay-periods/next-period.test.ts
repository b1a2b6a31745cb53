import { describe, expect, it } from 'vitest';
import { nextPeriod } from './next-period.ts';
import { dayAfter } from './period-end.ts';

describe('nextPeriod', () => {
  it('starts the day after the latest period ends, with the same type and the service’s end', () => {
    const today = '2026-11-29';
    expect(nextPeriod({ periodType: 'WEEKLY', lastDay: '2026-11-28' }, today)).toEqual({ periodType: 'WEEKLY', startDate: '2026-11-29', endDate: '2026-12-05', due: true });
    expect(nextPeriod({ periodType: 'BI_WEEKLY', lastDay: '2026-12-12' }, today)).toMatchObject({ startDate: '2026-12-13', endDate: '2026-12-26' });
    expect(nextPeriod({ periodType: 'SEMI_MONTHLY', lastDay: '2026-11-15' }, today)).toMatchObject({ startDate: '2026-11-16', endDate: '2026-11-30' });
    expect(nextPeriod({ periodType: 'SEMI_MONTHLY', lastDay: '2026-11-30' }, today)).toMatchObject({ startDate: '2026-12-01', endDate: '2026-12-15' });
    expect(nextPeriod({ periodType: 'MONTHLY', lastDay: '2026-12-31' }, today)).toMatchObject({ startDate: '2027-01-01', endDate: '2027-01-31' });
    expect(nextPeriod({ periodType: 'MONTHLY', lastDay: '9999-12-31' }, today)).toBeNull();
  });

  it('is due when it starts within a week from today, or has already started', () => {
    const today = '2026-11-29';
    expect(nextPeriod({ periodType: 'WEEKLY', lastDay: '2026-11-01' }, today)!.due).toBe(true);
    expect(nextPeriod({ periodType: 'WEEKLY', lastDay: '2026-12-05' }, today)!.due).toBe(true);
    expect(nextPeriod({ periodType: 'WEEKLY', lastDay: '2026-12-06' }, today)!.due).toBe(false);
  });

  it('counts days across months and leap years', () => {
    expect(dayAfter('2028-02-28')).toBe('2028-02-29');
    expect(dayAfter('2027-02-28')).toBe('2027-03-01');
    expect(dayAfter('2026-12-31')).toBe('2027-01-01');
    expect(dayAfter('2026-02-30')).toBeNull();
  });
});
