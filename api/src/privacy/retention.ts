import { applicationKeptMonths } from '../candidates/retention';

/**
 * How long the board keeps what people give it (the Privacy Policy's promises, kept by the
 * daily purge, purge.ts):
 * - an application and its resume: 36 months from its last activity (candidates/retention.ts);
 * - a job alert never confirmed: 7 days (the alerts' timer also deletes these every minute);
 * - a job alert unsubscribed: 30 days at most. Unsubscribing deletes the alert at once, so the
 *   purge never finds one.
 */
export const retention = {
  applicationMonths: applicationKeptMonths,
  unconfirmedAlertDays: 7,
  unsubscribedAlertDays: 30,
} as const;
