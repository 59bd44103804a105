import { organizationJobsQuery } from '@board/shared/api/queries';
import { companyPage, missingPages } from '@board/shared/lib/page-heads';
import { Link, useParams } from '@board/shared/lib/router';
import { useApiClient } from '@board/shared/react/api-client';
import { MissingPanel } from '@board/shared/ui/missing-panel';
import { PageLoading } from '@board/shared/ui/page-loading';
import { PageTitle } from '@board/shared/ui/page-title';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { JobBoard } from '../jobs/job-board';

/** /companies/:id: a banner with the company's name, its jobs, filter and toggle. */
export function CompanyPage() {
  const { id = '' } = useParams();
  const client = useApiClient();
  const jobs = useQuery(organizationJobsQuery(client, id));

  if (jobs.status === 'pending') return <PageLoading label="Loading company" />;
  const first = jobs.data?.[0];
  if (jobs.status === 'error' || !first) {
    return <MissingPanel {...missingPages.company} actionLabel="Back to Companies" actionTo="/companies" />;
  }
  const company = first.company;
  const { title, description } = companyPage(first);
  return (
    <div>
      <PageTitle>{title}</PageTitle>
      <meta name="description" content={description} />
      <div className="bg-gradient-to-r from-brand-700 to-brand-500 text-white">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
          <Link
            to="/companies"
            className="inline-flex items-center gap-1 rounded-md text-sm text-white/90 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to companies
          </Link>
          <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{company}</h1>
          <p className="mt-2 text-white/90">
            {jobs.data.length === 1 ? '1 open role' : `${jobs.data.length} open roles`}
          </p>
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <JobBoard jobs={jobs.data} status={jobs.status} />
      </div>
    </div>
  );
}
