import type { Job } from '@board/shared/api/job';
import { cn } from '@board/shared/lib/cn';
import { useHydrated } from '@board/shared/react/render-time';
import { useSavedJob } from '@board/shared/react/saved-jobs';
import { Button } from '@board/shared/ui/button';
import { Bookmark } from 'lucide-react';

/**
 * The save toggle: a button with aria-pressed whose name stays 'Save {title}'
 * (a screen reader announces it as pressed once saved). The list is kept in the browser by
 * @board/shared/react/saved-jobs, which the shell's header reads too.
 */
export function SaveJobButton({
  job,
  withText = false,
  className,
}: {
  job: Pick<Job, 'id' | 'title' | 'company'>;
  /** The detail page shows 'Save' beside the icon; a card shows the icon only. */
  withText?: boolean;
  className?: string;
}) {
  const { saved, toggle } = useSavedJob({ id: job.id, title: job.title, company: job.company });
  const name = `Save ${job.title || 'this job'}`;
  // The saved list is the browser's (its storage): the button is active once the scripts run, in
  // its place, and says why it waits until then.
  const ready = useHydrated();
  return (
    <Button
      variant="outline"
      size={withText ? 'md' : 'icon'}
      aria-pressed={saved}
      aria-label={withText ? undefined : name}
      title={
        ready ? (saved ? 'Saved' : 'Save for later') : 'Saving needs JavaScript: available once the page has loaded'
      }
      disabled={!ready}
      onClick={(event) => {
        // On a card the button sits over the card's link: save, do not navigate.
        event.preventDefault();
        event.stopPropagation();
        toggle();
      }}
      className={cn(
        'relative z-10',
        saved && 'border-brand-600 bg-brand-50 text-brand-700',
        !withText && 'size-9',
        className,
      )}
    >
      <Bookmark aria-hidden="true" className={cn(saved && 'fill-current')} />
      {withText ? (
        <span>
          Save<span className="sr-only">{name.slice('Save'.length)}</span>
        </span>
      ) : null}
    </Button>
  );
}
