// The shared kiosk: sign in, punch, see the confirmation for 5 seconds, back to sign-in. The
// token lives in this component's memory only (never in storage or a cookie), and 30 seconds
// without input signs out. `?company=<id>` binds the kiosk to one company.
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

/** The zone if Intl knows it, else null (storage and links can be edited by hand). */
const knownZone = (zone: string | null): string | null => (zone !== null && isKnownTimeZone(zone) ? zone : null);

/** The stored zone, if there is one. */
function storedZone(key: string): string | null {
  try {
    return knownZone(localStorage.getItem(key));
  } catch {
    return null;
  }
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
  const companyId = useMemo(() => new URLSearchParams(location.search).get('company'), []);
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
  // Kept after sign-out, and across reloads (the zone is not secret): the next person at this
  // kiosk works for the same organization, so its clock shows the organization's time before
  // anyone signs in, not the device's.
  const zoneKey = `${KIOSK_ZONE_KEY}:${companyId ?? ''}`;
  // Before any sign-in here: the zone a sign-in stored, else the one the console's link names
  // (`&zone=`, web/src/console/kiosk-link.ts), else the device's.
  const [kioskZone, setKioskZone] = useState(
    () => storedZone(zoneKey) ?? knownZone(new URLSearchParams(location.search).get('zone')) ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
  );
  const orgZone = sheet.data?.company.bookkeeperOrg.timezone;
  useEffect(() => {
    if (!orgZone) return;
    setKioskZone(orgZone);
    try {
      localStorage.setItem(zoneKey, orgZone);
    } catch {
      // Storage full or refused: the clock still follows the zone until the page reloads.
    }
  }, [orgZone, zoneKey]);
  const timeZone = orgZone ?? kioskZone;

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
            heading={t('signIn.kioskHeading')}
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
