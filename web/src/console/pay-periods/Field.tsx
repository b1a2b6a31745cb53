// One form field: its label names only the control, while the hint and the service's problem are
// tied to it by aria-describedby (so a screen reader hears them, and the name stays short).
import { useId, type ReactNode } from 'react';

export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export function Field({ label, hint, error, children }: { label: string; hint?: string; error?: string | undefined; children(control: ControlProps): ReactNode }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].join(' ').trim();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(describedBy ? { 'aria-describedby': describedBy } : {}), ...(error ? { 'aria-invalid': true as const } : {}) })}
      {hint && (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}
