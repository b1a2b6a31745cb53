// A searchable IANA time-zone field: a text input with the browser's own suggestion list
// (datalist), so typing "chic" offers America/Chicago, and the keyboard and screen readers
// work as with any input. Each suggestion also shows the zone's common name ("Central Time"),
// and under the field a known zone is named as the other screens name it. Used by the first
// run, Settings and the organizations' dialog.
import { useId, useMemo } from 'react';
import { formatTimeZone } from '../../i18n/format.ts';
import { useI18n } from '../../i18n/i18n.tsx';

/** Every zone the browser knows; UTC is added because some browsers list only regional zones. */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return names.includes('UTC') ? names : [...names, 'UTC'];
}

/** The browser's own zone: the default of a new organization. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/New_York';
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
  const { lang } = useI18n();
  const zones = useMemo(() => timeZoneNames().map((name) => ({ name, label: formatTimeZone(name, lang) })), [lang]);
  // Named under the field only when the name says more than the field does: not for "UTC",
  // nor for a zone Intl does not know (formatTimeZone gives those back as they are).
  const named = formatTimeZone(value.trim(), lang);
  const chosen = named !== value.trim() ? named : null;
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
        aria-describedby={`${id}-hint${chosen ? ` ${id}-chosen` : ''}${problem ? ` ${id}-problem` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <datalist id={`${id}-zones`}>
        {zones.map((zone) => (
          <option key={zone.name} value={zone.name} label={zone.label} />
        ))}
      </datalist>
      {chosen && (
        <span id={`${id}-chosen`} className="zone-chosen">
          {chosen}
        </span>
      )}
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
