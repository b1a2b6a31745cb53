// Add or correct one entry: clock in, clock out (empty leaves the shift open), break, job and
// task codes, notes. Times are typed as the organization's wall clock and sent as instants
// (local-time.ts), so a bookkeeper in another zone, or a DST week, gets the hours it meant.
// A correction sends only the fields that changed, so the audit log shows what was corrected.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { problemText } from '../ui/problems.ts';
import { uiMessages } from '../ui/messages.ts';
import { useCatalogue } from '../catalogue.ts';
import { entryProblems, type EntryFormField, type EntryProblems } from './entry-problems.ts';
import { fromWallTime, toWallTime } from './local-time.ts';
import { entriesMessages } from './messages.ts';
import { createEntry, newEntryIntent, updateEntry, type Entry, type UpdateEntryBody } from './queries.ts';
import type { EntryFormat } from './useEntryFormat.ts';

/**
 * `suggestedClockOut` fills an open entry's empty clock out (On the clock offers now), for the
 * bookkeeper to keep or change; the entry is only closed when the form is saved.
 */
export type EntryFormMode = { kind: 'add'; defaultDay: string } | { kind: 'correct'; entry: Entry; suggestedClockOut?: string };

export interface EntrySaved {
  kind: 'created' | 'corrected' | 'unchanged';
  entry: Entry | null;
}

interface Values {
  clockIn: string;
  clockOut: string;
  breakMinutes: string;
  jobCode: string;
  taskCode: string;
  notes: string;
}

function initialValues(mode: EntryFormMode, timeZone: string): Values {
  if (mode.kind === 'add') {
    return { clockIn: `${mode.defaultDay}T09:00`, clockOut: `${mode.defaultDay}T17:00`, breakMinutes: '0', jobCode: '', taskCode: '', notes: '' };
  }
  const { entry } = mode;
  return {
    clockIn: toWallTime(entry.clockIn, timeZone),
    clockOut: entry.clockOut ? toWallTime(entry.clockOut, timeZone) : mode.suggestedClockOut ? toWallTime(mode.suggestedClockOut, timeZone) : '',
    breakMinutes: String(entry.breakMinutes),
    jobCode: entry.jobCode ?? '',
    taskCode: entry.taskCode ?? '',
    notes: entry.notes ?? '',
  };
}

export function EntryFormDialog({
  mode,
  employeeId,
  format,
  onSaved,
  onClose,
  title: givenTitle,
}: {
  mode: EntryFormMode;
  employeeId: string;
  format: EntryFormat;
  /** The page's own name for what the form does ("Clock out Ben Okafor"); else add or edit. */
  title?: string;
  onSaved(saved: EntrySaved): Promise<void> | void;
  onClose(): void;
}) {
  const { t } = useCatalogue(entriesMessages);
  const ui = useCatalogue(uiMessages);
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  /** The Idempotency-Key of the add being sent: reused only to retry the very same body (a double click, a lost answer). */
  const intent = useRef<{ key: string; body: string } | null>(null);
  const { timeZone } = format;
  const [values, setValues] = useState<Values>(() => initialValues(mode, timeZone));
  const [problems, setProblems] = useState<EntryProblems>({ fields: {}, form: null });
  const [otherProblem, setOtherProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const clockOutRef = useRef<HTMLInputElement>(null);
  const suggestsClockOut = mode.kind === 'correct' && mode.suggestedClockOut !== undefined;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // showModal focuses the first field; a suggested clock out is what the person came to check.
    if (suggestsClockOut) clockOutRef.current?.focus();
  }, [suggestsClockOut]);

  const set = (field: keyof Values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  /** The form's own checks: what the service would refuse for reasons the browser can see. */
  function localProblems(): { problems: EntryProblems['fields']; clockIn: Date | null; clockOut: Date | null } {
    const fields: EntryProblems['fields'] = {};
    const clockIn = fromWallTime(values.clockIn, timeZone);
    if (!values.clockIn) fields.clockIn = { key: 'problem.required' };
    else if (!clockIn) fields.clockIn = { text: t('problem.gap', { zone: format.zoneName }) };
    const clockOut = values.clockOut ? fromWallTime(values.clockOut, timeZone) : null;
    if (values.clockOut && !clockOut) fields.clockOut = { text: t('problem.gap', { zone: format.zoneName }) };
    if (!values.clockOut && mode.kind === 'correct' && mode.entry.clockOut) fields.clockOut = { key: 'problem.reopen' };
    if (!/^\d+$/.test(values.breakMinutes.trim())) fields.breakMinutes = { key: 'problem.breakWhole' };
    return { problems: fields, clockIn, clockOut };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const local = localProblems();
    setOtherProblem(null);
    if (Object.keys(local.problems).length > 0) {
      setProblems({ fields: local.problems, form: null });
      return;
    }
    setProblems({ fields: {}, form: null });
    setBusy(true);
    try {
      const breakMinutes = Number(values.breakMinutes.trim());
      if (mode.kind === 'add') {
        const body = {
          employeeId,
          clockIn: local.clockIn!.toISOString(),
          ...(local.clockOut ? { clockOut: local.clockOut.toISOString() } : {}),
          breakMinutes,
          ...(values.jobCode.trim() ? { jobCode: values.jobCode.trim() } : {}),
          ...(values.taskCode.trim() ? { taskCode: values.taskCode.trim() } : {}),
          ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
        };
        // A changed body is a new intent: the service answers a reused key with another body 422.
        if (intent.current?.body !== JSON.stringify(body)) intent.current = { key: newEntryIntent(), body: JSON.stringify(body) };
        const created = await createEntry(body, intent.current.key);
        intent.current = null;
        await onSaved({ kind: 'created', entry: created as Entry });
      } else {
        const body = changedFields(mode.entry, values, local.clockIn!, local.clockOut, breakMinutes);
        if (Object.keys(body).length === 0) {
          await onSaved({ kind: 'unchanged', entry: mode.entry });
        } else {
          const updated = await updateEntry(mode.entry.id, body);
          await onSaved({ kind: 'corrected', entry: updated as Entry });
        }
      }
    } catch (error) {
      const known = entryProblems(error);
      if (known) setProblems(known);
      else setOtherProblem(problemText(error, ui.t));
    } finally {
      setBusy(false);
    }
  }

  const fieldError = (field: EntryFormField) => {
    const problem = problems.fields[field];
    if (!problem) return null;
    return 'key' in problem ? t(problem.key) : problem.text;
  };
  const describedBy = (field: EntryFormField, hint?: string) => [hint, problems.fields[field] ? `${id}-${field}-error` : null].filter(Boolean).join(' ') || undefined;
  const hasProblems = Object.keys(problems.fields).length > 0 || problems.form !== null || otherProblem !== null;

  const field = (name: EntryFormField, label: string, input: ReactElement, hint?: string) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {input}
      {hint && (
        <span id={`${id}-${name}-hint`} className="hint">
          {hint}
        </span>
      )}
      {fieldError(name) && (
        <span id={`${id}-${name}-error`} className="field-error">
          {fieldError(name)}
        </span>
      )}
    </div>
  );
  const common = (name: EntryFormField, hint?: boolean) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: set(name),
    'aria-invalid': problems.fields[name] ? true : undefined,
    'aria-describedby': describedBy(name, hint ? `${id}-${name}-hint` : undefined),
  });

  const title = givenTitle ?? (mode.kind === 'add' ? t('form.addTitle') : t('form.correctTitle', { when: format.instant(mode.entry.clockIn) }));
  return (
    <dialog
      ref={ref}
      className="dialog entry-form-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={`${id}-title`}>{title}</h2>
        <p className="hint">{t('form.zoneHint', { zone: format.zoneName })}</p>
        <div role="alert" className="entry-form-alert">
          {hasProblems && (
            <p className="field-error">
              {problems.form ? t(problems.form.key) : otherProblem ?? t('form.problems')}
            </p>
          )}
        </div>
        <div className="entry-form-grid">
          {field('clockIn', t('form.clockIn'), <input type="datetime-local" required {...common('clockIn')} />)}
          {field('clockOut', t('form.clockOut'), <input type="datetime-local" ref={clockOutRef} {...common('clockOut', true)} />, t('form.clockOutHint'))}
          {field('breakMinutes', t('form.breakMinutes'), <input type="number" inputMode="numeric" min={0} step={1} {...common('breakMinutes')} />)}
          {field('jobCode', t('form.jobCode'), <input type="text" maxLength={255} {...common('jobCode')} />)}
          {field('taskCode', t('form.taskCode'), <input type="text" maxLength={255} {...common('taskCode')} />)}
        </div>
        {field('notes', t('form.notes'), <textarea rows={3} maxLength={2000} {...common('notes')} />)}
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose} disabled={busy}>
            {t('form.cancel')}
          </button>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? t('form.saving') : mode.kind === 'add' ? t('form.saveNew') : t('form.saveCorrection')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** The fields of a correction that differ from the entry as it is. */
function changedFields(entry: Entry, values: Values, clockIn: Date, clockOut: Date | null, breakMinutes: number): UpdateEntryBody {
  const body: UpdateEntryBody = {};
  if (clockIn.getTime() !== Date.parse(entry.clockIn)) body.clockIn = clockIn.toISOString();
  if (clockOut && (!entry.clockOut || clockOut.getTime() !== Date.parse(entry.clockOut))) body.clockOut = clockOut.toISOString();
  if (breakMinutes !== entry.breakMinutes) body.breakMinutes = breakMinutes;
  for (const key of ['jobCode', 'taskCode', 'notes'] as const) {
    if (values[key].trim() !== (entry[key] ?? '')) body[key] = values[key].trim();
  }
  return body;
}
