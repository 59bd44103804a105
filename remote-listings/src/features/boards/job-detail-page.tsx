import { PageTitle } from '@board/shared/ui/page-title';
import { useParams } from 'react-router-dom';

/** /job/:id. The detail card arrives with the listings issue. */
export function JobDetailPage() {
  const { id = '0' } = useParams();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <PageTitle>Job</PageTitle>
      <h1 className="text-3xl font-bold tracking-tight text-ink">Job {id}</h1>
    </div>
  );
}
