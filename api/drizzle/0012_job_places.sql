ALTER TABLE "job_postings" ADD COLUMN "places" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "remote_eligibility" jsonb;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "time_zones" jsonb;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "visa_sponsorship" text DEFAULT 'not-stated' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "work_from" text[];