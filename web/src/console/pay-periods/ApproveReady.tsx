// The review page's bulk approval: every timesheet that was submitted, can be approved now and
// carries no flag, approved in turn after one confirmation (ui/useRunInOrder.ts). A flagged one
// (a long shift, an offline punch, an edit) is left for the bookkeeper to open and approve
// alone, and the page says how many there are. Timesheets without flags that were not submitted
// (where employees do not submit, as in many small businesses) join the run only when the
// bookkeeper ticks them in the confirmation, or on their own when no submitted one is ready.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { newIdempotencyKey } from '../api.ts';
import { useCatalogue } from '../catalogue.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { uiMessages } from '../ui/messages.ts';
import { RunButton, RunStatus } from '../ui/RunStatus.tsx';
import { useLeaveWarning } from '../ui/useLeaveWarning.ts';
import { refusesOnlyThisItem, useRunInOrder } from '../ui/useRunInOrder.ts';
import { decisionProblem } from './decision-problems.ts';
import { formatCount } from './format.ts';
import { periodKeys } from './keys.ts';
import { approveReadyMessages, periodMessages } from './messages.ts';
import { approveBlockedBy, approveTimesheet, fullName, type PeriodDetail, type Timesheet } from './review-data.ts';

const withoutFlags = (sheet: Timesheet) => sheet.flags.length === 0;

/** `onRunning` hears when a run starts and ends, so the rows' own decisions can wait for it. */
export function ApproveReady({ period, timesheets, onRunning }: { period: PeriodDetail; timesheets: readonly Timesheet[]; onRunning(running: boolean): void }) {
  const { t, lang } = useCatalogue(approveReadyMessages);
  const { t: tPeriod } = useCatalogue(periodMessages);
  const { t: tUi } = useCatalogue(uiMessages);
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  // Whether the ready ones not submitted join the submitted ones: off each time the dialog opens.
  const [withUnsubmitted, setWithUnsubmitted] = useState(false);
  // One key per employee until the service has answered: a run stopped by a lost answer sends the
  // same approval again, applied once (docs/api.md §12). A later approval (after a reject) is a new one.
  const keys = useRef(new Map<string, string>());

  const runner = useRunInOrder<Timesheet, { state: 'approved' }, string>({
    keyOf: (sheet) => sheet.employee.id,
    send: async (sheet) => {
      const employeeId = sheet.employee.id;
      if (!keys.current.has(employeeId)) keys.current.set(employeeId, newIdempotencyKey());
      try {
        await approveTimesheet(period.id, employeeId, keys.current.get(employeeId)!);
      } catch (error) {
        if (refusesOnlyThisItem(error)) keys.current.delete(employeeId);
        throw error;
      }
      keys.current.delete(employeeId);
      return { state: 'approved' };
    },
    afterRun: () => queryClient.invalidateQueries({ queryKey: periodKeys.all }),
  });
  const running = runner.progress !== null;
  useLeaveWarning(running ? t('leave') : null);
  useEffect(() => onRunning(running), [onRunning, running]);

  // In a state, and approvable now (docs/time-rules.md §15).
  const approvable = (status: Timesheet['status']) => timesheets.filter((sheet) => sheet.status === status && approveBlockedBy(sheet, period.locked) === null);
  const submitted = approvable('SUBMITTED');
  const ready = submitted.filter(withoutFlags);
  const flagged = submitted.length - ready.length;
  const unsubmitted = approvable('NOT_SUBMITTED').filter(withoutFlags);
  const chosen = ready.length === 0 ? unsubmitted : withUnsubmitted ? [...ready, ...unsubmitted] : ready;
  const count = (n: number) => formatCount(n, lang);
  const plural = (n: number) => (n === 1 ? 'one' : 'other');
  const outcomes = [...runner.outcomes.entries()];
  const refusals = outcomes.flatMap(([employeeId, outcome]) => (outcome.state === 'refused' ? [{ employeeId, error: outcome.error }] : []));
  const nameOf = (employeeId: string) => {
    const sheet = timesheets.find((candidate) => candidate.employee.id === employeeId);
    return sheet ? fullName(sheet.employee) : employeeId;
  };
  if (ready.length === 0 && unsubmitted.length === 0 && flagged === 0 && outcomes.length === 0 && !running) return null;
  const buttonLabel =
    ready.length > 0
      ? t(`button.${plural(ready.length)}`, { count: count(ready.length) })
      : unsubmitted.length > 0
        ? t(`button.unsubmitted.${plural(unsubmitted.length)}`, { count: count(unsubmitted.length) })
        : null;

  return (
    <div className="approve-ready">
      <div className="import-actions">
        <RunButton
          run={runner}
          stopLabel={t('stop')}
          label={buttonLabel}
          onStart={() => {
            setWithUnsubmitted(false);
            setConfirming(true);
          }}
        />
        {flagged > 0 && !running && <p className="hint approve-ready-flagged">{t(`flagged.${plural(flagged)}`, { count: count(flagged) })}</p>}
      </div>
      <RunStatus
        run={runner}
        words={{
          progressLabel: t('approving.label'),
          running: (done, total) => t('approving', { done: count(done), total: count(total) }),
          stopped: t('halted.stopped'),
          failed: (reason) => t('halted.error', { reason }),
          result: t('result', { approved: count(outcomes.length - refusals.length), refused: count(refusals.length) }),
        }}
      />
      {refusals.length > 0 && (
        <div role="alert">
          <ul className="approve-ready-refusals">
            {refusals.map(({ employeeId, error }) => (
              <li key={employeeId}>{decisionProblem(error, nameOf(employeeId), tPeriod, tUi)}</li>
            ))}
          </ul>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          open
          title={t(`title.${plural(chosen.length)}`, { count: count(chosen.length) })}
          confirmLabel={t('confirm')}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            runner.reset();
            void runner.run(chosen);
          }}
        >
          <p>{t(ready.length > 0 ? 'lead' : 'lead.unsubmitted')}</p>
          <Names sheets={ready.length > 0 ? ready : unsubmitted} label={t('names')} />
          {ready.length > 0 && unsubmitted.length > 0 && (
            <>
              <label className="check-field">
                <input type="checkbox" checked={withUnsubmitted} onChange={(event) => setWithUnsubmitted(event.target.checked)} />
                {t(`include.${plural(unsubmitted.length)}`, { count: count(unsubmitted.length) })}
              </label>
              <Names sheets={unsubmitted} label={t('names.unsubmitted')} />
            </>
          )}
          {flagged > 0 && <p className="hint">{t(`flagged.${plural(flagged)}`, { count: count(flagged) })}</p>}
        </ConfirmDialog>
      )}
    </div>
  );
}

/** The employees of a run, by name, in a box that scrolls (and takes the focus) when they are many. */
function Names({ sheets, label }: { sheets: readonly Timesheet[]; label: string }) {
  return (
    <ul className="approve-ready-names" tabIndex={0} aria-label={label}>
      {sheets.map((sheet) => (
        <li key={sheet.employee.id}>{fullName(sheet.employee)}</li>
      ))}
    </ul>
  );
}
