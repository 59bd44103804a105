import type { Job } from '@board/shared/api/job';
import { type JobPostingOptions, jobPostingJsonLd, jobPostingScriptId } from '@board/shared/api/job-posting-json-ld';
import { scriptJson } from '@board/shared/lib/script-json';
import { useEffect } from 'react';

/**
 * The job's JobPosting JSON-LD. The shell's server already put the same block (same builder) in
 * the first page's head for crawlers that run no JavaScript; once this one is in the page, that
 * one goes, so the page never holds two JobPostings, nor a stale one after navigating.
 */
export function JobPostingScript({ job, options }: { job: Job; options: JobPostingOptions }) {
  useEffect(() => {
    document.getElementById(jobPostingScriptId)?.remove();
  }, []);
  return <script type="application/ld+json">{scriptJson(jobPostingJsonLd(job, options))}</script>;
}
