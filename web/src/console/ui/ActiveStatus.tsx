// Active or inactive, for every list of the console that has the state (companies, employees,
// users, organizations): the badge in a row, and the list's "Show" filter, kept in the URL as
// `active=all` (active only is the default, as the API's `active=true`).
import { useId } from 'react';
import { useCatalogue } from '../catalogue.ts';
import { useQueryParams } from '../router.tsx';
import { uiMessages } from './messages.ts';

/** Whose state: in Spanish the words agree with it (un empleado activo, una empresa activa). */
export type ActiveOf = 'people' | 'users' | 'companies' | 'organizations';

const GENDER = { people: 'm', users: 'm', companies: 'f', organizations: 'f' } as const;

/** Active or inactive, in words and colour (never colour alone). Inactive is grey: a state, not a fault. */
export function StatusBadge({ active, of }: { active: boolean; of: ActiveOf }) {
  const { t } = useCatalogue(uiMessages);
  return <span className={`badge ${active ? 'badge-ok' : 'badge-muted'}`}>{t(`${active ? 'status.active' : 'status.inactive'}.${GENDER[of]}`)}</span>;
}

/** Whether the list shows inactive rows too (`active=all` in the URL). */
export function useShowAll(): boolean {
  const [params] = useQueryParams();
  return params.get('active') === 'all';
}

/** The list's filter: active only, or active and inactive. A change goes back to the first page. */
export function ActiveFilter({ of }: { of: ActiveOf }) {
  const { t } = useCatalogue(uiMessages);
  const id = useId();
  const [, setQuery] = useQueryParams();
  const showAll = useShowAll();
  return (
    <div className="field">
      <label htmlFor={id}>{t('filter.show')}</label>
      <select id={id} value={showAll ? 'all' : 'active'} onChange={(event) => setQuery({ active: event.target.value === 'all' ? 'all' : null, page: null })}>
        <option value="active">{t(`filter.activeOnly.${GENDER[of]}`)}</option>
        <option value="all">{t(`filter.all.${GENDER[of]}`)}</option>
      </select>
    </div>
  );
}
