import { PageTitle } from '@board/shared/ui/page-title';
import { useParams } from 'react-router-dom';

/** Companies list and workspace companies page. The grid arrives with the listings issue. */
export function CompaniesPage() {
  const { workspaceSlug } = useParams();
  const title = workspaceSlug ? `Browse companies in ${workspaceSlug}` : 'Browse companies';
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <PageTitle>{title}</PageTitle>
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
      <p className="mt-3 max-w-2xl text-muted">
        Discover companies that are actively hiring and explore their open roles.
      </p>
    </div>
  );
}
