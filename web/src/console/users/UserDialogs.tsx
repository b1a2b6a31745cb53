// The user forms: add, edit and reset password, each in a FormDialog. The service's refusals
// land next to their fields (`Email already in use` on the email); the role choice offers
// SUPER_ADMIN only to a SUPER_ADMIN and says why otherwise (docs/api.md §9).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { ApiError, api, newIdempotencyKey, unwrap } from '../api.ts';
import { useCatalogue, type Translate } from '../catalogue.ts';
import { useOrganizationChoices } from '../organizations/queries.ts';
import { useAdmin } from '../session.tsx';
import { FormDialog } from '../ui/FormDialog.tsx';
import { TextField } from '../setup/TextField.tsx';
import { uiMessages } from '../ui/messages.ts';
import { fieldProblems, problemText } from '../ui/problems.ts';
import { usersMessages } from './messages.ts';
import { userKeys, type AdminUser } from './queries.ts';

type UsersKey = keyof typeof usersMessages.en;
type Role = AdminUser['role'];

export const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`;

const FIELD_PROBLEM: Record<string, UsersKey> = {
  email: 'problem.email',
  password: 'problem.password',
  firstName: 'problem.required',
  lastName: 'problem.required',
};

/** Per-field problems in the person's language, and the one line for the rest. */
function readProblems(error: unknown, t: Translate<UsersKey>, ui: Translate<keyof typeof uiMessages.en>) {
  const fields: Record<string, string> = {};
  if (error instanceof ApiError && error.label === 'Email already in use') fields.email = t('problem.emailTaken');
  for (const field of Object.keys(fieldProblems(error))) fields[field] = t(FIELD_PROBLEM[field] ?? 'problem.required');
  let line: string | undefined;
  if (Object.keys(fields).length > 0) line = ui('form.fixFields');
  else if (error instanceof ApiError && error.label === 'Cannot deactivate yourself') line = t('problem.self');
  else if (error) line = problemText(error, ui);
  return { fields, line };
}

function RoleSelect({ value, onChange }: { value: Role; onChange(role: Role): void }) {
  const { t } = useCatalogue(usersMessages);
  const id = useId();
  const maySuper = useAdmin().role === 'SUPER_ADMIN';
  return (
    <div className="field">
      <label htmlFor={id}>{t('form.role')}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as Role)} aria-describedby={maySuper ? undefined : `${id}-why`}>
        <option value="ADMIN">{t('role.ADMIN')}</option>
        <option value="SUPER_ADMIN" disabled={!maySuper}>
          {t('role.SUPER_ADMIN')}
        </option>
      </select>
      {!maySuper && (
        <span id={`${id}-why`} className="hint">
          {t('form.roleSuperOnly')}
        </span>
      )}
    </div>
  );
}

function OrganizationSelect({ value, onChange }: { value: string; onChange(id: string): void }) {
  const { t } = useCatalogue(usersMessages);
  const id = useId();
  const orgs = useOrganizationChoices();
  return (
    <div className="field">
      <label htmlFor={id}>{t('form.organization')}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {(orgs.data ?? []).map((org) => (
          <option key={org.id} value={org.id}>
            {org.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export function UserFormDialog({ user, onClose, onDone }: { user: AdminUser | null; onClose(): void; onDone(message: string): void }) {
  const { t } = useCatalogue(usersMessages);
  const ui = useCatalogue(uiMessages).t;
  const me = useAdmin();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    email: user?.email ?? '',
    password: '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    role: (user?.role ?? 'ADMIN') as Role,
    active: user?.active ?? true,
    bookkeeperOrgId: user?.bookkeeperOrgId ?? me.bookkeeperOrgId,
  });
  // One key per intent: a double click replays the same create instead of adding the user twice;
  // a corrected form is a new intent (the service refuses a key reused with another body).
  const intent = useRef<{ body: string; key: string } | null>(null);
  const save = useMutation({
    mutationFn: () => {
      const names = { email: values.email.trim(), firstName: values.firstName, lastName: values.lastName, role: values.role };
      if (user) {
        return unwrap(api.PUT('/api/v1/admin/users/{id}', { params: { path: { id: user.id } }, body: { ...names, active: values.active } }));
      }
      const body = { ...names, password: values.password, ...(me.role === 'SUPER_ADMIN' ? { bookkeeperOrgId: values.bookkeeperOrgId } : {}) };
      const serialized = JSON.stringify(body);
      if (intent.current?.body !== serialized) intent.current = { body: serialized, key: newIdempotencyKey() };
      return unwrap(api.POST('/api/v1/admin/users', { params: { header: { 'idempotency-key': intent.current.key } }, body }));
    },
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      onDone(t(user ? 'done.updated' : 'done.created', { name: fullName(saved) }));
    },
  });
  const { fields, line } = readProblems(save.error, t, ui);
  const isSelf = user?.id === me.id;

  return (
    <FormDialog
      open
      title={user ? t('form.editTitle', { name: fullName(user) }) : t('form.createTitle')}
      submitLabel={user ? t('form.save') : t('form.create')}
      busy={save.isPending}
      problem={line}
      onSubmit={() => save.mutate()}
      onCancel={onClose}
    >
      <TextField label={t('form.email')} required type="email" autoComplete="off" value={values.email} problem={fields.email} onChange={(e) => setValues({ ...values, email: e.target.value })} />
      {!user && (
        <TextField
          label={t('form.password')}
          required
          type="password"
          autoComplete="new-password"
          hint={t('form.newUserPasswordHint')}
          value={values.password}
          problem={fields.password}
          onChange={(e) => setValues({ ...values, password: e.target.value })}
        />
      )}
      <TextField label={t('form.firstName')} required value={values.firstName} problem={fields.firstName} onChange={(e) => setValues({ ...values, firstName: e.target.value })} />
      <TextField label={t('form.lastName')} required value={values.lastName} problem={fields.lastName} onChange={(e) => setValues({ ...values, lastName: e.target.value })} />
      <RoleSelect value={values.role} onChange={(role) => setValues({ ...values, role })} />
      {!user && me.role === 'SUPER_ADMIN' && <OrganizationSelect value={values.bookkeeperOrgId} onChange={(id) => setValues({ ...values, bookkeeperOrgId: id })} />}
      {user && !isSelf && (
        <label className="check-field">
          <input type="checkbox" checked={values.active} onChange={(e) => setValues({ ...values, active: e.target.checked })} />
          <span>{t('form.active')}</span>
        </label>
      )}
    </FormDialog>
  );
}

export function ResetPasswordDialog({ user, onClose, onDone }: { user: AdminUser; onClose(): void; onDone(message: string): void }) {
  const { t } = useCatalogue(usersMessages);
  const ui = useCatalogue(uiMessages).t;
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const reset = useMutation({
    mutationFn: () => unwrap(api.PUT('/api/v1/admin/users/{id}', { params: { path: { id: user.id } }, body: { password } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      onDone(t('done.reset', { name: fullName(user) }));
    },
  });
  const { fields, line } = readProblems(reset.error, t, ui);
  return (
    <FormDialog
      open
      title={t('form.resetTitle', { name: fullName(user) })}
      submitLabel={t('form.reset')}
      busy={reset.isPending}
      problem={line}
      onSubmit={() => reset.mutate()}
      onCancel={onClose}
    >
      <TextField
        label={t('form.newPassword')}
        required
        type="password"
        autoComplete="new-password"
        hint={t('form.passwordHint')}
        value={password}
        problem={fields.password}
        onChange={(e) => setPassword(e.target.value)}
      />
    </FormDialog>
  );
}
