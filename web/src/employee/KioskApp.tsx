// The shared kiosk: sign in, punch, see the confirmation for 5 seconds, back to sign-in. The
// token lives in this component's memory only (never in storage or a cookie), and 30 seconds
// without input signs out. `?company=<id>` binds the kiosk to one company, whose name its heading
// says once it is known.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createApi } from '../api/client.ts';
import { logout, timesheet, type VerifyResult } from '../api/employee.ts';
import { formatTime, isKnownTimeZone } from '../i18n/format.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { useNow } from '../ui/useNow.ts';
import { ClockPanel, ConfirmationBox, type Confirmation } from './ClockPanel.tsx';
import { WeekSummary } from './WeekSummary.tsx';
import { Header, useOnline } from './Header.tsx';
import { SignIn } from './SignIn.tsx';

export const KIOSK_CONFIRMATION_MS = 5_000;
export const KIOSK_IDLE_MS = 30_000;

/** Where the kiosk keeps its company's organization zone, once a sign-in has told it. */
const KIOSK_ZONE_KEY = 'payclock.kiosk.zone';

/** Where the kiosk keeps its company's name, once a sign-in has told it. */
const KIOSK_COMPANY_NAME_KEY = 'payclock.kiosk.companyName';

/** The zone if Intl knows it, else null (storage and links can be edited by hand). */
const knownZone = (zone: string | null): string | null => (zone !== null && isKnownTimeZone(zone) ? zone : null);

/** A company's name as a heading can show it: trimmed, not blank, not a paragraph. */
const shownName = (name: string | null): string | null => {
  const trimmed = name?.trim() ?? '';
  return trimmed !== '' && trimmed.length <= 200 ? trimmed : null;
};

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage full or refused: the kiosk still shows the value until the page reloads.
  }
}

/**
 * Something a sign-in at this kiosk told it (the organization's zone, the company's name), kept
 * after sign-out and across reloads: none of it is secret, and the next person at this kiosk works
 * for the same company. Before any sign-in here it is what the console's link named
 * (web/src/console/kiosk-link.ts), if anything. `fromSignIn` is undefined while nobody is signed in.
 */
function useKioskFact(key: string, fromLink: string | null, fromSignIn: string | undefined, valid: (value: string | null) => string | null): string | null {
  const [fact, setFact] = useState(() => valid(stored(key)) ?? valid(fromLink));
  useEffect(() => {
    const told = valid(fromSignIn ?? null);
    if (told === null) return;
    setFact(told);
    store(key, told);
  }, [key, fromSignIn, valid]);
  return fact;
}

/** The kiosk's clock, in the organization's time zone once a sign-in has told it, so that it agrees with the punch times shown beside it. */
function BigClock({ timeZone }: { timeZone: string }) {
  const { t, lang } = useI18n();
  const now = useNow(1000);
  return (
    <p className="big-clock">
      <span className="visually-hidden">{t('home.now')}: </span>
      <time>{formatTime(new Date(now), timeZone, lang)}</time>
    </p>
  );
}

export function KioskApp() {
  const { t } = useI18n();
  const online = useOnline();
  // The kiosk's link, read once: the company it is bound to, and what the console's link names.
  const link = useMemo(() => new URLSearchParams(location.search), []);
  const companyId = link.get('company');
  const token = useRef<string | null>(null);
  const api = useMemo(() => createApi({ bearerToken: () => token.current }), []);
  const [session, setSession] = useState<VerifyResult | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [signInKey, setSignInKey] = useState(0);

  const sheet = useQuery({ queryKey: ['kiosk', session?.user.id ?? null], queryFn: () => timesheet(api), enabled: session !== null, gcTime: 0, retry: false });

  const signOut = useCallback(() => {
    if (token.current) void logout(api).catch(() => undefined);
    token.current = null;
    setSession(null);
    setConfirmation(null);
    setSignInKey((k) => k + 1);
  }, [api]);

  // Idle: any key or touch restarts the 30-second count; when it runs out, back to sign-in.
  useEffect(() => {
    let timer = setTimeout(signOut, KIOSK_IDLE_MS);
    const reset = () => {
      clearTimeout(timer);
      timer = setTimeout(signOut, KIOSK_IDLE_MS);
    };
    const events = ['pointerdown', 'keydown', 'input'] as const;
    events.forEach((name) => window.addEventListener(name, reset, true));
    return () => {
      clearTimeout(timer);
      events.forEach((name) => window.removeEventListener(name, reset, true));
    };
  }, [signOut]);

  useEffect(() => {
    if (!confirmation) return;
    const timer = setTimeout(signOut, KIOSK_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [confirmation, signOut]);

  const person = session ? { firstName: session.user.firstName, lastName: session.user.lastName, companyName: session.user.company.name } : null;
  // The clock shows the organization's time before anyone signs in (`&zone=` in the link), not the device's.
  const orgZone = sheet.data?.company.bookkeeperOrg.timezone;
  const kioskZone = useKioskFact(`${KIOSK_ZONE_KEY}:${companyId ?? ''}`, link.get('zone'), orgZone, knownZone);
  const timeZone = orgZone ?? kioskZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  // A kiosk bound to a company says whose it is (`&name=` in the link), so people know they are at
  // the right one; a sign-in of that company's employee corrects a name edited in the link.
  const boundCompany = session && session.user.company.id === companyId ? session.user.company.name : undefined;
  const companyName = useKioskFact(`${KIOSK_COMPANY_NAME_KEY}:${companyId ?? ''}`, companyId ? link.get('name') : null, boundCompany, shownName);

  return (
    <div className="kiosk">
      <Header person={person} onSignOut={session ? signOut : undefined} />
      <main className="app">
        {!online && <p className="banner blocked" role="alert">{t('kiosk.offline')}</p>}
        <BigClock timeZone={timeZone} />
        {!session ? (
          <SignIn
            key={signInKey}
            api={api}
            companyId={companyId}
            heading={companyName ? t('signIn.kioskHeadingAt', { company: companyName }) : t('signIn.kioskHeading')}
            onSignedIn={(result) => {
              token.current = result.token;
              setSession(result);
            }}
          />
        ) : confirmation ? (
          <ConfirmationBox confirmation={confirmation} timeZone={timeZone}>
            <p>{t('kiosk.returning')}</p>
          </ConfirmationBox>
        ) : sheet.data ? (
          <>
            <ClockPanel api={api} openSince={sheet.data.clockStatus.openTimeEntry?.clockIn ?? null} timeZone={timeZone} onPunched={setConfirmation} />
            <WeekSummary sheet={sheet.data} />
          </>
        ) : (
          <p>{sheet.isError ? t('error.offline') : t('hours.loading')}</p>
        )}
      </main>
    </div>
  );
}
