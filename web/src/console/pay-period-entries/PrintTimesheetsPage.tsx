// /admin/pay-periods/:id/print: every timesheet of a pay period that has entries, one to a
// printed page, each with its entries by week (read-only) and lines to sign: the paper record a
// business keeps, printed at once instead of page by page. On screen it is the preview.
import { useQueries } from '@tanstack/react-query';
import { useCatalogue } from '../catalogue.ts';
import type { PageProps } from '../page-props.ts';
import { formatPeriodDates } from '../pay-periods/format.ts';
import { fullName, usePeriod, useReview } from '../pay-periods/review-data.ts';
import { Link } from '../router.tsx';
import { Empty, LoadError, Loading } from '../ui/PageState.tsx';
import { usePageTitle } from '../ui/usePageTitle.ts';
import { useNow } from '../../ui/useNow.ts';
import { EntriesTable } from './EntriesTable.tsx';
import { groupEntries } from './entry-groups.ts';
import { entriesMessages } from './messages.ts';
import { timesheetQuery, type Timesheet } from './queries.ts';
import { SignatureLines } from './SignatureLines.tsx';
import { SummaryCard } from './SummaryCard.tsx';
import { useEntryFormat, type EntryFormat } from './useEntryFormat.ts';

export default function PrintTimesheetsPage({ params }: PageProps) {
  const id = params.id ?? '';
  const { t } = useCatalogue(entriesMessages);
  const format = useEntryFormat();
  const now = useNow(60_000);
  const period = usePeriod(id);
  const review = useReview(id);
  // A timesheet without entries would print an empty page.
  const employees = review.data?.timesheets.filter((sheet) => sheet.totals.entries > 0).map((sheet) => sheet.employee) ?? [];
  const sheets = useQueries({ queries: employees.map((employee) => timesheetQuery(id, employee.id)) });
  const title = period.data ? t('print.title', { company: period.data.company.name, dates: formatPeriodDates(period.data.startDate, period.data.endDate, format.timeZone, format.lang) }) : t('print.heading');
  usePageTitle(title);

  const failed = [period, review, ...sheets].find((query) => query.isError);
  const ready = !failed && !period.isPending && !review.isPending && sheets.every((sheet) => sheet.isSuccess);
  let body;
  if (failed) body = <LoadError error={failed.error} onRetry={() => void Promise.all([period, review, ...sheets].map((query) => query.refetch()))} />;
  else if (!ready) body = <Loading />;
  else if (sheets.length === 0) body = <Empty>{t('print.empty')}</Empty>;
  else body = sheets.map((sheet) => <PrintedSheet key={sheet.data!.employee.id} sheet={sheet.data!} company={period.data!.company.name} format={format} now={now} />);

  return (
    <div className="entries-page">
      <p className="entries-back">
        <Link to={`/admin/pay-periods/${encodeURIComponent(id)}`}>← {t('page.back')}</Link>
      </p>
      <div className="page-header">
        <div>
          <h1>{title}</h1>
          {ready && sheets.length > 0 && <p className="hint no-print">{t(sheets.length === 1 ? 'print.lead.one' : 'print.lead.other', { count: sheets.length })}</p>}
        </div>
        <div className="header-actions">
          <button type="button" className="primary" disabled={!ready || sheets.length === 0} onClick={() => window.print()}>
            {t('print.all')}
          </button>
        </div>
      </div>
      {body}
    </div>
  );
}

/** One employee's timesheet as it prints: name and company, totals, entries by week, lines to sign; a page of its own. */
function PrintedSheet({ sheet, company, format, now }: { sheet: Timesheet; company: string; format: EntryFormat; now: number }) {
  const headingId = `sheet-${sheet.employee.id}`;
  return (
    <section className="print-sheet" aria-labelledby={headingId}>
      <h2 id={headingId}>{fullName(sheet.employee)}</h2>
      <p className="print-sheet-company">{company}</p>
      <SummaryCard sheet={sheet} format={format} />
      <EntriesTable weeks={groupEntries(sheet.timeEntries, format.timeZone)} periodTotals={sheet.totals} format={format} now={now} />
      <SignatureLines format={format} />
    </section>
  );
}
