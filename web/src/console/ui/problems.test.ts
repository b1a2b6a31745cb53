import { describe, expect, it } from 'vitest';
import { ApiError } from '../api.ts';
import { fieldProblems } from './problems.ts';

describe('fieldProblems', () => {
  it('splits a validation message into one problem per field', () => {
    const error = new ApiError(400, 'Validation failed', 'name: must not be empty, email: must be a valid email, payRate: must be >= 0', null, null);
    expect(fieldProblems(error)).toEqual({ name: 'must not be empty', email: 'must be a valid email', payRate: 'must be >= 0' });
  });

  it('keeps commas inside one reason and the first problem of a field', () => {
    const error = new ApiError(400, 'Validation failed', 'zipCode: must be 5 digits, or 5+4, zipCode: too long', null, null);
    expect(fieldProblems(error)).toEqual({ zipCode: 'must be 5 digits, or 5+4' });
  });

  it('answers nothing for other refusals', () => {
    expect(fieldProblems(new ApiError(400, 'Phone already in use', undefined, null, null))).toEqual({});
    expect(fieldProblems(new ApiError(404, 'Company not found', 'x: y', null, null))).toEqual({});
    expect(fieldProblems(new Error('boom'))).toEqual({});
  });
});
