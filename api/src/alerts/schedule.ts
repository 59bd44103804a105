import type { AlertFrequency } from '@board/shared/forms/alert-fields';

const day = 24 * 60 * 60 * 1000;
const periodMs: Record<AlertFrequency, number> = { daily: day, weekly: 7 * day };

/** When a newly confirmed (or resumed) alert gets its first digest: one period later. */
export function firstDigestAt(frequency: AlertFrequency, from: Date): Date {
  return new Date(from.getTime() + periodMs[frequency]);
}

/**
 * The next digest after one that was due at `due` and ran at `now`: the alert keeps its time of
 * day (a late run does not move it), and after a long pause of the sender it gets one digest,
 * not one per missed period.
 */
export function nextDigestAt(frequency: AlertFrequency, due: Date, now: Date): Date {
  const period = periodMs[frequency];
  const missed = Math.max(0, Math.floor((now.getTime() - due.getTime()) / period));
  return new Date(due.getTime() + (missed + 1) * period);
}

/** Unconfirmed alerts (and their address) are deleted after this long. */
export const pendingLifetimeMs = 7 * day;
