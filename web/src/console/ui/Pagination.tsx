// Server-side pages: previous / next and where we are. The page lives in the URL (`page=`).
// Everything on one page needs no buttons that can only be disabled: only the count shows
// ("3 results"), still announced as a search narrows or widens it.
import { useCatalogue } from '../catalogue.ts';
import { uiMessages } from './messages.ts';

export function Pagination({ page, totalPages, total, onPage }: { page: number; totalPages: number; total: number; onPage(page: number): void }) {
  const { t, lang } = useCatalogue(uiMessages);
  const pages = Math.max(1, totalPages);
  const locale = lang === 'es' ? 'es-US' : 'en-US';
  const number = (n: number) => new Intl.NumberFormat(locale).format(n);
  if (page <= 1 && pages <= 1) {
    const count = new Intl.PluralRules(locale).select(total) === 'one' ? 'pagination.one' : 'pagination.other';
    return (
      <p className="pagination" aria-live="polite">
        {t(count, { total: number(total) })}
      </p>
    );
  }
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
