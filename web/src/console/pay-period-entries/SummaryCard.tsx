// The head of the entries page: whose timesheet, which pay period (dates in the organization's
// zone), its review state with the rejection reason, and the period's totals and flags.
import { useCatalogue } from '../catalogue.ts';
import { entriesMessages } from './messages.ts';
import type { Timesheet } from './queries.ts';
import type { EntryFormat } from './useEntryFormat.ts';

const STATUS_BADGES = { NOT_SUBMITTED: 'badge-muted', SUBMITTED: 'badge-info', APPROVED: 'badge-ok', REJECTED: 'badge-bad' } as const;
const FLAG_BADGES = { OPEN_ENTRY: 'badge-warn', LONG_SHIFT: 'badge-bad', OFFLINE_PUNCH: 'badge-info', EDITED: 'badge-muted' } as const;

export function SummaryCard({ sheet, format }: { sheet: Timesheet; format: EntryFormat }) {
  const { t } = useCatalogue(entriesMessages);
  return (
    <section className="card entries-summary" aria-label={t('summary.label')}>
      <div className="entries-summary-head">
        <p>
          <strong>{t('page.period', { range: format.range(sheet.payPeriod.startDate, sheet.payPeriod.endDate) })}</strong>
          {sheet.employee.employeeNumber && <span className="hint"> · {t('page.employeeNumber', { number: sheet.employee.employeeNumber })}</span>}
          <span className="hint"> · {t('page.timeZone', { zone: format.zoneName })}</span>
        </p>
        <p className="entries-badges">
          <span className="hint">{t('status.label')}:</span>{' '}
          <span className={`badge ${STATUS_BADGES[sheet.status]}`}>{t(`status.${sheet.status}`)}</span>
          {/* The period's lock, not the timesheet's state: it says so ("Bloqueado" beside "Rechazada" read as a slip). */}
          {sheet.payPeriod.locked && <span className="badge badge-muted">{t('period.lockedBadge')}</span>}
        </p>
      </div>
      {sheet.status === 'REJECTED' && sheet.rejectionReason && <p className="entries-rejection">{t('status.rejectionReason', { reason: sheet.rejectionReason })}</p>}
      <dl className="entries-totals">
        <div>
          <dt>{t('summary.total')}</dt>
          <dd>{format.hours(sheet.totals.totalHours)}</dd>
        </div>
        <div>
          <dt>{t('summary.regular')}</dt>
          <dd>{format.hours(sheet.totals.regularHours)}</dd>
        </div>
        <div>
          <dt>{t('summary.overtime')}</dt>
          <dd>{format.hours(sheet.totals.overtimeHours)}</dd>
        </div>
        <div>
          <dt>{t('summary.entries')}</dt>
          <dd>{new Intl.NumberFormat(format.locale).format(sheet.totals.entries)}</dd>
        </div>
        <div>
          <dt>{t('summary.flags')}</dt>
          <dd>
            {sheet.flags.length === 0
              ? t('table.none')
              : sheet.flags.map((flag) => (
                  <span key={flag} className={`badge ${FLAG_BADGES[flag]}`}>
                    {t(`flag.${flag}`)}
                  </span>
                ))}
          </dd>
        </div>
      </dl>
    </section>
  );
}
