// Organizations, for a SUPER_ADMIN (the shell offers the page to no one else): a server-paged
// list with debounced search and an active filter in the URL, add and edit in a dialog, and
// deactivate after a confirmation (a soft delete, docs/api.md §9).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { formatTimeZone } from '../../i18n/format.ts';
import { api, unwrap } from '../api.ts';
import { useCatalogue } from '../catalogue.ts';
import type { PageProps } from '../page-props.ts';
import { useQueryParams } from '../router.tsx';
import { useAdmin } from '../session.tsx';
import { ActiveFilter, StatusBadge, useShowAll } from '../ui/ActiveStatus.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ListStates } from '../ui/PageState.tsx';
import { SearchBox } from '../ui/SearchBox.tsx';
import { uiMessages } from '../ui/messages.ts';
import { problemText } from '../ui/problems.ts';
import { usePageTitle } from '../ui/usePageTitle.ts';
import { organizationsMessages } from './messages.ts';
import { OrganizationDialog } from './OrganizationDialog.tsx';
import { orgKeys, useOrganizations, type Organization } from './queries.ts';

const PAGE_SIZE = 20;

type Dialog = { kind: 'create' } | { kind: 'edit' | 'deactivate'; org: Organization } | null;

export default function OrganizationsPage(_props: PageProps) {
  const { t, lang } = useCatalogue(organizationsMessages);
  const ui = useCatalogue(uiMessages).t;
  usePageTitle(t('heading'));
  const me = useAdmin();
  const [params, setQuery] = useQueryParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const showAll = useShowAll();
  const orgs = useOrganizations({ page, pageSize: PAGE_SIZE, search, showAll });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [done, setDone] = useState('');
  const queryClient = useQueryClient();
  const onSearch = useCallback((text: string) => setQuery({ search: text, page: null }, { replace: true }), [setQuery]);
  const count = (n: number) => new Intl.NumberFormat(lang === 'es' ? 'es-US' : 'en-US').format(n);

  const deactivate = useMutation({
    mutationFn: (org: Organization) => unwrap(api.DELETE('/api/v1/admin/bookkeeper-orgs/{id}', { params: { path: { id: org.id } } })),
    onSuccess: async (org) => {
      await queryClient.invalidateQueries({ queryKey: orgKeys.all });
      setDialog(null);
      setDone(t('done.deactivated', { name: org.name }));
    },
  });
  const finish = (message: string) => {
    setDialog(null);
    setDone(message);
  };

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
        <ActiveFilter of="organizations" />
      </div>
      <p className="notice" role="status">
        {done}
      </p>

      <ListStates list={orgs} empty={t('empty')}>
        {(data) => (
          <div className="table-wrap">
            <table className="data-table">
              <caption className="visually-hidden">{t('caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('col.name')}</th>
                  <th scope="col">{t('col.email')}</th>
                  <th scope="col">{t('col.timeZone')}</th>
                  <th scope="col" className="num">
                    {t('col.companies')}
                  </th>
                  <th scope="col" className="num">
                    {t('col.users')}
                  </th>
                  <th scope="col">{t('col.status')}</th>
                  <th scope="col">{t('col.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((org) => (
                  <tr key={org.id}>
                    <th scope="row">
                      {org.name} {org.id === me.bookkeeperOrgId && <span className="hint">{t('yours')}</span>}
                    </th>
                    <td>{org.email ?? t('none')}</td>
                    <td>{formatTimeZone(org.timezone, lang)}</td>
                    <td className="num">{count(org._count.companies)}</td>
                    <td className="num">{count(org._count.adminUsers)}</td>
                    <td>
                      <StatusBadge active={org.active} of="organizations" />
                    </td>
                    <td>
                      <div className="row-actions">
                        <button type="button" className="secondary" aria-label={t('edit', { name: org.name })} onClick={() => setDialog({ kind: 'edit', org })}>
                          {t('editShort')}
                        </button>
                        {/* A SUPER_ADMIN does not lock itself out by deactivating its own organization. */}
                        {org.active && org.id !== me.bookkeeperOrgId && (
                          <button type="button" className="danger" aria-label={t('deactivate', { name: org.name })} onClick={() => setDialog({ kind: 'deactivate', org })}>
                            {t('deactivateShort')}
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListStates>

      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <OrganizationDialog key={dialog.kind === 'edit' ? dialog.org.id : 'new'} org={dialog.kind === 'edit' ? dialog.org : null} onClose={() => setDialog(null)} onDone={finish} />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'deactivate'}
        title={dialog?.kind === 'deactivate' ? t('confirm.title', { name: dialog.org.name }) : ''}
        confirmLabel={t('confirm.action')}
        danger
        busy={deactivate.isPending}
        onConfirm={() => dialog?.kind === 'deactivate' && deactivate.mutate(dialog.org)}
        onCancel={() => {
          deactivate.reset();
          setDialog(null);
        }}
      >
        {dialog?.kind === 'deactivate' && <p>{t('confirm.body', { name: dialog.org.name })}</p>}
        {deactivate.error && (
          <p className="error" role="alert">
            {problemText(deactivate.error, ui)}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
