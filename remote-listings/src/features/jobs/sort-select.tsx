import { type JobSort, jobSorts } from '@board/shared/api/job-search';
import { NativeSelect } from '@board/shared/ui/native-select';
import { useId } from 'react';
import { sortOptions } from './search-options';

/** Newest first (the default) or salary high to low; the choice lives in the URL (?sort=salary). */
export function SortSelect({ sort, onChange }: { sort: JobSort; onChange: (sort: JobSort) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Sort by
      </label>
      <NativeSelect
        id={id}
        value={sort}
        onChange={(event) => onChange(jobSorts.find((sort) => sort === event.target.value) ?? 'newest')}
        className="w-auto px-2"
      >
        {sortOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
