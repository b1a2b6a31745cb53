// The signed-in frame: who and where at the top, the navigation, and the page the URL names.
import { Suspense } from 'react';
import { LanguageSwitch } from '../../ui/LanguageSwitch.tsx';
import { useCatalogue } from '../catalogue.ts';
import { HOME_PATH, ROUTES } from '../routes.tsx';
import { Link, matchPath, useLocation } from '../router.tsx';
import { useSignOut, type Admin } from '../session.tsx';
import { Loading } from '../ui/PageState.tsx';
import { shellMessages } from './messages.ts';

export function Shell({ admin }: { admin: Admin }) {
  const { t } = useCatalogue(shellMessages);
  const { pathname } = useLocation();
  const signOut = useSignOut();
  const routes = ROUTES.filter((route) => !route.superAdminOnly || admin.role === 'SUPER_ADMIN');
  const found = routes.map((route) => ({ route, params: matchPath(route.pattern, pathname) })).find((candidate) => candidate.params);

  return (
    <div className="console">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="console-top">
        <div className="console-brand">
          <span className="brand">{t('brand')}</span>
          <span className="console-org">{admin.bookkeeperOrg.name}</span>
        </div>
        <div className="top-actions">
          <span className="console-user">{t('signedInAs', { name: `${admin.firstName} ${admin.lastName}` })}</span>
          <LanguageSwitch />
          <button type="button" className="secondary" onClick={() => void signOut()}>
            {t('signOut')}
          </button>
        </div>
      </header>
      <div className="console-body">
        <nav className="console-nav" aria-label={t('nav.label')}>
          <ul>
            {routes
              .filter((route) => route.nav)
              .map((route) => {
                const current = pathname === route.pattern || pathname.startsWith(`${route.pattern}/`);
                return (
                  <li key={route.pattern}>
                    <Link to={route.pattern} aria-current={current ? 'page' : undefined}>
                      {t(route.nav!)}
                    </Link>
                  </li>
                );
              })}
          </ul>
        </nav>
        <main id="main" className="console-main" tabIndex={-1}>
          <Suspense fallback={<Loading />}>
            {found ? (
              <found.route.page params={found.params!} />
            ) : (
              <div className="state state-empty">
                <p>{t('page.notFound')}</p>
                <Link to={HOME_PATH}>{t('page.notFoundLink')}</Link>
              </div>
            )}
          </Suspense>
        </main>
      </div>
    </div>
  );
}
