// The organization's pay periods, newest first: filters in the URL (company, status, page), each
// row linking to its review page with its timesheets' progress, and create, edit, lock, unlock and
// delete.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../api.ts';
import { useCatalogue } from '../catalogue.ts';
import type { PageProps } from '../page-props.ts';
import { Link, useQueryParams } from '../router.tsx';
import { useAdmin, useTimeZone } from '../session.tsx';
import { ListStates } from '../ui/PageState.tsx';
import { PendingChoice } from '../ui/PendingChoice.tsx';
import { usePageTitle } from '../ui/usePageTitle.ts';
import { formatDate } from '../../i18n/format.ts';
import { LockedBadge, PeriodStatusBadge } from './badges.tsx';
import { useCompanyChoices } from '../people/company-choices.ts';
import { CreatePeriodForm } from './CreatePeriodForm.tsx';
import { Field } from '../ui/Field.tsx';
import { formatCount, formatPeriodDates } from './format.ts';
import { periodKeys } from './keys.ts';
import { nextPeriodsMessages, periodMessages } from './messages.ts';
import { PERIOD_STATUSES, PeriodActionDialog, type PeriodAction } from './PeriodActionDialog.tsx';
import { TimesheetProgress } from './TimesheetProgress.tsx';

const PAGE_SIZE = 20;

export default function PayPeriodsPage(_props: PageProps) {
  const { t, lang } = useCatalogue(periodMessages);
  const { t: tNext } = useCatalogue(nextPeriodsMessages);
  const timeZone = useTimeZone();
  usePageTitle(t('list.title'));
  const [query, setQuery] = useQueryParams();
  const companyId = query.get('company') ?? '';
  const status = (PERIOD_STATUSES as readonly string[]).includes(query.get('status') ?? '') ? (query.get('status') as (typeof PERIOD_STATUSES)[number]) : '';
  const page = Math.max(1, Math.floor(Number(query.get('page'))) || 1);
  const [creating, setCreating] = useState(false);
  const [action, setAction] = useState<PeriodAction | null>(null);
  const [notice, setNotice] = useState('');
  const companies = useCompanyChoices(useAdmin().bookkeeperOrgId);

  const list = useQuery({
    queryKey: periodKeys.list({ companyId, status, page }),
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/admin/pay-periods', {
          params: { query: { page, pageSize: PAGE_SIZE, ...(companyId ? { companyId } : {}), ...(status ? { status } : {}) } },
        }),
      ),
    placeholderData: keepPreviousData,
  });

  const done = (message: string) => {
    setNotice(message);
    setAction(null);
  };

  return (
    <>
      <div className="page-header">
        <h1>{t('list.title')}</h1>
        {!creating && (
          <div className="header-actions">
            <Link className="button-link" to="/admin/pay-periods/next">
              {tNext('open')}
            </Link>
            <button
              type="button"
              className="primary"
              onClick={() => {
                // The last action's message goes once the next one starts, so that it never stands over this form's error.
                setNotice('');
                setCreating(true);
              }}
            >
              {t('list.new')}
            </button>
          </div>
        )}
      </div>
      <p className="notice" role="status">
        {notice}
      </p>
      {creating && (
        <CreatePeriodForm
          companies={(companies.data ?? []).filter((company) => company.active)}
          onCreated={(message) => {
            setCreating(false);
            setNotice(message);
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      <div className="toolbar">
        <Field label={t('filter.company')}>
          {(control) => (
            <select {...control} value={companyId} onChange={(event) => setQuery({ company: event.target.value, page: null })}>
              <option value="">{t('filter.allCompanies')}</option>
              <PendingChoice value={companyId} pending={companies.isLoading} />
              {(companies.data ?? []).map((company) => (
                <option key={company.id} value={company.id}>
                  {company.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('filter.status')}>
          {(control) => (
            <select {...control} value={status} onChange={(event) => setQuery({ status: event.target.value, page: null })}>
              <option value="">{t('filter.allStatuses')}</option>
              {PERIOD_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`status.${value}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {/* While the form is open, its button is hidden: the empty list's hint would point at nothing. */}
      <ListStates list={list} empty={<p>{companyId || status ? t('list.emptyFiltered') : creating ? t('list.emptyCreating') : t('list.empty')}</p>}>
        {(data) => (
          <div className="table-wrap">
            <table className="data-table period-table">
              <caption>{t('list.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('col.dates')}</th>
                  {!companyId && <th scope="col">{t('col.company')}</th>}
                  <th scope="col">{t('col.type')}</th>
                  <th scope="col">{t('col.status')}</th>
                  <th scope="col">{t('col.timesheets')}</th>
                  <th scope="col">{t('col.payDate')}</th>
                  <th scope="col" className="num">
                    {t('col.entries')}
                  </th>
                  <th scope="col">{t('col.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((period) => {
                  const dates = formatPeriodDates(period.startDate, period.endDate, timeZone, lang);
                  // Each row's buttons say which period they act on, for a screen reader's list of buttons.
                  const which = <span className="visually-hidden">{` ${dates}, ${period.company.name}`}</span>;
                  return (
                    <tr key={period.id}>
                      <th scope="row">
                        <Link to={`/admin/pay-periods/${period.id}`}>{dates}</Link>
                      </th>
                      {!companyId && <td>{period.company.name}</td>}
                      <td>{t(`type.${period.periodType}`)}</td>
                      <td>
                        <span className="badge-pair">
                          <PeriodStatusBadge status={period.status} />
                          {/* Only a lock is worth a word in a list: "Unlocked" on every row was noise. */}
                          {period.locked && <LockedBadge locked />}
                        </span>
                      </td>
                      <td>
                        <TimesheetProgress period={period} />
                      </td>
                      <td>{period.payDate ? formatDate(period.payDate, timeZone, lang) : <span className="muted">{t('noPayDate')}</span>}</td>
                      <td className="num">{formatCount(period._count.timeEntries, lang)}</td>
                      <td>
                        <div className="row-actions">
                          <button type="button" className="secondary" onClick={() => setAction({ kind: 'edit', period })}>
                            {t('row.edit')}
                            {which}
                          </button>
                          <button type="button" className="secondary" onClick={() => setAction({ kind: period.locked ? 'unlock' : 'lock', period })}>
                            {period.locked ? t('row.unlock') : t('row.lock')}
                            {which}
                          </button>
                          {period._count.timeEntries === 0 && (
                            <button type="button" className="secondary danger-outline" onClick={() => setAction({ kind: 'delete', period })}>
                              {t('row.delete')}
                              {which}
                            </button>
                          )}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </ListStates>
      {action && <PeriodActionDialog action={action} onClose={() => setAction(null)} onDone={done} />}
    </>
  );
}
