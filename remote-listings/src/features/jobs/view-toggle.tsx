import type { BoardView as ViewMode } from '@board/shared/api/board-search';
import { cn } from '@board/shared/lib/cn';
import { LayoutGrid, List } from 'lucide-react';

const options = [
  { mode: 'list' as const, label: 'List view', Icon: List },
  { mode: 'grid' as const, label: 'Grid view', Icon: LayoutGrid },
];

/**
 * The SPEC's two-button toggle between the list (the default) and the grid (?view=grid); the one
 * on screen is pressed. Before any script runs (or without one) it is a GET form: each button
 * submits `view` with the board's other parameters as hidden fields, and the server renders the
 * board in that view. Once hydrated, a button switches in place.
 */
export function ViewToggle({
  view,
  carried,
  onChange,
}: {
  view: ViewMode;
  /** The board's other parameters (its search, sort and pages), kept as hidden fields. */
  carried: [string, string][];
  onChange: (view: ViewMode) => void;
}) {
  return (
    <form method="get" onSubmit={(event) => event.preventDefault()}>
      {carried.map(([name, value], index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a parameter may repeat (?workplace=Remote&workplace=Hybrid)
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <fieldset className="inline-flex rounded-lg border border-line bg-white p-1">
        <legend className="sr-only">Layout</legend>
        {options.map(({ mode, label, Icon }) => (
          <button
            key={mode}
            type="submit"
            name="view"
            value={mode}
            aria-pressed={view === mode}
            aria-label={label}
            title={label}
            onClick={(event) => {
              event.preventDefault();
              onChange(mode);
            }}
            className={cn(
              'flex size-8 items-center justify-center rounded-md focus-visible:outline-2 focus-visible:outline-brand-600',
              view === mode ? 'bg-brand-600 text-white' : 'text-muted hover:bg-brand-50 hover:text-ink',
            )}
          >
            <Icon aria-hidden="true" className="size-4" />
          </button>
        ))}
      </fieldset>
    </form>
  );
}
