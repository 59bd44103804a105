-- Search in the database (docs/search.md): pg_trgm for "contains", and the board's display rules
-- (shared/src/api/job.ts) as immutable functions that generated columns and indexes can use.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- String.prototype.trim: the same whitespace, so a value is blank here exactly when it is blank on a card.
CREATE OR REPLACE FUNCTION board_trim(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(value, E' \t\n\r\f\u000b\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff')
$$;--> statement-breakpoint
-- The investor names a card shows (investors.all and investors.last_round): strings only, trimmed, blank ones dropped.
CREATE OR REPLACE FUNCTION board_investor_names(investors jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT name ORDER BY name), '{}'::text[]) FROM (
    SELECT board_trim(entry #>> '{}') AS name
    FROM jsonb_array_elements(
      CASE WHEN jsonb_typeof(investors -> 'all') = 'array' THEN investors -> 'all' ELSE '[]'::jsonb END
      || CASE WHEN jsonb_typeof(investors -> 'last_round') = 'array' THEN investors -> 'last_round' ELSE '[]'::jsonb END
    ) AS entry
    WHERE jsonb_typeof(entry) = 'string'
  ) AS names
  WHERE name <> ''
$$;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "posted_us" bigint GENERATED ALWAYS AS (coalesce((extract(epoch from (published_at - timestamptz '1970-01-01 00:00:00+00')) * 1000000)::bigint, -9223372036854775808)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "salary_first_k" integer GENERATED ALWAYS AS (case when salary_min >= 500 then round(salary_min / 1000.0)::integer when salary_max >= 500 then round(salary_max / 1000.0)::integer end) STORED;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "salary_top" integer GENERATED ALWAYS AS (greatest(coalesce(salary_min, 0), coalesce(salary_max, 0), 0)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "title_lower" text GENERATED ALWAYS AS (lower(title)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "location_lower" text GENERATED ALWAYS AS (lower(coalesce(nullif(board_trim(location), ''), 'Remote'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "location_shown" text GENERATED ALWAYS AS (coalesce(nullif(board_trim(location), ''), 'Remote')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "job_type_shown" text GENERATED ALWAYS AS (coalesce(nullif(board_trim(job_type), ''), 'Full-time')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "level_shown" text GENERATED ALWAYS AS (coalesce(board_trim(level), '')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "workplace_shown" text GENERATED ALWAYS AS (coalesce(board_trim(workplace_type), '')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "investor_names" text[] GENERATED ALWAYS AS (board_investor_names(investors)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "job_postings_salary_idx" ON "job_postings" USING btree ("salary_top","posted_us","id") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "job_postings_organization_newest_idx" ON "job_postings" USING btree ("organization_id","posted_us","id") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "job_postings_salary_first_idx" ON "job_postings" USING btree ("salary_first_k") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "job_postings_title_trgm_idx" ON "job_postings" USING gin ("title_lower" gin_trgm_ops) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "job_postings_location_trgm_idx" ON "job_postings" USING gin ("location_lower" gin_trgm_ops) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "organizations_investor_names_idx" ON "organizations" USING gin ("investor_names");--> statement-breakpoint
CREATE INDEX "organizations_name_trgm_idx" ON "organizations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organizations_name_idx" ON "organizations" USING btree ("name","id");--> statement-breakpoint
-- The newest order, and every filtered column beside it: a search's matches are counted by an
-- index-only scan of this narrow index, never by reading the wide rows (docs/search.md).
CREATE INDEX "job_postings_search_idx" ON "job_postings" USING btree ("posted_us","id") INCLUDE ("shown_on","organization_id","title_lower","location_lower","salary_first_k","salary_top","job_type_shown","level_shown","workplace_shown") WHERE status = 'published';
