import { describe, expect, it } from 'vitest';
import { ApiError } from '../api.ts';
import { entryProblems } from './entry-problems.ts';

const refusal = (status: number, label: string, detail?: string) => new ApiError(status, label, detail, null, null);

describe('entryProblems', () => {
  it('puts the conflict labels next to their field, or on the form', () => {
    expect(entryProblems(refusal(400, 'Overlapping time entry'))).toEqual({ fields: { clockIn: { key: 'problem.overlap' } }, form: null });
    expect(entryProblems(refusal(400, 'Already clocked in'))).toEqual({ fields: { clockOut: { key: 'problem.alreadyClockedIn' } }, form: null });
    expect(entryProblems(refusal(400, 'Pay period locked'))).toEqual({ fields: {}, form: { key: 'problem.locked' } });
    expect(entryProblems(refusal(404, 'Time entry not found'))).toEqual({ fields: {}, form: { key: 'problem.notFound' } });
  });

  it('reads the validation message per field, in words it knows or as sent', () => {
    const error = refusal(400, 'Invalid time entry data', 'clockIn: must not be in the future, breakMinutes: must not exceed the time between clockIn and clockOut, notes: must NOT have more than 2000 characters');
    expect(entryProblems(error)).toEqual({
      fields: {
        clockIn: { key: 'problem.future' },
        breakMinutes: { key: 'problem.breakTooLong' },
        notes: { text: 'must NOT have more than 2000 characters' },
      },
      form: null,
    });
  });

  it('answers null for refusals that are not about the entry', () => {
    expect(entryProblems(refusal(503, 'Service unavailable'))).toBeNull();
    expect(entryProblems(refusal(400, 'Invalid time entry data', 'employeeId: must be a valid uuid'))).toBeNull();
    expect(entryProblems(new Error('boom'))).toBeNull();
  });
});
