// Admin users (docs/api.md §15): a server-paged list with debounced search and an active filter
// kept in the URL; add, edit, reset password, and deactivate after a confirmation. What happened
// is said in a status line; an ADMIN sees SUPER_ADMIN rows but cannot change them (docs/api.md §9).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { formatDate, formatTime } from '../../i18n/format.ts';
import { api, unwrap } from '../api.ts';
import { useCatalogue } from '../catalogue.ts';
import type { PageProps } from '../page-props.ts';
import { useQueryParams } from '../router.tsx';
import { useAdmin, useTimeZone } from '../session.tsx';
import { ActiveFilter, StatusBadge, useShowAll } from '../ui/ActiveStatus.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ListStates } from '../ui/PageState.tsx';
import { SearchBox } from '../ui/SearchBox.tsx';
import { uiMessages } from '../ui/messages.ts';
import { problemText } from '../ui/problems.ts';
import { usePageTitle } from '../ui/usePageTitle.ts';
import { usersMessages } from './messages.ts';
import { useUsers, userKeys, type AdminUser } from './queries.ts';
import { fullName, ResetPasswordDialog, UserFormDialog } from './UserDialogs.tsx';

const PAGE_SIZE = 20;

type Dialog = { kind: 'create' } | { kind: 'edit' | 'reset' | 'deactivate'; user: AdminUser } | null;

export default function UsersPage(_props: PageProps) {
  const { t, lang } = useCatalogue(usersMessages);
  const ui = useCatalogue(uiMessages).t;
  usePageTitle(t('heading'));
  const me = useAdmin();
  const timeZone = useTimeZone();
  const [params, setQuery] = useQueryParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const showAll = useShowAll();
  const users = useUsers({ page, pageSize: PAGE_SIZE, search, showAll });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [done, setDone] = useState('');
  const queryClient = useQueryClient();
  const onSearch = useCallback((text: string) => setQuery({ search: text, page: null }, { replace: true }), [setQuery]);

  const deactivate = useMutation({
    mutationFn: (user: AdminUser) => unwrap(api.DELETE('/api/v1/admin/users/{id}', { params: { path: { id: user.id } } })),
    onSuccess: async (user) => {
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      setDialog(null);
      setDone(t('done.deactivated', { name: fullName(user) }));
    },
  });

  const finish = (message: string) => {
    setDialog(null);
    setDone(message);
  };
  /** The date over the time, so the column stays narrow. */
  const lastSignIn = (iso: string | null) =>
    iso ? (
      <>
        {formatDate(iso, timeZone, lang)}
        <span className="hint row-sub">{formatTime(iso, timeZone, lang)}</span>
      </>
    ) : (
      t('never')
    );
  const superOnly = (user: AdminUser) => user.role === 'SUPER_ADMIN' && me.role !== 'SUPER_ADMIN';
  const showOrg = me.role === 'SUPER_ADMIN';

  return (
    <>
      <div className="page-header">
        <h1>{t('heading')}</h1>
        <button type="button" className="primary" onClick={() => setDialog({ kind: 'create' })}>
          {t('add')}
        </button>
      </div>
      <p className="hint">{t('lead')}</p>
      <div className="toolbar">
        <SearchBox label={t('search')} value={search} onSearch={onSearch} />
        <ActiveFilter of="users" />
      </div>
      <p className="notice" role="status">
        {done}
      </p>

      <ListStates list={users} empty={search || !showAll ? t('empty') : t('emptyAll')}>
        {(data) => (
          <div className="table-wrap">
            <table className="data-table">
              <caption className="visually-hidden">{t('caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('col.nameEmail')}</th>
                  <th scope="col">{t('col.role')}</th>
                  {showOrg && <th scope="col">{t('col.organization')}</th>}
                  <th scope="col">{t('col.status')}</th>
                  <th scope="col">{t('col.lastSignIn')}</th>
                  <th scope="col">{t('col.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((user) => (
                  <tr key={user.id}>
                    {/* The email under the name, and the actions in two lines: seven columns in one
                        line pushed Status and Last sign-in under the held actions column. */}
                    <th scope="row" className="row-name">
                      {fullName(user)} {user.id === me.id && <span className="hint">{t('you')}</span>}
                      <span className="hint row-sub row-email">{user.email}</span>
                    </th>
                    <td>
                      <span className={user.role === 'SUPER_ADMIN' ? 'badge badge-info' : 'badge badge-muted'}>{t(`role.${user.role}`)}</span>
                    </td>
                    {showOrg && <td className="cell-wrap">{user.bookkeeperOrg.name}</td>}
                    <td>
                      <StatusBadge active={user.active} of="users" />
                    </td>
                    <td>{lastSignIn(user.lastLoginAt)}</td>
                    <td>
                      {superOnly(user) ? (
                        <span className="hint">{t('managedBySuper')}</span>
                      ) : (
                        <div className="row-actions row-actions-stacked">
                          <div className="row-buttons">
                            <button type="button" className="secondary" aria-label={t('edit', { name: fullName(user) })} onClick={() => setDialog({ kind: 'edit', user })}>
                              {t('editShort')}
                            </button>
                            {user.active && user.id !== me.id && (
                              <button type="button" className="danger" aria-label={t('deactivate', { name: fullName(user) })} onClick={() => setDialog({ kind: 'deactivate', user })}>
                                {t('deactivateShort')}
                              </button>
                            )}
                          </div>
                          <div className="row-links">
                            <button type="button" className="secondary" aria-label={t('resetPassword', { name: fullName(user) })} onClick={() => setDialog({ kind: 'reset', user })}>
                              {t('resetShort')}
                            </button>
                          </div>
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListStates>

      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <UserFormDialog key={dialog.kind === 'edit' ? dialog.user.id : 'new'} user={dialog.kind === 'edit' ? dialog.user : null} onClose={() => setDialog(null)} onDone={finish} />
      )}
      {dialog?.kind === 'reset' && <ResetPasswordDialog user={dialog.user} onClose={() => setDialog(null)} onDone={finish} />}
      <ConfirmDialog
        open={dialog?.kind === 'deactivate'}
        title={dialog?.kind === 'deactivate' ? t('confirm.title', { name: fullName(dialog.user) }) : ''}
        confirmLabel={t('confirm.action')}
        danger
        busy={deactivate.isPending}
        onConfirm={() => dialog?.kind === 'deactivate' && deactivate.mutate(dialog.user)}
        onCancel={() => {
          deactivate.reset();
          setDialog(null);
        }}
      >
        {dialog?.kind === 'deactivate' && <p>{t('confirm.body', { name: fullName(dialog.user) })}</p>}
        {deactivate.error && (
          <p className="error" role="alert">
            {problemText(deactivate.error, ui)}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
