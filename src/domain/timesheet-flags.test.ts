import { describe, expect, it } from 'vitest';
import { isOfflinePunch, timesheetFlags } from './timesheet-flags.ts';

const none = { openEntries: 0, longShifts: 0, offlinePunches: 0, editedEntries: 0 };

describe('timesheetFlags', () => {
  it('is empty when nothing applies', () => {
    expect(timesheetFlags(none)).toEqual([]);
  });

  it('lists every flag that applies, always as OPEN_ENTRY, LONG_SHIFT, OFFLINE_PUNCH, EDITED', () => {
    expect(timesheetFlags({ openEntries: 1, longShifts: 2, offlinePunches: 3, editedEntries: 4 })).toEqual([
      'OPEN_ENTRY',
      'LONG_SHIFT',
      'OFFLINE_PUNCH',
      'EDITED',
    ]);
    expect(timesheetFlags({ ...none, editedEntries: 1, openEntries: 1 })).toEqual(['OPEN_ENTRY', 'EDITED']);
    expect(timesheetFlags({ ...none, offlinePunches: 1 })).toEqual(['OFFLINE_PUNCH']);
    expect(timesheetFlags({ ...none, longShifts: 1 })).toEqual(['LONG_SHIFT']);
  });
});

describe('isOfflinePunch', () => {
  const at = new Date('2026-03-02T14:00:00.000Z');
  it('allows 2 minutes either way, not a millisecond more', () => {
    expect(isOfflinePunch(at, new Date(at.getTime() + 120_000))).toBe(false);
    expect(isOfflinePunch(at, new Date(at.getTime() - 120_000))).toBe(false);
    expect(isOfflinePunch(at, new Date(at.getTime() + 120_001))).toBe(true);
    expect(isOfflinePunch(at, new Date(at.getTime() - 120_001))).toBe(true);
  });
});
