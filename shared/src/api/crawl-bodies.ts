import { wireDate, wireId } from '@board/shared/api/job-wire';
import { nextCursor } from '@board/shared/api/page-bodies';
import * as v from 'valibot';

/**
 * The crawler listings as the API sends them: what the shell's server reads for the sitemap and
 * feeds (crawl.ts), a page at a time. Part of the wire contract (page-bodies.ts).
 */

/** GET /public-job-posting/crawl/jobs: every board job, by id; `last_changed`: the sitemap's lastmod. */
export const CrawlJobsWire = v.strictObject({
  items: v.array(
    v.strictObject({
      id: wireId,
      organization_id: wireId,
      posted_date: v.nullable(wireDate),
      last_changed: wireDate,
    }),
  ),
  next_cursor: nextCursor,
});

/** GET /public-job-posting/crawl/organizations: every hiring company, by id, dated by its newest job. */
export const CrawlOrganizationsWire = v.strictObject({
  items: v.array(v.strictObject({ organization_id: wireId, last_posted: v.nullable(wireDate) })),
  next_cursor: nextCursor,
});

export type CrawlJobsBody = v.InferInput<typeof CrawlJobsWire>;
export type CrawlOrganizationsBody = v.InferInput<typeof CrawlOrganizationsWire>;
