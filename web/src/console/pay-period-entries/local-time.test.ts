import { describe, expect, it } from 'vitest';
import { fromWallTime, toWallTime } from './local-time.ts';

describe('fromWallTime', () => {
  it.each([
    ['2026-01-15T09:00', 'America/New_York', '2026-01-15T14:00:00.000Z'],
    ['2026-07-15T09:00', 'America/New_York', '2026-07-15T13:00:00.000Z'],
    // The spring-forward day: before and after the gap.
    ['2026-03-08T01:59', 'America/New_York', '2026-03-08T06:59:00.000Z'],
    ['2026-03-08T03:00', 'America/New_York', '2026-03-08T07:00:00.000Z'],
    // Fall-back: 01:30 happens twice; the earlier instant, as the service reads it.
    ['2026-11-01T01:30', 'America/New_York', '2026-11-01T05:30:00.000Z'],
    ['2026-11-01T02:30', 'America/New_York', '2026-11-01T07:30:00.000Z'],
    ['2026-01-10T23:30', 'America/Los_Angeles', '2026-01-11T07:30:00.000Z'],
    ['2026-03-29T02:30', 'Asia/Kolkata', '2026-03-28T21:00:00.000Z'],
    ['2026-06-01T00:00', 'UTC', '2026-06-01T00:00:00.000Z'],
  ])('%s in %s is %s', (wall, zone, iso) => {
    expect(fromWallTime(wall, zone)?.toISOString()).toBe(iso);
  });

  it('answers null for a time skipped by the spring-forward gap, and for malformed or impossible values', () => {
    expect(fromWallTime('2026-03-08T02:30', 'America/New_York')).toBeNull();
    expect(fromWallTime('2026-03-29T02:15', 'Europe/Madrid')).toBeNull();
    expect(fromWallTime('2026-02-30T09:00', 'UTC')).toBeNull();
    expect(fromWallTime('2026-02-10', 'UTC')).toBeNull();
    expect(fromWallTime('2026-02-10T24:00', 'UTC')).toBeNull();
    expect(fromWallTime('', 'UTC')).toBeNull();
  });
});

describe('toWallTime', () => {
  it('shows an instant on the zone\'s wall clock, and round-trips with fromWallTime', () => {
    expect(toWallTime('2026-11-01T05:30:00.000Z', 'America/New_York')).toBe('2026-11-01T01:30');
    expect(toWallTime('2026-11-01T06:30:00.000Z', 'America/New_York')).toBe('2026-11-01T01:30');
    expect(toWallTime('2026-03-08T07:00:00.000Z', 'America/New_York')).toBe('2026-03-08T03:00');
    expect(toWallTime('2026-01-01T00:00:00.000Z', 'America/Los_Angeles')).toBe('2025-12-31T16:00');
    for (const iso of ['2026-03-08T06:59:00.000Z', '2026-03-08T07:00:00.000Z', '2026-07-04T16:45:00.000Z']) {
      expect(fromWallTime(toWallTime(iso, 'America/New_York'), 'America/New_York')?.toISOString()).toBe(iso);
    }
  });
});
