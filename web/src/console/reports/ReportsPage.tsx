// The hours report (docs/time-rules.md §15): a range of dates (typed, or a quick range such as
// "Last month") or a company's pay period, for everyone or one employee of the company, grouped by
// employee, day, week or job code, as a chart, a table with totals and the API's CSV. A row leads
// on (a week to its days, a day to its people, a person to their page). Every choice is in the
// URL, so a report can be shared as a link and the back button undoes a change.
import { useId, useState, type ReactNode } from 'react';
import { formatDateRange, formatTimeZone, localDateKey } from '../../i18n/format.ts';
import { ApiError } from '../api.ts';
import { useCatalogue } from '../catalogue.ts';
import type { PageProps } from '../page-props.ts';
import { useQueryParams } from '../router.tsx';
import { useTimeZone } from '../session.tsx';
import { CompanyFilter } from '../people/CompanyFilter.tsx';
import { useCompanyChoices } from '../people/company-choices.ts';
import { DateField } from '../ui/DateField.tsx';
import { Empty, LoadError, Loading } from '../ui/PageState.tsx';
import { PendingChoice } from '../ui/PendingChoice.tsx';
import { problemText } from '../ui/problems.ts';
import { uiMessages } from '../ui/messages.ts';
import { usePageTitle } from '../ui/usePageTitle.ts';
import { formatCount, monthStartIn, todayIn } from './format.ts';
import { matchingPreset, presetRange, RANGE_PRESETS, type RangePreset } from './date-ranges.ts';
import { useEmployeeChoices, type Employee } from '../employees/queries.ts';
import { HoursBars } from './HoursBars.tsx';
import { ReportTable, rowLabel, rowLink, type T } from './ReportTable.tsx';
import { reportsMessages } from './messages.ts';
import { downloadReportCsv, GROUPINGS, useHoursReport, usePayPeriods, type GroupBy, type ReportQuery } from './queries.ts';
import { saveFile } from '../ui/save-file.ts';

const isGroupBy = (value: string | null): value is GroupBy => (GROUPINGS as readonly string[]).includes(value ?? '');
const isPreset = (value: string): value is RangePreset => (RANGE_PRESETS as readonly string[]).includes(value);

/** An employee as the report's rows name them: "Alvarez, Ana (E-7)". */
function employeeLabel(employee: Employee): string {
  const name = `${employee.lastName}, ${employee.firstName}`;
  return employee.employeeNumber ? `${name} (${employee.employeeNumber})` : name;
}

/** The API's refusal of the dates, as words for the field it is about (null: not about dates). */
function rangeProblems(error: unknown, t: T): { start?: string; end?: string } | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const detail = error.detail ?? '';
  if (error.label === 'Invalid date range') return { end: t(/at most/.test(detail) ? 'error.rangeLength' : 'error.rangeOrder') };
  if (error.label === 'Invalid date format') return /^endDate/.test(detail) ? { end: t('error.dateFormat') } : { start: t('error.dateFormat') };
  if (error.label === 'Validation failed' && /startDate|endDate/.test(detail)) {
    return { ...(/startDate/.test(detail) && { start: t('error.dateRequired') }), ...(/endDate/.test(detail) && { end: t('error.dateRequired') }) };
  }
  return null;
}

export default function ReportsPage(_props: PageProps) {
  const { t, lang } = useCatalogue(reportsMessages);
  const ui = useCatalogue(uiMessages).t;
  usePageTitle(t('title'));
  const timeZone = useTimeZone();
  const [search, setQuery] = useQueryParams();
  const groupBy: GroupBy = isGroupBy(search.get('groupBy')) ? (search.get('groupBy') as GroupBy) : 'employee';
  const companyId = search.get('companyId') ?? '';
  // A pay period and an employee are a company's, so they are chosen after it.
  const payPeriodId = companyId ? (search.get('payPeriodId') ?? '') : '';
  const employeeId = companyId ? (search.get('employeeId') ?? '') : '';
  // Without dates in the URL the report covers this month so far.
  const today = todayIn(timeZone);
  const startDate = search.get('startDate') ?? monthStartIn(timeZone);
  const endDate = search.get('endDate') ?? today;
  const query: ReportQuery = {
    groupBy,
    ...(companyId && { companyId }),
    ...(employeeId && { employeeId }),
    ...(payPeriodId ? { payPeriodId } : { startDate, endDate }),
  };
  const report = useHoursReport(query);
  const companies = useCompanyChoices();
  const periods = usePayPeriods(companyId);
  const employees = useEmployeeChoices(companyId);
  const chosenEmployee = employees.data?.find((employee) => employee.id === employeeId);
  const problems = rangeProblems(report.error, t);
  const ids = { groupBy: useId(), periodHint: useId(), dates: useId(), empty: useId() };
  // The quick range these dates are today; a pay period's dates are the period's, whatever they match.
  const datesChoice = payPeriodId ? 'period' : (matchingPreset({ startDate, endDate }, today) ?? 'custom');
  const [download, setDownload] = useState<{ state: 'idle' | 'working' | 'done' | 'failed'; text: string }>({ state: 'idle', text: '' });

  const onDownload = async () => {
    setDownload({ state: 'working', text: t('downloading') });
    try {
      const { blob, filename } = await downloadReportCsv(query);
      saveFile(blob, filename);
      setDownload({ state: 'done', text: t('downloaded', { file: filename }) });
    } catch (error) {
      setDownload({ state: 'failed', text: t('download.failed', { reason: problemText(error, ui) }) });
    }
  };

  // With a pay period the dates are the period's: shown (read-only) as the report gave them.
  const shownRange = payPeriodId
    ? report.data
      ? { start: localDateKey(report.data.range.startDate, timeZone), end: localDateKey(report.data.range.endDate, timeZone) }
      : { start: '', end: '' }
    : { start: startDate, end: endDate };
  // The answer's range and zone, as its summary (or its empty message) names them.
  const answered = report.data && {
    range: formatDateRange(report.data.range.startDate, report.data.range.endDate, report.data.timezone, lang),
    zone: formatTimeZone(report.data.timezone, lang),
  };
  // One employee's report names them in its summary: their rows alone may be days or job codes.
  const whose = employeeId && chosenEmployee ? `${chosenEmployee.firstName} ${chosenEmployee.lastName}` : null;

  const nothingToDownload = report.isSuccess && report.data.rows.length === 0;

  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t('title')}</h1>
          <p className="hint">{t('lead')}</p>
        </div>
        {/* A range without closed entries has nothing to download; the empty message says so. */}
        <button
          type="button"
          className="primary"
          onClick={() => void onDownload()}
          disabled={download.state === 'working' || !report.isSuccess || nothingToDownload}
          aria-describedby={nothingToDownload ? ids.empty : undefined}
        >
          {t('download')}
        </button>
      </div>
      <p role="status" className={download.state === 'failed' ? 'field-error' : 'hint'}>
        {download.text}
      </p>

      <form className="toolbar report-filters" aria-label={t('filter.label')} onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor={ids.groupBy}>{t('filter.groupBy')}</label>
          <select id={ids.groupBy} value={groupBy} onChange={(event) => setQuery({ groupBy: event.target.value === 'employee' ? null : event.target.value })}>
            {GROUPINGS.map((value) => (
              <option key={value} value={value}>
                {t(`groupBy.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <CompanyFilter value={companyId} companies={companies} onChange={(id) => setQuery({ companyId: id, payPeriodId: null, employeeId: null })} />
        <CompanyChoice
          className="field"
          label={t('filter.employee')}
          value={employeeId}
          waitingHint={companyId === '' ? t('filter.employeeHint') : null}
          onChange={(id) => setQuery({ employeeId: id })}
        >
          <option value="">{t('filter.allEmployees')}</option>
          <PendingChoice value={employeeId} pending={employees.isLoading} />
          {(employees.data ?? []).map((employee) => (
            <option key={employee.id} value={employee.id}>
              {employee.active ? employeeLabel(employee) : t('filter.inactiveEmployee', { name: employeeLabel(employee) })}
            </option>
          ))}
        </CompanyChoice>
        <CompanyChoice
          className="field report-when"
          label={t('filter.payPeriod')}
          value={payPeriodId}
          waitingHint={companyId === '' ? t('filter.payPeriodHint') : null}
          onChange={(id) => setQuery({ payPeriodId: id })}
          after={companyId !== '' && periods.isSuccess && periods.data.items.length === 0 && <span className="hint">{t('filter.noPeriods')}</span>}
        >
          <option value="">{t('filter.noPeriod')}</option>
          <PendingChoice value={payPeriodId} pending={periods.isLoading} />
          {(periods.data?.items ?? []).map((period) => (
            <option key={period.id} value={period.id}>
              {formatDateRange(period.startDate, period.endDate, timeZone, lang)}
            </option>
          ))}
        </CompanyChoice>
        <div className="field">
          <label htmlFor={ids.dates}>{t('filter.dates')}</label>
          {/* A quick range sets both dates (and leaves the pay period); "Custom dates" is what typed dates are. */}
          <select
            id={ids.dates}
            value={datesChoice}
            onChange={(event) => {
              const choice = event.target.value;
              if (isPreset(choice)) setQuery({ ...presetRange(choice, today), payPeriodId: null });
            }}
          >
            {RANGE_PRESETS.map((preset) => (
              <option key={preset} value={preset}>
                {t(`range.${preset}`)}
              </option>
            ))}
            <option value="custom">{t('range.custom')}</option>
            {payPeriodId && <option value="period">{t('range.period')}</option>}
          </select>
        </div>
        {(['start', 'end'] as const).map((bound) => (
          <DateField
            key={bound}
            label={t(bound === 'start' ? 'filter.from' : 'filter.to')}
            value={shownRange[bound]}
            problem={problems?.[bound]}
            disabled={payPeriodId !== ''}
            describedBy={payPeriodId ? ids.periodHint : undefined}
            onChange={(value) => setQuery({ [bound === 'start' ? 'startDate' : 'endDate']: value })}
          />
        ))}
        {payPeriodId && (
          <p id={ids.periodHint} className="hint report-period-hint">
            {t('filter.datesFromPeriod')}
          </p>
        )}
      </form>

      {report.isPending ? (
        <Loading />
      ) : report.isError ? (
        problems ? null : <LoadError error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <>
          {report.data.rows.length === 0 ? (
            // One sentence for an empty range, not "0 closed entries" over "No closed entries".
            <Empty id={ids.empty}>{whose ? t('empty.employee', { ...answered, name: whose }) : t('empty', answered)}</Empty>
          ) : (
            <>
              <p className="report-summary">
                {t(`${whose ? 'summary.employee' : 'summary'}.${report.data.totals.entries === 1 ? 'one' : 'other'}`, {
                  entries: formatCount(report.data.totals.entries, lang),
                  ...answered,
                  name: whose ?? '',
                })}
              </p>
              <div className="card">
                <HoursBars
                  lang={lang}
                  rows={report.data.rows.map((row) => ({ label: rowLabel(row, report.data.groupBy, t, lang), regular: row.regularHours, overtime: row.overtimeHours }))}
                  text={{
                    caption: t('chart.caption', { caption: t(`caption.${report.data.groupBy}`) }),
                    regular: t('chart.regular'),
                    overtime: t('chart.overtime'),
                    describe: (row, regular, overtime) => t('chart.row', { label: row.label, regular, overtime }),
                  }}
                />
              </div>
              <ReportTable
                rows={report.data.rows}
                totals={report.data.totals}
                groupBy={report.data.groupBy}
                rowLink={(row) => rowLink(row, report.data.groupBy, search)}
                t={t}
                lang={lang}
              />
            </>
          )}
        </>
      )}
    </>
  );
}

/**
 * A choice among one company's things (its employees, its pay periods): off until a company is
 * chosen, with `waitingHint` saying so, tied to the select for screen readers.
 */
function CompanyChoice({
  className,
  label,
  value,
  waitingHint,
  onChange,
  after,
  children,
}: {
  className: string;
  label: string;
  value: string;
  waitingHint: string | null;
  onChange(value: string): void;
  after?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} disabled={waitingHint !== null} aria-describedby={waitingHint ? `${id}-hint` : undefined} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
      {waitingHint && (
        <span id={`${id}-hint`} className="hint">
          {waitingHint}
        </span>
      )}
      {after}
    </div>
  );
}
