import { jobQuery } from '@board/shared/api/queries';
import { useQuery } from '@board/shared/lib/query';
import { useParams } from '@board/shared/lib/router';
import { useApiClient } from '@board/shared/react/api-client';

/**
 * The job of a `/job/:id…` page (call 4). The key is shared, so the apply and success pages show
 * the job the detail page loaded without a second request. `job.data` is null for a missing job.
 */
export function useJobFromRoute() {
  const { id = '' } = useParams();
  const client = useApiClient();
  return { id, job: useQuery(jobQuery(client, id)) };
}
