CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_posting_id" integer NOT NULL,
	"application_source" text NOT NULL,
	"talent_partner_user_id" text,
	"candidate_name" text NOT NULL,
	"candidate_email" text NOT NULL,
	"candidate_linkedin_url" text NOT NULL,
	"candidate_salary_expectations" text NOT NULL,
	"candidate_motivation" text DEFAULT '' NOT NULL,
	"candidate_phone" text,
	"candidate_github_url" text,
	"candidate_portfolio_url" text,
	"candidate_additional_info" text,
	"resume_name" text NOT NULL,
	"resume_size" bigint NOT NULL,
	"resume_type" text NOT NULL,
	"resume_sha256" text NOT NULL,
	"resume_storage_key" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha_redemptions" (
	"token_id" text PRIMARY KEY NOT NULL,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_postings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"title" text NOT NULL,
	"location" text,
	"salary_min" integer,
	"salary_max" integer,
	"salary_currency" text,
	"short_description" text,
	"description" text,
	"job_type" text,
	"workplace_type" text,
	"level" text,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"skills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"benefits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"initial_projects" jsonb,
	"application_url" text,
	"equity" jsonb,
	"shown_on" text DEFAULT 'job_board' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organizations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"job_board_slug" text NOT NULL,
	"workspace_slug" text NOT NULL,
	"logo" text,
	"overview" text,
	"funding" jsonb,
	"investors" jsonb,
	"team_members" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "organizations_job_board_slug_unique" UNIQUE("job_board_slug")
);
--> statement-breakpoint
CREATE TABLE "submission_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "submission_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_hash" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_job_posting_id_job_postings_id_fk" FOREIGN KEY ("job_posting_id") REFERENCES "public"."job_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_postings" ADD CONSTRAINT "job_postings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_workspace_slug_workspaces_slug_fk" FOREIGN KEY ("workspace_slug") REFERENCES "public"."workspaces"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_job_idx" ON "applications" USING btree ("job_posting_id");--> statement-breakpoint
CREATE INDEX "job_postings_organization_idx" ON "job_postings" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "job_postings_listing_idx" ON "job_postings" USING btree ("status","shown_on","published_at");--> statement-breakpoint
CREATE INDEX "organizations_workspace_idx" ON "organizations" USING btree ("workspace_slug");--> statement-breakpoint
CREATE INDEX "submission_attempts_client_idx" ON "submission_attempts" USING btree ("client_hash","at");