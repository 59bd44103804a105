import { type JobSort, jobSorts } from '@board/shared/api/job-search';
import { Button } from '@board/shared/ui/button';
import { NativeSelect } from '@board/shared/ui/native-select';
import { useId, useRef } from 'react';
import { useAdoptChangedFields, useFollowValue } from '../../lib/forms/get-form';
import { sortOptions } from './search-options';

/**
 * Newest first (the default) or salary high to low; the choice lives in the URL (?sort=salary).
 * A GET form keeping the board's other parameters: without JavaScript its 'Sort' button renders
 * the sorted board on the server; once hydrated, a change sorts at once, and a choice made before
 * hydration takes effect then (`onAdopt`).
 */
export function SortSelect({
  sort,
  carried,
  onChange,
  onAdopt,
}: {
  sort: JobSort;
  /** The board's other parameters (filters, view), kept as hidden fields. */
  carried: [string, string][];
  onChange: (sort: JobSort) => void;
  onAdopt: (values: Record<string, string>) => void;
}) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const select = useFollowValue<HTMLSelectElement>(sort);
  useAdoptChangedFields(form, onAdopt);
  return (
    <form ref={form} method="get" className="flex items-center gap-2" onSubmit={(event) => event.preventDefault()}>
      {carried.map(([name, value], index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a parameter may repeat (?workplace=Remote&workplace=Hybrid)
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className="sr-only">
        Sort by
      </label>
      <NativeSelect
        ref={select}
        id={id}
        name="sort"
        defaultValue={sort}
        onChange={(event) => onChange(jobSorts.find((option) => option === event.target.value) ?? 'newest')}
        className="w-auto px-2"
      >
        {sortOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      <noscript>
        <Button type="submit" variant="outline" size="sm">
          Sort
        </Button>
      </noscript>
    </form>
  );
}
