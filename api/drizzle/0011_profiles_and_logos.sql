CREATE TABLE "logos" (
	"hash" text PRIMARY KEY NOT NULL,
	"png" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "headquarters" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "headcount" integer;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "founded" integer;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "equity" jsonb;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "benefits" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "logo_source" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "logo_source_digest" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "logo_hash" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "from_site" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "site_read_at" timestamp with time zone;