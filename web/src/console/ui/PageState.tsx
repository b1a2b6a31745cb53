// The three states every page has besides its content: loading, failed (with a retry) and empty.
import type { ReactNode } from 'react';
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

export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useCatalogue(uiMessages);
  return (
    <div className="state state-error" role="alert">
      <p>{t('error.load', { reason: problemText(error, t) })}</p>
      {onRetry && (
        <button type="button" className="secondary" onClick={onRetry}>
          {t('retry')}
        </button>
      )}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <div className="state state-empty">{children}</div>;
}
