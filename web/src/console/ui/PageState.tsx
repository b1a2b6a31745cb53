// The three states every page has besides its content: loading, failed (with a retry when one can
// help) and empty; and ListStates, which picks among them for a paged list.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../api.ts';
import { useQueryParams } from '../router.tsx';
import { Pagination } from './Pagination.tsx';
import { useCatalogue } from '../catalogue.ts';
import { uiMessages } from './messages.ts';
import { problemText } from './problems.ts';

export function Loading() {
  const { t } = useCatalogue(uiMessages);
  return (
    <p className="state state-loading" role="status">
      {t('loading')}
    </p>
  );
}

/** An error that is not the service's answer (a bug of the page, say) is worth a retry too. */
const mayPass = (error: unknown) => !(error instanceof ApiError) || error.mayPassLater;

export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useCatalogue(uiMessages);
  return (
    <div className="state state-error" role="alert">
      <p>{t('error.load', { reason: problemText(error, t) })}</p>
      {onRetry && mayPass(error) && (
        <button type="button" className="secondary" onClick={onRetry}>
          {t('retry')}
        </button>
      )}
    </div>
  );
}

export function Empty({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <div className="state state-empty" id={id}>
      {children}
    </div>
  );
}

/** What every paged answer of the API carries (docs/api.md §7). */
interface PagedAnswer {
  items: readonly unknown[];
  page: number;
  totalPages: number;
  total: number;
}

/**
 * A paged list's query as the page shows it: loading, failed with a retry, `empty` in words when it
 * has no items, else `children` with its page and the page links under it, which keep the page in
 * the URL (`page`, left out for the first). The lists had each written this as a four-way ternary
 * with the same Pagination under it.
 */
export function ListStates<Page extends PagedAnswer>({ list, empty, children }: { list: UseQueryResult<Page>; empty: ReactNode; children(page: Page): ReactNode }) {
  const [, setQuery] = useQueryParams();
  if (list.isPending) return <Loading />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.items.length === 0) return <Empty>{empty}</Empty>;
  return (
    <>
      {children(list.data)}
      <Pagination page={list.data.page} totalPages={list.data.totalPages} total={list.data.total} onPage={(next) => setQuery({ page: next === 1 ? null : next })} />
    </>
  );
}
