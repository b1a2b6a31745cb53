// A labelled input with its hint and its problem (from the service's validation message): the
// forms' one Field (people/Field.tsx) around an <input>, so a screen reader reads the hint and the
// problem with the input, and a required one is marked as every other form marks it.
import type { InputHTMLAttributes } from 'react';
import { Field } from '../ui/Field.tsx';

export function TextField({
  label,
  hint,
  problem,
  required,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string | undefined; problem?: string | undefined }) {
  return (
    <Field label={label} hint={hint} problem={problem} required={required === true}>
      {(control) => <input {...input} {...control} />}
    </Field>
  );
}
