/**
 * How long an application and its resume are kept: 36 months from its last activity. An
 * application is never changed once made, so its last activity is when it was made
 * (`received_at`). The receipt and the candidate's page say when that ends; the privacy purge
 * (privacy/purge.ts) deletes it after.
 */
export const applicationKeptMonths = 36;

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
  return addMonths(receivedAt, applicationKeptMonths);
}
