// The readable part of an audit row: which fields a change touched, with the value before and
// after (docs/api.md §16: changes carry `details.before` and `details.after`). Pure, so the rules
// (what counts as changed, which bookkeeping fields are left out, how instants read) are tested
// without a browser.
import { formatHours } from '../../i18n/format.ts';
import type { Lang } from '../../i18n/translate.ts';

const LOCALES: Record<Lang, string> = { en: 'en-US', es: 'es-US' };

/**
 * Fields every write touches or that repeat another one: showing them would bury the change a
 * person made (`workedSeconds` is `totalHours` in other units).
 */
const BOOKKEEPING_FIELDS = new Set(['id', 'createdAt', 'updatedAt', 'editedAt', 'workedSeconds', 'payPeriod', 'employee']);

/**
 * When a punch reached the service, beside the punch's own field. It tells something only when it
 * differs from the punch's time (an offline punch, docs/time-rules.md §15); a live punch, or a
 * time an admin wrote, records the time itself, and its line would repeat the punch's line.
 */
const RECEIVED_TIME_OF: Record<string, string> = { clockInRecordedAt: 'clockIn', clockOutRecordedAt: 'clockOut' };

/** An ISO-8601 date-time with a zone (what the service stores instants as), not a plain date. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

export interface DiffLine {
  field: string;
  /** Null: the field had no value on that side (absent, or null). */
  before: string | null;
  after: string | null;
}

type Record_ = Record<string, unknown>;

const isRecord = (value: unknown): value is Record_ => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field of hours (`regularHours`, `totalHours`…): written with two decimals, as every other screen writes hours. */
const HOURS_FIELD = /Hours$/;

/**
 * One value as a person reads it: instants in the organization's zone, numbers in the language's
 * style, hours (given the field's name) with two decimals ("9.00", not "9").
 */
export function formatAuditValue(value: unknown, timeZone: string, lang: Lang, field = ''): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && INSTANT.test(value)) {
    return new Intl.DateTimeFormat(LOCALES[lang], { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
  }
  if (typeof value === 'number') {
    if (HOURS_FIELD.test(field)) return formatHours(value, lang);
    return new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 2 }).format(value);
  }
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

const sameValue = (a: unknown, b: unknown): boolean => {
  if ((a ?? null) === null && (b ?? null) === null) return true;
  // Instants compare as moments: "…Z" and "…+00:00" are the same time.
  if (typeof a === 'string' && typeof b === 'string' && INSTANT.test(a) && INSTANT.test(b)) return Date.parse(a) === Date.parse(b);
  return JSON.stringify(a) === JSON.stringify(b);
};

/**
 * The changed fields of `details.before` → `details.after`, in the order they first appear.
 * A creation (after only) lists every field it set; a deletion (before only) every field it had.
 * Anything that is not a before/after pair gives no lines.
 */
export function auditDiff(details: unknown, timeZone: string, lang: Lang): DiffLine[] {
  if (!isRecord(details)) return [];
  const before = isRecord(details.before) ? details.before : {};
  const after = isRecord(details.after) ? details.after : {};
  if (!isRecord(details.before) && !isRecord(details.after)) return [];
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  // The state the row leaves behind (a deletion's: the one it removed).
  const result = isRecord(details.after) ? after : before;
  const lines: DiffLine[] = [];
  for (const field of fields) {
    if (BOOKKEEPING_FIELDS.has(field) || sameValue(before[field], after[field])) continue;
    const punch = RECEIVED_TIME_OF[field];
    if (punch !== undefined && sameValue(result[field], result[punch])) continue;
    lines.push({ field, before: formatAuditValue(before[field], timeZone, lang, field), after: formatAuditValue(after[field], timeZone, lang, field) });
  }
  return lines;
}
