import { companiesPage } from '@board/shared/api/page-heads';
import { type Organization, organizationPagesQuery } from '@board/shared/api/queries';
import { keepPreviousData, useInfiniteQuery } from '@board/shared/lib/query';
import { Link, useSearchParams } from '@board/shared/lib/router';
import { useApiClient } from '@board/shared/react/api-client';
import { useWorkspace } from '@board/shared/react/workspace';
import { buttonVariants } from '@board/shared/ui/button';
import { Input } from '@board/shared/ui/input';
import { NotFoundPanel } from '@board/shared/ui/not-found-panel';
import { PageTitle } from '@board/shared/ui/page-title';
import { StatusPanel } from '@board/shared/ui/status-panel';
import { Building2, Search } from 'lucide-react';
import { useId, useRef } from 'react';
import { useAdoptChangedFields, useFollowValue } from '../../lib/forms/get-form';
import { LoadMore } from '../../lib/paging/load-more';
import { useAbortSupersededSearch, useDebouncedSearch } from '../../lib/paging/use-debounced-search';
import { usePagedItems } from '../../lib/paging/use-restored-pages';

/**
 * /companies and /{workspaceSlug}/companies: the companies that are hiring, a page at a time
 * (call 3), filtered by name (?q=, asked of the API once typing rests). The name is a GET form's
 * field: Enter renders the filtered list on the server before the scripts run (or without them);
 * what was typed before hydration stays and takes effect then.
 */
export function CompaniesPage() {
  const workspace = useWorkspace();
  const client = useApiClient();
  const [params, setParams] = useSearchParams();
  const typed = params.get('q') ?? '';
  const [name, waiting] = useDebouncedSearch(typed);
  const pages = organizationPagesQuery(client, workspace.slug, name);
  const query = useInfiniteQuery({ ...pages, enabled: workspace.ready, placeholderData: keepPreviousData });
  useAbortSupersededSearch(pages.queryKey, waiting);
  const { items: organizations, total } = usePagedItems(query);
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const field = useFollowValue<HTMLInputElement>(typed);
  const setName = (value: string, flushSync = true) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '') next.delete('q');
        else next.set('q', value);
        return next;
      },
      { replace: true, preventScrollReset: true, flushSync },
    );
  useAdoptChangedFields(form, (values) => setName(values.q ?? typed, false));

  if (workspace.missing) return <NotFoundPanel />;

  const { title, description } = companiesPage(workspace.name);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <PageTitle>{title}</PageTitle>
      <meta name="description" content={description} />
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
        <p className="mt-3 max-w-2xl text-muted">
          Discover companies that are actively hiring and explore their open roles.
        </p>
      </header>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <form ref={form} method="get" className="w-full sm:max-w-sm" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor={`${id}-name`} className="text-sm font-medium text-ink">
            Company name
          </label>
          <Input
            ref={field}
            id={`${id}-name`}
            name="q"
            type="search"
            icon={Search}
            defaultValue={typed}
            onChange={(event) => setName(event.target.value)}
            placeholder="Search companies..."
            autoComplete="off"
            className="mt-1"
          />
        </form>
        <p role="status" className="text-sm text-muted">
          {query.status === 'success'
            ? `${organizations.length.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')} ${total === 1 ? 'company' : 'companies'}`
            : '\u00a0'}
        </p>
      </div>
      {query.status === 'pending' ? (
        <div role="status" aria-label="Loading companies" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              key={index}
              aria-hidden="true"
              className="h-40 animate-pulse rounded-xl border border-line bg-surface motion-reduce:animate-none"
            />
          ))}
        </div>
      ) : query.status === 'error' ? (
        <StatusPanel
          role="alert"
          headingLevel={2}
          title="Unable to load companies"
          message="There was an error loading the company listings. Please try again later."
        />
      ) : organizations.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-10 text-center text-muted">
          {name.trim() ? 'No company matches that name.' : 'No companies are hiring here right now.'}
        </p>
      ) : (
        <div aria-busy={waiting || query.isPlaceholderData || isFetchingNextPage}>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {organizations.map((organization) => (
              <li key={organization.id}>
                <CompanyCard organization={organization} />
              </li>
            ))}
          </ul>
          <LoadMore
            hasMore={hasNextPage && !query.isPlaceholderData}
            loading={isFetchingNextPage}
            onLoadMore={() => {
              if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
            }}
            label="Show more companies"
            loadingText="Loading more companies…"
            endText={`All ${organizations.length.toLocaleString('en-GB')} ${organizations.length === 1 ? 'company is' : 'companies are'} shown.`}
          />
        </div>
      )}
    </div>
  );
}

/**
 * The whole card and its 'View Jobs' button go to /companies/{organization_id}: the button is a
 * link whose hit area is stretched over the card, so there is one link per company.
 */
function CompanyCard({ organization }: { organization: Organization }) {
  return (
    <article className="relative flex h-full flex-col rounded-xl border border-line bg-white p-5 shadow-xs transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
      <div className="flex items-center gap-3">
        <div
          aria-hidden="true"
          className="flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-600"
        >
          <Building2 className="size-5" />
        </div>
        <div className="min-w-0">
          <h2 className="truncate font-semibold text-ink">{organization.name}</h2>
          <p className="truncate text-sm text-muted">@{organization.jobBoardSlug}</p>
        </div>
      </div>
      <p className="mt-4 flex-1 text-sm text-muted">View job openings</p>
      <Link
        to={`/companies/${encodeURIComponent(organization.id)}`}
        aria-label={`View Jobs at ${organization.name}`}
        className={buttonVariants({
          variant: 'outline',
          size: 'sm',
          className: "mt-4 self-start outline-none after:absolute after:inset-0 after:rounded-xl after:content-['']",
        })}
      >
        View Jobs
      </Link>
    </article>
  );
}
