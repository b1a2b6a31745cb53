import { useCatalogue } from '../catalogue.ts';
import { peopleMessages } from './messages.ts';

/** Active or inactive, in words and colour (never colour alone). */
export function StatusBadge({ active }: { active: boolean }) {
  const { t } = useCatalogue(peopleMessages);
  return <span className={`badge ${active ? 'badge-ok' : 'badge-muted'}`}>{t(active ? 'status.active' : 'status.inactive')}</span>;
}

/** The list filter: active only (the default, kept out of the URL) or everyone. */
export function ActiveFilter({ showAll, onChange }: { showAll: boolean; onChange(showAll: boolean): void }) {
  const { t } = useCatalogue(peopleMessages);
  return (
    <div className="field">
      <label htmlFor="active-filter">{t('filter.status')}</label>
      <select id="active-filter" value={showAll ? 'all' : 'active'} onChange={(event) => onChange(event.target.value === 'all')}>
        <option value="active">{t('filter.activeOnly')}</option>
        <option value="all">{t('filter.all')}</option>
      </select>
    </div>
  );
}
