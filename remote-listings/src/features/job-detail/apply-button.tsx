import { applyAction } from '@board/shared/api/apply-action';
import { Link, useLocation } from '@board/shared/lib/router';
import { useRuntimeConfig } from '@board/shared/react/runtime-config';
import { toast } from '@board/shared/react/toast';
import { Button, buttonVariants } from '@board/shared/ui/button';
import { ExternalLink } from 'lucide-react';

/** 'Apply for this position': in-site form, external page in a new tab, or disabled with a reason. */
export function ApplyButton({
  jobId,
  applicationUrl,
  withReason = true,
}: {
  jobId: string;
  applicationUrl: string;
  /** Whether a disabled button shows its reason below it (the sticky bar points at the card's). */
  withReason?: boolean;
}) {
  const { siteUrl } = useRuntimeConfig();
  const { search } = useLocation();
  const action = applyAction({ jobId, applicationUrl, siteUrl, search });

  if (action.kind === 'in-site') {
    return (
      <Link to={action.to} className={buttonVariants({ className: 'w-full sm:w-auto' })}>
        Apply for this position
      </Link>
    );
  }
  if (action.kind === 'external') {
    return (
      <Button
        className="w-full sm:w-auto"
        onClick={() => {
          window.open(action.href, '_blank', 'noopener,noreferrer');
          toast('Redirecting to job application page');
        }}
      >
        Apply for this position
        <ExternalLink aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </Button>
    );
  }
  // aria-disabled rather than disabled: it stays focusable, and a click still explains itself.
  const disabled = (
    <Button
      aria-disabled="true"
      aria-describedby={`apply-reason-${jobId}`}
      className="w-full cursor-not-allowed opacity-60 sm:w-auto"
      onClick={() => toast('No external application link available')}
    >
      Apply for this position
    </Button>
  );
  if (!withReason) return disabled;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      {disabled}
      <p id={`apply-reason-${jobId}`} className="text-sm text-muted">
        {action.reason}
      </p>
    </div>
  );
}
