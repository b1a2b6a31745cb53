import { describe, expect, it } from 'vitest';
import { auditDiff, formatAuditValue } from './diff.ts';

const NY = 'America/New_York';

describe('auditDiff', () => {
  it('lists only the fields a correction changed, times in the organization zone', () => {
    const details = {
      before: { id: 'e1', clockIn: '2026-03-02T13:00:00.000Z', clockOut: '2026-03-02T21:30:00.000Z', breakMinutes: 30, jobCode: 'J-1', updatedAt: '2026-03-03T10:00:00.000Z' },
      after: { id: 'e1', clockIn: '2026-03-02T13:00:00.000Z', clockOut: '2026-03-02T22:45:00.000Z', breakMinutes: 30, jobCode: 'J-1', updatedAt: '2026-03-04T10:00:00.000Z' },
    };
    expect(auditDiff(details, NY, 'en')).toEqual([{ field: 'clockOut', before: 'Mar 2, 2026, 4:30 PM', after: 'Mar 2, 2026, 5:45 PM' }]);
  });

  it('leaves out a received time that only follows its punch, and keeps one that differs (an offline punch)', () => {
    const corrected = {
      before: { clockOut: '2026-03-02T22:00:00.000Z', clockOutRecordedAt: '2026-03-02T22:00:00.000Z' },
      after: { clockOut: '2026-03-02T23:15:00.000Z', clockOutRecordedAt: '2026-03-02T23:15:00.000Z' },
    };
    expect(auditDiff(corrected, NY, 'en')).toEqual([{ field: 'clockOut', before: 'Mar 2, 2026, 5:00 PM', after: 'Mar 2, 2026, 6:15 PM' }]);
    const offline = { before: { clockOut: null, clockOutRecordedAt: null }, after: { clockOut: '2026-03-02T22:00:00.000Z', clockOutRecordedAt: '2026-03-02T23:40:00.000Z' } };
    expect(auditDiff(offline, NY, 'en')).toEqual([
      { field: 'clockOut', before: null, after: 'Mar 2, 2026, 5:00 PM' },
      { field: 'clockOutRecordedAt', before: null, after: 'Mar 2, 2026, 6:40 PM' },
    ]);
    expect(auditDiff({ before: { clockIn: '2026-03-02T13:00:00Z', clockInRecordedAt: '2026-03-02T13:00:00Z' } }, NY, 'en')).toEqual([
      { field: 'clockIn', before: 'Mar 2, 2026, 8:00 AM', after: null },
    ]);
  });

  it('reads the same instant written two ways as unchanged', () => {
    const details = { before: { clockIn: '2026-03-02T13:00:00Z' }, after: { clockIn: '2026-03-02T13:00:00.000+00:00' } };
    expect(auditDiff(details, NY, 'en')).toEqual([]);
  });

  it('shows a value that appeared or went away as null on the other side', () => {
    const details = { before: { notes: null, status: 'PENDING' }, after: { notes: 'Paper sheet', status: 'APPROVED' } };
    expect(auditDiff(details, NY, 'en')).toEqual([
      { field: 'notes', before: null, after: 'Paper sheet' },
      { field: 'status', before: 'PENDING', after: 'APPROVED' },
    ]);
  });

  it('lists what a creation set and what a deletion removed', () => {
    expect(auditDiff({ after: { breakMinutes: 15, updatedAt: 'x' } }, NY, 'en')).toEqual([{ field: 'breakMinutes', before: null, after: '15' }]);
    expect(auditDiff({ before: { jobCode: 'J-9' } }, NY, 'en')).toEqual([{ field: 'jobCode', before: 'J-9', after: null }]);
  });

  it('gives nothing for details that are not a before/after pair', () => {
    expect(auditDiff(null, NY, 'en')).toEqual([]);
    expect(auditDiff({ reason: 'wrong password' }, NY, 'en')).toEqual([]);
    expect(auditDiff('text', NY, 'en')).toEqual([]);
  });

  it('formats in the language asked for, in the zone given', () => {
    const details = { before: { clockIn: '2026-07-01T03:30:00Z', regularHours: 7.5 }, after: { clockIn: '2026-07-01T04:30:00Z', regularHours: 8.25 } };
    expect(auditDiff(details, 'America/Los_Angeles', 'es')).toEqual([
      { field: 'clockIn', before: formatAuditValue('2026-07-01T03:30:00Z', 'America/Los_Angeles', 'es'), after: formatAuditValue('2026-07-01T04:30:00Z', 'America/Los_Angeles', 'es') },
      { field: 'regularHours', before: '7.50', after: '8.25' },
    ]);
    // Hours read as on every other screen; other numbers as they are.
    expect(formatAuditValue(9, 'America/Los_Angeles', 'en', 'totalHours')).toBe('9.00');
    expect(formatAuditValue(1.5, 'America/Los_Angeles', 'en', 'overtimeMultiplier')).toBe('1.5');
    expect(formatAuditValue(40, 'America/Los_Angeles', 'en', 'overtimeThreshold')).toBe('40');
    // 03:30 UTC is the evening before in Los Angeles.
    expect(formatAuditValue('2026-07-01T03:30:00Z', 'America/Los_Angeles', 'es')).toMatch(/30 jun 2026/);
  });
});
