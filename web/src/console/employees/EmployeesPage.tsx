// Employees: the list (company, search, active filter and page in the URL), add in a dialog or
// import a spreadsheet, download the list as CSV, deactivate after a confirmation; each name opens
// the employee's page.
import { useCallback, useState } from 'react';
import { useCatalogue } from '../catalogue.ts';
import { formatCount, formatMoney, formatPhone } from '../people/format.ts';
import { ActiveFilter, StatusBadge, useShowAll } from '../ui/ActiveStatus.tsx';
import type { PageProps } from '../page-props.ts';
import { href, Link, useQueryParams } from '../router.tsx';
import { importMessages } from '../employee-import/messages.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { uiMessages } from '../ui/messages.ts';
import { ListStates } from '../ui/PageState.tsx';
import { problemText } from '../ui/problems.ts';
import { SearchBox } from '../ui/SearchBox.tsx';
import { usePageTitle } from '../ui/usePageTitle.ts';
import { employeesMessages } from './messages.ts';
import { NewEmployeeDialog } from './NewEmployeeDialog.tsx';
import { useCompanyChoices } from '../people/company-choices.ts';
import { CompanyFilter } from '../people/CompanyFilter.tsx';
import { fetchEveryEmployee, fullName, useDeactivateEmployee, useEmployees, type Employee } from './queries.ts';
import { employeeListTable } from '../employee-import/employee-list-file.ts';
import { writeCsv } from '../employee-import/spreadsheet.ts';
import { saveFile } from '../ui/save-file.ts';

export default function EmployeesPage(_props: PageProps) {
  const { t, lang } = useCatalogue(employeesMessages);
  const { t: tUi } = useCatalogue(uiMessages);
  const { t: tImport } = useCatalogue(importMessages);
  usePageTitle(t('title'));
  const [query, setQuery] = useQueryParams();
  const search = query.get('search') ?? '';
  const companyId = query.get('companyId') ?? '';
  const showAll = useShowAll();
  const page = Math.max(1, Number(query.get('page')) || 1);
  const employees = useEmployees({ page, search, showAll, companyId });
  const companies = useCompanyChoices();
  const deactivate = useDeactivateEmployee();
  const [adding, setAdding] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<Employee | null>(null);
  const [done, setDone] = useState('');
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState('');
  // The list as a spreadsheet: every employee the filters match, not only this page's.
  const onDownload = async () => {
    setDownloading(true);
    setDownloadFailed('');
    setDone(t('downloading'));
    try {
      const every = await fetchEveryEmployee({ search, showAll, companyId });
      const table = employeeListTable(every, {
        column: (column) => t(`field.${column}`),
        payType: (type) => t(`payType.${type}`),
        company: t('download.company'),
        status: t('col.status'),
        statusOf: (active) => tUi(active ? 'status.active.m' : 'status.inactive.m'),
      });
      saveFile(new Blob([writeCsv(table)], { type: 'text/csv;charset=utf-8' }), t('download.file'));
      setDone(t('downloaded', { file: t('download.file'), count: formatCount(every.length, lang) }));
    } catch (error) {
      setDone('');
      setDownloadFailed(t('download.failed', { reason: problemText(error, tUi) }));
    } finally {
      setDownloading(false);
    }
  };
  const onSearch = useCallback((text: string) => setQuery({ search: text, page: null }, { replace: true }), [setQuery]);

  const confirmDeactivate = () => {
    if (!confirming) return;
    const name = fullName(confirming);
    deactivate.mutate(confirming.id, {
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
        <div className="header-actions">
          <button type="button" className="secondary" onClick={() => void onDownload()} disabled={downloading || employees.data?.total === 0}>
            {t('download')}
          </button>
          <Link className="button-link" to={href('/admin/employees/import', { companyId })}>
            {tImport('open')}
          </Link>
          <button type="button" className="primary" onClick={() => setAdding(Date.now())}>
            {t('add')}
          </button>
        </div>
      </div>
      <p className="notice" role="status">
        {done}
      </p>
      {downloadFailed && (
        <p className="field-error" role="alert">
          {downloadFailed}
        </p>
      )}
      <div className="toolbar">
        <CompanyFilter value={companyId} companies={companies} onChange={(id) => setQuery({ companyId: id, page: null })} />
        <SearchBox label={t('search')} value={search} onSearch={onSearch} />
        <ActiveFilter of="people" />
      </div>

      <ListStates list={employees} empty={search ? t('emptySearch', { search }) : showAll ? t('empty') : t('emptyActive')}>
        {(data) => (
          <div className="table-wrap">
            <table className="data-table">
              <caption className="visually-hidden">{t('table.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('col.name')}</th>
                  <th scope="col">{t('col.number')}</th>
                  <th scope="col">{t('col.company')}</th>
                  <th scope="col">{t('col.jobTitle')}</th>
                  <th scope="col">{t('col.phone')}</th>
                  <th scope="col" className="num">
                    {t('col.payRate')}
                  </th>
                  <th scope="col">{t('col.status')}</th>
                  <th scope="col">{t('col.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((employee) => (
                  <tr key={employee.id}>
                    <th scope="row" className="row-name">
                      <Link to={`/admin/employees/${employee.id}`}>{`${employee.lastName}, ${employee.firstName}`}</Link>
                    </th>
                    <td>{employee.employeeNumber ?? '—'}</td>
                    <td>{employee.company.name}</td>
                    <td>{employee.jobTitle ?? '—'}</td>
                    <td>{formatPhone(employee.phone)}</td>
                    <td className="num">
                      {employee.payType === 'HOURLY' ? t('perHour', { amount: formatMoney(employee.payRate, lang) }) : formatMoney(employee.payRate, lang)}
                      <span className="hint row-sub">{t(`payType.${employee.payType}`)}</span>
                    </td>
                    <td>
                      <StatusBadge active={employee.active} of="people" />
                    </td>
                    <td>
                      {employee.active && (
                        <button type="button" className="danger" onClick={() => setConfirming(employee)}>
                          {t('deactivate')}
                          <span className="visually-hidden"> {fullName(employee)}</span>
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListStates>

      {adding !== null && (
        <NewEmployeeDialog
          key={adding}
          companyId={companyId}
          onClose={() => setAdding(null)}
          onCreated={(name) => {
            setAdding(null);
            setDone(t('done.created', { name }));
          }}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t('confirm.title', { name: confirming ? fullName(confirming) : '' })}
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
