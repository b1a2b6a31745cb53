import { describe, expect, it } from 'vitest';
import { NEAR_OVERTIME_HOURS, overtimeOutlook, weekStanding } from './overtime-outlook.ts';

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

describe('weekStanding', () => {
  // The New York week of Sunday 29 November 2026, and a moment in it.
  const isInThisWeek = (clockIn: string) => clockIn >= '2026-11-29T05:00:00.000Z' && clockIn <= '2026-12-06T04:59:59.999Z';
  const now = Date.parse('2026-12-02T18:00:00.000Z');
  const at = (iso: string) => Date.parse(iso);
  const figures = (regularHours: number, openSince: string | null, overtimeHours = 0) => ({ regularHours, overtimeHours, thresholdHours: 40, openSince, isInThisWeek });

  it('counts down from the closed hours when no shift is open', () => {
    expect(weekStanding(figures(32.5, null), now)).toEqual({ openShift: 'none', kind: 'before', leftHours: 7.5 });
    expect(weekStanding(figures(40, null, 1.25), now)).toEqual({ openShift: 'none', kind: 'past' });
  });

  it('leaves out a shift begun in an earlier week, which counts toward that week', () => {
    expect(weekStanding(figures(0, '2026-11-29T04:00:00.000Z'), now)).toEqual({ openShift: 'earlierWeek', kind: 'before', leftHours: 40 });
  });

  it('counts an open shift of this week, with the time overtime would start within a long shift', () => {
    // 36 closed hours, on the clock since 16:00Z: 2 hours so far, 2 left, overtime from 20:00Z.
    expect(weekStanding(figures(36, '2026-12-02T16:00:00.000Z'), now)).toEqual({ openShift: 'thisWeek', kind: 'shiftBefore', untilMs: 2 * HOUR, overtimeAt: at('2026-12-02T20:00:00.000Z') });
    // 20 closed hours: 18 left, more than a long shift, so no time of day.
    expect(weekStanding(figures(20, '2026-12-02T16:00:00.000Z'), now)).toEqual({ openShift: 'thisWeek', kind: 'shiftBefore', untilMs: 18 * HOUR, overtimeAt: null });
  });

  it('says when this shift passed the threshold, or that all of it is overtime', () => {
    expect(weekStanding(figures(39.5, '2026-12-02T16:00:00.000Z'), now)).toEqual({ openShift: 'thisWeek', kind: 'shiftPast', passedAt: at('2026-12-02T16:30:00.000Z') });
    expect(weekStanding(figures(40, '2026-12-02T16:00:00.000Z', 3), now)).toEqual({ openShift: 'thisWeek', kind: 'shiftAllOvertime' });
  });
});
