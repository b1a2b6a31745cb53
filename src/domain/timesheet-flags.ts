// The review flags of a timesheet, and the thresholds that define them. Pure.
//
// The per-entry tests run in SQL (an aggregate over thousands of entries is not loaded into
// JavaScript); they read their thresholds from here, and this function turns the counts into
// the flags, always in the same order, for the review list, the get-one and the hours report.

export const TIMESHEET_FLAGS = ['OPEN_ENTRY', 'LONG_SHIFT', 'OFFLINE_PUNCH', 'EDITED'] as const;
export type TimesheetFlag = (typeof TIMESHEET_FLAGS)[number];

/** A shift is long above 12 worked hours, or when it has been open for more than 12 hours. */
export const LONG_SHIFT_SECONDS = 12 * 3600;
/** A punch is offline when the server received it more than 2 minutes away from its time. */
export const OFFLINE_PUNCH_TOLERANCE_SECONDS = 2 * 60;

export interface FlagCounts {
  /** Entries without clockOut. */
  openEntries: number;
  /** Closed entries over LONG_SHIFT_SECONDS worked, or open entries older than it. */
  longShifts: number;
  /** Entries with a clock in or clock out recorded more than the tolerance away from it. */
  offlinePunches: number;
  /** Entries created or changed through the admin time-entry routes. */
  editedEntries: number;
}

export function timesheetFlags(counts: FlagCounts): TimesheetFlag[] {
  const applies: Record<TimesheetFlag, boolean> = {
    OPEN_ENTRY: counts.openEntries > 0,
    LONG_SHIFT: counts.longShifts > 0,
    OFFLINE_PUNCH: counts.offlinePunches > 0,
    EDITED: counts.editedEntries > 0,
  };
  return TIMESHEET_FLAGS.filter((flag) => applies[flag]);
}

/**
 * Whether a punch recorded at `recordedAt` for the instant `punchedAt` is offline. The SQL
 * counts use the same test; the clock-in/out path uses this one for its audit details.
 */
export function isOfflinePunch(punchedAt: Date, recordedAt: Date): boolean {
  return Math.abs(recordedAt.getTime() - punchedAt.getTime()) > OFFLINE_PUNCH_TOLERANCE_SECONDS * 1000;
}
