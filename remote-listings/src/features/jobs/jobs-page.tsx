import { jobsQuery } from '@board/shared/api/queries';
import { boardPage } from '@board/shared/lib/page-heads';
import { useApiClient } from '@board/shared/react/api-client';
import { useWorkspace } from '@board/shared/react/workspace';
import { NotFoundPanel } from '@board/shared/ui/not-found-panel';
import { PageTitle } from '@board/shared/ui/page-title';
import { useQuery } from '@tanstack/react-query';
import { JobBoard } from './job-board';

/** / and /{workspaceSlug}: the board's jobs, or one workspace's. */
export function JobsPage() {
  const workspace = useWorkspace();
  const client = useApiClient();
  const jobs = useQuery({ ...jobsQuery(client, workspace.slug), enabled: workspace.ready });

  if (workspace.missing) return <NotFoundPanel />;

  const { title, description } = boardPage(workspace.name);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <PageTitle>{title}</PageTitle>
      <meta name="description" content={description} />
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
        <p className="mt-3 max-w-2xl text-muted">
          Browse a curated list of openings from top companies across industries and locations, with their funding,
          investors and equity up front.
        </p>
      </header>
      <JobBoard jobs={jobs.data} status={jobs.status} />
    </div>
  );
}
