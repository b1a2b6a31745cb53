// The first-run form (docs/api.md §10, First run): shown at /admin while the service has no
// administrator. It creates the organization and its SUPER_ADMIN, whose cookie the answer sets,
// so the console opens signed in.
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LanguageSwitch } from '../../ui/LanguageSwitch.tsx';
import { useCountdown } from '../../ui/countdown.ts';
import { waitMessage } from '../../ui/wait-message.ts';
import { ApiError, api, unwrap } from '../api.ts';
import { useCatalogue, type Translate } from '../catalogue.ts';
import { sessionKey } from '../session.tsx';
import { uiMessages } from '../ui/messages.ts';
import { fieldProblems } from '../ui/problems.ts';
import { usePageTitle } from '../ui/usePageTitle.ts';
import { setupMessages } from './messages.ts';
import { setupKeys } from './queries.ts';
import { TextField } from './TextField.tsx';
import { isKnownTimeZone } from '../../i18n/format.ts';
import { browserTimeZone, TimeZoneField } from './TimeZoneField.tsx';

type SetupKey = keyof typeof setupMessages.en;
type FieldName = 'email' | 'password' | 'firstName' | 'lastName' | 'organizationName' | 'timezone';

/** The service's reason for a field, said in the person's language. */
const FIELD_PROBLEM: Record<FieldName, SetupKey> = {
  email: 'problem.email',
  password: 'problem.passwordShort',
  firstName: 'problem.required',
  lastName: 'problem.required',
  organizationName: 'problem.required',
  timezone: 'problem.timeZone',
};

function formMessage(error: ApiError, waitSeconds: number, t: Translate<SetupKey>, ui: Translate<keyof typeof uiMessages.en>): string {
  if (error.status === 429) return waitMessage(waitSeconds, t);
  if (error.status === 0) return t('error.offline');
  if (error.status === 409 || error.status === 404) return t('error.taken');
  if (error.status === 400 && Object.keys(fieldProblems(error)).length > 0) return ui('form.fixFields');
  return t('error.generic', { label: error.label });
}

export default function FirstRun() {
  const { t } = useCatalogue(setupMessages);
  const ui = useCatalogue(uiMessages).t;
  usePageTitle(t('heading'));
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<FieldName, string>>({
    email: '',
    password: '',
    firstName: '',
    lastName: '',
    organizationName: '',
    timezone: browserTimeZone(),
  });
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [waitSeconds, startWait] = useCountdown();
  const problems = fieldProblems(error);
  // The schema check stops before the service checks the zone, so the browser checks it too.
  if (submitted && values.timezone.trim() && !isKnownTimeZone(values.timezone.trim())) problems.timezone ??= 'unknown';
  const problem = (field: FieldName) => (problems[field] ? t(FIELD_PROBLEM[field]) : undefined);
  const set = (field: FieldName) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || (error?.status === 429 && waitSeconds > 0)) return;
    setBusy(true);
    setSubmitted(true);
    setError(null);
    try {
      const { timezone, ...rest } = values;
      await unwrap(api.POST('/api/v1/setup/first-admin', { body: { ...rest, ...(timezone.trim() ? { timezone: timezone.trim() } : {}) } }));
      queryClient.setQueryData(setupKeys.status, false);
      await queryClient.invalidateQueries({ queryKey: sessionKey });
    } catch (caught) {
      const failure = caught instanceof ApiError ? caught : new ApiError(0, 'Network error', undefined, null, null);
      setError(failure);
      if (failure.status === 429) startWait(failure.retryAfterSeconds ?? 60);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="console-sign-in first-run">
      <div className="console-sign-in-top">
        <LanguageSwitch />
      </div>
      <main>
        <form className="sign-in" onSubmit={submit} noValidate>
          <p className="brand">payclock</p>
          <h1>{t('heading')}</h1>
          <p className="hint">{t('lead')}</p>
          <TextField label={t('email')} required type="email" name="email" autoComplete="username" value={values.email} problem={problem('email')} onChange={(e) => set('email')(e.target.value)} />
          <TextField
            label={t('password')}
            required
            type="password"
            name="password"
            autoComplete="new-password"
            hint={t('passwordHint')}
            value={values.password}
            problem={problem('password')}
            onChange={(e) => set('password')(e.target.value)}
          />
          <TextField label={t('firstName')} required name="firstName" autoComplete="given-name" value={values.firstName} problem={problem('firstName')} onChange={(e) => set('firstName')(e.target.value)} />
          <TextField label={t('lastName')} required name="lastName" autoComplete="family-name" value={values.lastName} problem={problem('lastName')} onChange={(e) => set('lastName')(e.target.value)} />
          <TextField
            label={t('organization')}
            required
            name="organizationName"
            autoComplete="organization"
            hint={t('organizationHint')}
            value={values.organizationName}
            problem={problem('organizationName')}
            onChange={(e) => set('organizationName')(e.target.value)}
          />
          <TimeZoneField label={t('timeZone')} hint={t('timeZoneHint')} value={values.timezone} problem={problem('timezone')} onChange={set('timezone')} />
          <p className="error" role="alert">
            {error ? formMessage(error, waitSeconds, t, ui) : ''}
          </p>
          {error?.status === 409 || error?.status === 404 ? (
            // Someone else finished the first run: signing in is what is left to do.
            <button type="button" className="primary" onClick={() => queryClient.setQueryData(setupKeys.status, false)}>
              {t('goToSignIn')}
            </button>
          ) : (
            <button type="submit" className="primary" disabled={busy || (error?.status === 429 && waitSeconds > 0)}>
              {busy ? t('working') : t('submit')}
            </button>
          )}
        </form>
      </main>
    </div>
  );
}
