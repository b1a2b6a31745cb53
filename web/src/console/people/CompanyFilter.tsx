// A list's company filter: every company of the caller's view by name (an inactive one says so),
// "All companies" for none. The value lives in the page's URL, which the page owns.
import { useCatalogue } from '../catalogue.ts';
import { PendingChoice } from '../ui/PendingChoice.tsx';
import type { CompanyChoice } from './company-choices.ts';
import { companyFilterMessages } from './messages.ts';

export function CompanyFilter({ value, companies, onChange }: { value: string; companies: { data?: CompanyChoice[] | undefined; isLoading: boolean }; onChange(companyId: string): void }) {
  const { t } = useCatalogue(companyFilterMessages);
  return (
    <div className="field">
      <label htmlFor="company-filter">{t('label')}</label>
      <select id="company-filter" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('all')}</option>
        <PendingChoice value={value} pending={companies.isLoading} />
        {(companies.data ?? []).map((company) => (
          <option key={company.id} value={company.id}>
            {company.active ? company.name : t('inactive', { name: company.name })}
          </option>
        ))}
      </select>
    </div>
  );
}
