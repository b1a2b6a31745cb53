// Add an employee: the company, who they are, how they sign in (phone and PIN) and how they are paid.
import { useState } from 'react';
import { useCatalogue } from '../catalogue.ts';
import { Field } from '../ui/Field.tsx';
import { CompanyField } from './CompanyField.tsx';
import { FormDialog } from '../ui/FormDialog.tsx';
import { uiMessages } from '../ui/messages.ts';
import { useIdempotencyKeys } from '../people/idempotency.ts';
import { peopleMessages } from '../people/messages.ts';
import { parsePayRate } from '../people/format.ts';
import { orNull } from '../people/problems.ts';
import { BLANK_EMPLOYEE, EmployeeFields, useEmployeeProblems, type EmployeeForm } from './EmployeeFields.tsx';
import { employeesMessages } from './messages.ts';
import { fullName, useCreateEmployee } from './queries.ts';

export function NewEmployeeDialog({ companyId, onClose, onCreated }: { companyId: string; onClose(): void; onCreated(name: string): void }) {
  const { t } = useCatalogue(employeesMessages);
  const { t: tPeople } = useCatalogue(peopleMessages);
  const { t: tUi } = useCatalogue(uiMessages);
  const create = useCreateEmployee();
  const [form, setForm] = useState<EmployeeForm>(BLANK_EMPLOYEE);
  const [company, setCompany] = useState(companyId);
  const [pin, setPin] = useState('');
  const [localProblems, setLocalProblems] = useState<Record<string, string>>({});
  const keyFor = useIdempotencyKeys();
  const problems = useEmployeeProblems(create.error);
  const fields = { ...problems.fields, ...localProblems };

  const submit = () => {
    // Checked here only where the service's own words would not help: which company, and a
    // pay rate that is not a number. Everything else is the service's to refuse. Without a
    // company nothing is sent, so the empty required fields are named here too: all at once,
    // not one more after each try.
    const local: Record<string, string> = {};
    if (!company) {
      local.companyId = t('error.company');
      const required = { firstName: form.firstName, lastName: form.lastName, phone: form.phone, pin };
      for (const [name, value] of Object.entries(required)) if (!value.trim()) local[name] = tPeople('reason.empty');
    }
    const payRate = parsePayRate(form.payRate);
    if (Number.isNaN(payRate)) local.payRate = tPeople('reason.number');
    setLocalProblems(local);
    if (Object.keys(local).length > 0) return;
    const values = {
      companyId: company,
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      phone: form.phone.trim(),
      pin,
      email: orNull(form.email),
      employeeNumber: orNull(form.employeeNumber),
      jobTitle: orNull(form.jobTitle),
      payRate,
      payType: form.payType,
      qbName: orNull(form.qbName),
    };
    create.mutate({ values, idempotencyKey: keyFor(values) }, { onSuccess: (created) => onCreated(fullName(created)) });
  };

  return (
    <FormDialog
      open
      title={t('dialog.create')}
      submitLabel={t('dialog.create.submit')}
      workingLabel={t('dialog.working')}
      busy={create.isPending}
      onSubmit={submit}
      onCancel={onClose}
      problem={Object.keys(localProblems).length > 0 ? tUi('form.fixFields') : (problems.form ?? undefined)}
    >
      <div className="form-grid">
        <CompanyField value={company} onChange={setCompany} problem={fields.companyId} />
        <EmployeeFields
          form={form}
          problems={fields}
          onChange={(changes) => setForm((current) => ({ ...current, ...changes }))}
          afterPhone={
            <Field label={t('field.pin')} problem={fields.pin} required hint={t('field.pin.hint')}>
              {(control) => (
                <input {...control} type="password" inputMode="numeric" autoComplete="new-password" maxLength={8} value={pin} onChange={(event) => setPin(event.target.value)} />
              )}
            </Field>
          }
        />
      </div>
    </FormDialog>
  );
}
