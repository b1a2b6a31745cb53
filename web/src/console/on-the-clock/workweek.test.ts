import { describe, expect, it } from 'vitest';
import { workweekOf } from './workweek.ts';

describe('workweekOf', () => {
  it.each([
    // A Saturday evening in New York, already Sunday in UTC: the week that began the Sunday before.
    ['2026-11-29T03:30:00.000Z', 'America/New_York', '2026-11-22', '2026-11-28'],
    ['2026-11-29T05:00:00.000Z', 'America/New_York', '2026-11-29', '2026-12-05'],
    // The week of the spring forward, and one across a month and a year.
    ['2026-03-08T12:00:00.000Z', 'America/New_York', '2026-03-08', '2026-03-14'],
    ['2026-01-01T18:00:00.000Z', 'America/Los_Angeles', '2025-12-28', '2026-01-03'],
  ])('%s in %s is in the week %s to %s', (clockIn, zone, startDate, endDate) => {
    expect(workweekOf(clockIn, zone)).toEqual({ startDate, endDate });
  });
});
