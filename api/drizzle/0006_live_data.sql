-- Live data: jobs imported from the companies' ATSs (job_sources), scheduled work's claims
-- (scheduled_runs), and on each job when it last changed, closed and was first seen.
CREATE TABLE "job_sources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"board" text NOT NULL,
	"organization_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"sync_claimed_until" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_sync_ok" boolean,
	"last_sync_line" text
);
--> statement-breakpoint
CREATE TABLE "scheduled_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_claimed_by" text
);
--> statement-breakpoint
ALTER TABLE "organizations" ALTER COLUMN "workspace_slug" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Until now nothing recorded a change: the posting date is the best known.
UPDATE "job_postings" SET "changed_at" = coalesce("published_at", "created_at");--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "job_postings" SET "closed_at" = "changed_at" WHERE "status" = 'closed';--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "valid_through" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "description_blocks" jsonb;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "source_id" integer;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "source_job_id" text;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "source_hash" text;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "source_updated_at" text;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "first_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "seen_us" bigint GENERATED ALWAYS AS (coalesce((extract(epoch from (coalesce(first_seen_at, published_at) - timestamptz '1970-01-01 00:00:00+00')) * 1000000)::bigint, -9223372036854775808)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "job_sources" ADD CONSTRAINT "job_sources_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_sources_kind_board_idx" ON "job_sources" USING btree ("kind",lower("board"));--> statement-breakpoint
ALTER TABLE "job_postings" ADD CONSTRAINT "job_postings_source_id_job_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."job_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_postings_source_job_idx" ON "job_postings" USING btree ("source_id","source_job_id") WHERE source_id is not null;--> statement-breakpoint
CREATE INDEX "job_postings_seen_idx" ON "job_postings" USING btree ("seen_us","id") WHERE status = 'published';--> statement-breakpoint
-- Every writer (an import, the platform's own SQL) keeps changed_at and closed_at true: an update
-- of a column the job page shows moves changed_at (unless the statement sets it itself), and a
-- job that closes gets its closed_at (cleared when it opens again).
CREATE OR REPLACE FUNCTION board_job_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.changed_at IS NOT DISTINCT FROM OLD.changed_at AND (
    NEW.title, NEW.location, NEW.salary_min, NEW.salary_max, NEW.salary_currency, NEW.short_description,
    NEW.description, NEW.description_blocks, NEW.job_type, NEW.workplace_type, NEW.level, NEW.requirements,
    NEW.skills, NEW.benefits, NEW.initial_projects, NEW.application_url, NEW.equity, NEW.shown_on, NEW.status,
    NEW.published_at, NEW.valid_through
  ) IS DISTINCT FROM (
    OLD.title, OLD.location, OLD.salary_min, OLD.salary_max, OLD.salary_currency, OLD.short_description,
    OLD.description, OLD.description_blocks, OLD.job_type, OLD.workplace_type, OLD.level, OLD.requirements,
    OLD.skills, OLD.benefits, OLD.initial_projects, OLD.application_url, OLD.equity, OLD.shown_on, OLD.status,
    OLD.published_at, OLD.valid_through
  ) THEN
    NEW.changed_at := now();
  END IF;
  IF NEW.status = 'closed' THEN
    IF OLD.status IS DISTINCT FROM 'closed' AND NEW.closed_at IS NOT DISTINCT FROM OLD.closed_at THEN
      NEW.closed_at := NEW.changed_at;
    END IF;
  ELSE
    NEW.closed_at := NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER job_postings_changes BEFORE UPDATE ON job_postings FOR EACH ROW EXECUTE FUNCTION board_job_changes();
