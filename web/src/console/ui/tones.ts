// One colour per state, wherever the console shows it: the review, the entries page, the employee's
// page and the reports had each picked their own, so "Locked" or "Long shift" changed colour from
// page to page. A badge always says its state in words too; colour is a second signal (WCAG 1.4.1).
export type Tone = 'ok' | 'warn' | 'bad' | 'info' | 'muted';

export const PERIOD_TONE = { OPEN: 'info', SUBMITTED: 'warn', APPROVED: 'ok', PAID: 'ok', CLOSED: 'muted' } as const satisfies Record<string, Tone>;

export const TIMESHEET_TONE = { NOT_SUBMITTED: 'muted', SUBMITTED: 'info', APPROVED: 'ok', REJECTED: 'bad' } as const satisfies Record<string, Tone>;

/**
 * An open entry may be a shift still running (amber); a shift over 12 hours is most often a
 * forgotten clock out (red); an offline punch is information; an edit is history.
 */
export const FLAG_TONE = { OPEN_ENTRY: 'warn', LONG_SHIFT: 'bad', OFFLINE_PUNCH: 'info', EDITED: 'muted' } as const satisfies Record<string, Tone>;

/** An entry without a clock out, in a table's Clock out column: the OPEN_ENTRY flag's colour. */
export const OPEN_ENTRY_TONE: Tone = FLAG_TONE.OPEN_ENTRY;

/** A locked pay period: nothing in it can change, which a bookkeeper should notice wherever it shows. */
export const LOCKED_TONE: Tone = 'warn';

export const badgeClass = (tone: Tone) => `badge badge-${tone}`;
