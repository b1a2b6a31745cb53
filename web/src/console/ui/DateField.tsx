// A date filter (YYYY-MM-DD, read by the service in the organization's zone), with the problem
// the service found shown under it and tied to it for screen readers.
import { useId } from 'react';

export function DateField({
  label,
  value,
  problem,
  disabled = false,
  describedBy,
  onChange,
}: {
  label: string;
  value: string;
  problem?: string | undefined;
  disabled?: boolean;
  /** Another element that explains the field (why it is disabled, say). */
  describedBy?: string | undefined;
  onChange(value: string): void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        value={value}
        disabled={disabled}
        aria-invalid={problem ? true : undefined}
        aria-describedby={[problem && errorId, describedBy].filter(Boolean).join(' ') || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem && (
        <span id={errorId} className="field-error">
          {problem}
        </span>
      )}
    </div>
  );
}
