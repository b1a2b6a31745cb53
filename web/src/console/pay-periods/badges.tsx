// Readable badges for the pay-period states: each says its state in words, so colour is only a
// second signal (WCAG 1.4.1).
import { useCatalogue } from '../catalogue.ts';
import { periodMessages } from './messages.ts';

type PeriodStatus = 'OPEN' | 'SUBMITTED' | 'APPROVED' | 'PAID' | 'CLOSED';
type TimesheetStatus = 'NOT_SUBMITTED' | 'SUBMITTED' | 'APPROVED' | 'REJECTED';
type Flag = 'OPEN_ENTRY' | 'LONG_SHIFT' | 'OFFLINE_PUNCH' | 'EDITED';

const PERIOD_TONE: Record<PeriodStatus, string> = { OPEN: 'info', SUBMITTED: 'warn', APPROVED: 'ok', PAID: 'ok', CLOSED: 'muted' };
const TIMESHEET_TONE: Record<TimesheetStatus, string> = { NOT_SUBMITTED: 'muted', SUBMITTED: 'info', APPROVED: 'ok', REJECTED: 'bad' };
const FLAG_TONE: Record<Flag, string> = { OPEN_ENTRY: 'bad', LONG_SHIFT: 'warn', OFFLINE_PUNCH: 'info', EDITED: 'muted' };

export function PeriodStatusBadge({ status }: { status: PeriodStatus }) {
  const { t } = useCatalogue(periodMessages);
  return <span className={`badge badge-${PERIOD_TONE[status]}`}>{t(`status.${status}`)}</span>;
}

export function LockedBadge({ locked }: { locked: boolean }) {
  const { t } = useCatalogue(periodMessages);
  return <span className={`badge ${locked ? 'badge-warn' : 'badge-muted'}`}>{t(locked ? 'locked.yes' : 'locked.no')}</span>;
}

export function TimesheetBadge({ status }: { status: TimesheetStatus }) {
  const { t } = useCatalogue(periodMessages);
  return <span className={`badge badge-${TIMESHEET_TONE[status]}`}>{t(`ts.${status}`)}</span>;
}

export function FlagBadge({ flag }: { flag: Flag }) {
  const { t } = useCatalogue(periodMessages);
  return <span className={`badge badge-${FLAG_TONE[flag]}`}>{t(`flag.${flag}`)}</span>;
}
