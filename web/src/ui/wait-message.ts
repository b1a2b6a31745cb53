// The words of a 429's wait, from the seconds left (the live countdown: countdown.ts). Kept apart
// from React, so that the error messages' tests load no React types.
import type { Values } from '../i18n/translate.ts';

/** The keys a 429's message is chosen from: every catalogue of a form that counts down has all three. */
export type WaitKey = 'error.tooManyTries' | 'error.tooManyTriesMinutes' | 'error.tooManyTriesDone';

/**
 * The wait as people read it: seconds up to a minute and a half, then minutes and seconds. The
 * sign-in and first-run windows are 15 minutes, and "in 897 seconds" reads worse than "in 14 min
 * 57 s" (each number kept with its unit by a no-break space).
 */
export function waitMessage(waitSeconds: number, t: (key: WaitKey, values?: Values) => string): string {
  if (waitSeconds <= 0) return t('error.tooManyTriesDone');
  if (waitSeconds <= 90) return t('error.tooManyTries', { seconds: waitSeconds });
  const minutes = Math.floor(waitSeconds / 60);
  const seconds = waitSeconds % 60;
  return t('error.tooManyTriesMinutes', { time: seconds === 0 ? `${minutes}\u00a0min` : `${minutes}\u00a0min ${seconds}\u00a0s` });
}
