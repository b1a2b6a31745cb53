// Add or edit an organization in a FormDialog: name, contact, time zone and overtime rule (and,
// when editing, whether it is active). The service's refusals land next to their fields.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { api, newIdempotencyKey, unwrap } from '../api.ts';
import { useCatalogue } from '../catalogue.ts';
import { sessionKey } from '../session.tsx';
import { FormDialog } from '../ui/FormDialog.tsx';
import { TextField } from '../setup/TextField.tsx';
import { isKnownTimeZone } from '../../i18n/format.ts';
import { browserTimeZone, TimeZoneField } from '../setup/TimeZoneField.tsx';
import { uiMessages } from '../ui/messages.ts';
import { fieldProblems, problemText } from '../ui/problems.ts';
import { organizationsMessages } from './messages.ts';
import { orgKeys, type Organization } from './queries.ts';

type OrgKey = keyof typeof organizationsMessages.en;
type Field = 'name' | 'email' | 'phone' | 'timezone' | 'overtimeThreshold' | 'overtimeMultiplier';

const FIELD_PROBLEM: Record<Field, OrgKey> = {
  name: 'problem.name',
  email: 'problem.email',
  phone: 'problem.text',
  timezone: 'problem.timeZone',
  overtimeThreshold: 'problem.threshold',
  overtimeMultiplier: 'problem.multiplier',
};

const parseNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

export function OrganizationDialog({ org, onClose, onDone }: { org: Organization | null; onClose(): void; onDone(message: string): void }) {
  const { t } = useCatalogue(organizationsMessages);
  const ui = useCatalogue(uiMessages).t;
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>({
    name: org?.name ?? '',
    email: org?.email ?? '',
    phone: org?.phone ?? '',
    timezone: org?.timezone ?? browserTimeZone(),
    overtimeThreshold: String(org?.overtimeThreshold ?? 40),
    overtimeMultiplier: String(org?.overtimeMultiplier ?? 1.5),
  });
  const [active, setActive] = useState(org?.active ?? true);
  const [localProblems, setLocalProblems] = useState<Partial<Record<Field, true>>>({});
  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  // A double click replays the same create; a corrected form is a new intent.
  const intent = useRef<{ body: string; key: string } | null>(null);

  const save = useMutation({
    mutationFn: () => {
      const body = {
        name: values.name,
        // Cleared optional fields are sent as null (docs/api.md §15: "cleared" has one form).
        email: values.email.trim() || null,
        phone: values.phone.trim() || null,
        timezone: values.timezone.trim(),
        overtimeThreshold: parseNumber(values.overtimeThreshold),
        overtimeMultiplier: parseNumber(values.overtimeMultiplier),
      };
      if (org) return unwrap(api.PUT('/api/v1/admin/bookkeeper-orgs/{id}', { params: { path: { id: org.id } }, body: { ...body, active } }));
      const serialized = JSON.stringify(body);
      if (intent.current?.body !== serialized) intent.current = { body: serialized, key: newIdempotencyKey() };
      return unwrap(api.POST('/api/v1/admin/bookkeeper-orgs', { params: { header: { 'idempotency-key': intent.current.key } }, body }));
    },
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: orgKeys.all });
      // The signed-in admin's own organization is part of the session.
      await queryClient.invalidateQueries({ queryKey: sessionKey });
      onDone(t(org ? 'done.updated' : 'done.created', { name: saved.name }));
    },
  });

  const submit = () => {
    const problems: Partial<Record<Field, true>> = {};
    if (!Number.isFinite(parseNumber(values.overtimeThreshold))) problems.overtimeThreshold = true;
    if (!Number.isFinite(parseNumber(values.overtimeMultiplier))) problems.overtimeMultiplier = true;
    if (!isKnownTimeZone(values.timezone.trim())) problems.timezone = true;
    setLocalProblems(problems);
    save.reset();
    if (Object.keys(problems).length === 0) save.mutate();
  };

  const serverProblems = fieldProblems(save.error);
  const problem = (field: Field) => (localProblems[field] || serverProblems[field] ? t(FIELD_PROBLEM[field]) : undefined);
  const anyField = Object.keys(localProblems).length > 0 || Object.keys(serverProblems).length > 0;
  const line = anyField ? ui('form.fixFields') : save.error ? problemText(save.error, ui) : undefined;

  return (
    <FormDialog
      open
      title={org ? t('form.editTitle', { name: org.name }) : t('form.createTitle')}
      submitLabel={org ? t('form.save') : t('form.create')}
      busy={save.isPending}
      problem={line}
      onSubmit={submit}
      onCancel={onClose}
    >
      <TextField label={t('form.name')} required value={values.name} problem={problem('name')} onChange={(e) => set('name')(e.target.value)} />
      <TextField label={t('form.email')} type="email" value={values.email} problem={problem('email')} onChange={(e) => set('email')(e.target.value)} />
      <TextField label={t('form.phone')} type="tel" value={values.phone} problem={problem('phone')} onChange={(e) => set('phone')(e.target.value)} />
      <TimeZoneField label={t('form.timeZone')} hint={t('form.timeZoneHint')} value={values.timezone} problem={problem('timezone')} onChange={set('timezone')} />
      <TextField
        label={t('form.threshold')}
        required
        inputMode="decimal"
        value={values.overtimeThreshold}
        problem={problem('overtimeThreshold')}
        onChange={(e) => set('overtimeThreshold')(e.target.value)}
      />
      <TextField
        label={t('form.multiplier')}
        required
        inputMode="decimal"
        value={values.overtimeMultiplier}
        problem={problem('overtimeMultiplier')}
        onChange={(e) => set('overtimeMultiplier')(e.target.value)}
      />
      {org && (
        <label className="check-field">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
          <span>{t('form.active')}</span>
        </label>
      )}
    </FormDialog>
  );
}
