import { PageTitle } from '@board/shared/ui/page-title';

/** /job/:id/apply/success. The job summary arrives with the apply issue. */
export function SuccessPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <PageTitle>Application Submitted Successfully!</PageTitle>
      <h1 className="text-3xl font-bold tracking-tight text-ink">Application Submitted Successfully!</h1>
    </div>
  );
}
