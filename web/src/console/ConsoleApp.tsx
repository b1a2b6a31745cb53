// The console: the first-run form while the service has no administrator, sign-in without a
// session, else the shell. `/admin` itself opens the pay periods.
import { lazy, Suspense, useEffect } from 'react';
import { useCatalogue } from './catalogue.ts';
import { HOME_PATH } from './routes.tsx';
import { navigate, useLocation } from './router.tsx';
import { AdminContext, useSession } from './session.tsx';
import { shellMessages } from './shell/messages.ts';
import { Shell } from './shell/Shell.tsx';
import { SignIn } from './shell/SignIn.tsx';
import { LoadError, Loading } from './ui/PageState.tsx';
import { useFirstAdminNeeded } from './setup/queries.ts';

// Shown once in a service's life: loaded only when the service says it has no administrator yet.
const FirstRun = lazy(() => import('./setup/FirstRun.tsx'));

export function ConsoleApp() {
  const { t } = useCatalogue(shellMessages);
  const session = useSession();
  const { pathname } = useLocation();
  const admin = session.data ?? null;
  const firstAdminNeeded = useFirstAdminNeeded(session.isSuccess && !admin);

  useEffect(() => {
    if (admin && pathname === '/admin') navigate(HOME_PATH, { replace: true });
  }, [admin, pathname]);
  useEffect(() => {
    if (!admin) document.title = `${t('signIn.heading')}`;
  }, [admin, t]);

  if (session.isPending) return <Loading />;
  if (session.isError) return <LoadError error={session.error} onRetry={() => void session.refetch()} />;
  if (!admin) {
    // A failed setup check falls back to sign-in: the form that works on every installation.
    if (firstAdminNeeded.isPending) return <Loading />;
    if (firstAdminNeeded.data === true) {
      return (
        <Suspense fallback={<Loading />}>
          <FirstRun />
        </Suspense>
      );
    }
    return <SignIn />;
  }
  return (
    <AdminContext.Provider value={admin}>
      <Shell admin={admin} />
    </AdminContext.Provider>
  );
}
