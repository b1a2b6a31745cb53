// Clock out one open entry for its employee: the entries page's own form, titled for the person,
// with now filled in and focused for the bookkeeper to keep or change (a forgotten clock out is
// set to when they really left). On the clock, the employee's page and a review row whose open
// entry blocks Approve offer it.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCatalogue } from '../catalogue.ts';
import { EntryFormDialog, type EntrySaved } from '../pay-period-entries/EntryFormDialog.tsx';
import type { Entry } from '../pay-period-entries/queries.ts';
import { useEntryFormat } from '../pay-period-entries/useEntryFormat.ts';
import { allButTheSession } from '../session.tsx';
import { useRestoreFocus } from '../ui/useRestoreFocus.ts';
import { onTheClockMessages } from './messages.ts';

export function ClockOutDialog({ entry, name, onClose, onClockedOut }: { entry: Entry; name: string; onClose(): void; onClockedOut(message: string): void }) {
  const { t } = useCatalogue(onTheClockMessages);
  const format = useEntryFormat();
  const queryClient = useQueryClient();
  // Read once: the suggestion is the moment the dialog opened, not a value that moves under the field.
  const [openedAt] = useState(() => new Date().toISOString());
  useRestoreFocus(true);

  async function saved(result: EntrySaved) {
    // A clock out moves hours on the review, the reports and the employee's page too.
    await queryClient.invalidateQueries({ predicate: allButTheSession });
    const closed = result.entry;
    onClockedOut(result.kind === 'unchanged' || !closed?.clockOut ? '' : t('done.clockedOut', { name, time: format.instant(closed.clockOut), hours: format.hours(closed.totalHours ?? 0) }));
  }

  return (
    <EntryFormDialog
      mode={{ kind: 'correct', entry, suggestedClockOut: openedAt }}
      employeeId={entry.employeeId}
      format={format}
      title={t('clockOut.title', { name })}
      onSaved={saved}
      onClose={onClose}
    />
  );
}
