import { cn } from '@board/shared/lib/cn';
import { NavLink } from '@board/shared/lib/router';
import { useSavedJobs } from '@board/shared/react/saved-jobs';
import { buttonVariants } from '@board/shared/ui/button';

/**
 * 'Saved' in the header, with how many jobs are saved (issue 14). The count is read from the
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
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M17 3a2 2 0 0 1 2 2v15a1 1 0 0 1-1.5.86l-5.5-3.15-5.5 3.15A1 1 0 0 1 5 20V5a2 2 0 0 1 2-2z" />
      </svg>
      Saved<span className="sr-only"> jobs:</span>
      <span className="min-w-5 rounded-full bg-brand-600 px-1.5 py-0.5 text-center text-xs font-semibold text-white">
        {count}
      </span>
    </NavLink>
  );
}
