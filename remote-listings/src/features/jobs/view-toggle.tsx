import type { BoardView as ViewMode } from '@board/shared/api/board-search';
import { cn } from '@board/shared/lib/cn';
import { LayoutGrid, List } from 'lucide-react';

/**
 * Two links switching the job list between list (default) and grid (?view=grid): they work
 * before any script runs, and once hydrated switch in place. The one on screen is the current one.
 */
export function ViewToggle({
  view,
  hrefOf,
  onChange,
}: {
  view: ViewMode;
  /** The board's address in a view. */
  hrefOf: (view: ViewMode) => string;
  onChange: (view: ViewMode) => void;
}) {
  const options = [
    { mode: 'list' as const, label: 'List view', Icon: List },
    { mode: 'grid' as const, label: 'Grid view', Icon: LayoutGrid },
  ];
  return (
    <nav aria-label="Layout" className="inline-flex rounded-lg border border-line bg-white p-1">
      {options.map(({ mode, label, Icon }) => (
        <a
          key={mode}
          href={hrefOf(mode)}
          aria-current={view === mode ? 'true' : undefined}
          aria-label={label}
          title={label}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            onChange(mode);
          }}
          className={cn(
            'flex size-8 items-center justify-center rounded-md focus-visible:outline-2 focus-visible:outline-brand-600',
            view === mode ? 'bg-brand-600 text-white' : 'text-muted hover:bg-brand-50 hover:text-ink',
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
        </a>
      ))}
    </nav>
  );
}
