import { postedDateText } from '@board/shared/api/job-display';
import { useRenderTime } from '@board/shared/react/render-time';
import { relativePostedText } from './relative-date';

/**
 * 'Posted 3 days ago · 5 Jan 2026': the relative date beside the local one, in a <time> whose
 * dateTime carries the exact date. 'Now' is the page's render time on the server and during
 * hydration, then the time the date was first shown in the browser (useRenderTime), so the server's
 * text hydrates unchanged and a render never depends on the clock. Without a date: 'Recently'
 * (SPEC default).
 */
export function PostedDate({
  postedAt,
  visiblePrefix = false,
}: {
  postedAt: string | null;
  /** Undated: 'Posted Recently' on screen (the detail page), not only to a screen reader (a card). */
  visiblePrefix?: boolean;
}) {
  const now = useRenderTime();
  const relative = relativePostedText(postedAt, now);
  if (!postedAt || !relative) {
    return (
      <span>
        <span className={visiblePrefix ? undefined : 'sr-only'}>Posted </span>
        {postedDateText(postedAt)}
      </span>
    );
  }
  return (
    <time dateTime={postedAt}>
      {relative}
      <span aria-hidden="true"> · </span>
      <span className="sr-only">, on </span>
      {postedDateText(postedAt)}
    </time>
  );
}
