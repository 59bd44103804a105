import type { Job } from '@board/shared/api/job';
import { jobPostingFor, jobPostingScriptId } from '@board/shared/api/job-posting-json-ld';
import { scriptJson } from '@board/shared/lib/script-json';
import { useEffect } from 'react';

/**
 * The job's JobPosting JSON-LD, rendered with the page (on the server too). When the server could
 * not render the page it put the same block in the head instead, for crawlers that run no
 * JavaScript; once this one is in the page, that one goes, so the page never holds two
 * JobPostings, nor a stale one after navigating.
 */
export function JobPostingScript({ job, siteUrl }: { job: Job; siteUrl: string }) {
  useEffect(() => {
    document.getElementById(jobPostingScriptId)?.remove();
  }, []);
  return <script type="application/ld+json">{scriptJson(jobPostingFor(job, siteUrl))}</script>;
}
