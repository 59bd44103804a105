import { applyState } from '@board/shared/api/page-heads';
import { Link } from '@board/shared/lib/router';
import { useJobFromRoute } from '@board/shared/react/job-from-route';
import { buttonVariants } from '@board/shared/ui/button';
import { MissingPanel } from '@board/shared/ui/missing-panel';
import { PageLoading } from '@board/shared/ui/page-loading';
import { PageTitle } from '@board/shared/ui/page-title';
import { CircleCheck } from 'lucide-react';
import { JobSummary } from './job-summary';

/** /job/:id/apply/success: the confirmation with a summary of the job. */
export function SuccessPage() {
  const { id, job } = useJobFromRoute();

  if (job.isPending) return <PageLoading label="Loading job details" />;
  const page = applyState(job.data, 'success');
  if (!page.found) return <MissingPanel {...page.missing} actionLabel="Browse More Jobs" actionTo="/" />;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 text-center sm:px-6">
      <PageTitle>{page.summary.title}</PageTitle>
      <CircleCheck aria-hidden="true" className="mx-auto size-14 text-green-700" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink">Application Submitted Successfully!</h1>
      <p className="mt-3 text-muted">
        Thank you for your interest. We've received your application and will review it carefully.
      </p>
      <div className="mt-8 rounded-2xl border border-line bg-white p-6 text-left shadow-xs">
        <JobSummary job={page.subject} headingLevel={2} />
      </div>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={`/job/${encodeURIComponent(id)}`} className={buttonVariants({ variant: 'outline' })}>
          View Job Details
        </Link>
        <Link to="/" className={buttonVariants()}>
          Browse More Jobs
        </Link>
      </div>
    </div>
  );
}
