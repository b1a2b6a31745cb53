// A time entry's audit row (docs/api.md §16: `details.before` / `details.after`) as a readable
// list of what changed: one line per field a person cares about, in a fixed order, with both
// values already formatted (times in the organization's zone, hours with two decimals). Pure:
// the caller passes the formatting, so the audit log page can reuse it with its own catalogue.

/** The fields shown, in this order; ids, IPs, devices and stamps are left out. */
export const ENTRY_DIFF_FIELDS = [
  'clockIn',
  'clockOut',
  'breakMinutes',
  'totalHours',
  'regularHours',
  'overtimeHours',
  'jobCode',
  'taskCode',
  'notes',
  'status',
] as const;
export type EntryDiffField = (typeof ENTRY_DIFF_FIELDS)[number];

const INSTANT_FIELDS = new Set<EntryDiffField>(['clockIn', 'clockOut']);
const HOUR_FIELDS = new Set<EntryDiffField>(['totalHours', 'regularHours', 'overtimeHours']);

export interface EntryDiffFormat {
  /** An ISO instant in the organization's zone, e.g. "Mon, Mar 2, 9:00 AM". */
  instant(iso: string): string;
  /** Hours as the API rounds them: "7.50". */
  hours(value: number): string;
  /** Break minutes: "30 min". */
  minutes(value: number): string;
  /** An entry status (PENDING, APPROVED) in words. */
  status(value: string): string;
}

export interface FieldChange {
  field: EntryDiffField;
  /** Formatted; null when the field had no value (an open entry's clockOut, a new entry). */
  before: string | null;
  after: string | null;
}

type Snapshot = Record<string, unknown> | null | undefined;

/** A value reduced to what decides "changed": instants by their time, hours by their hundredths. */
function comparable(field: EntryDiffField, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (INSTANT_FIELDS.has(field)) {
    const time = Date.parse(String(value));
    return Number.isNaN(time) ? String(value) : String(time);
  }
  if (HOUR_FIELDS.has(field) || field === 'breakMinutes') {
    const number = Number(value);
    return Number.isFinite(number) ? String(Math.round(number * 100)) : String(value);
  }
  return String(value);
}

function formatted(field: EntryDiffField, value: unknown, format: EntryDiffFormat): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (INSTANT_FIELDS.has(field)) return Number.isNaN(Date.parse(String(value))) ? String(value) : format.instant(String(value));
  if (HOUR_FIELDS.has(field)) return Number.isFinite(Number(value)) ? format.hours(Number(value)) : String(value);
  if (field === 'breakMinutes') return Number.isFinite(Number(value)) ? format.minutes(Number(value)) : String(value);
  if (field === 'status') return format.status(String(value));
  return String(value);
}

/**
 * The changed fields between two snapshots of an entry. A creation (no `before`) lists every
 * field the new entry has; a deletion (no `after`) every field it had.
 */
export function entryDiff(before: Snapshot, after: Snapshot, format: EntryDiffFormat): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of ENTRY_DIFF_FIELDS) {
    const was = before?.[field];
    const now = after?.[field];
    if (comparable(field, was) === comparable(field, now)) continue;
    changes.push({ field, before: formatted(field, was, format), after: formatted(field, now, format) });
  }
  return changes;
}

/** `details.before` / `details.after` of an audit row, when they are objects. */
export function auditSnapshots(details: unknown): { before: Snapshot; after: Snapshot } {
  const record = details && typeof details === 'object' ? (details as Record<string, unknown>) : {};
  const snapshot = (value: unknown): Snapshot => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null);
  return { before: snapshot(record.before), after: snapshot(record.after) };
}
