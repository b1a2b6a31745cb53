// A pay period's timesheets at a glance, in its row of the pay-period list: how many of those with
// hours are approved, and what waits for the bookkeeper (submitted ones to review, rejected ones
// the employee must see to). A firm with many clients sees from its first page which periods need
// it. Read from the review's own query (periodKeys.review), so opening the period shows it at once
// and an approval there updates the list.
import { useCatalogue } from '../catalogue.ts';
import { badgeClass, TIMESHEET_TONE } from '../ui/tones.ts';
import { formatCount } from './format.ts';
import { periodMessages } from './messages.ts';
import type { PeriodListItem } from './PeriodActionDialog.tsx';
import { useReview, type PeriodReview } from './review-data.ts';

/** Counted over the timesheets that have entries: someone who did not work this period has nothing to approve. */
function timesheetProgress(review: PeriodReview) {
  const worked = review.timesheets.filter((sheet) => sheet.totals.entries > 0);
  const count = (status: (typeof worked)[number]['status']) => worked.filter((sheet) => sheet.status === status).length;
  return { worked: worked.length, approved: count('APPROVED'), toReview: count('SUBMITTED'), rejected: count('REJECTED') };
}

/** A period without entries has no timesheet to read; a paid or closed one is done with. */
export function TimesheetProgress({ period }: { period: Pick<PeriodListItem, 'id' | 'status' | '_count'> }) {
  const { t } = useCatalogue(periodMessages);
  if (period._count.timeEntries === 0) return <span className="muted">{t('progress.none')}</span>;
  if (period.status === 'PAID' || period.status === 'CLOSED') return <span className="muted">—</span>;
  return <ReadProgress periodId={period.id} />;
}

function ReadProgress({ periodId }: { periodId: string }) {
  const { t, lang } = useCatalogue(periodMessages);
  const review = useReview(periodId);
  if (review.isPending) return <span className="muted">{t('progress.loading')}</span>;
  if (review.isError) return <span className="muted">{t('progress.failed')}</span>;
  const progress = timesheetProgress(review.data);
  if (progress.worked === 0) return <span className="muted">{t('progress.none')}</span>;
  return (
    <span className="progress-cell">
      <span>{t('progress.approved', { approved: formatCount(progress.approved, lang), worked: formatCount(progress.worked, lang) })}</span>
      {progress.toReview > 0 && <span className={badgeClass(TIMESHEET_TONE.SUBMITTED)}>{t('progress.toReview', { count: formatCount(progress.toReview, lang) })}</span>}
      {progress.rejected > 0 && <span className={badgeClass(TIMESHEET_TONE.REJECTED)}>{t(progress.rejected === 1 ? 'progress.rejected.one' : 'progress.rejected.other', { count: formatCount(progress.rejected, lang) })}</span>}
    </span>
  );
}
