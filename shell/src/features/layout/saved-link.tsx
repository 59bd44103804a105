import { cn } from '@board/shared/lib/cn';
import { NavLink } from '@board/shared/lib/router';
import { useSavedJobs } from '@board/shared/react/saved-jobs';
import { buttonVariants } from '@board/shared/ui/button';
import { Bookmark } from 'lucide-react';

/**
 * 'Saved' in the header, with how many jobs are saved. The count is read from the
 * same store the listings remote writes to (@board/shared/react/saved-jobs, over localStorage),
 * so it follows every save on this page and in other tabs.
 */
export function SavedLink() {
  const count = useSavedJobs().length;
  return (
    <NavLink
      to="/saved"
      className={({ isActive }) => cn(buttonVariants({ variant: 'ghost' }), 'px-3', isActive && 'bg-brand-50')}
    >
      <Bookmark aria-hidden="true" />
      Saved<span className="sr-only"> jobs:</span>
      <span className="min-w-5 rounded-full bg-brand-600 px-1.5 py-0.5 text-center text-xs font-semibold text-white">
        {count}
      </span>
    </NavLink>
  );
}
