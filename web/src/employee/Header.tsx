import { useEffect, useState } from 'react';
import { useI18n } from '../i18n/i18n.tsx';
import { LanguageSwitch } from '../ui/LanguageSwitch.tsx';

export interface Person {
  firstName: string;
  lastName: string;
  companyName: string;
}

export function Header({ person, onSignOut }: { person: Person | null; onSignOut?: () => void }) {
  const { t } = useI18n();
  return (
    <header className="top">
      <div className="who">
        <p className="brand">{t('app.title')}</p>
        {person && (
          <>
            <p className="name">{t('home.greeting', { name: `${person.firstName} ${person.lastName}` })}</p>
            <p className="company">{t('home.company', { company: person.companyName })}</p>
          </>
        )}
      </div>
      <div className="top-actions">
        <LanguageSwitch />
        {onSignOut && (
          <button type="button" className="secondary" onClick={onSignOut}>
            {t('signOut')}
          </button>
        )}
      </div>
    </header>
  );
}

/** Whether the browser believes it has a connection, kept up to date. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  return online;
}
