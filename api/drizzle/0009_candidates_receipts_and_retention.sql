CREATE TABLE "application_withdrawals" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"withdrawn_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "resume_given_name" text;--> statement-breakpoint
CREATE INDEX "applications_received_idx" ON "applications" USING btree ("received_at");