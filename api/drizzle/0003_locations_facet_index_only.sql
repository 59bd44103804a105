-- The covering index of migration 0002 also holds location_shown: the locations facet is then an
-- index-only scan like the others, not a read of every job (docs/search.md).
DROP INDEX IF EXISTS "job_postings_search_idx";--> statement-breakpoint
CREATE INDEX "job_postings_search_idx" ON "job_postings" USING btree ("posted_us","id") INCLUDE ("shown_on","organization_id","title_lower","location_lower","location_shown","salary_first_k","salary_top","job_type_shown","level_shown","workplace_shown") WHERE status = 'published';
