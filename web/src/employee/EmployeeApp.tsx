// The phone app: signed in by the HttpOnly cookie that sign-in sets (no token in scripts or
// storage), Home and My hours, the offline punch queue, Sign out.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiError, createApi } from '../api/client.ts';
import { employeeKeys, logout, me, timesheet, type VerifyResult } from '../api/employee.ts';
import { formatTime } from '../i18n/format.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { pendingSummary } from './pending-summary.ts';
import { useOfflineQueue } from '../offline/useOfflineQueue.ts';
import { labelMessage } from '../ui/errors.ts';
import { ClockPanel, ConfirmationBox, type Confirmation } from './ClockPanel.tsx';
import { Header, useOnline, type Person } from './Header.tsx';
import { MyHours } from './MyHours.tsx';
import { WeekSummary } from './WeekSummary.tsx';
import { SignIn } from './SignIn.tsx';

/** Who was signed in and the organization's zone, kept so the app can open offline. Not secret. */
const LAST_SESSION_KEY = 'payclock.lastSession';
interface LastSession {
  person: Person;
  timeZone: string;
}
const readLastSession = (): LastSession | null => {
  try {
    return JSON.parse(localStorage.getItem(LAST_SESSION_KEY) ?? 'null') as LastSession | null;
  } catch {
    return null;
  }
};

export function EmployeeApp() {
  const { t, lang } = useI18n();
  const api = useMemo(() => createApi(), []);
  const queryClient = useQueryClient();
  const online = useOnline();
  const [view, setView] = useState<'home' | 'hours'>('home');
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [signedOut, setSignedOut] = useState(false);

  const meQuery = useQuery({ queryKey: employeeKeys.me(), queryFn: () => me(api), retry: false, enabled: !signedOut });
  const meFailed = meQuery.error instanceof ApiError && !meQuery.error.isUnavailable;
  const last = readLastSession();
  const person: Person | null =
    meQuery.data && 'company' in meQuery.data.user
      ? { firstName: meQuery.data.user.firstName, lastName: meQuery.data.user.lastName, companyName: meQuery.data.user.company.name }
      : meQuery.isError && !meFailed
        ? (last?.person ?? null)
        : null;
  const sheetQuery = useQuery({ queryKey: employeeKeys.timesheet(null), queryFn: () => timesheet(api), enabled: Boolean(person) && !signedOut, retry: false });
  const refreshAll = () => void queryClient.invalidateQueries({ queryKey: employeeKeys.all });
  const queue = useOfflineQueue(api, refreshAll);

  const timeZone = sheetQuery.data?.company.bookkeeperOrg.timezone ?? last?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (person && sheetQuery.data) {
    const next: LastSession = { person, timeZone };
    if (JSON.stringify(next) !== JSON.stringify(last)) localStorage.setItem(LAST_SESSION_KEY, JSON.stringify(next));
  }

  function onSignedIn(result: VerifyResult) {
    setSignedOut(false);
    queryClient.setQueryData(employeeKeys.me(), { user: result.user });
    refreshAll();
    queue.replay();
  }

  async function signOut() {
    try {
      await logout(api);
    } catch {
      // Signed out on this device either way; the cookie is HttpOnly, so only the service clears it.
    }
    localStorage.removeItem(LAST_SESSION_KEY);
    setSignedOut(true);
    setConfirmation(null);
    queryClient.removeQueries({ queryKey: employeeKeys.all });
  }

  if (!signedOut && meQuery.isPending) return <main className="app"><p>{t('hours.loading')}</p></main>;

  if (signedOut || !person) {
    return (
      <>
        <Header person={null} />
        <main className="app">
          {!online && <p className="banner offline" role="status">{t('error.offline')}</p>}
          <SignIn api={api} onSignedIn={onSignedIn} heading={t('signIn.heading')} />
        </main>
      </>
    );
  }

  // The clock's state: the service's open entry, then any punches still waiting on this phone.
  let openSince = sheetQuery.data?.clockStatus.openTimeEntry?.clockIn ?? null;
  for (const punch of queue.pending) openSince = punch.body.action === 'clock_in' ? punch.body.occurredAt : null;

  return (
    <>
      <Header person={person} onSignOut={() => void signOut()} />
      <nav className="tabs" aria-label={t('nav.main')}>
        <button type="button" aria-current={view === 'home' ? 'page' : undefined} onClick={() => setView('home')}>{t('nav.home')}</button>
        <button type="button" aria-current={view === 'hours' ? 'page' : undefined} onClick={() => setView('hours')}>{t('nav.hours')}</button>
      </nav>
      <main className="app">
        {!online && <p className="banner offline" role="status">{t('offline.banner')}</p>}
        {queue.pending.length > 0 && (
          <p className="banner queued" role="status" data-testid="queue-count">
            {pendingSummary(queue.pending.map((punch) => punch.body.action), lang)}
          </p>
        )}
        {queue.refused.length > 0 && (
          <section className="refused" aria-labelledby="refused-heading">
            <h2 id="refused-heading">{t('queue.refusedHeading')}</h2>
            <ul>
              {queue.refused.map((item) => (
                <li key={item.id}>
                  {t('queue.refused', {
                    action: item.body.action === 'clock_in' ? t('queue.clockIn') : t('queue.clockOut'),
                    time: formatTime(item.body.occurredAt, timeZone, lang),
                    reason: labelMessage(item.label, item.detail, t),
                  })}{' '}
                  <button type="button" className="secondary" onClick={() => void queue.dismiss(item)}>{t('queue.dismiss')}</button>
                </li>
              ))}
            </ul>
          </section>
        )}
        {view === 'home' ? (
          confirmation ? (
            <ConfirmationBox confirmation={confirmation} timeZone={timeZone}>
              <button type="button" className="primary" onClick={() => setConfirmation(null)}>{t('confirm.dismiss')}</button>
            </ConfirmationBox>
          ) : (
            <>
              <ClockPanel api={api} openSince={openSince} timeZone={timeZone} queue={queue} onPunched={(c) => { setConfirmation(c); refreshAll(); }} />
              {sheetQuery.data && <WeekSummary sheet={sheetQuery.data} openSince={openSince} />}
            </>
          )
        ) : (
          <MyHours api={api} initial={sheetQuery.data} />
        )}
      </main>
    </>
  );
}
