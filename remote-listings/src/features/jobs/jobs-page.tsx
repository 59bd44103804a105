import { boardPage } from '@board/shared/api/page-heads';
import { useWorkspace } from '@board/shared/react/workspace';
import { NotFoundPanel } from '@board/shared/ui/not-found-panel';
import { PageTitle } from '@board/shared/ui/page-title';
import { AlertNotice, JobAlerts } from '../alerts/job-alerts';
import { JobBoard } from './job-board';
import { useBoardUrl } from './use-board-url';
import { useJobPages } from './use-job-pages';

/** / and /{workspaceSlug}: the board's jobs, or one workspace's. */
export function JobsPage() {
  const workspace = useWorkspace();
  const state = useBoardUrl();
  const { board, options } = useJobPages(workspace.slug, state.url.search, workspace.ready);

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
      <AlertNotice />
      <JobBoard
        state={state}
        board={board}
        options={options}
        alerts={<JobAlerts search={state.url.search} workspaceSlug={workspace.slug} workspaceName={workspace.name} />}
      />
    </div>
  );
}
