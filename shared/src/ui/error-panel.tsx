import { Link } from '@board/shared/lib/router';
import { Button, buttonVariants } from '@board/shared/ui/button';
import { StatusPanel } from '@board/shared/ui/status-panel';
import { CircleAlert } from 'lucide-react';

const errorPanelDefaults = {
  title: 'An error occurred',
  message: 'There was a problem loading the data. Please try again later.',
  actionLabel: 'Go Home',
} as const;

/** The generic error panel of SPEC section 2, with an optional Retry. */
export function ErrorPanel({
  title = errorPanelDefaults.title,
  message = errorPanelDefaults.message,
  actionLabel = errorPanelDefaults.actionLabel,
  actionTo = '/',
  onRetry,
}: {
  title?: string;
  message?: string;
  actionLabel?: string;
  actionTo?: string;
  onRetry?: () => void;
}) {
  return (
    <StatusPanel
      role="alert"
      title={title}
      message={message}
      icon={<CircleAlert aria-hidden="true" className="size-7" />}
      actions={
        <>
          {onRetry ? (
            <Button onClick={onRetry} variant="primary">
              Retry
            </Button>
          ) : null}
          <Link to={actionTo} className={buttonVariants({ variant: onRetry ? 'outline' : 'primary' })}>
            {actionLabel}
          </Link>
        </>
      }
    />
  );
}
