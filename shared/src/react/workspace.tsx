import { workspaceQuery } from '@board/shared/api/queries';
import { useQuery } from '@board/shared/lib/query';
import { useParams } from '@board/shared/lib/router';
import { useApiClient } from '@board/shared/react/api-client';

/**
 * The workspace of a `/{workspaceSlug}/…` page (call 2), or none on the whole board's pages.
 * `ready`: the page's own query may run (no workspace, or one that exists); `missing`: the slug
 * names no workspace and the page shows Not Found; `name`: the workspace's name, else its slug.
 */
export function useWorkspace() {
  const { workspaceSlug = null } = useParams();
  const client = useApiClient();
  const workspace = useQuery({ ...workspaceQuery(client, workspaceSlug ?? ''), enabled: workspaceSlug !== null });
  return {
    slug: workspaceSlug,
    ready: workspace.data !== null,
    missing: workspaceSlug !== null && workspace.data === null,
    name: workspace.data?.name || workspaceSlug,
  };
}
