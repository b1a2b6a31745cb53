// A bulk action's button and state (ui/useRunInOrder.ts): the button that starts it, which is
// Stop while it runs; under the buttons, a progress bar while it runs, one status line (how far it
// is, that it was stopped, or its result; `idle` before any), and, when an answer stopped it, why,
// with what happens to the rest.
import { useCatalogue } from '../catalogue.ts';
import { uiMessages } from './messages.ts';
import { problemText } from './problems.ts';
import type { RunInOrder } from './useRunInOrder.ts';

export interface RunWords {
  progressLabel: string;
  running(done: number, total: number): string;
  stopped: string;
  failed(reason: string): string;
  result: string;
  idle?: string;
}

export function RunStatus({ run, words }: { run: Pick<RunInOrder<never, unknown, unknown>, 'progress' | 'halted' | 'outcomes'>; words: RunWords }) {
  const { t } = useCatalogue(uiMessages);
  const { progress, halted, outcomes } = run;
  const failed = progress === null && halted !== null && halted !== 'stopped';
  const line =
    progress !== null
      ? words.running(progress.done, progress.total)
      : halted === 'stopped'
        ? words.stopped
        : !failed && outcomes.size > 0
          ? words.result
          : (words.idle ?? '');
  return (
    <>
      {progress !== null && <progress className="import-progress" max={progress.total} value={progress.done} aria-label={words.progressLabel} />}
      <p className="notice" role="status">
        {line}
      </p>
      {failed && (
        <div className="state state-error" role="alert">
          <p>{words.failed(problemText(halted, t))}</p>
        </div>
      )}
    </>
  );
}

/** Stop while the run goes; else the start button, when there is something to start (`label`). */
export function RunButton({ run, label, stopLabel, onStart }: { run: Pick<RunInOrder<never, unknown, unknown>, 'progress' | 'stop'>; label: string | null; stopLabel: string; onStart(): void }) {
  if (run.progress !== null) {
    return (
      <button type="button" className="secondary" onClick={run.stop}>
        {stopLabel}
      </button>
    );
  }
  return label === null ? null : (
    <button type="button" className="primary" onClick={onStart}>
      {label}
    </button>
  );
}
