CREATE SEQUENCE "public"."board_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "board_change_log" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"pruned_through" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "board_change_log_one_row" CHECK ("board_change_log"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "board_changes" (
	"txid" bigint NOT NULL,
	"table_name" text NOT NULL,
	"row_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_commits" (
	"txid" bigint PRIMARY KEY NOT NULL,
	"version" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_commits_version_unique" UNIQUE("version")
);
--> statement-breakpoint
CREATE INDEX "board_changes_txid_idx" ON "board_changes" USING btree ("txid");--> statement-breakpoint
-- Written by hand (Drizzle cannot say triggers): the database keeps the board's data version and
-- the rows each version changed, whoever writes (docs/decisions/022-live-reads.md).
INSERT INTO "board_change_log" ("id", "pruned_through") VALUES (1, 0);--> statement-breakpoint
-- After each statement on a job table: the keys of the rows it changed (TG_ARGV[0] names the key
-- column), an UPDATE only the rows whose text differs (a rewrite of the same values changes
-- nothing), and the transaction noted once in board_commits. Any column counts, now or added later.
CREATE FUNCTION board_log_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tx bigint := pg_current_xact_id()::text::bigint;
  logged bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO board_changes (txid, table_name, row_key) VALUES (tx, '*', '');
    logged := 1;
  ELSIF TG_OP = 'INSERT' THEN
    EXECUTE format('INSERT INTO board_changes (txid, table_name, row_key) SELECT $1, $2, n.%I::text FROM new_rows n', TG_ARGV[0])
      USING tx, TG_TABLE_NAME;
    GET DIAGNOSTICS logged = ROW_COUNT;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('INSERT INTO board_changes (txid, table_name, row_key) SELECT $1, $2, o.%I::text FROM old_rows o', TG_ARGV[0])
      USING tx, TG_TABLE_NAME;
    GET DIAGNOSTICS logged = ROW_COUNT;
  ELSE
    EXECUTE format(
      'INSERT INTO board_changes (txid, table_name, row_key) SELECT $1, $2, coalesce(n.%1$I, o.%1$I)::text
       FROM new_rows n FULL JOIN old_rows o ON o.%1$I = n.%1$I WHERE n::text IS DISTINCT FROM o::text',
      TG_ARGV[0]
    ) USING tx, TG_TABLE_NAME;
    GET DIAGNOSTICS logged = ROW_COUNT;
  END IF;
  IF logged > 0 THEN
    INSERT INTO board_commits (txid) VALUES (tx) ON CONFLICT (txid) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- At the commit of a transaction that changed the job tables (deferred, once per transaction):
-- its version, taken under a lock held until the commit, so versions become visible in order; then
-- one notification, "version rows changed", to every listening instance.
CREATE FUNCTION board_commit_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v bigint;
  changed bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('board_version'), 0);
  v := nextval('board_version_seq');
  UPDATE board_commits SET version = v, at = clock_timestamp() WHERE txid = NEW.txid;
  SELECT count(*) INTO changed FROM board_changes WHERE txid = NEW.txid;
  PERFORM pg_notify('board_changes', v || ' ' || changed);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "board_commits_version" AFTER INSERT ON "board_commits" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION board_commit_version();--> statement-breakpoint
CREATE TRIGGER "job_postings_log_inserts" AFTER INSERT ON "job_postings" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION board_log_changes('id');--> statement-breakpoint
CREATE TRIGGER "job_postings_log_updates" AFTER UPDATE ON "job_postings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION board_log_changes('id');--> statement-breakpoint
CREATE TRIGGER "job_postings_log_deletes" AFTER DELETE ON "job_postings" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION board_log_changes('id');--> statement-breakpoint
CREATE TRIGGER "job_postings_log_truncates" AFTER TRUNCATE ON "job_postings"
  FOR EACH STATEMENT EXECUTE FUNCTION board_log_changes('id');--> statement-breakpoint
CREATE TRIGGER "organizations_log_inserts" AFTER INSERT ON "organizations" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION board_log_changes('id');--> statement-breakpoint
CREATE TRIGGER "organizations_log_updates" AFTER UPDATE ON "organizations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION board_log_changes('id');--> statement-breakpoint
CREATE TRIGGER "organizations_log_deletes" AFTER DELETE ON "organizations" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION board_log_changes('id');--> statement-breakpoint
CREATE TRIGGER "organizations_log_truncates" AFTER TRUNCATE ON "organizations"
  FOR EACH STATEMENT EXECUTE FUNCTION board_log_changes('id');--> statement-breakpoint
CREATE TRIGGER "workspaces_log_inserts" AFTER INSERT ON "workspaces" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION board_log_changes('slug');--> statement-breakpoint
CREATE TRIGGER "workspaces_log_updates" AFTER UPDATE ON "workspaces" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION board_log_changes('slug');--> statement-breakpoint
CREATE TRIGGER "workspaces_log_deletes" AFTER DELETE ON "workspaces" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION board_log_changes('slug');--> statement-breakpoint
CREATE TRIGGER "workspaces_log_truncates" AFTER TRUNCATE ON "workspaces"
  FOR EACH STATEMENT EXECUTE FUNCTION board_log_changes('slug');--> statement-breakpoint
-- Drops the changes of the versions committed longer ago than `older_than`, never the latest
-- version's row (the current version), and records how far it pruned. Run by every instance now
-- and then; running it twice at once is harmless.
CREATE FUNCTION board_prune_changes(older_than interval) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  through bigint;
BEGIN
  SELECT max(version) INTO through FROM board_commits
  WHERE at < now() - older_than AND version < (SELECT max(version) FROM board_commits);
  IF through IS NULL THEN
    RETURN 0;
  END IF;
  UPDATE board_change_log SET pruned_through = greatest(pruned_through, through);
  DELETE FROM board_changes WHERE txid IN (SELECT txid FROM board_commits WHERE version <= through);
  DELETE FROM board_commits WHERE version <= through;
  RETURN through;
END $$;
