// Rejecting a timesheet asks why: the reason (required, up to 2,000 characters) goes back to the
// employee and stays visible in the row.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Field } from '../ui/Field.tsx';
import { api, newIdempotencyKey, unwrap } from '../api.ts';
import { useCatalogue } from '../catalogue.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { uiMessages } from '../ui/messages.ts';
import { fieldProblems } from '../ui/problems.ts';
import { periodKeys } from './keys.ts';
import { periodMessages } from './messages.ts';
import { decisionProblem } from './decision-problems.ts';
import { fullName, type Timesheet } from './review-data.ts';

const MAX_REASON = 2000;

export function RejectDialog({ periodId, sheet, onClose, onDone }: { periodId: string; sheet: Timesheet; onClose(): void; onDone(message: string): void }) {
  const { t } = useCatalogue(periodMessages);
  const { t: tUi } = useCatalogue(uiMessages);
  const queryClient = useQueryClient();
  const name = fullName(sheet.employee);
  const [reason, setReason] = useState('');
  const [empty, setEmpty] = useState(false);
  const idempotencyKey = useRef(newIdempotencyKey());

  const reject = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/v1/admin/pay-periods/{id}/timesheets/{employeeId}/reject', {
          params: { path: { id: periodId, employeeId: sheet.employee.id } },
          body: { reason: reason.trim() },
          headers: { 'Idempotency-Key': idempotencyKey.current },
        }),
      ),
    onSettled: () => {
      idempotencyKey.current = newIdempotencyKey();
      void queryClient.invalidateQueries({ queryKey: periodKeys.all });
    },
    onSuccess: () => onDone(t('reject.done', { name })),
  });

  const confirm = () => {
    const missing = reason.trim() === '';
    setEmpty(missing);
    if (!missing) reject.mutate();
  };
  const reasonProblem = empty ? t('reject.reasonRequired') : fieldProblems(reject.error).reason;
  const problem = reject.error && !reasonProblem ? decisionProblem(reject.error, name, t, tUi) : null;

  return (
    <ConfirmDialog open title={t('reject.title', { name })} confirmLabel={t('reject.confirm')} danger busy={reject.isPending} onConfirm={confirm} onCancel={onClose}>
      <p>{t('reject.body')}</p>
      <Field label={t('reject.reason')} required problem={reasonProblem}>
        {(control) => <textarea {...control} value={reason} rows={4} maxLength={MAX_REASON} onChange={(event) => setReason(event.target.value)} />}
      </Field>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </ConfirmDialog>
  );
}
