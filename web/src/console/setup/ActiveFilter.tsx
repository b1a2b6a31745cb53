// "Show: active / all" for lists whose API filters with `active=true` (any other value: all).
// The choice lives in the URL as `show=all`; active only is the default.
import { useId } from 'react';
import { useQueryParams } from '../router.tsx';

export type ActiveChoice = 'true' | 'all';

export function useActiveChoice(): ActiveChoice {
  const [params] = useQueryParams();
  return params.get('show') === 'all' ? 'all' : 'true';
}

export function ActiveFilter({ label, activeLabel, allLabel }: { label: string; activeLabel: string; allLabel: string }) {
  const id = useId();
  const [, setQuery] = useQueryParams();
  const value = useActiveChoice();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => setQuery({ show: event.target.value === 'all' ? 'all' : null, page: null })}>
        <option value="true">{activeLabel}</option>
        <option value="all">{allLabel}</option>
      </select>
    </div>
  );
}
