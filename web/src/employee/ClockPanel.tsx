// The clock: status, a timer running from the open entry's clockIn (the server's time, not the
// device's), one big Clock in / Clock out button, the optional codes or break and notes, and the
// confirmation. One Idempotency-Key per intent: a double tap, or a retry after a lost answer,
// sends the same key and is applied once.
import { useRef, useState } from 'react';
import { ApiError, newIdempotencyKey, type Api } from '../api/client.ts';
import { punch, type PunchAction, type PunchBody, type PunchResult } from '../api/employee.ts';
import { formatDay, formatElapsed, formatHours, formatTime, localDateKey } from '../i18n/format.ts';
import { useI18n } from '../i18n/i18n.tsx';
import type { OfflineQueue } from '../offline/useOfflineQueue.ts';
import { errorMessage } from '../ui/errors.ts';
import { isLongOpenShift } from '../ui/long-shift.ts';
import { useNow } from '../ui/useNow.ts';
import { loadRecentCodes, rememberCodes } from './recent-codes.ts';

export type Confirmation = { kind: 'sent'; action: PunchAction; result: PunchResult } | { kind: 'queued'; action: PunchAction; at: Date };

function ElapsedTimer({ since }: { since: string }) {
  const { t } = useI18n();
  const now = useNow(1000);
  return (
    <p className="timer">
      <span className="visually-hidden">{t('home.elapsed')}: </span>
      <time>{formatElapsed(now - Date.parse(since))}</time>
    </p>
  );
}

export function ConfirmationBox({ confirmation, timeZone, children }: { confirmation: Confirmation; timeZone: string; children?: React.ReactNode }) {
  const { t, lang } = useI18n();
  if (confirmation.kind === 'queued') {
    return (
      <div className="confirmation queued" role="status">
        <p>{t('confirm.queued', { time: formatTime(confirmation.at, timeZone, lang) })}</p>
        {children}
      </div>
    );
  }
  const entry = confirmation.result.timeEntry;
  const isOut = confirmation.action === 'clock_out';
  const summary = confirmation.result.summary;
  return (
    <div className="confirmation" role="status">
      <p className="confirm-time">{isOut ? t('confirm.clockedOut', { time: formatTime(entry.clockOut ?? entry.clockIn, timeZone, lang) }) : t('confirm.clockedIn', { time: formatTime(entry.clockIn, timeZone, lang) })}</p>
      {isOut && (
        <p>
          {t('confirm.hours', {
            regular: t('hours.value', { hours: formatHours(summary?.regularHours ?? entry.regularHours ?? 0, lang) }),
            overtime: t('hours.value', { hours: formatHours(summary?.overtimeHours ?? entry.overtimeHours ?? 0, lang) }),
          })}
        </p>
      )}
      {children}
    </div>
  );
}

export interface ClockPanelProps {
  api: Api;
  /** The open entry's clockIn, or null when clocked out (queued punches already folded in). */
  openSince: string | null;
  timeZone: string;
  queue?: OfflineQueue;
  onPunched(confirmation: Confirmation): void;
}

/**
 * A shift open for over 12 hours (the console's Long shift) is most often a forgotten clock out. The employee cannot set the
 * time of a clock out, so the app says what to do: clock out now and write when they left.
 */
function LongShiftNotice({ openSince }: { openSince: string }) {
  const { t } = useI18n();
  const now = useNow(60_000);
  if (!isLongOpenShift(openSince, now)) return null;
  return <p className="long-shift">{t('home.longShift')}</p>;
}

/** When the open shift began; one that began on an earlier day (overnight, or left open) names its day. */
function ClockedInSince({ openSince, timeZone }: { openSince: string; timeZone: string }) {
  const { t, lang } = useI18n();
  // Read every minute: a screen left open past midnight must learn the new day.
  const now = useNow(60_000);
  const time = formatTime(openSince, timeZone, lang);
  if (localDateKey(openSince, timeZone) === localDateKey(new Date(now), timeZone)) return <>{t('home.clockedIn', { time })}</>;
  return <>{t('home.clockedInOn', { day: formatDay(openSince, timeZone, lang), time })}</>;
}

export function ClockPanel({ api, openSince, timeZone, queue, onPunched }: ClockPanelProps) {
  const { t } = useI18n();
  const [jobCode, setJobCode] = useState('');
  const [taskCode, setTaskCode] = useState('');
  const [breakMinutes, setBreakMinutes] = useState('0');
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [recent, setRecent] = useState(loadRecentCodes);
  const intent = useRef<string | null>(null);
  const clockedIn = openSince !== null;
  const action: PunchAction = clockedIn ? 'clock_out' : 'clock_in';

  async function onClick() {
    if (busy) return;
    setBusy(true);
    setError(null);
    intent.current ??= newIdempotencyKey();
    const key = intent.current;
    const at = new Date();
    const body: PunchBody = clockedIn
      ? { action, breakMinutes: Math.max(0, Number.parseInt(breakMinutes, 10) || 0), ...(notes.trim() ? { notes: notes.trim() } : {}) }
      : { action, ...(jobCode.trim() ? { jobCode: jobCode.trim() } : {}), ...(taskCode.trim() ? { taskCode: taskCode.trim() } : {}) };
    const finish = (confirmation: Confirmation) => {
      intent.current = null;
      if (!clockedIn) setRecent(rememberCodes({ job: body.jobCode, task: body.taskCode }));
      setJobCode('');
      setTaskCode('');
      setBreakMinutes('0');
      setNotes('');
      onPunched(confirmation);
    };
    try {
      // Punches wait behind earlier ones still on the phone, so they reach the service in order.
      if (queue && (!navigator.onLine || queue.pending.length > 0)) {
        await queue.enqueue(body, key, at);
        finish({ kind: 'queued', action, at });
      } else {
        finish({ kind: 'sent', action, result: await punch(api, body, key) });
      }
    } catch (caught) {
      if (queue && caught instanceof ApiError && caught.isUnavailable) {
        await queue.enqueue(body, key, at);
        finish({ kind: 'queued', action, at });
      } else {
        // A refusal is final for this intent; only an unanswered request keeps its key for a retry.
        if (caught instanceof ApiError && !caught.isUnavailable) intent.current = null;
        setError(caught);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="clock" aria-labelledby="clock-status">
      <h2 id="clock-status" className="status">
        <span className={`dot ${clockedIn ? 'dot-in' : 'dot-out'}`} aria-hidden="true" />
        {clockedIn ? <ClockedInSince openSince={openSince} timeZone={timeZone} /> : t('home.clockedOut')}
      </h2>
      {clockedIn && <ElapsedTimer since={openSince} />}
      {clockedIn && <LongShiftNotice openSince={openSince} />}
      {clockedIn ? (
        <div className="punch-fields">
          <label className="field">
            <span>{t('home.breakMinutes')}</span>
            <input type="number" name="breakMinutes" min={0} max={1440} inputMode="numeric" value={breakMinutes} onChange={(e) => setBreakMinutes(e.target.value)} />
          </label>
          <label className="field">
            <span>{t('home.notes')}</span>
            <textarea name="notes" maxLength={2000} rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
          </label>
        </div>
      ) : (
        <div className="punch-fields">
          <label className="field">
            <span>{t('home.jobCode')}</span>
            <input name="jobCode" list="recent-job-codes" maxLength={255} value={jobCode} onChange={(e) => setJobCode(e.target.value)} />
          </label>
          <datalist id="recent-job-codes">{recent.job.map((code) => <option key={code} value={code} />)}</datalist>
          <label className="field">
            <span>{t('home.taskCode')}</span>
            <input name="taskCode" list="recent-task-codes" maxLength={255} value={taskCode} onChange={(e) => setTaskCode(e.target.value)} />
          </label>
          <datalist id="recent-task-codes">{recent.task.map((code) => <option key={code} value={code} />)}</datalist>
        </div>
      )}
      <button type="button" className={`clock-button ${clockedIn ? 'out' : 'in'}`} onClick={onClick} aria-busy={busy}>
        {clockedIn ? t('home.clockOut') : t('home.clockIn')}
      </button>
      {error !== null && (
        <p className="error" role="alert">
          {errorMessage(error, t)}
        </p>
      )}
    </section>
  );
}
