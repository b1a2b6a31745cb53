// The review page of one pay period (/admin/pay-periods/:id): what it is, how many timesheets are
// in each state, the totals, the submitted timesheets without flags approved at once
// (ApproveReady.tsx), one row per employee with approve and reject (and Clock out where an open
// entry blocks approval), the hours per day, and the export for payroll; and the period's own
// lock, unlock and edit (status, pay date), so that it is locked and exported on one page.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { formatDate, formatHours } from '../../i18n/format.ts';
import { newIdempotencyKey } from '../api.ts';
import { useCatalogue } from '../catalogue.ts';
import type { PageProps } from '../page-props.ts';
import { Link } from '../router.tsx';
import { ClockOutDialog } from '../on-the-clock/ClockOutDialog.tsx';
import type { Entry } from '../pay-period-entries/queries.ts';
import { openEntryQuery } from '../employees/queries.ts';
import { useTimeZone } from '../session.tsx';
import { uiMessages } from '../ui/messages.ts';
import { Empty, LoadError, Loading } from '../ui/PageState.tsx';
import { usePageTitle } from '../ui/usePageTitle.ts';
import { ApproveReady } from './ApproveReady.tsx';
import { FlagBadge, LockedBadge, PeriodStatusBadge, TimesheetBadge } from './badges.tsx';
import { decisionProblem } from './decision-problems.ts';
import { ExportPanel } from './ExportPanel.tsx';
import { formatCount, formatMoney, formatPeriodDates } from './format.ts';
import { periodKeys } from './keys.ts';
import { periodMessages } from './messages.ts';
import { PeriodActionDialog, type PeriodAction } from './PeriodActionDialog.tsx';
import { PeriodChart } from './PeriodChart.tsx';
import { RejectDialog } from './RejectDialog.tsx';
import { approveBlockedBy, approveReasonShown, approveTimesheet, canReject, fullName, TIMESHEET_STATUSES, usePeriod, useReview, type PeriodDetail, type PeriodReview, type Timesheet } from './review-data.ts';
import { Tile } from '../ui/Tile.tsx';

export default function ReviewPage({ params }: PageProps) {
  const id = params.id ?? '';
  const { t, lang } = useCatalogue(periodMessages);
  const timeZone = useTimeZone();
  const period = usePeriod(id);
  const review = useReview(id);
  // While the ready timesheets are approved at once, the rows' own Approve and Reject wait.
  const [approvingAll, setApprovingAll] = useState(false);
  // Lock, unlock and edit from the period's own page: lock, then export, without going back to the list.
  const [action, setAction] = useState<PeriodAction | null>(null);
  const [periodNotice, setPeriodNotice] = useState('');
  const dates = period.data ? formatPeriodDates(period.data.startDate, period.data.endDate, timeZone, lang) : '';
  usePageTitle(period.data ? t('review.title', { company: period.data.company.name, dates }) : t('list.title'));

  const back = (
    <p className="back-link">
      <Link to="/admin/pay-periods">← {t('review.back')}</Link>
    </p>
  );
  if (period.isPending || review.isPending) return <>{back}<Loading /></>;
  if (period.isError) return <>{back}<LoadError error={period.error} onRetry={() => void period.refetch()} /></>;
  if (review.isError) return <>{back}<LoadError error={review.error} onRetry={() => void review.refetch()} /></>;

  const p = period.data;
  return (
    <>
      {back}
      <div className="page-header">
        <h1>{t('review.title', { company: p.company.name, dates })}</h1>
        <div className="header-actions">
          <button type="button" className="secondary" onClick={() => setAction({ kind: p.locked ? 'unlock' : 'lock', period: p })}>
            {t(p.locked ? 'review.unlock' : 'review.lock')}
          </button>
          <button type="button" className="secondary" onClick={() => setAction({ kind: 'edit', period: p })}>
            {t('review.edit')}
          </button>
          <Link className="button-link" to={`/admin/pay-periods/${encodeURIComponent(id)}/print`}>
            {t('review.print')}
          </Link>
        </div>
      </div>
      <p className="notice" role="status">
        {periodNotice}
      </p>
      <dl className="period-facts">
        <div>
          <dt>{t('review.company')}</dt>
          <dd>{p.company.name}</dd>
        </div>
        <div>
          <dt>{t('review.dates')}</dt>
          <dd>{dates}</dd>
        </div>
        <div>
          <dt>{t('review.type')}</dt>
          <dd>{t(`type.${p.periodType}`)}</dd>
        </div>
        <div>
          <dt>{t('review.status')}</dt>
          <dd>
            <PeriodStatusBadge status={p.status} />
          </dd>
        </div>
        <div>
          <dt>{t('review.locked')}</dt>
          <dd>
            <LockedBadge locked={p.locked} />
          </dd>
        </div>
        <div>
          <dt>{t('review.payDate')}</dt>
          <dd>{p.payDate ? formatDate(p.payDate, timeZone, lang) : t('noPayDate')}</dd>
        </div>
      </dl>
      {p.locked && <p className="locked-note">{t('review.lockedNote')}</p>}
      <Summary review={review.data} />
      <ApproveReady period={p} timesheets={review.data.timesheets} onRunning={setApprovingAll} />
      <TimesheetTable period={p} review={review.data} decisionsPaused={approvingAll} />
      <section className="card" aria-label={t('chart.label')}>
        <PeriodChart period={p} />
      </section>
      <ExportPanel period={p} timesheets={review.data.timesheets} />
      {action && (
        <PeriodActionDialog
          action={action}
          onClose={() => setAction(null)}
          onDone={(message) => {
            setAction(null);
            setPeriodNotice(message);
          }}
        />
      )}
    </>
  );
}

function Summary({ review }: { review: PeriodReview }) {
  const { t, lang } = useCatalogue(periodMessages);
  const { totals } = review;
  return (
    <div className="review-summary">
      <section aria-label={t('review.countsLabel')}>
        <h2 className="summary-title">{t('review.countsLabel')}</h2>
        <ul className="summary-tiles">
          {TIMESHEET_STATUSES.map((status) => (
            <li key={status} className="tile">
              <span className="tile-value">{formatCount(review.counts[status], lang)}</span>
              <TimesheetBadge status={status} />
            </li>
          ))}
        </ul>
      </section>
      <section aria-label={t('review.totalsLabel')}>
        <h2 className="summary-title">{t('review.totalsLabel')}</h2>
        <dl className="summary-tiles">
          <Tile label={t('totals.regular')} value={formatHours(totals.regularHours, lang)} />
          <Tile label={t('totals.overtime')} value={formatHours(totals.overtimeHours, lang)} />
          <Tile label={t('totals.total')} value={formatHours(totals.totalHours, lang)} />
          <Tile label={t('totals.pay')} value={formatMoney(totals.pay.total, lang)} />
        </dl>
      </section>
    </div>
  );
}

function TimesheetTable({ period, review, decisionsPaused }: { period: PeriodDetail; review: PeriodReview; decisionsPaused: boolean }) {
  const { t, lang } = useCatalogue(periodMessages);
  const { t: tUi } = useCatalogue(uiMessages);
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<Timesheet | null>(null);
  // An open entry blocks approval: its Clock out reads the employee's open entry (one row, not the
  // whole timesheet), then asks when it ended.
  const [closing, setClosing] = useState<{ entry: Entry; name: string } | null>(null);
  const [finding, setFinding] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [problem, setProblem] = useState('');
  // One key per click on Approve: a retried request is applied once.
  const approveKeys = useRef(new Map<string, string>());

  const approve = useMutation({
    mutationFn: (sheet: Timesheet) => {
      const key = approveKeys.current.get(sheet.employee.id) ?? newIdempotencyKey();
      approveKeys.current.set(sheet.employee.id, key);
      return approveTimesheet(period.id, sheet.employee.id, key);
    },
    onMutate: () => {
      setNotice('');
      setProblem('');
    },
    onSuccess: (_data, sheet) => setNotice(t('approve.done', { name: fullName(sheet.employee) })),
    onError: (error, sheet) => setProblem(decisionProblem(error, fullName(sheet.employee), t, tUi)),
    onSettled: (_data, _error, sheet) => {
      approveKeys.current.delete(sheet.employee.id);
      void queryClient.invalidateQueries({ queryKey: periodKeys.all });
    },
  });

  async function clockOut(sheet: Timesheet) {
    setNotice('');
    setProblem('');
    setFinding(sheet.employee.id);
    try {
      const open = (await queryClient.fetchQuery(openEntryQuery(sheet.employee.id))).items[0];
      // Closed elsewhere since the review was read: the fresh review shows it.
      if (open) setClosing({ entry: open, name: fullName(sheet.employee) });
      else void queryClient.invalidateQueries({ queryKey: periodKeys.all });
    } catch (error) {
      setProblem(decisionProblem(error, fullName(sheet.employee), t, tUi));
    } finally {
      setFinding(null);
    }
  }

  return (
    <>
      <p className="notice" role="status">
        {notice}
      </p>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {review.timesheets.length === 0 ? (
        <Empty>
          <p>{t('table.empty')}</p>
        </Empty>
      ) : (
        <div className="table-wrap">
          <table className="data-table review-table">
            <caption>{t('table.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('table.employee')}</th>
                <th scope="col">{t('table.state')}</th>
                <th scope="col" className="num">
                  {t('table.regular')}
                </th>
                <th scope="col" className="num">
                  {t('table.overtime')}
                </th>
                <th scope="col" className="num">
                  {t('table.total')}
                </th>
                <th scope="col" className="num">
                  {t('table.pay')}
                </th>
                <th scope="col">{t('table.flags')}</th>
                <th scope="col">{t('table.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {review.timesheets.map((sheet) => {
                const name = fullName(sheet.employee);
                const busy = approve.isPending && approve.variables?.employee.id === sheet.employee.id;
                const blockedBy = approveBlockedBy(sheet, period.locked);
                const reason = approveReasonShown(blockedBy);
                return (
                  <tr key={sheet.employee.id}>
                    <th scope="row">
                      <Link to={`/admin/pay-periods/${period.id}/employees/${sheet.employee.id}`}>{name}</Link>
                      {sheet.employee.employeeNumber && <span className="muted small employee-number">#{sheet.employee.employeeNumber}</span>}
                    </th>
                    <td>
                      <TimesheetBadge status={sheet.status} />
                      {sheet.decidedBy && (sheet.status === 'APPROVED' || sheet.status === 'REJECTED') && (
                        <span className="muted small decided-by">{t('table.decidedBy', { name: fullName(sheet.decidedBy) })}</span>
                      )}
                      {sheet.status === 'REJECTED' && sheet.rejectionReason && <p className="reason">{t('table.reason', { reason: sheet.rejectionReason })}</p>}
                    </td>
                    <td className="num">{formatHours(sheet.totals.regularHours, lang)}</td>
                    <td className="num">{formatHours(sheet.totals.overtimeHours, lang)}</td>
                    <td className="num">{formatHours(sheet.totals.totalHours, lang)}</td>
                    <td className="num">{sheet.pay ? formatMoney(sheet.pay.total, lang) : <span className="muted">{t('table.salaried')}</span>}</td>
                    <td>
                      {sheet.flags.length === 0 ? (
                        <span className="muted">{t('table.noFlags')}</span>
                      ) : (
                        <ul className="flag-list">
                          {sheet.flags.map((flag) => (
                            <li key={flag}>
                              <FlagBadge flag={flag} />
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                    <td>
                      <div className="row-actions">
                        <button
                          type="button"
                          className="secondary"
                          disabled={blockedBy !== null || busy || decisionsPaused}
                          aria-describedby={reason ? `approve-blocked-${sheet.employee.id}` : undefined}
                          onClick={() => approve.mutate(sheet)}
                        >
                          {t('approve')}
                          {/* "Approve" alone, once a row, would leave a screen reader's list of buttons without names. */}
                          <span className="visually-hidden"> {name}</span>
                        </button>
                        <button
                          type="button"
                          className="secondary"
                          disabled={!canReject(sheet, period.locked) || decisionsPaused}
                          onClick={() => {
                            setNotice('');
                            setProblem('');
                            setRejecting(sheet);
                          }}
                        >
                          {t('reject')}
                          <span className="visually-hidden"> {name}</span>
                        </button>
                      </div>
                      {reason && (
                        <span id={`approve-blocked-${sheet.employee.id}`} className="hint row-sub approve-blocked">
                          {t(`approveBlocked.${reason}`)}
                        </span>
                      )}
                      {/* Under the reason, not beside Approve: a third button there widened the held
                          actions column over the flags. */}
                      {blockedBy === 'openEntry' && (
                        <button type="button" className="secondary approve-clock-out" aria-busy={finding === sheet.employee.id} onClick={() => void clockOut(sheet)}>
                          {t('clockOut')}
                          <span className="visually-hidden"> {name}</span>
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {closing && (
        <ClockOutDialog
          entry={closing.entry}
          name={closing.name}
          onClose={() => setClosing(null)}
          onClockedOut={(message) => {
            setClosing(null);
            setNotice(message);
          }}
        />
      )}
      {rejecting && (
        <RejectDialog
          periodId={period.id}
          sheet={rejecting}
          onClose={() => setRejecting(null)}
          onDone={(message) => {
            setRejecting(null);
            setNotice(message);
          }}
        />
      )}
    </>
  );
}
