import { describe, expect, it } from 'vitest';
import { auditSnapshots, entryDiff, type EntryDiffFormat } from './entry-diff.ts';

// A formatter that shows what it was given, so the tests read what the diff decided.
const format: EntryDiffFormat = {
  instant: (iso) => `at ${new Date(iso).toISOString().slice(11, 16)}Z`,
  hours: (value) => `${value.toFixed(2)} h`,
  minutes: (value) => `${value} min`,
  status: (value) => value.toLowerCase(),
};

const entry = {
  id: '6f1c2b8e-0d4a-4e8f-9b1a-2c3d4e5f6a7b',
  clockIn: '2026-03-02T14:00:00.000Z',
  clockOut: '2026-03-02T23:00:00.000Z',
  breakMinutes: 0,
  totalHours: 9,
  regularHours: 9,
  overtimeHours: 0,
  jobCode: 'J-100',
  taskCode: null,
  notes: null,
  status: 'PENDING',
  clockInIp: '10.0.0.1',
  updatedAt: '2026-03-02T23:00:00.000Z',
};

describe('entryDiff', () => {
  it('lists only the changed fields people read, in a fixed order, formatted', () => {
    const after = { ...entry, clockOut: '2026-03-02T21:00:00.000Z', totalHours: 7, regularHours: 7, notes: 'Left early', updatedAt: '2026-03-09T10:00:00.000Z', clockInIp: null };
    expect(entryDiff(entry, after, format)).toEqual([
      { field: 'clockOut', before: 'at 23:00Z', after: 'at 21:00Z' },
      { field: 'totalHours', before: '9.00 h', after: '7.00 h' },
      { field: 'regularHours', before: '9.00 h', after: '7.00 h' },
      { field: 'notes', before: null, after: 'Left early' },
    ]);
  });

  it('treats the same instant in another spelling, and hours as strings, as unchanged', () => {
    const after = { ...entry, clockIn: '2026-03-02T09:00:00-05:00', totalHours: '9.00', breakMinutes: '0' };
    expect(entryDiff(entry, after, format)).toEqual([]);
  });

  it('shows overtime appearing and a break added', () => {
    const after = { ...entry, breakMinutes: 30, regularHours: 4, overtimeHours: 5, status: 'APPROVED' };
    expect(entryDiff(entry, after, format)).toEqual([
      { field: 'breakMinutes', before: '0 min', after: '30 min' },
      { field: 'regularHours', before: '9.00 h', after: '4.00 h' },
      { field: 'overtimeHours', before: '0.00 h', after: '5.00 h' },
      { field: 'status', before: 'pending', after: 'approved' },
    ]);
  });

  it('lists every field of a created entry (no before) and of a deleted one (no after)', () => {
    const created = entryDiff(null, { ...entry, clockOut: null, totalHours: null, regularHours: null, overtimeHours: null }, format);
    expect(created).toEqual([
      { field: 'clockIn', before: null, after: 'at 14:00Z' },
      { field: 'breakMinutes', before: null, after: '0 min' },
      { field: 'jobCode', before: null, after: 'J-100' },
      { field: 'status', before: null, after: 'pending' },
    ]);
    const deleted = entryDiff(entry, undefined, format);
    expect(deleted.map((change) => change.field)).toEqual(['clockIn', 'clockOut', 'breakMinutes', 'totalHours', 'regularHours', 'overtimeHours', 'jobCode', 'status']);
    expect(deleted.every((change) => change.after === null)).toBe(true);
  });

  it('keeps a value it cannot read as it came rather than hiding the change', () => {
    expect(entryDiff({ clockIn: 'yesterday' }, { clockIn: '2026-03-02T14:00:00.000Z' }, format)).toEqual([
      { field: 'clockIn', before: 'yesterday', after: 'at 14:00Z' },
    ]);
  });
});

describe('auditSnapshots', () => {
  it('reads details.before and details.after, and nothing from other shapes', () => {
    expect(auditSnapshots({ before: { a: 1 }, after: { a: 2 }, reason: 'x' })).toEqual({ before: { a: 1 }, after: { a: 2 } });
    expect(auditSnapshots({ after: { a: 2 } })).toEqual({ before: null, after: { a: 2 } });
    expect(auditSnapshots(null)).toEqual({ before: null, after: null });
    expect(auditSnapshots({ before: [1], after: 'x' })).toEqual({ before: null, after: null });
  });
});
