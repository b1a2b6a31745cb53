// The company new employees join, for the new-employee form and the spreadsheet import: the active
// companies by name, and the one already chosen even when it is not (a URL's company, say).
import { useCatalogue } from '../catalogue.ts';
import { useCompanyChoices } from '../people/company-choices.ts';
import { Field } from '../ui/Field.tsx';
import { PendingChoice } from '../ui/PendingChoice.tsx';
import { employeesMessages } from './messages.ts';

export function CompanyField({ value, onChange, problem, disabled }: { value: string; onChange(companyId: string): void; problem?: string | undefined; disabled?: boolean }) {
  const { t } = useCatalogue(employeesMessages);
  const companies = useCompanyChoices();
  return (
    <Field label={t('field.companyId')} problem={problem} required>
      {(control) => (
        <select {...control} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
          <option value="">{t('field.companyId.choose')}</option>
          <PendingChoice value={value} pending={companies.isLoading} />
          {(companies.data ?? [])
            .filter((choice) => choice.active || choice.id === value)
            .map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name}
              </option>
            ))}
        </select>
      )}
    </Field>
  );
}
