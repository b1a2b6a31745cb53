// A labelled input with its hint and its problem (from the service's validation message),
// both tied to the input with aria-describedby so a screen reader reads them with the field. A
// required input is marked with a red asterisk, as people/Field.tsx marks the other forms' fields.
import { useId, type InputHTMLAttributes } from 'react';

export function TextField({
  label,
  hint,
  problem,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string | undefined; problem?: string | undefined }) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <span className="field-label">
        <label htmlFor={id}>{label}</label>
        {/* Outside the label, so the input's name stays the label's words; `required` tells assistive technology. */}
        {input.required && (
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        )}
      </span>
      <input id={id} aria-invalid={problem ? true : undefined} aria-describedby={described || undefined} {...input} />
      {hint && (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      )}
      {problem && (
        <span id={`${id}-problem`} className="field-error">
          {problem}
        </span>
      )}
    </div>
  );
}
