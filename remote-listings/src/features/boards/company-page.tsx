import { PageTitle } from '@board/shared/ui/page-title';
import { useParams } from 'react-router-dom';

/** /companies/:id. The banner, filter and jobs arrive with the listings issue. */
export function CompanyPage() {
  const { id } = useParams();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <PageTitle>Company</PageTitle>
      <h1 className="text-3xl font-bold tracking-tight text-ink">Company {id}</h1>
    </div>
  );
}
