// The period actions of the list's rows and of the review page, each behind a dialog: edit (status
// and pay date, what the update route allows), lock and unlock (confirmed, they pause or resume
// every change to the period), and delete (confirmed; the service refuses while the period has
// entries, explained in words; the list's rows only).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Field } from '../ui/Field.tsx';
import type { paths } from '../../api/schema';
import { ApiError, api, unwrap } from '../api.ts';
import { useCatalogue } from '../catalogue.ts';
import { useTimeZone } from '../session.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { uiMessages } from '../ui/messages.ts';
import { fieldProblems, problemText } from '../ui/problems.ts';
import { formatPeriodDates, toDateInput } from './format.ts';
import { periodKeys } from './keys.ts';
import { periodMessages } from './messages.ts';

export type PeriodListItem = paths['/api/v1/admin/pay-periods']['get']['responses'][200]['content']['application/json']['data']['items'][number];
type UpdateBody = NonNullable<paths['/api/v1/admin/pay-periods/{id}']['put']['requestBody']>['content']['application/json'];
type PeriodStatus = NonNullable<UpdateBody['status']>;

export const PERIOD_STATUSES: readonly PeriodStatus[] = ['OPEN', 'SUBMITTED', 'APPROVED', 'PAID', 'CLOSED'];

/** What the dialogs read of a period: a row of the list, or the review page's period. */
type ActedOnPeriod = Pick<PeriodListItem, 'id' | 'startDate' | 'endDate' | 'status' | 'payDate'>;

export type PeriodAction = { kind: 'edit' | 'lock' | 'unlock' | 'delete'; period: ActedOnPeriod };

export function PeriodActionDialog({ action, onClose, onDone }: { action: PeriodAction; onClose(): void; onDone(message: string): void }) {
  const { t, lang } = useCatalogue(periodMessages);
  const { t: tUi } = useCatalogue(uiMessages);
  const timeZone = useTimeZone();
  const queryClient = useQueryClient();
  const { kind, period } = action;
  const dates = formatPeriodDates(period.startDate, period.endDate, timeZone, lang);
  const [status, setStatus] = useState<PeriodStatus>(period.status);
  const [payDate, setPayDate] = useState(toDateInput(period.payDate, timeZone));

  const run = useMutation({
    mutationFn: async () => {
      const path = { params: { path: { id: period.id } } };
      if (kind === 'delete') return void (await unwrap(api.DELETE('/api/v1/admin/pay-periods/{id}', path)));
      const body: UpdateBody = {};
      if (kind === 'lock' || kind === 'unlock') body.locked = kind === 'lock';
      if (kind === 'edit') {
        if (status !== period.status) body.status = status;
        if (payDate !== toDateInput(period.payDate, timeZone)) body.payDate = payDate || null;
      }
      await unwrap(api.PUT('/api/v1/admin/pay-periods/{id}', { ...path, body }));
    },
    // A refusal can mean the list is stale (an entry arrived, another tab locked it): refresh either way.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: periodKeys.all }),
    onSuccess: () => onDone(t(`${kind}.done`, { dates })),
  });

  const refusedDelete = run.error instanceof ApiError && run.error.label === 'Cannot delete pay period';
  const problems = fieldProblems(run.error);
  const problem = run.error && !refusedDelete && !problems.payDate && !problems.status ? problemText(run.error, tUi) : null;
  const titles = { edit: t('edit.title', { dates }), lock: t('lock.title', { dates }), unlock: t('unlock.title', { dates }), delete: t(refusedDelete ? 'delete.refusedTitle' : 'delete.title', { dates }) };
  const confirmLabels = { edit: t('edit.save'), lock: t('lock.confirm'), unlock: t('unlock.confirm'), delete: t('delete.confirm') };

  return (
    <ConfirmDialog
      open
      title={titles[kind]}
      confirmLabel={confirmLabels[kind]}
      danger={kind === 'delete'}
      refused={refusedDelete}
      busy={run.isPending}
      onConfirm={() => run.mutate()}
      onCancel={onClose}
    >
      {kind === 'edit' ? (
        <div className="dialog-fields">
          <Field label={t('edit.status')} problem={problems.status}>
            {(control) => (
              <select {...control} value={status} onChange={(event) => setStatus(event.target.value as PeriodStatus)}>
                {PERIOD_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {t(`status.${value}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('edit.payDate')} hint={t('edit.payDateHint')} problem={problems.payDate}>
            {(control) => <input {...control} type="date" value={payDate} onChange={(event) => setPayDate(event.target.value)} />}
          </Field>
        </div>
      ) : refusedDelete ? null : (
        <p>{t(`${kind}.body`)}</p>
      )}
      {refusedDelete && (
        <p className="field-error" role="alert">
          {t('delete.refused')}
        </p>
      )}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </ConfirmDialog>
  );
}
