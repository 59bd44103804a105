import { companyState } from '@board/shared/api/page-heads';
import { organizationJobPagesQuery } from '@board/shared/api/queries';
import { useInfiniteQuery } from '@board/shared/lib/query';
import { Link, useParams } from '@board/shared/lib/router';
import { useApiClient } from '@board/shared/react/api-client';
import { CompanyLogo } from '@board/shared/ui/company-logo';
import { MissingPanel } from '@board/shared/ui/missing-panel';
import { PageLoading } from '@board/shared/ui/page-loading';
import { PageTitle } from '@board/shared/ui/page-title';
import { ArrowLeft } from 'lucide-react';
import { usePagedItems } from '../../lib/paging/use-restored-pages';
import { JobBoard } from '../jobs/job-board';
import { useBoardUrl } from '../jobs/use-board-url';
import { useLocalFilter } from '../jobs/use-local-filter';
import { CompanyProfileSection, hasProfileFacts } from './company-profile';

/**
 * /companies/:id: a banner with the company's name, its profile when the API sends one (logo,
 * overview, website, headquarters, headcount, funding, investors), its jobs a page at a time
 * (call 5), filter and toggle. Call 5 takes no filter: the filters apply to the jobs loaded so far.
 */
export function CompanyPage() {
  const { id = '' } = useParams();
  const client = useApiClient();
  const query = useInfiniteQuery(organizationJobPagesQuery(client, id));
  const { items: loaded, total } = usePagedItems(query);
  const state = useBoardUrl();
  const { jobs, options } = useLocalFilter(loaded, state.url.search);

  if (query.status === 'pending') return <PageLoading label="Loading company" />;
  const profile = query.data?.pages[0]?.organization ?? null;
  const page = companyState(query.status === 'error' ? null : loaded[0], profile);
  if (!page.found) return <MissingPanel {...page.missing} actionLabel="Back to Companies" actionTo="/companies" />;
  const company = page.subject.company;
  const logo = profile?.logo ?? null;
  const { title, description } = page.summary;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
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
          <div className="mt-3 flex items-center gap-4">
            {logo ? <CompanyLogo src={logo} label={`${company} logo`} size="lg" eager /> : null}
            <div className="min-w-0">
              <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{company}</h1>
              <p className="mt-2 text-white/90">
                {total === 1 ? '1 open role' : `${total.toLocaleString('en-GB')} open roles`}
              </p>
            </div>
          </div>
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        {profile && hasProfileFacts(profile) ? (
          <div className="mb-8">
            <CompanyProfileSection profile={profile} company={company} />
          </div>
        ) : null}
        <JobBoard
          state={state}
          board={{
            jobs,
            total,
            status: query.status,
            updating: false,
            hasMore: hasNextPage,
            loadingMore: isFetchingNextPage,
            loadMore: () => {
              if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
            },
          }}
          options={options}
        />
      </div>
    </div>
  );
}
