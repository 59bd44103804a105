import { postedDateText } from '@board/shared/api/job';
import { useState } from 'react';
import { relativePostedText } from './relative-date';

/**
 * 'Posted 3 days ago · 5 Jan 2026': the relative date beside the local one, in a <time> whose
 * dateTime carries the exact date. 'Now' is read once when the date is first shown, so it never
 * changes between renders. Without a date: 'Recently' (SPEC default).
 */
export function PostedDate({
  postedAt,
  visiblePrefix = false,
}: {
  postedAt: string | null;
  /** Undated: 'Posted Recently' on screen (the detail page), not only to a screen reader (a card). */
  visiblePrefix?: boolean;
}) {
  const [now] = useState(() => Date.now());
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
