// Companies: the list (search, active filter and page in the URL), add and edit in a dialog,
// deactivate after a confirmation, and links to the company's employees, pay periods and kiosk.
import { useCallback, useState } from 'react';
import { useCatalogue } from '../catalogue.ts';
import { useKioskHref } from '../kiosk-link.ts';
import { ActiveFilter, StatusBadge, useShowAll } from '../ui/ActiveStatus.tsx';
import { formatCount, formatPhone } from '../people/format.ts';
import type { PageProps } from '../page-props.ts';
import { href, Link, useQueryParams } from '../router.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ListStates } from '../ui/PageState.tsx';
import { SearchBox } from '../ui/SearchBox.tsx';
import { usePageTitle } from '../ui/usePageTitle.ts';
import { uiMessages } from '../ui/messages.ts';
import { problemText } from '../ui/problems.ts';
import { CompanyDialog } from './CompanyDialog.tsx';
import { companiesMessages } from './messages.ts';
import { useCompanies, useDeactivateCompany, useIndustries, type Company } from './queries.ts';

type Editing = { company: Company | null; key: number } | null;

export default function CompaniesPage(_props: PageProps) {
  const { t, lang } = useCatalogue(companiesMessages);
  const { t: tUi } = useCatalogue(uiMessages);
  usePageTitle(t('title'));
  const kioskHref = useKioskHref();
  const [query, setQuery] = useQueryParams();
  const search = query.get('search') ?? '';
  const showAll = useShowAll();
  const page = Math.max(1, Number(query.get('page')) || 1);
  const companies = useCompanies({ page, search, showAll });
  const industries = useIndustries();
  const deactivate = useDeactivateCompany();
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<Company | null>(null);
  const [done, setDone] = useState('');
  const onSearch = useCallback((text: string) => setQuery({ search: text, page: null }, { replace: true }), [setQuery]);

  const industryName = (id: string | null) => (id ? industries.data?.find((industry) => industry.id === id)?.name : undefined) ?? '—';
  const confirmDeactivate = () => {
    if (!confirming) return;
    const { id, name } = confirming;
    deactivate.mutate(id, {
      onSuccess: () => {
        setConfirming(null);
        setDone(t('done.deactivated', { name }));
      },
    });
  };

  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t('title')}</h1>
          <p className="hint">{t('lead')}</p>
        </div>
        <button type="button" className="primary" onClick={() => setEditing({ company: null, key: Date.now() })}>
          {t('add')}
        </button>
      </div>
      <p className="notice" role="status">
        {done}
      </p>
      <div className="toolbar">
        <SearchBox label={t('search')} value={search} onSearch={onSearch} />
        <ActiveFilter of="companies" />
      </div>

      <ListStates list={companies} empty={search ? t('emptySearch', { search }) : showAll ? t('empty') : t('emptyActive')}>
        {(data) => (
          <div className="table-wrap">
            <table className="data-table">
              <caption className="visually-hidden">{t('table.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('col.name')}</th>
                  <th scope="col">{t('col.industry')}</th>
                  <th scope="col">{t('col.payPeriodType')}</th>
                  <th scope="col">{t('col.contact')}</th>
                  <th scope="col" className="num">
                    {t('col.employees')}
                  </th>
                  <th scope="col">{t('col.status')}</th>
                  <th scope="col">{t('col.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((company) => (
                  <tr key={company.id}>
                    <th scope="row" className="row-name">
                      {company.name}
                      {company.city && <span className="hint row-sub">{[company.city, company.state].filter(Boolean).join(', ')}</span>}
                    </th>
                    <td>{industryName(company.industryId)}</td>
                    <td>{t(`type.${company.payPeriodType}`)}</td>
                    <td>
                      {company.email ?? '—'}
                      {company.phone && <span className="hint row-sub">{formatPhone(company.phone)}</span>}
                    </td>
                    <td className="num">
                      <Link to={href('/admin/employees', { companyId: company.id })}>
                        {formatCount(company._count.employees, lang)}
                        <span className="visually-hidden"> {t('employeesOf', { name: company.name })}</span>
                      </Link>
                    </td>
                    <td>
                      <StatusBadge active={company.active} of="companies" />
                    </td>
                    <td>
                      {/* Buttons over links, two short lines: in one line they pushed Status under the held column. */}
                      <div className="row-actions row-actions-stacked">
                        <div className="row-buttons">
                          <button type="button" className="secondary" onClick={() => setEditing({ company, key: Date.now() })}>
                            {t('edit')}
                            <span className="visually-hidden"> {company.name}</span>
                          </button>
                          {company.active && (
                            <button type="button" className="danger" onClick={() => setConfirming(company)}>
                              {t('deactivate')}
                              <span className="visually-hidden"> {company.name}</span>
                            </button>
                          )}
                        </div>
                        <div className="row-links">
                          <Link to={href('/admin/pay-periods', { companyId: company.id })}>
                            {t('payPeriods')}
                            <span className="visually-hidden"> {t('for', { name: company.name })}</span>
                          </Link>
                          <a href={kioskHref(company)}>
                            {t('kiosk')}
                            <span className="visually-hidden"> {t('for', { name: company.name })}</span>
                          </a>
                        </div>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListStates>

      {editing && (
        <CompanyDialog
          key={editing.key}
          open
          company={editing.company}
          onClose={() => setEditing(null)}
          onSaved={(name, created) => {
            setEditing(null);
            setDone(t(created ? 'done.created' : 'done.updated', { name }));
          }}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t('confirm.title', { name: confirming?.name ?? '' })}
        confirmLabel={t('confirm.action')}
        danger
        busy={deactivate.isPending}
        onConfirm={confirmDeactivate}
        onCancel={() => {
          setConfirming(null);
          deactivate.reset();
        }}
      >
        <p>{t('confirm.body')}</p>
        {deactivate.error && (
          <p className="error" role="alert">
            {problemText(deactivate.error, tUi)}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
