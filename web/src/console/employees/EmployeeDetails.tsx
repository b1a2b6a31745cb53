// The employee's details as an edit form (the company stays: docs/api.md §15). Making an
// inactive employee active again happens here.
import { useState, type FormEvent } from 'react';
import { useCatalogue } from '../catalogue.ts';
import { CheckField } from '../ui/Field.tsx';
import { formatPhone, parsePayRate } from '../people/format.ts';
import { peopleMessages } from '../people/messages.ts';
import { orNull } from '../people/problems.ts';
import { EmployeeFields, useEmployeeProblems, type EmployeeForm } from './EmployeeFields.tsx';
import { employeePageMessages, employeesMessages } from './messages.ts';
import { fullName, useUpdateEmployee, type Employee } from './queries.ts';

function formOf(employee: Employee): EmployeeForm & { active: boolean } {
  return {
    firstName: employee.firstName,
    lastName: employee.lastName,
    phone: formatPhone(employee.phone),
    email: employee.email ?? '',
    employeeNumber: employee.employeeNumber ?? '',
    jobTitle: employee.jobTitle ?? '',
    payRate: employee.payRate.toFixed(2),
    payType: employee.payType,
    qbName: employee.qbName ?? '',
    active: employee.active,
  };
}

export function EmployeeDetails({ employee, onSaved }: { employee: Employee; onSaved(message: string): void }) {
  const { t } = useCatalogue(employeePageMessages);
  const { t: tEmployees } = useCatalogue(employeesMessages);
  const { t: tPeople } = useCatalogue(peopleMessages);
  const update = useUpdateEmployee(employee.id);
  const [form, setForm] = useState(() => formOf(employee));
  const [payRateProblem, setPayRateProblem] = useState<string | null>(null);
  const problems = useEmployeeProblems(update.error);
  const fields = payRateProblem ? { ...problems.fields, payRate: payRateProblem } : problems.fields;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payRate = parsePayRate(form.payRate);
    setPayRateProblem(Number.isNaN(payRate) ? tPeople('reason.number') : null);
    if (Number.isNaN(payRate)) return;
    update.mutate(
      {
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        phone: form.phone.trim(),
        email: orNull(form.email),
        employeeNumber: orNull(form.employeeNumber),
        jobTitle: orNull(form.jobTitle),
        payRate,
        payType: form.payType,
        qbName: orNull(form.qbName),
        active: form.active,
      },
      { onSuccess: (saved) => onSaved(t('details.saved', { name: fullName(saved) })) },
    );
  };

  return (
    <section className="card" aria-labelledby="details-heading">
      <h2 id="details-heading">{t('details.heading')}</h2>
      <form onSubmit={submit} noValidate>
        {problems.form && !payRateProblem && (
          <p className="error" role="alert">
            {problems.form}
          </p>
        )}
        <div className="form-grid">
          <EmployeeFields form={form} problems={fields} onChange={(changes) => setForm((current) => ({ ...current, ...changes }))} />
        </div>
        <CheckField label={tEmployees('field.active')} checked={form.active} onChange={(active) => setForm((current) => ({ ...current, active }))} />
        <button type="submit" className="primary" disabled={update.isPending}>
          {update.isPending ? t('details.working') : t('details.save')}
        </button>
      </form>
    </section>
  );
}
