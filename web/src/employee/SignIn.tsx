// Phone and PIN, with an on-screen keypad for the field in use. A phone used at several
// companies (409 Company required) asks for the company; a 429 counts down from Retry-After.
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, type Api } from '../api/client.ts';
import { verify, type VerifyResult } from '../api/employee.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { errorMessage } from '../ui/errors.ts';
import { Keypad } from '../ui/Keypad.tsx';
import { applyKey } from '../ui/keypad.ts';

const FIELD_LENGTH = { phone: 20, pin: 8 } as const;

function useCountdown(): [number, (seconds: number) => void] {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [until]);
  const remaining = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
  return [remaining, (seconds) => { setNow(Date.now()); setUntil(Date.now() + seconds * 1000); }];
}

export function SignIn({ api, onSignedIn, companyId: boundCompanyId, heading }: { api: Api; onSignedIn(result: VerifyResult): void; companyId?: string | null; heading: string }) {
  const { t } = useI18n();
  const [phone, setPhone] = useState('');
  const [pin, setPin] = useState('');
  const [field, setField] = useState<'phone' | 'pin'>('phone');
  const [companyId, setCompanyId] = useState('');
  const [needsCompany, setNeedsCompany] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const [waitSeconds, startWait] = useCountdown();
  const limited = error?.status === 429;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || (limited && waitSeconds > 0)) return;
    setBusy(true);
    setError(null);
    try {
      const chosen = boundCompanyId ?? (needsCompany && companyId.trim() ? companyId.trim() : undefined);
      onSignedIn(await verify(api, { phone, pin, ...(chosen ? { companyId: chosen } : {}) }));
    } catch (caught) {
      const failure = caught instanceof ApiError ? caught : new ApiError(0, 'Network error', undefined, null, null);
      if (failure.status === 409 && failure.label === 'Company required') setNeedsCompany(true);
      else setError(failure);
      if (failure.status === 429) startWait(failure.retryAfterSeconds ?? 60);
      if (failure.status === 401) setPin('');
    } finally {
      setBusy(false);
    }
  }

  const message = !error ? null : limited ? (waitSeconds > 0 ? t('error.tooManyTries', { seconds: waitSeconds }) : t('error.tooManyTriesDone')) : errorMessage(error, t);

  return (
    <form className="sign-in" onSubmit={submit} noValidate>
      <h1>{heading}</h1>
      <label className="field">
        <span>{t('signIn.phone')}</span>
        <input type="tel" name="phone" autoComplete="tel" inputMode="tel" value={phone} maxLength={FIELD_LENGTH.phone} onFocus={() => setField('phone')} onChange={(e) => setPhone(e.target.value)} />
      </label>
      <label className="field">
        <span>{t('signIn.pin')}</span>
        <input type="password" name="pin" autoComplete="off" inputMode="numeric" pattern="[0-9]*" value={pin} maxLength={FIELD_LENGTH.pin} onFocus={() => setField('pin')} onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))} />
      </label>
      <Keypad
        disabled={busy}
        onKey={(key) => (field === 'phone' ? setPhone((v) => applyKey(v, key, FIELD_LENGTH.phone)) : setPin((v) => applyKey(v, key, FIELD_LENGTH.pin)))}
      />
      {needsCompany && !boundCompanyId && (
        <div className="company-chooser">
          <p>{t('signIn.chooseCompany')}</p>
          <label className="field">
            <span>{t('signIn.companyId')}</span>
            <input name="companyId" value={companyId} onChange={(e) => setCompanyId(e.target.value)} aria-describedby="company-hint" />
          </label>
          <p id="company-hint" className="hint">{t('signIn.companyHint')}</p>
        </div>
      )}
      <p className="error" role="alert" aria-live="assertive">
        {message}
      </p>
      <button type="submit" className="primary" disabled={busy || (limited && waitSeconds > 0)}>
        {busy ? t('signIn.working') : t('signIn.submit')}
      </button>
    </form>
  );
}
