/**
 * How long the board keeps what people give it (the Privacy Policy's promises, kept by the
 * daily purge, purge.ts):
 * - an application and its resume: 36 months from its last activity. An application is never
 *   changed once made, so its last activity is when it was made (`received_at`);
 * - a job alert never confirmed: 7 days (the alerts' timer also deletes these every minute);
 * - a job alert unsubscribed: 30 days at most. Unsubscribing deletes the alert at once, so the
 *   purge never finds one.
 */
export const retention = {
  applicationMonths: 36,
  unconfirmedAlertDays: 7,
  unsubscribedAlertDays: 30,
} as const;

/** `date` plus `months` calendar months (UTC), on the month's last day when it has no such day (as PostgreSQL adds). */
export function addMonths(date: Date, months: number): Date {
  const moved = new Date(date);
  moved.setUTCDate(1);
  moved.setUTCMonth(moved.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(moved.getUTCFullYear(), moved.getUTCMonth() + 1, 0)).getUTCDate();
  moved.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return moved;
}

/** When an application made at `receivedAt` is deleted at the latest (the purge after this day). */
export function applicationKeptUntil(receivedAt: Date): Date {
  return addMonths(receivedAt, retention.applicationMonths);
}
