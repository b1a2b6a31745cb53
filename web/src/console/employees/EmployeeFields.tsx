// The employee's own fields, shared by the new-employee dialog and the employee's page, with the
// service's refusals next to them (a phone or number already used in the company on its field).
import type { ReactNode } from 'react';
import { useCatalogue } from '../catalogue.ts';
import { Field } from '../ui/Field.tsx';
import { useFormProblems, type FormProblems } from '../people/problems.ts';
import { employeesMessages } from './messages.ts';
import { PAY_TYPES, type PayType } from './queries.ts';

export interface EmployeeForm {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  employeeNumber: string;
  jobTitle: string;
  payRate: string;
  payType: PayType;
  qbName: string;
}

export const BLANK_EMPLOYEE: EmployeeForm = { firstName: '', lastName: '', phone: '', email: '', employeeNumber: '', jobTitle: '', payRate: '', payType: 'HOURLY', qbName: '' };

/** The refusals of an employee save, with the company-wide conflicts on their fields. */
export function useEmployeeProblems(error: unknown): FormProblems {
  const { t } = useCatalogue(employeesMessages);
  const problems = useFormProblems(error, {
    'Phone already in use': { field: 'phone', text: t('error.phoneInUse') },
    'Employee number already in use': { field: 'employeeNumber', text: t('error.numberInUse') },
    'Company not found': { field: 'companyId', text: t('error.company') },
  });
  // The PIN's only rule is its length and digits; say so rather than "invalid format".
  if (problems.fields.pin) problems.fields.pin = t('error.pin');
  return problems;
}

export function EmployeeFields({
  form,
  problems,
  onChange,
  afterPhone,
}: {
  form: EmployeeForm;
  problems: Record<string, string>;
  onChange(changes: Partial<EmployeeForm>): void;
  /** The new-employee form's PIN, beside the phone it signs in with. */
  afterPhone?: ReactNode;
}) {
  const { t } = useCatalogue(employeesMessages);
  const text = (key: Exclude<keyof EmployeeForm, 'payType'>, options: { type?: string; autoComplete?: string; required?: boolean; hint?: string; inputMode?: 'decimal' } = {}) => (
    <Field label={t(`field.${key}`)} problem={problems[key]} required={options.required} hint={options.hint}>
      {(control) => (
        <input
          {...control}
          type={options.type ?? 'text'}
          inputMode={options.inputMode}
          autoComplete={options.autoComplete ?? 'off'}
          value={form[key]}
          onChange={(event) => onChange({ [key]: event.target.value })}
        />
      )}
    </Field>
  );
  return (
    <>
      {text('firstName', { required: true })}
      {text('lastName', { required: true })}
      {text('phone', { type: 'tel', required: true, hint: t('field.phone.hint') })}
      {afterPhone}
      {text('email', { type: 'email' })}
      {text('employeeNumber')}
      {text('jobTitle')}
      {text('payRate', { inputMode: 'decimal', hint: t('field.payRate.hint') })}
      <Field label={t('field.payType')} problem={problems.payType}>
        {(control) => (
          <select {...control} value={form.payType} onChange={(event) => onChange({ payType: event.target.value as PayType })}>
            {PAY_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`payType.${type}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {text('qbName')}
    </>
  );
}
