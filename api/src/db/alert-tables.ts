/**
 * The job alerts' tables: the alerts, the confirmation sends per mailbox and the outbox of emails.
 * Part of the database schema (migrations in api/drizzle are generated from it).
 */
import type { JobSearch } from '@board/shared/api/job-search';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const alertFrequencies = ['daily', 'weekly'] as const;
export type AlertFrequency = (typeof alertFrequencies)[number];
export const alertStatuses = ['pending', 'active', 'paused'] as const;

/**
 * A job alert: an address, a saved search of the board (call 1's filters, `JobSearch`) over one
 * workspace or all jobs, and a schedule. The address is stored for the alert only: the row is
 * deleted on unsubscribe, and a `pending` row (never confirmed) is deleted after 7 days.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** The keyed hash of the lower-cased address (alerts/address-keys.ts): what manage links refer to. */
    emailHash: text('email_hash').notNull(),
    /** null = all jobs. */
    workspaceSlug: text('workspace_slug'),
    search: jsonb('search').$type<JobSearch>().notNull(),
    frequency: text('frequency', { enum: alertFrequencies }).notNull(),
    status: text('status', { enum: alertStatuses }).notNull().default('pending'),
    /** The confirmation link's one-time value; null once confirmed (a reused link is refused). */
    confirmNonce: text('confirm_nonce'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The end of the window the last digest covered: the next digest holds jobs published after it. */
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    /**
     * The start of the span the alert's digests have covered, up to `last_digest_at`: no later
     * digest, forced (`--since`) or scheduled, holds a job first seen in it. null before the first.
     */
    digestedFrom: timestamp('digested_from', { withTimezone: true }),
    nextDigestAt: timestamp('next_digest_at', { withTimezone: true }),
  },
  (table) => [
    index('alerts_email_hash_idx').on(table.emailHash),
    index('alerts_due_idx').on(table.nextDigestAt).where(sql`status = 'active'`),
    index('alerts_pending_idx').on(table.createdAt).where(sql`status = 'pending'`),
  ],
);

/** Confirmation emails per mailbox (its keyed hash), for the limit of 3 a day; pruned after a day. */
export const alertConfirmationSends = pgTable(
  'alert_confirmation_sends',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    emailHash: text('email_hash').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('alert_confirmation_sends_email_idx').on(table.emailHash, table.at)],
);

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/**
 * Emails to send, written in the same transaction as the event that causes them (a subscription,
 * a digest's window moving on). Senders on any instance claim rows with FOR UPDATE SKIP LOCKED and
 * a lease (`locked_until`); a failure sets `next_attempt_at` with a backoff. A row goes with its
 * alert (unsubscribing deletes the address everywhere), and a sent row is pruned after a day.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    alertId: uuid('alert_id').references(() => alerts.id, { onDelete: 'cascade' }),
    /** One email per event: a second enqueue of the same key is a no-op. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    message: jsonb('message').$type<OutboxMessage>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('outbox_due_idx').on(table.nextAttemptAt, table.id).where(sql`sent_at is null`)],
);
