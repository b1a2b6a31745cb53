import { describe, expect, it } from 'vitest';
import { NEAR_OVERTIME_HOURS, overtimeOutlook } from './overtime-outlook.ts';

const HOUR = 3600 * 1000;
const MINUTE = 60 * 1000;

describe('overtimeOutlook', () => {
  it('is clear while more than the near window is left', () => {
    expect(overtimeOutlook(30, 2 * HOUR, 40)).toEqual({ weekMs: 32 * HOUR, state: 'clear', untilMs: 8 * HOUR, overMs: 0 });
  });

  it('is near within the window, and still near at exactly the threshold', () => {
    const edge = overtimeOutlook(40 - NEAR_OVERTIME_HOURS, 0, 40);
    expect(edge.state).toBe('near');
    expect(edge.untilMs).toBe(NEAR_OVERTIME_HOURS * HOUR);
    expect(overtimeOutlook(40 - NEAR_OVERTIME_HOURS, -MINUTE, 40).state).toBe('near');
    expect(overtimeOutlook(35.99, 0, 40).state).toBe('clear');
    expect(overtimeOutlook(36.25, 3 * HOUR + 45 * MINUTE, 40)).toEqual({ weekMs: 40 * HOUR, state: 'near', untilMs: 0, overMs: 0 });
  });

  it('is over once the week passes the threshold, by how much', () => {
    expect(overtimeOutlook(38.5, 2 * HOUR + 10 * MINUTE, 40)).toEqual({ weekMs: 40 * HOUR + 40 * MINUTE, state: 'over', untilMs: 0, overMs: 40 * MINUTE });
  });

  it('follows fractional thresholds and a threshold of 0, where every hour is overtime', () => {
    expect(overtimeOutlook(37, 30 * MINUTE, 37.5)).toMatchObject({ state: 'near', untilMs: 0 });
    expect(overtimeOutlook(37, 31 * MINUTE, 37.5)).toMatchObject({ state: 'over', overMs: MINUTE });
    expect(overtimeOutlook(0, MINUTE, 0)).toMatchObject({ state: 'over', overMs: MINUTE });
  });

  it('counts the hours report\u2019s rounded hundredths without floating-point drift', () => {
    // 0.1 + 0.2 hours of closed entries, as the report sums them, is 18 minutes exactly.
    expect(overtimeOutlook(0.1 + 0.2, 0, 40).weekMs).toBe(18 * MINUTE);
  });
});
