import { PageTitle } from '@board/shared/ui/page-title';
import { useParams } from 'react-router-dom';

/** All-jobs and workspace jobs page. The listing itself arrives with the listings issue. */
export function JobsPage() {
  const { workspaceSlug } = useParams();
  const title = workspaceSlug ? `Find your dream job in ${workspaceSlug}` : 'Find your dream job';
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <PageTitle>{title}</PageTitle>
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
      <p className="mt-3 max-w-2xl text-muted">
        Browse a curated list of openings from top companies across industries and locations, with their funding,
        investors and equity up front.
      </p>
    </div>
  );
}
