// Readable badges for the pay-period states: each says its state in words, so colour is only a
// second signal (WCAG 1.4.1).
import { useCatalogue } from '../catalogue.ts';
import { badgeClass, FLAG_TONE, LOCKED_TONE, PERIOD_TONE, TIMESHEET_TONE } from '../ui/tones.ts';
import { periodMessages } from './messages.ts';

type PeriodStatus = 'OPEN' | 'SUBMITTED' | 'APPROVED' | 'PAID' | 'CLOSED';
type TimesheetStatus = 'NOT_SUBMITTED' | 'SUBMITTED' | 'APPROVED' | 'REJECTED';
type Flag = 'OPEN_ENTRY' | 'LONG_SHIFT' | 'OFFLINE_PUNCH' | 'EDITED';


export function PeriodStatusBadge({ status }: { status: PeriodStatus }) {
  const { t } = useCatalogue(periodMessages);
  return <span className={badgeClass(PERIOD_TONE[status])}>{t(`status.${status}`)}</span>;
}

export function LockedBadge({ locked }: { locked: boolean }) {
  const { t } = useCatalogue(periodMessages);
  return <span className={badgeClass(locked ? LOCKED_TONE : 'muted')}>{t(locked ? 'locked.yes' : 'locked.no')}</span>;
}

export function TimesheetBadge({ status }: { status: TimesheetStatus }) {
  const { t } = useCatalogue(periodMessages);
  return <span className={badgeClass(TIMESHEET_TONE[status])}>{t(`ts.${status}`)}</span>;
}

export function FlagBadge({ flag }: { flag: Flag }) {
  const { t } = useCatalogue(periodMessages);
  return <span className={badgeClass(FLAG_TONE[flag])}>{t(`flag.${flag}`)}</span>;
}
