import { describe, expect, it } from 'vitest';
import { matchingPreset, presetRange, RANGE_PRESETS } from './date-ranges.ts';

describe('the report’s quick ranges', () => {
  it('count from today: a Monday in the middle of a month', () => {
    const today = '2026-11-30';
    expect(presetRange('thisWeek', today)).toEqual({ startDate: '2026-11-29', endDate: '2026-11-30' });
    expect(presetRange('lastWeek', today)).toEqual({ startDate: '2026-11-22', endDate: '2026-11-28' });
    expect(presetRange('thisMonth', today)).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30' });
    expect(presetRange('lastMonth', today)).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(presetRange('thisYear', today)).toEqual({ startDate: '2026-01-01', endDate: '2026-11-30' });
    expect(presetRange('lastYear', today)).toEqual({ startDate: '2025-01-01', endDate: '2025-12-31' });
  });

  it('cross the year and the month where the calendar does', () => {
    // A Saturday, 2 January 2027: its week began in 2026, and the month before is December.
    expect(presetRange('thisWeek', '2027-01-02')).toEqual({ startDate: '2026-12-27', endDate: '2027-01-02' });
    expect(presetRange('lastWeek', '2027-01-02')).toEqual({ startDate: '2026-12-20', endDate: '2026-12-26' });
    expect(presetRange('lastMonth', '2027-01-02')).toEqual({ startDate: '2026-12-01', endDate: '2026-12-31' });
    // February of a leap year, read in March.
    expect(presetRange('lastMonth', '2028-03-15')).toEqual({ startDate: '2028-02-01', endDate: '2028-02-29' });
    // A Sunday's week is that day alone, so far.
    expect(presetRange('thisWeek', '2026-11-29')).toEqual({ startDate: '2026-11-29', endDate: '2026-11-29' });
  });

  it('name the dates they give, and no others', () => {
    const today = '2026-11-30';
    for (const preset of RANGE_PRESETS) expect(matchingPreset(presetRange(preset, today), today)).toBe(preset);
    expect(matchingPreset({ startDate: '2026-03-01', endDate: '2026-03-07' }, today)).toBeNull();
    // Last month read on another day is no longer "last month".
    expect(matchingPreset({ startDate: '2026-10-01', endDate: '2026-10-31' }, '2027-01-05')).toBeNull();
    // On the first of January, this month and this year are the same day: the shorter name wins.
    expect(matchingPreset({ startDate: '2027-01-01', endDate: '2027-01-01' }, '2027-01-01')).toBe('thisMonth');
  });
});
