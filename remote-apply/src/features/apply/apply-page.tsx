import { PageTitle } from '@board/shared/ui/page-title';
import { useParams } from 'react-router-dom';

/** /job/:id/apply. The form arrives with the apply issue. */
export function ApplyPage() {
  const { id = '0' } = useParams();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <PageTitle>Apply</PageTitle>
      <h1 className="text-3xl font-bold tracking-tight text-ink">Apply for job {id}</h1>
    </div>
  );
}
