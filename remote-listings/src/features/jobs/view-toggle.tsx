import type { BoardView as ViewMode } from '@board/shared/api/board-search';
import { cn } from '@board/shared/lib/cn';
import { LayoutGrid, List } from 'lucide-react';

/** Two buttons switching the job list between list (default) and grid. */
export function ViewToggle({ view, onChange }: { view: ViewMode; onChange: (view: ViewMode) => void }) {
  const options = [
    { mode: 'list' as const, label: 'List view', Icon: List },
    { mode: 'grid' as const, label: 'Grid view', Icon: LayoutGrid },
  ];
  return (
    <fieldset className="inline-flex rounded-lg border border-line bg-white p-1">
      <legend className="sr-only">Layout</legend>
      {options.map(({ mode, label, Icon }) => (
        <button
          key={mode}
          type="button"
          aria-pressed={view === mode}
          aria-label={label}
          title={label}
          onClick={() => onChange(mode)}
          className={cn(
            'flex size-8 items-center justify-center rounded-md focus-visible:outline-2 focus-visible:outline-brand-600',
            view === mode ? 'bg-brand-600 text-white' : 'text-muted hover:bg-brand-50 hover:text-ink',
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
        </button>
      ))}
    </fieldset>
  );
}
