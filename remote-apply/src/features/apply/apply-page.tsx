import { applyState } from '@board/shared/api/page-heads';
import { Link, useSearchParams } from '@board/shared/lib/router';
import { useJobFromRoute } from '@board/shared/react/job-from-route';
import { buttonVariants } from '@board/shared/ui/button';
import { MissingPanel } from '@board/shared/ui/missing-panel';
import { PageTitle } from '@board/shared/ui/page-title';
import { StatusPanel } from '@board/shared/ui/status-panel';
import { ArrowLeft, CircleSlash } from 'lucide-react';
import { ApplicationForm } from './application-form';
import { JobSummary } from './job-summary';

/** /job/:id/apply: the job (from the cache the detail page filled) and the application form. */
export function ApplyPage() {
  const { id, job } = useJobFromRoute();
  const [params] = useSearchParams();

  if (job.isPending) {
    return (
      <p role="status" className="mx-auto max-w-3xl px-4 py-16 text-center text-muted">
        Loading job details...
      </p>
    );
  }
  const page = applyState(job.data, 'form');
  if (!page.found && page.closed) {
    // A closed job takes no application: the page says so instead of showing the form (410).
    return (
      <>
        <PageTitle>{page.missing.documentTitle ?? page.missing.title}</PageTitle>
        <meta name="robots" content="noindex" />
        <StatusPanel
          title={page.missing.title}
          message={page.missing.message}
          icon={<CircleSlash aria-hidden="true" />}
          actions={
            <>
              <Link to={`/job/${encodeURIComponent(id)}`} className={buttonVariants()}>
                See similar jobs
              </Link>
              <Link to="/" className={buttonVariants({ variant: 'outline' })}>
                Browse Jobs
              </Link>
            </>
          }
        />
      </>
    );
  }
  if (!page.found) {
    return (
      <MissingPanel
        {...page.missing}
        actionLabel="Browse Jobs"
        actionTo="/"
        icon={<span className="text-lg font-bold">404</span>}
      />
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <PageTitle>{page.summary.title}</PageTitle>
      <Link
        to={`/job/${encodeURIComponent(id)}`}
        className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-3 mb-4' })}
      >
        <ArrowLeft aria-hidden="true" />
        Back to Job Details
      </Link>
      <div className="rounded-2xl border border-line bg-white p-6 shadow-xs">
        <JobSummary job={page.subject} prefix="Apply for" />
        <hr className="my-6 border-line" />
        <ApplicationForm
          jobId={id}
          talentPartnerId={params.get('talent_partner_id')}
          applicationSource={params.get('application_source')}
        />
      </div>
    </div>
  );
}
