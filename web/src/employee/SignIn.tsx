// Phone and PIN, with an on-screen keypad for the field in use. A phone used at several
// companies (409 Company required, sent only after a correct PIN) offers one button per company
// (docs/api.md §10); a 429 counts down from Retry-After.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, type Api } from '../api/client.ts';
import { companyChoices, verify, type CompanyChoice, type VerifyResult } from '../api/employee.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { useCountdown } from '../ui/countdown.ts';
import { useOnline } from './Header.tsx';
import { waitMessage } from '../ui/wait-message.ts';
import { errorMessage } from '../ui/errors.ts';
import { Keypad } from '../ui/Keypad.tsx';
import { applyKey } from '../ui/keypad.ts';

const FIELD_LENGTH = { phone: 20, pin: 8 } as const;

export function SignIn({ api, onSignedIn, companyId: boundCompanyId, heading }: { api: Api; onSignedIn(result: VerifyResult): void; companyId?: string | null; heading: string }) {
  const { t } = useI18n();
  const [phone, setPhone] = useState('');
  const [pin, setPin] = useState('');
  const [field, setField] = useState<'phone' | 'pin'>('phone');
  // The companies the phone and PIN matched; while set, the chooser replaces the form.
  const [choices, setChoices] = useState<CompanyChoice[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const [waitSeconds, startWait] = useCountdown();
  const limited = error?.status === 429;
  // Offline, a sign-in cannot reach the service: the page's banner says so, and the button waits.
  const online = useOnline();

  async function signIn(companyId: string | undefined) {
    if (busy || !online || (limited && waitSeconds > 0)) return;
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await verify(api, { phone, pin, ...(companyId ? { companyId } : {}) }));
    } catch (caught) {
      const failure = caught instanceof ApiError ? caught : new ApiError(0, 'Network error', undefined, null, null);
      const offered = failure.status === 409 && failure.label === 'Company required' ? companyChoices(failure.data) : [];
      if (offered.length > 1) setChoices(offered);
      else setError(failure);
      if (failure.status === 429) startWait(failure.retryAfterSeconds ?? 60);
      if (failure.status === 401 || failure.status === 429) {
        setPin('');
        setChoices(null);
      }
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void signIn(boundCompanyId ?? undefined);
  }

  function back() {
    setChoices(null);
    setError(null);
    setPin('');
    setField('pin');
  }

  const message = !error ? null : limited ? waitMessage(waitSeconds, t) : errorMessage(error, t);
  const alert = (
    <p className="error" role="alert" aria-live="assertive">
      {message}
    </p>
  );

  if (choices) {
    return (
      <CompanyChooser heading={heading} choices={choices} busy={busy} onChoose={(id) => void signIn(id)} onBack={back}>
        {alert}
      </CompanyChooser>
    );
  }

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
      {alert}
      <button type="submit" className="primary" disabled={busy || !online || (limited && waitSeconds > 0)}>
        {busy ? t('signIn.working') : t('signIn.submit')}
      </button>
    </form>
  );
}

/**
 * One large button per company, named by the company alone, so a tap (or a screen reader's
 * "Harbor Bakery, button") is the whole choice. Focus moves to the question when it appears.
 */
function CompanyChooser({ heading, choices, busy, onChoose, onBack, children }: { heading: string; choices: CompanyChoice[]; busy: boolean; onChoose(companyId: string): void; onBack(): void; children: React.ReactNode }) {
  const { t } = useI18n();
  const question = useRef<HTMLHeadingElement>(null);
  useEffect(() => question.current?.focus(), []);
  return (
    <section className="sign-in" aria-labelledby="company-question">
      <h1>{heading}</h1>
      <h2 id="company-question" ref={question} tabIndex={-1}>
        {t('signIn.chooseCompany')}
      </h2>
      <ul className="company-choices">
        {choices.map((company) => (
          <li key={company.id}>
            <button type="button" className="company-choice" disabled={busy} onClick={() => onChoose(company.id)}>
              {company.name}
            </button>
          </li>
        ))}
      </ul>
      {children}
      <p className="hint" aria-live="polite">{busy ? t('signIn.working') : ''}</p>
      <button type="button" className="secondary" onClick={onBack} disabled={busy}>
        {t('signIn.back')}
      </button>
    </section>
  );
}
