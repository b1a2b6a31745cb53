// One labelled form control with its problem under it. The control gets the label, `required`,
// `aria-invalid` and `aria-describedby` (hint and problem), so a screen reader reads the reason
// when the field is focused.
import { useId, type ReactNode } from 'react';

export interface ControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
  required: boolean | undefined;
}

export function Field({
  label,
  problem,
  hint,
  required,
  className,
  children,
}: {
  label: string;
  problem?: string | undefined;
  hint?: string | undefined;
  required?: boolean;
  className?: string;
  children(control: ControlProps): ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const problemId = problem ? `${id}-problem` : undefined;
  const describedBy = [hintId, problemId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <span className="field-label">
        <label htmlFor={id}>{label}</label>
        {/* Outside the label, so the control's name stays the label's words; `required` tells assistive technology. */}
        {required && (
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        )}
      </span>
      {children({ id, 'aria-invalid': problem ? true : undefined, 'aria-describedby': describedBy, required: required || undefined })}
      {hint && (
        <span id={hintId} className="hint">
          {hint}
        </span>
      )}
      {problem && (
        <span id={problemId} className="field-error">
          {problem}
        </span>
      )}
    </div>
  );
}

/** A check box with its label after it (Active). */
export function CheckField({ label, checked, onChange }: { label: string; checked: boolean; onChange(checked: boolean): void }) {
  const id = useId();
  return (
    <div className="field check-field">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
