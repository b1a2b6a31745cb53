// Approve and reject refusals (docs/time-rules.md §15) in plain words naming the employee; any
// other failure (network, session, access) in the console's shared words.
import { ApiError } from '../api.ts';
import type { Translate } from '../catalogue.ts';
import type { uiMessages } from '../ui/messages.ts';
import { problemText } from '../ui/problems.ts';
import type { periodMessages } from './messages.ts';

type Key = keyof typeof periodMessages.en;

const DECISION_TEXT: Record<string, Key> = {
  'Pay period locked': 'decision.locked',
  'Open time entries': 'decision.open',
  'No time entries': 'decision.none',
  'Already approved': 'decision.already',
  'Timesheet not submitted': 'decision.notSubmitted',
};

export function decisionProblem(error: unknown, name: string, t: Translate<Key>, tUi: Translate<keyof typeof uiMessages.en>): string {
  const key = error instanceof ApiError ? DECISION_TEXT[error.label] : undefined;
  return key ? t(key, { name }) : problemText(error, tUi);
}
