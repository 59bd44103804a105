CREATE TABLE "alert_confirmation_sends" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_confirmation_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email_hash" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"email_hash" text NOT NULL,
	"workspace_slug" text,
	"search" jsonb NOT NULL,
	"frequency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirm_nonce" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_digest_at" timestamp with time zone,
	"next_digest_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"alert_id" uuid,
	"dedupe_key" text NOT NULL,
	"message" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_confirmation_sends_email_idx" ON "alert_confirmation_sends" USING btree ("email_hash","at");--> statement-breakpoint
CREATE INDEX "alerts_email_hash_idx" ON "alerts" USING btree ("email_hash");--> statement-breakpoint
CREATE INDEX "alerts_due_idx" ON "alerts" USING btree ("next_digest_at") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "alerts_pending_idx" ON "alerts" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at","id") WHERE sent_at is null;