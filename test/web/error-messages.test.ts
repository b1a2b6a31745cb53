// Every refusal the employee app's calls can receive is shown in plain words, in English and in
// Spanish (web/src/ui/errors.ts). The labels and statuses come from the service's own OpenAPI
// document, so a label added to the catalogue for one of these routes is checked here too.
import { beforeAll, describe, expect, it } from 'vitest';
import { readOpenApiDocument } from '../../scripts/api-types.ts';
import { ApiError } from '../../web/src/api/client.ts';
import { LANGS, translate } from '../../web/src/i18n/translate.ts';
import { BY_LABEL, errorMessage } from '../../web/src/ui/errors.ts';

/** The calls the employee app and the kiosk make. */
const CALLS = [
  ['post', '/api/v1/auth/employee/verify'],
  ['get', '/api/v1/auth/me'],
  ['post', '/api/v1/auth/logout'],
  ['get', '/api/v1/employee/timesheet'],
  ['post', '/api/v1/employee/timesheet/entry'],
  ['get', '/api/v1/employee/timesheets'],
  ['post', '/api/v1/employee/timesheets/{payPeriodId}/submit'],
] as const;

/** The refusals these screens meet in normal use: each has words of its own, not a fallback. */
const EVERYDAY = [
  'Authentication failed', 'Invalid verification data', 'Company required', 'Account inactive', 'Company inactive',
  'Organization inactive', 'Authentication required', 'Already clocked in', 'No open time entry', 'Overlapping time entry',
  'Pay period locked', 'Open time entries', 'No time entries', 'Already submitted', 'Already approved', 'Pay period not found',
  'Employee not found or inactive', 'Service unavailable', 'Request in progress',
];

interface Catalogue { status: number; label: string }
let catalogue: Catalogue[];
let statusesByCall: Map<string, Set<number>>;

beforeAll(async () => {
  const document = (await readOpenApiDocument()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>>; 'x-error-catalogue': Catalogue[] };
  catalogue = document['x-error-catalogue'];
  statusesByCall = new Map(CALLS.map(([method, path]) => [`${method} ${path}`, new Set(Object.keys(document.paths[path]![method]!.responses).map(Number))]));
}, 120_000);

describe('the employee app’s error messages', () => {
  it('give every label each call can answer with plain words in both languages, never the raw label', () => {
    let checked = 0;
    for (const [call, statuses] of statusesByCall) {
      for (const { status, label } of catalogue.filter((entry) => statuses.has(entry.status) && entry.status !== 200)) {
        for (const lang of LANGS) {
          const text = errorMessage(new ApiError(status, label, 'an English detail from the service', 30, null), (key, values) => translate(lang, key, values));
          expect(text, `${call}: ${status} ${label} (${lang})`).not.toContain(label);
          expect(text, `${call}: ${status} ${label} (${lang})`).not.toContain('an English detail');
          expect(text, `${call}: ${status} ${label} (${lang})`).not.toMatch(/\{\w+\}/);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('have words of their own for every everyday refusal, different in English and Spanish', () => {
    const labels = new Set(catalogue.map((entry) => entry.label));
    for (const label of EVERYDAY) {
      expect(labels.has(label), `${label} is in the catalogue`).toBe(true);
      const key = BY_LABEL[label];
      expect(key, label).toBeDefined();
      expect(key, label).not.toMatch(/invalidRequest|server/);
      expect(translate('en', key!)).not.toBe(translate('es', key!));
    }
  });

  it('explain each time-entry detail the app can cause, without the service’s English', () => {
    const cases = [
      ['occurredAt: must not be more than 24 hours in the past', 'error.punchTooOld'],
      ['occurredAt: must not be more than 2 minutes in the future', 'error.deviceClockAhead'],
      ['breakMinutes: must not exceed the time between clock in and clock out', 'error.breakTooLong'],
      ["occurredAt: must be after the open entry's clockIn", 'error.outBeforeIn'],
      ['notes: must be at most 1000 characters', 'error.invalidEntry'],
    ] as const;
    for (const [detail, key] of cases) {
      expect(errorMessage(new ApiError(400, 'Invalid time entry data', detail, null, null), (k) => k)).toBe(key);
    }
  });

  it('say a 429’s wait in seconds up to a minute and a half, then in minutes and seconds, in both languages', () => {
    const say = (lang: 'en' | 'es', seconds: number | null) =>
      errorMessage(new ApiError(429, 'Too many verification attempts', undefined, seconds, null), (key, values) => translate(lang, key, values));
    expect(say('en', 45)).toBe('Too many tries. You can try again in 45 seconds.');
    expect(say('en', 90)).toBe('Too many tries. You can try again in 90 seconds.');
    expect(say('en', 91)).toBe('Too many tries. You can try again in 1\u00a0min 31\u00a0s.');
    expect(say('en', 897)).toBe('Too many tries. You can try again in 14\u00a0min 57\u00a0s.');
    expect(say('en', 900)).toBe('Too many tries. You can try again in 15\u00a0min.');
    expect(say('es', 897)).toBe('Demasiados intentos. Puede volver a intentarlo en 14\u00a0min 57\u00a0s.');
    expect(say('en', 0)).toBe('You can try again now.');
    // No Retry-After: a minute, as the service's shortest window.
    expect(say('en', null)).toBe('Too many tries. You can try again in 60 seconds.');
  });

  it('tell which failures may pass by asking again (a page offers Retry for those only)', () => {
    const mayPass = (status: number) => new ApiError(status, 'label', undefined, null, null).mayPassLater;
    expect([0, 408, 429, 500, 502, 503, 504].map(mayPass)).toEqual([true, true, true, true, true, true, true]);
    expect([400, 401, 403, 404, 409].map(mayPass)).toEqual([false, false, false, false, false]);
  });

  it('say a 500 and a lost connection in words', () => {
    expect(errorMessage(new ApiError(500, 'Failed to submit timesheet', undefined, null, null), (k) => k)).toBe('error.server');
    expect(errorMessage(new ApiError(0, 'Network error', undefined, null, null), (k) => k)).toBe('error.offline');
  });
});
