// The head of the entries page: whose timesheet, which pay period (dates in the organization's
// zone), its review state with the rejection reason, and the period's totals and flags.
import { useCatalogue } from '../catalogue.ts';
import { badgeClass, FLAG_TONE, LOCKED_TONE, TIMESHEET_TONE } from '../ui/tones.ts';
import { entriesMessages } from './messages.ts';
import type { Timesheet } from './queries.ts';
import type { EntryFormat } from './useEntryFormat.ts';


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
          <span className={badgeClass(TIMESHEET_TONE[sheet.status])}>{t(`status.${sheet.status}`)}</span>
          {/* The period's lock, not the timesheet's state: it says so ("Bloqueado" beside "Rechazada" read as a slip). */}
          {sheet.payPeriod.locked && <span className={badgeClass(LOCKED_TONE)}>{t('period.lockedBadge')}</span>}
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
                  <span key={flag} className={badgeClass(FLAG_TONE[flag])}>
                    {t(`flag.${flag}`)}
                  </span>
                ))}
          </dd>
        </div>
      </dl>
    </section>
  );
}
