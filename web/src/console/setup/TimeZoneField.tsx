// A searchable IANA time-zone field: a text input with the browser's own suggestion list
// (datalist), so typing "chic" offers America/Chicago, and the keyboard and screen readers
// work as with any input. Used by the first run and by Settings.
import { useId, useMemo } from 'react';

/** Every zone the browser knows; UTC is added because some browsers list only regional zones. */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return names.includes('UTC') ? names : [...names, 'UTC'];
}

/** The browser's own zone: the default of a new organization. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/New_York';
}

export function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.trim() !== '';
  } catch {
    return false;
  }
}

export function TimeZoneField({
  label,
  hint,
  value,
  problem,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  problem?: string | undefined;
  onChange(value: string): void;
}) {
  const id = useId();
  const names = useMemo(timeZoneNames, []);
  return (
    <div className="field">
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        id={`${id}-input`}
        name="timezone"
        list={`${id}-zones`}
        autoComplete="off"
        spellCheck={false}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <datalist id={`${id}-zones`}>
        {names.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <span id={`${id}-hint`} className="hint">
        {hint}
      </span>
      {problem && (
        <span id={`${id}-problem`} className="field-error">
          {problem}
        </span>
      )}
    </div>
  );
}
