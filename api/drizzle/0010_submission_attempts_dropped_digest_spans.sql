DROP TABLE "submission_attempts" CASCADE;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "digested_from" timestamp with time zone;--> statement-breakpoint
-- What the alerts' digests held before this column: from their confirmation to their last digest.
UPDATE "alerts" SET "digested_from" = least(coalesce("confirmed_at", "created_at"), "last_digest_at") WHERE "last_digest_at" IS NOT NULL;
