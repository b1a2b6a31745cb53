// Server-side pages: previous / next and where we are. The page lives in the URL (`page=`).
import { useCatalogue } from '../catalogue.ts';
import { uiMessages } from './messages.ts';

export function Pagination({ page, totalPages, total, onPage }: { page: number; totalPages: number; total: number; onPage(page: number): void }) {
  const { t, lang } = useCatalogue(uiMessages);
  const pages = Math.max(1, totalPages);
  const number = (n: number) => new Intl.NumberFormat(lang === 'es' ? 'es-US' : 'en-US').format(n);
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <button type="button" className="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pagination.previous')}
      </button>
      <span aria-live="polite">{t('pagination.status', { page: number(page), pages: number(pages), total: number(total) })}</span>
      <button type="button" className="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pagination.next')}
      </button>
    </nav>
  );
}
