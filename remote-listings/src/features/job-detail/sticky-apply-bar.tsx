import type { Job } from '@board/shared/api/job';
import { cn } from '@board/shared/lib/cn';
import { type RefObject, useEffect, useState } from 'react';
import { SaveJobButton } from '../jobs/save-job-button';
import { ApplyButton } from './apply-button';

/** Whether an element is on screen, once the scripts run (false until then, and where there is no observer). */
function useOnScreen(target: RefObject<HTMLElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setOnScreen(entries.some((entry) => entry.isIntersecting)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  return onScreen;
}

/**
 * Below 768 px, 'Apply for this position' and Save stay at the bottom of the screen from the first
 * paint (CSS alone: sticky at the end of the page, so it never covers the page's last lines or the
 * footer, and clear of the phone's home indicator). It follows the card's apply rules, and steps
 * aside while the card's own Apply button is on screen (once the scripts run). At 768 px and up it
 * is not there.
 */
export function StickyApplyBar({ job, cardApply }: { job: Job; cardApply: RefObject<HTMLElement | null> }) {
  const hidden = useOnScreen(cardApply);
  return (
    <div
      data-slot="sticky-apply-bar"
      data-hidden={hidden || undefined}
      className={cn(
        'sticky bottom-0 z-30 -mx-4 mt-6 flex items-center gap-2 border-t border-line bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur-sm sm:-mx-6 sm:px-6 md:hidden',
        hidden && 'invisible',
      )}
    >
      <div className="min-w-0 flex-1 [&_a]:w-full [&_button]:w-full">
        <ApplyButton jobId={job.id} applicationUrl={job.applicationUrl} withReason={false} />
      </div>
      <SaveJobButton job={job} withText />
    </div>
  );
}
