// Add or edit a company: every field the service takes, its refusals next to the fields. A
// company made inactive is made active again here (the Active box).
import { useState } from 'react';
import { useCatalogue } from '../catalogue.ts';
import { CheckField, Field } from '../ui/Field.tsx';
import { FormDialog } from '../ui/FormDialog.tsx';
import { useIdempotencyKeys } from '../people/idempotency.ts';
import { orNull, useFormProblems } from '../people/problems.ts';
import { companiesMessages } from './messages.ts';
import { PAY_PERIOD_TYPES, useIndustries, useSaveCompany, type Company, type PayPeriodType } from './queries.ts';

type Form = {
  name: string;
  industryId: string;
  payPeriodType: PayPeriodType;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  qbCompanyName: string;
  qbRegularPayrollItem: string;
  qbOvertimePayrollItem: string;
  active: boolean;
};

const TEXT_FIELDS = ['email', 'phone', 'address', 'city', 'state', 'zipCode'] as const;

function formOf(company: Company | null): Form {
  return {
    name: company?.name ?? '',
    industryId: company?.industryId ?? '',
    payPeriodType: company?.payPeriodType ?? 'BI_WEEKLY',
    email: company?.email ?? '',
    phone: company?.phone ?? '',
    address: company?.address ?? '',
    city: company?.city ?? '',
    state: company?.state ?? '',
    zipCode: company?.zipCode ?? '',
    qbCompanyName: company?.qbCompanyName ?? '',
    qbRegularPayrollItem: company?.qbRegularPayrollItem ?? '',
    qbOvertimePayrollItem: company?.qbOvertimePayrollItem ?? '',
    active: company?.active ?? true,
  };
}

export function CompanyDialog({ company, open, onClose, onSaved }: { company: Company | null; open: boolean; onClose(): void; onSaved(name: string, created: boolean): void }) {
  const { t } = useCatalogue(companiesMessages);
  const [form, setForm] = useState<Form>(() => formOf(company));
  const keyFor = useIdempotencyKeys();
  const save = useSaveCompany();
  const industries = useIndustries();
  const problems = useFormProblems(save.error, { 'Industry not found': { field: 'industryId', text: t('error.industry') } });
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((current) => ({ ...current, [key]: value }));

  const submit = () => {
    const values = {
      name: form.name.trim(),
      industryId: form.industryId || null,
      payPeriodType: form.payPeriodType,
      ...Object.fromEntries(TEXT_FIELDS.map((key) => [key, orNull(form[key])])),
      qbCompanyName: orNull(form.qbCompanyName),
      // The payroll items always have a value (the service's defaults), so an empty box keeps it.
      ...(form.qbRegularPayrollItem.trim() ? { qbRegularPayrollItem: form.qbRegularPayrollItem.trim() } : {}),
      ...(form.qbOvertimePayrollItem.trim() ? { qbOvertimePayrollItem: form.qbOvertimePayrollItem.trim() } : {}),
      ...(company ? { active: form.active } : {}),
    };
    save.mutate({ id: company?.id ?? null, values, idempotencyKey: keyFor(values) }, { onSuccess: (saved) => onSaved(saved.name, !company) });
  };

  const text = (key: (typeof TEXT_FIELDS)[number] | 'name' | 'qbCompanyName' | 'qbRegularPayrollItem' | 'qbOvertimePayrollItem', type = 'text', autoComplete?: string) => (
    <Field label={t(`field.${key}`)} problem={problems.fields[key]} required={key === 'name'}>
      {(control) => <input {...control} type={type} autoComplete={autoComplete ?? 'off'} value={form[key]} onChange={(event) => set(key, event.target.value)} />}
    </Field>
  );
  const visibleIndustries = (industries.data ?? []).filter((industry) => industry.active || industry.id === form.industryId);

  return (
    <FormDialog
      open={open}
      title={company ? t('dialog.edit', { name: company.name }) : t('dialog.create')}
      submitLabel={company ? t('dialog.save') : t('dialog.create.submit')}
      workingLabel={t('dialog.working')}
      busy={save.isPending}
      onSubmit={submit}
      onCancel={onClose}
      problem={problems.form ?? undefined}
    >
      <div className="form-grid">
        {text('name', 'text', 'organization')}
        <Field label={t('field.industry')} problem={problems.fields.industryId}>
          {(control) => (
            <select {...control} value={form.industryId} onChange={(event) => set('industryId', event.target.value)}>
              <option value="">{t('field.industry.none')}</option>
              {visibleIndustries.map((industry) => (
                <option key={industry.id} value={industry.id}>
                  {industry.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('field.payPeriodType')} hint={t('field.payPeriodType.hint')} problem={problems.fields.payPeriodType}>
          {(control) => (
            <select {...control} value={form.payPeriodType} onChange={(event) => set('payPeriodType', event.target.value as PayPeriodType)}>
              {PAY_PERIOD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`type.${type}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {text('email', 'email', 'email')}
        {text('phone', 'tel', 'tel')}
        {text('address', 'text', 'street-address')}
        {text('city', 'text', 'address-level2')}
        {text('state', 'text', 'address-level1')}
        {text('zipCode', 'text', 'postal-code')}
      </div>
      <fieldset className="form-fieldset">
        <legend>{t('field.qb')}</legend>
        <div className="form-grid">
          {text('qbCompanyName')}
          {text('qbRegularPayrollItem')}
          {text('qbOvertimePayrollItem')}
        </div>
      </fieldset>
      {company && <CheckField label={t('field.active')} checked={form.active} onChange={(checked) => set('active', checked)} />}
    </FormDialog>
  );
}
