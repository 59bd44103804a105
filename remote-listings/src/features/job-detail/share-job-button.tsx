import type { Job } from '@board/shared/api/job';
import { useHydrated } from '@board/shared/react/render-time';
import { useRuntimeConfig } from '@board/shared/react/runtime-config';
import { toast } from '@board/shared/react/toast';
import { Button } from '@board/shared/ui/button';
import { Share2 } from 'lucide-react';
import { shareLink } from './share-link';

/**
 * 'Share': the browser's share sheet where it has one (Web Share API), otherwise the
 * link is copied with a toast. The link is the job's canonical address: nothing of the visitor's
 * own address (query string, talent partner id) goes with it.
 */
export function ShareJobButton({ job }: { job: Pick<Job, 'id' | 'title' | 'company'> }) {
  const { siteUrl } = useRuntimeConfig();
  // The share sheet and the clipboard are the browser's: active once the scripts run, in its place.
  const ready = useHydrated();

  const share = async () => {
    const url = shareLink(siteUrl, job.id);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: `${job.title} at ${job.company}`, url });
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied to the clipboard');
    } catch {
      toast(`Copy this link to share the job: ${url}`);
    }
  };

  return (
    <Button
      variant="outline"
      disabled={!ready}
      title={ready ? undefined : 'Sharing needs JavaScript: available once the page has loaded'}
      onClick={() => void share()}
    >
      <Share2 aria-hidden="true" />
      Share
    </Button>
  );
}
