import type { Job } from '@board/shared/api/job';
import { emptyJobSearch, type JobSearch } from '@board/shared/api/job-search';
import { closedJobPage } from '@board/shared/api/page-heads';
import { boardSearchPath } from '@board/shared/forms/alert-description';
import { Link } from '@board/shared/lib/router';
import { buttonVariants } from '@board/shared/ui/button';
import { PageTitle } from '@board/shared/ui/page-title';
import { AlertNotice, JobAlerts } from '../alerts/job-alerts';

/** Words of a title that say the level, not the work: a similar job may be at any level. */
const levelWords = /\b(senior|sr\.?|junior|jr\.?|staff|principal|lead|head of|intern|i{1,3}|iv)\b/gi;

/** The search for jobs like this one: its title without the level and what is in brackets. */
export function similarSearch(job: Pick<Job, 'title'>): JobSearch {
  const title = job.title
    .replace(/\(.*?\)|\[.*?\]/g, ' ')
    .replace(levelWords, ' ')
    .split(/[,|/–—-]/)[0]
    ?.replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60);
  return { ...emptyJobSearch, title: title || job.title.slice(0, 60) };
}

/**
 * `/job/:id` of a job that closed: it says so, keeps the job's title and company, and offers the
 * ways on: the company's open jobs, similar jobs, an alert for them. The page answers 410 and is
 * not indexed (its head, from the same `closedJobPage`); it carries no JobPosting.
 */
export function ClosedJob({ job }: { job: Job }) {
  const page = closedJobPage(job);
  const similar = similarSearch(job);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <PageTitle>{page.documentTitle ?? page.title}</PageTitle>
      <meta name="robots" content="noindex" />
      <AlertNotice />
      <article className="rounded-2xl border border-line bg-white p-6 shadow-xs sm:p-8">
        <p className="inline-flex items-center rounded-full bg-surface px-3 py-1 text-sm font-semibold text-ink ring-1 ring-line">
          {page.title}
        </p>
        <h1 className="mt-4 text-2xl font-semibold break-words text-ink sm:text-3xl">{job.title || 'Job'}</h1>
        <p className="mt-1 text-muted">{[job.company, job.location].filter(Boolean).join(' · ')}</p>
        <p className="mt-4 text-ink/90">{page.message}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          {job.organizationId ? (
            <Link to={`/companies/${encodeURIComponent(job.organizationId)}`} className={buttonVariants()}>
              Open jobs at {job.company}
            </Link>
          ) : null}
          <Link to={boardSearchPath(similar)} className={buttonVariants({ variant: 'outline' })}>
            Similar jobs
          </Link>
        </div>
        <section aria-labelledby="closed-job-alert" className="mt-8 border-t border-line pt-6">
          <h2 id="closed-job-alert" className="text-lg font-semibold text-ink">
            Hear about jobs like this one
          </h2>
          <p className="mt-1 mb-3 text-sm text-muted">
            Get an email when new “{similar.title}” jobs are posted on the board.
          </p>
          <JobAlerts search={similar} workspaceSlug={null} />
        </section>
      </article>
    </div>
  );
}
