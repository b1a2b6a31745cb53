// Email and password for the cookie session; a 429 counts down from Retry-After.
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LanguageSwitch } from '../../ui/LanguageSwitch.tsx';
import { useCountdown } from '../../ui/countdown.ts';
import { waitMessage } from '../../ui/wait-message.ts';
import { ApiError, api, unwrap } from '../api.ts';
import { useCatalogue, type Translate } from '../catalogue.ts';
import { sessionKey } from '../session.tsx';
import { shellMessages } from './messages.ts';

type ShellKey = keyof typeof shellMessages.en;

function signInMessage(error: ApiError, waitSeconds: number, t: Translate<ShellKey>): string {
  if (error.status === 429) return waitMessage(waitSeconds, t);
  if (error.status === 0) return t('error.offline');
  if (error.status === 503) return t('error.busy');
  if (error.status === 401) return t('error.badCredentials');
  if (error.label === 'Invalid login data') return t('error.invalidLogin');
  if (error.label === 'Organization inactive') return t('error.orgInactive');
  if (error.status === 403) return t('error.inactive');
  return t('error.generic', { label: error.label });
}

export function SignIn() {
  const { t } = useCatalogue(shellMessages);
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const [waitSeconds, startWait] = useCountdown();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || (error?.status === 429 && waitSeconds > 0)) return;
    setBusy(true);
    setError(null);
    try {
      await unwrap(api.POST('/api/v1/auth/login', { body: { email: email.trim(), password } }));
      await queryClient.invalidateQueries({ queryKey: sessionKey });
    } catch (caught) {
      const failure = caught instanceof ApiError ? caught : new ApiError(0, 'Network error', undefined, null, null);
      setError(failure);
      if (failure.status === 429) startWait(failure.retryAfterSeconds ?? 60);
      if (failure.status === 401) setPassword('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="console-sign-in">
      <div className="console-sign-in-top">
        <LanguageSwitch />
      </div>
      <form className="sign-in" onSubmit={submit} noValidate>
        <p className="brand">{t('brand')}</p>
        <h1>{t('signIn.heading')}</h1>
        <p className="hint">{t('signIn.lead')}</p>
        <label className="field">
          <span>{t('signIn.email')}</span>
          <input type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label className="field">
          <span>{t('signIn.password')}</span>
          <input type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <p className="error" role="alert">
          {error ? signInMessage(error, waitSeconds, t) : ''}
        </p>
        <button type="submit" className="primary" disabled={busy || (error?.status === 429 && waitSeconds > 0)}>
          {busy ? t('signIn.working') : t('signIn.submit')}
        </button>
        <p className="hint">
          {t('signIn.employeeHint')} <a href="/">{t('signIn.employeeLink')}</a>
        </p>
      </form>
    </div>
  );
}
