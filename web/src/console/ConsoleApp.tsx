// The console: sign-in without a session, else the shell. `/admin` itself opens the pay periods.
import { useEffect } from 'react';
import { useCatalogue } from './catalogue.ts';
import { HOME_PATH } from './routes.tsx';
import { navigate, useLocation } from './router.tsx';
import { AdminContext, useSession } from './session.tsx';
import { shellMessages } from './shell/messages.ts';
import { Shell } from './shell/Shell.tsx';
import { SignIn } from './shell/SignIn.tsx';
import { LoadError, Loading } from './ui/PageState.tsx';

export function ConsoleApp() {
  const { t } = useCatalogue(shellMessages);
  const session = useSession();
  const { pathname } = useLocation();
  const admin = session.data ?? null;

  useEffect(() => {
    if (admin && pathname === '/admin') navigate(HOME_PATH, { replace: true });
  }, [admin, pathname]);
  useEffect(() => {
    if (!admin) document.title = `${t('signIn.heading')}`;
  }, [admin, t]);

  if (session.isPending) return <Loading />;
  if (session.isError) return <LoadError error={session.error} onRetry={() => void session.refetch()} />;
  if (!admin) return <SignIn />;
  return (
    <AdminContext.Provider value={admin}>
      <Shell admin={admin} />
    </AdminContext.Provider>
  );
}
