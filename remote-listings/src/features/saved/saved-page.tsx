import { fixedPages } from '@board/shared/api/page-heads';
import { savedJobsQuery } from '@board/shared/api/queries';
import { keepPreviousData, useQuery } from '@board/shared/lib/query';
import { Link } from '@board/shared/lib/router';
import { useApiClient } from '@board/shared/react/api-client';
import { type SavedJob, unsaveJob, useSavedJobs } from '@board/shared/react/saved-jobs';
import { Button, buttonVariants } from '@board/shared/ui/button';
import { PageTitle } from '@board/shared/ui/page-title';
import { Bookmark, CircleOff } from 'lucide-react';
import { useMemo } from 'react';
import { JobCard, JobCardPlaceholder } from '../jobs/job-card';

/**
 * /saved: the jobs saved in this browser, newest saved first. They are read afresh,
 * and only they (call 1 with their ids); a job that has left the board says so, with the title and
 * company it had when it was saved, instead of vanishing.
 */
export function SavedPage() {
  const saved = useSavedJobs();
  const client = useApiClient();
  const ids = useMemo(() => saved.map((entry) => entry.id), [saved]);
  const jobs = useQuery({ ...savedJobsQuery(client, ids), enabled: ids.length > 0, placeholderData: keepPreviousData });
  const byId = useMemo(() => new Map((jobs.data ?? []).map((job) => [job.id, job])), [jobs.data]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <PageTitle>{fixedPages.saved.title}</PageTitle>
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Saved jobs</h1>
        <p className="mt-3 max-w-2xl text-muted">
          Jobs you save are kept in this browser, without an account. They stay here until you remove them.
        </p>
      </header>
      {saved.length === 0 ? (
        <div className="rounded-xl border border-dashed border-line p-10 text-center">
          <Bookmark aria-hidden="true" className="mx-auto size-8 text-muted" />
          <p className="mt-3 text-muted">You have no saved jobs yet. Save a job with its bookmark button.</p>
          <Link to="/" className={buttonVariants({ className: 'mt-4' })}>
            Browse jobs
          </Link>
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {saved.map((entry, index) => {
            const job = byId.get(entry.id);
            return (
              <li key={entry.id}>
                {jobs.isPending ? (
                  <JobCardPlaceholder layout="list" />
                ) : job ? (
                  <JobCard job={job} index={index} layout="list" />
                ) : (
                  <GoneJob entry={entry} />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function GoneJob({ entry }: { entry: SavedJob }) {
  const name = entry.title || 'This job';
  return (
    <article className="flex flex-col gap-3 rounded-xl border border-dashed border-line bg-surface p-4 sm:flex-row sm:items-center">
      <CircleOff aria-hidden="true" className="size-6 shrink-0 text-muted" />
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold text-ink">
          {name}
          {entry.company ? <span className="font-normal text-muted"> at {entry.company}</span> : null}
        </h2>
        <p className="text-sm text-muted">This job is no longer on the board.</p>
      </div>
      <Button variant="outline" size="sm" onClick={() => unsaveJob(entry.id)}>
        Remove<span className="sr-only"> {name}</span>
      </Button>
    </article>
  );
}
