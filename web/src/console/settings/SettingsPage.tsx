// The organization's own settings: name, overtime threshold and multiplier, time zone. Saving
// refreshes the session, so every page reads the new zone at once. The page states the rule of
// docs/time-rules.md §1: changes apply to hours computed from then on.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatTimeZone } from '../../i18n/format.ts';
import { api, unwrap } from '../api.ts';
import { useCatalogue } from '../catalogue.ts';
import type { PageProps } from '../page-props.ts';
import { sessionKey, useAdmin } from '../session.tsx';
import { isKnownTimeZone } from '../../i18n/format.ts';
import { TimeZoneField } from '../setup/TimeZoneField.tsx';
import { TextField } from '../setup/TextField.tsx';
import { fieldProblems, problemText } from '../ui/problems.ts';
import { uiMessages } from '../ui/messages.ts';
import { usePageTitle } from '../ui/usePageTitle.ts';
import { settingsMessages } from './messages.ts';

type SettingsKey = keyof typeof settingsMessages.en;
type Field = 'name' | 'overtimeThreshold' | 'overtimeMultiplier' | 'timezone';

const FIELD_PROBLEM: Record<Field, SettingsKey> = {
  name: 'problem.name',
  overtimeThreshold: 'problem.threshold',
  overtimeMultiplier: 'problem.multiplier',
  timezone: 'problem.timeZone',
};

/** A number the person typed ("1,5" or "1.5"), or NaN. */
const parseNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

export default function SettingsPage(_props: PageProps) {
  const { t, lang } = useCatalogue(settingsMessages);
  const ui = useCatalogue(uiMessages).t;
  usePageTitle(t('heading'));
  const org = useAdmin().bookkeeperOrg;
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>({
    name: org.name,
    overtimeThreshold: String(org.overtimeThreshold),
    overtimeMultiplier: String(org.overtimeMultiplier),
    timezone: org.timezone,
  });
  const [localProblems, setLocalProblems] = useState<Partial<Record<Field, true>>>({});
  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const number = (n: number) => new Intl.NumberFormat(lang === 'es' ? 'es-US' : 'en-US', { maximumFractionDigits: 2 }).format(n);

  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.PUT('/api/v1/admin/bookkeeper-orgs/{id}', {
          params: { path: { id: org.id } },
          body: {
            name: values.name,
            overtimeThreshold: parseNumber(values.overtimeThreshold),
            overtimeMultiplier: parseNumber(values.overtimeMultiplier),
            timezone: values.timezone.trim(),
          },
        }),
      ),
    onSuccess: (saved) => {
      // The form shows what was saved, as the service reads it: "1,75" typed becomes 1.75, the
      // figure the confirmation and the hints use.
      setValues({ name: saved.name, overtimeThreshold: String(saved.overtimeThreshold), overtimeMultiplier: String(saved.overtimeMultiplier), timezone: saved.timezone });
      // The session holds the organization every page reads (its time zone above all).
      return queryClient.invalidateQueries({ queryKey: sessionKey });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems: Partial<Record<Field, true>> = {};
    if (!Number.isFinite(parseNumber(values.overtimeThreshold))) problems.overtimeThreshold = true;
    if (!Number.isFinite(parseNumber(values.overtimeMultiplier))) problems.overtimeMultiplier = true;
    if (!isKnownTimeZone(values.timezone.trim())) problems.timezone = true;
    setLocalProblems(problems);
    save.reset();
    if (Object.keys(problems).length === 0) save.mutate();
  }

  const serverProblems = fieldProblems(save.error);
  const problem = (field: Field) => (localProblems[field] || serverProblems[field] ? t(FIELD_PROBLEM[field]) : undefined);
  const hasFieldProblems = Object.keys(localProblems).length > 0 || Object.keys(serverProblems).length > 0;

  return (
    <>
      <div className="page-header">
        <h1>{t('heading')}</h1>
      </div>
      <p className="hint">{t('lead', { organization: org.name })}</p>
      <section className="card settings-rule" aria-labelledby="settings-rule-heading">
        <h2 id="settings-rule-heading">{t('ruleHeading')}</h2>
        <p>{t('rule')}</p>
      </section>
      <form className="card settings-form" onSubmit={submit} noValidate>
        <div className="form-grid">
          <TextField label={t('name')} name="name" value={values.name} problem={problem('name')} onChange={(e) => set('name')(e.target.value)} />
          <TimeZoneField label={t('timeZone')} hint={t('timeZoneHint')} value={values.timezone} problem={problem('timezone')} onChange={set('timezone')} />
          <TextField
            label={t('threshold')}
            name="overtimeThreshold"
            inputMode="decimal"
            hint={t('thresholdHint')}
            value={values.overtimeThreshold}
            problem={problem('overtimeThreshold')}
            onChange={(e) => set('overtimeThreshold')(e.target.value)}
          />
          <TextField
            label={t('multiplier')}
            name="overtimeMultiplier"
            inputMode="decimal"
            hint={t('multiplierHint')}
            value={values.overtimeMultiplier}
            problem={problem('overtimeMultiplier')}
            onChange={(e) => set('overtimeMultiplier')(e.target.value)}
          />
        </div>
        <p className="error" role="alert">
          {hasFieldProblems ? ui('form.fixFields') : save.error ? problemText(save.error, ui) : ''}
        </p>
        <p className="notice" role="status">
          {save.data
            ? t('saved', {
                organization: save.data.name,
                zone: formatTimeZone(save.data.timezone, lang),
                threshold: number(save.data.overtimeThreshold),
                multiplier: number(save.data.overtimeMultiplier),
              })
            : ''}
        </p>
        <button type="submit" className="primary" disabled={save.isPending}>
          {save.isPending ? t('saving') : t('save')}
        </button>
      </form>
    </>
  );
}
