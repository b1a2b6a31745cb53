// The service's refusals of a correction (docs/time-rules.md §11–§12, docs/api.md §6 and §8) in
// the bookkeeper's words, placed next to the field they are about. Pure.
import { ApiError } from '../api.ts';
import { fieldProblems } from '../ui/problems.ts';
import type { EntriesKey } from './messages.ts';

export type EntryFormField = 'clockIn' | 'clockOut' | 'breakMinutes' | 'jobCode' | 'taskCode' | 'notes';

export interface EntryProblems {
  /** Per field: a catalogue key, or the service's own words when we have none. */
  fields: Partial<Record<EntryFormField, { key: EntriesKey } | { text: string }>>;
  /** About the whole entry (a locked period, an entry gone). */
  form: { key: EntriesKey } | null;
}

const KNOWN_REASONS: Record<string, EntriesKey> = {
  'must not be in the future': 'problem.future',
  'must not be before clockIn': 'problem.beforeClockIn',
  'must not exceed the time between clockIn and clockOut': 'problem.breakTooLong',
};

const FIELDS = new Set<string>(['clockIn', 'clockOut', 'breakMinutes', 'jobCode', 'taskCode', 'notes']);

/** Null when the refusal is none of the entry's own (then the page shows the generic problem text). */
export function entryProblems(error: unknown): EntryProblems | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 404) return { fields: {}, form: { key: 'problem.notFound' } };
  if (error.status !== 400) return null;
  switch (error.label) {
    case 'Pay period locked':
      return { fields: {}, form: { key: 'problem.locked' } };
    case 'Overlapping time entry':
      return { fields: { clockIn: { key: 'problem.overlap' } }, form: null };
    case 'Already clocked in':
      return { fields: { clockOut: { key: 'problem.alreadyClockedIn' } }, form: null };
  }
  const fields: EntryProblems['fields'] = {};
  for (const [field, reason] of Object.entries(fieldProblems(error))) {
    if (!FIELDS.has(field)) continue;
    const key = KNOWN_REASONS[reason];
    fields[field as EntryFormField] = key ? { key } : { text: reason };
  }
  return Object.keys(fields).length > 0 ? { fields, form: null } : null;
}
