import { useCatalogue } from '../catalogue.ts';
import { peopleMessages } from './messages.ts';

/** Whose status: the words agree with it in Spanish (una empresa activa, un empleado activo). */
type Of = 'people' | 'companies';

const WORDS = {
  people: { active: 'status.active', inactive: 'status.inactive', activeOnly: 'filter.activeOnly', all: 'filter.all' },
  companies: { active: 'status.activeCompany', inactive: 'status.inactiveCompany', activeOnly: 'filter.activeOnlyCompanies', all: 'filter.allCompanies' },
} as const;

/** Active or inactive, in words and colour (never colour alone). */
export function StatusBadge({ active, of = 'people' }: { active: boolean; of?: Of }) {
  const { t } = useCatalogue(peopleMessages);
  return <span className={`badge ${active ? 'badge-ok' : 'badge-muted'}`}>{t(active ? WORDS[of].active : WORDS[of].inactive)}</span>;
}

/** The list filter: active only (the default, kept out of the URL) or everyone. */
export function ActiveFilter({ showAll, onChange, of = 'people' }: { showAll: boolean; onChange(showAll: boolean): void; of?: Of }) {
  const { t } = useCatalogue(peopleMessages);
  return (
    <div className="field">
      <label htmlFor="active-filter">{t('filter.status')}</label>
      <select id="active-filter" value={showAll ? 'all' : 'active'} onChange={(event) => onChange(event.target.value === 'all')}>
        <option value="active">{t(WORDS[of].activeOnly)}</option>
        <option value="all">{t(WORDS[of].all)}</option>
      </select>
    </div>
  );
}
